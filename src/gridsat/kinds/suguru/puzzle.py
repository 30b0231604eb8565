"""The Suguru (Tectonic) puzzle: a rectangle cut into regions, each region of ``k`` cells holding
the digits ``1..k`` once each, and equal digits never touching, diagonals included.

Cells are numbered row by row (``cell = row * cols + col``); a solution is a tuple of digits in
that order. Regions are given as one label per cell and kept as numbers ``0..R-1`` in the order
their first cells come. The board is checked on construction: every cell belongs to a region, a
region is one orthogonally connected piece of at most :data:`MAX_REGION` cells, and a given lies
in ``1..k`` of its region. :func:`board_problem` says what is wrong and where, so the readers can
point at the token.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ...puzzles.regionboard import MAX_SIDE, RegionBoard, normalise_regions

__all__ = ["Suguru", "MAX_REGION", "MAX_SIDE", "board_problem", "king_pairs", "normalise_regions"]

#: the largest region (and so the largest digit) a Suguru here takes
MAX_REGION = 9


def board_problem(rows: int, cols: int, labels: Sequence[Any],
                  givens: Sequence[int]) -> "tuple[str, int, str] | None":
    """What is wrong with a board, or ``None``: ``(message, cell, part)``, ``part`` being
    ``"regions"`` or ``"givens"`` (where a reader should point).

    ``labels`` holds one region label per cell (``None``: the cell is in no region, a hole in the
    map); ``givens`` one digit per cell (``0`` empty).
    """
    return Suguru.problem(rows, cols, labels, givens)


@lru_cache(maxsize=64)
def king_pairs(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """Every pair of cells ``(a, b)``, ``a < b``, that touch by a side or a corner (cached per size)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            a = r * cols + c
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols:
                    out.append((a, r2 * cols + c2))
    return tuple(out)


class Suguru(RegionBoard):
    """A Suguru board: ``rows`` x ``cols`` cells, a region label per cell and the givens (the
    parameters and checks of :class:`~gridsat.puzzles.regionboard.RegionBoard`, regions of at most
    :data:`MAX_REGION` cells).
    """

    kind = "suguru"
    title = "Suguru"
    region_word = "a Suguru"
    max_region = MAX_REGION

    def clashes(self) -> list[str]:
        """Equal givens of different regions that touch."""
        out = []
        g, C = self.givens, self.cols
        for a, b in king_pairs(self.rows, C):
            if g[a] and g[a] == g[b] and self.regions[a] != self.regions[b]:
                out.append(f"{g[a]} at r{a // C + 1}c{a % C + 1} touches {g[b]} at r{b // C + 1}c{b % C + 1}")
        return out
