"""The Ripple Effect (Hakyuu) puzzle: a rectangle cut into regions, each region of ``k`` cells
holding the digits ``1..k`` once each, and two equal digits ``d`` in one row or column having at
least ``d`` other cells between them.

Cells are numbered row by row (``cell = row * cols + col``); a solution is a tuple of digits in
that order. Regions are given as one label per cell and kept as numbers ``0..R-1`` in the order
their first cells come. The board is checked on construction: every cell belongs to a region, a
region is one orthogonally connected piece of at most :data:`MAX_REGION_SIZE` cells, and a given lies
in ``1..k`` of its region. :func:`board_problem` says what is wrong and where, so the readers can
point at the token.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ...puzzles.regionboard import MAX_SIDE, RegionBoard, normalise_regions

__all__ = ["Ripple", "MAX_REGION_SIZE", "MAX_SIDE", "board_problem", "line_pairs", "normalise_regions"]

#: the largest region (and so the largest digit) a Ripple Effect here takes (two hex digits in
#: puzz.link's number code would allow more; published puzzles stay below ten)
MAX_REGION_SIZE = 36


def board_problem(rows: int, cols: int, labels: Sequence[Any],
                  givens: Sequence[int]) -> "tuple[str, int, str] | None":
    """What is wrong with a board, or ``None``: ``(message, cell, part)``, ``part`` being
    ``"regions"`` or ``"givens"`` (where a reader should point).

    ``labels`` holds one region label per cell (``None``: the cell is in no region, a hole in the
    map); ``givens`` one digit per cell (``0`` empty).
    """
    return Ripple.problem(rows, cols, labels, givens)


@lru_cache(maxsize=64)
def line_pairs(rows: int, cols: int, reach: int) -> tuple[tuple[int, int, int], ...]:
    """Every pair of cells ``(a, b, t)``, ``a < b``, in one row or column ``t`` steps apart, ``1 <= t <= reach``.

    Two equal digits ``d`` clash when ``t <= d`` (fewer than ``d`` cells between them). Cached per size.
    """
    out = []
    for r in range(rows):
        for c in range(cols):
            a = r * cols + c
            for t in range(1, reach + 1):
                if c + t < cols:
                    out.append((a, a + t, t))
                if r + t < rows:
                    out.append((a, a + t * cols, t))
    return tuple(out)


class Ripple(RegionBoard):
    """A Ripple board: ``rows`` x ``cols`` cells, a region label per cell and the givens (the
    parameters and checks of :class:`~gridsat.puzzles.regionboard.RegionBoard`, regions of at most
    :data:`MAX_REGION_SIZE` cells).
    """

    kind = "ripple"
    title = "Ripple"
    region_word = "a Ripple Effect"
    max_region = MAX_REGION_SIZE

    @property
    def shape_key(self) -> tuple:
        """All that the base formulas depend on: the kind, the size and the region map (not the givens;
        the kind's name keeps the key apart from a Suguru's on the same map in shared model caches)."""
        return ("ripple", self.rows, self.cols, self.regions)

    def clashes(self) -> list[str]:
        """Equal givens ``d`` of different regions in a line with fewer than ``d`` cells between them."""
        out = []
        g, C = self.givens, self.cols
        for a, b, t in line_pairs(self.rows, C, self.max_value):
            if g[a] and g[a] == g[b] and t <= g[a] and self.regions[a] != self.regions[b]:
                out.append(f"{g[a]} at r{a // C + 1}c{a % C + 1} and {g[b]} at r{b // C + 1}c{b % C + 1} "
                           f"have {t - 1} cells between them, fewer than {g[a]}")
        return out
