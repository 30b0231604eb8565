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

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Hashable, Sequence

from ...errors import PuzzleError

__all__ = ["Ripple", "MAX_REGION_SIZE", "MAX_SIDE", "board_problem", "line_pairs", "normalise_regions"]

#: the largest region (and so the largest digit) a Ripple Effect here takes (two hex digits in
#: puzz.link's number code would allow more; published puzzles stay below ten)
MAX_REGION_SIZE = 36
#: the longest side a board may have
MAX_SIDE = 60


def normalise_regions(labels: Sequence[Hashable]) -> tuple[int, ...]:
    """Region labels renumbered ``0, 1, ...`` in the order their first cells come."""
    seen: dict[Hashable, int] = {}
    return tuple(seen.setdefault(lab, len(seen)) for lab in labels)


def _components(rows: int, cols: int, labels: Sequence[Hashable]) -> list[list[int]]:
    """The orthogonally connected pieces of equal labels, each a sorted cell list, in order of first cell."""
    seen = [False] * (rows * cols)
    out = []
    for start in range(rows * cols):
        if seen[start]:
            continue
        seen[start] = True
        piece, stack = [], [start]
        while stack:
            c = stack.pop()
            piece.append(c)
            r, k = divmod(c, cols)
            for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                d = r2 * cols + k2
                if 0 <= r2 < rows and 0 <= k2 < cols and not seen[d] and labels[d] == labels[c]:
                    seen[d] = True
                    stack.append(d)
        out.append(sorted(piece))
    return out


def board_problem(rows: int, cols: int, labels: Sequence[Any],
                  givens: Sequence[int]) -> "tuple[str, int, str] | None":
    """What is wrong with a board, or ``None``: ``(message, cell, part)``, ``part`` being
    ``"regions"`` or ``"givens"`` (where a reader should point).

    ``labels`` holds one region label per cell (``None``: the cell is in no region, a hole in the
    map); ``givens`` one digit per cell (``0`` empty).
    """
    n = rows * cols
    for c, lab in enumerate(labels):
        if lab is None:
            return (f"r{c // cols + 1}c{c % cols + 1} is in no region (a hole in the region map)", c, "regions")
    first: dict[Any, int] = {}
    size: dict[Any, int] = {}
    for piece in _components(rows, cols, labels):
        lab = labels[piece[0]]
        if lab in first:
            a = first[lab]
            return (f"region {lab} is split in two: r{piece[0] // cols + 1}c{piece[0] % cols + 1} is not "
                    f"connected to r{a // cols + 1}c{a % cols + 1}", piece[0], "regions")
        first[lab] = piece[0]
        size[lab] = len(piece)
        if len(piece) > MAX_REGION_SIZE:
            return (f"region {lab} has {len(piece)} cells; a Ripple Effect region holds at most {MAX_REGION_SIZE} "
                    f"(the digits 1-{MAX_REGION_SIZE})", piece[0], "regions")
    for c in range(n):
        v = givens[c]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return (f"r{c // cols + 1}c{c % cols + 1} holds {v!r}, not a digit", c, "givens")
        k = size[labels[c]]
        if v > k:
            return (f"given {v} at r{c // cols + 1}c{c % cols + 1} is above its region's size {k} "
                    f"(a region of {k} cells holds 1-{k})", c, "givens")
    return None


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


@dataclass(frozen=True)
class Ripple:
    """A Ripple board: ``rows`` x ``cols`` cells, a region label per cell and the givens.

    Parameters
    ----------
    rows, cols : int
        The board's size.
    regions : sequence
        One region label per cell, row by row (any hashable labels; kept as ``0..R-1``).
    givens : sequence of int, optional
        One digit per cell, ``0`` empty (default: no givens).
    name : str, optional
        The puzzle's name.

    Raises
    ------
    PuzzleError
        A size out of range, a cell in no region, a region split in two or larger than
        :data:`MAX_REGION_SIZE`, or a given outside ``1..k`` of its region.
    """

    rows: int
    cols: int
    regions: tuple
    givens: tuple = ()
    name: "str | None" = field(default=None, compare=False)

    kind = "ripple"

    def __post_init__(self) -> None:
        rows, cols = self.rows, self.cols
        for what, v in (("rows", rows), ("cols", cols)):
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_SIDE:
                raise PuzzleError(f"a Ripple has 1 to {MAX_SIDE} {what}, got {v!r}")
        n = rows * cols
        labels = tuple(self.regions)
        givens = tuple(self.givens) if self.givens else (0,) * n
        if len(labels) != n:
            raise PuzzleError(f"a {rows}x{cols} Ripple needs {n} region labels, got {len(labels)}")
        if len(givens) != n:
            raise PuzzleError(f"a {rows}x{cols} Ripple needs {n} givens (0 empty), got {len(givens)}")
        problem = board_problem(rows, cols, labels, givens)
        if problem is not None:
            raise PuzzleError(problem[0])
        object.__setattr__(self, "regions", normalise_regions(labels))
        object.__setattr__(self, "givens", tuple(int(v) for v in givens))

    # ------------------------------------------------------------------ shape
    @property
    def num_cells(self) -> int:
        """The board's cells."""
        return self.rows * self.cols

    @property
    def num_givens(self) -> int:
        """The cells given."""
        return sum(1 for v in self.givens if v)

    @property
    def region_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each region, region by region."""
        out: list[list[int]] = [[] for _ in range(max(self.regions) + 1)]
        for c, r in enumerate(self.regions):
            out[r].append(c)
        return tuple(tuple(x) for x in out)

    def cell_name(self, cell: int) -> str:
        """``r3c8`` style name of a cell (1-based)."""
        return f"r{cell // self.cols + 1}c{cell % self.cols + 1}"

    def size_of(self, cell: int) -> int:
        """The size of the cell's region (its largest digit)."""
        return self.regions.count(self.regions[cell])

    @property
    def sizes(self) -> tuple[int, ...]:
        """The size of each cell's region, cell by cell."""
        count: dict[int, int] = {}
        for r in self.regions:
            count[r] = count.get(r, 0) + 1
        return tuple(count[r] for r in self.regions)

    @property
    def max_value(self) -> int:
        """The largest digit on the board (its largest region's size)."""
        return max(self.sizes)

    @property
    def shape_key(self) -> tuple:
        """All that the base formulas depend on: the kind, the size and the region map (not the givens;
        the kind's name keeps the key apart from a Suguru's on the same map in shared model caches)."""
        return ("ripple", self.rows, self.cols, self.regions)

    def grid(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """``values`` (default: the givens) as rows."""
        vals = self.givens if values is None else tuple(values)
        return [list(vals[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def with_givens(self, givens: Sequence[int], name: "str | None" = None) -> "Ripple":
        """The same board with other givens."""
        return Ripple(self.rows, self.cols, self.regions, tuple(givens), name if name is not None else self.name)

    @classmethod
    def empty(cls, rows: int, cols: int, regions: Sequence[Hashable]) -> "Ripple":
        """A board without givens."""
        return cls(rows, cols, tuple(regions))

    # ------------------------------------------------------------------ checks
    def conflicts(self) -> list[str]:
        """Givens that clash: a digit twice in a region, or equal digits ``d`` in a line with fewer
        than ``d`` cells between them."""
        out = []
        g, C = self.givens, self.cols
        for cells in self.region_cells:
            seen: dict[int, int] = {}
            for c in cells:
                if g[c] and g[c] in seen:
                    a = seen[g[c]]
                    out.append(f"{g[c]} is given twice in one region (r{a // C + 1}c{a % C + 1} "
                               f"and r{c // C + 1}c{c % C + 1})")
                seen.setdefault(g[c], c)
        for a, b, t in line_pairs(self.rows, C, self.max_value):
            if g[a] and g[a] == g[b] and t <= g[a] and self.regions[a] != self.regions[b]:
                out.append(f"{g[a]} at r{a // C + 1}c{a % C + 1} and {g[b]} at r{b // C + 1}c{b % C + 1} "
                           f"have {t - 1} cells between them, fewer than {g[a]}")
        return out

    def layout(self):
        """The board for the SVG renderer: regions with thick borders, no holes."""
        from ...rendering.svg import Layout

        n = self.num_cells
        return Layout(kind="ripple", rows=self.rows, cols=self.cols, region=list(self.regions),
                      cell_of=list(range(n)), givens=self.givens, max_value=self.max_value)

    def __repr__(self) -> str:
        given = sum(1 for v in self.givens if v)
        name = f" {self.name!r}" if self.name else ""
        return (f"<Ripple{name} {self.rows}x{self.cols}, {max(self.regions) + 1} regions, "
                f"{given} givens>")
