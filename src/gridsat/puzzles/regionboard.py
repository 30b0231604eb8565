"""Boards of regions holding ``1..k``: a rectangle cut into regions, each region of ``k`` cells
holding the digits ``1..k`` once each, what the kinds of that family share.

Cells are numbered row by row (``cell = row * cols + col``); a solution is a tuple of digits in
that order. Regions are given as one label per cell and kept as numbers ``0..R-1`` in the order
their first cells come. The board is checked on construction: every cell belongs to a region, a
region is one orthogonally connected piece of at most the kind's largest region, and a given lies
in ``1..k`` of its region. :func:`board_problem` says what is wrong and where, so the readers can
point at the token.

A kind of the family subclasses :class:`RegionBoard` with its name, its title for messages, its
largest region and the clashes its own rule finds between givens (:meth:`RegionBoard.clashes`);
the readers and writers it shares are in :mod:`gridsat.formats.regionboard`.

>>> board_problem(1, 3, ["a", "b", "a"], [0, 0, 0], max_region=9, region_word="a small")[0]
'region a is split in two: r1c3 is not connected to r1c1'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Sequence

from ..errors import PuzzleError

__all__ = ["RegionBoard", "MAX_SIDE", "board_problem", "normalise_regions", "board_text", "solution_text"]

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


def board_problem(rows: int, cols: int, labels: Sequence[Any], givens: Sequence[int], *,
                  max_region: int, region_word: str) -> "tuple[str, int, str] | None":
    """What is wrong with a board, or ``None``: ``(message, cell, part)``, ``part`` being
    ``"regions"`` or ``"givens"`` (where a reader should point).

    Parameters
    ----------
    rows, cols : int
        The board's size.
    labels : sequence
        One region label per cell (``None``: the cell is in no region, a hole in the map).
    givens : sequence of int
        One digit per cell (``0`` empty).
    max_region : int
        The largest region the kind takes.
    region_word : str
        What the message calls a region of the kind (``"a Suguru"`` for "a Suguru region").
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
        if len(piece) > max_region:
            return (f"region {lab} has {len(piece)} cells; {region_word} region holds at most {max_region} "
                    f"(the digits 1-{max_region})", piece[0], "regions")
    for c in range(n):
        v = givens[c]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return (f"r{c // cols + 1}c{c % cols + 1} holds {v!r}, not a digit", c, "givens")
        k = size[labels[c]]
        if v > k:
            return (f"given {v} at r{c // cols + 1}c{c % cols + 1} is above its region's size {k} "
                    f"(a region of {k} cells holds 1-{k})", c, "givens")
    return None


@dataclass(frozen=True)
class RegionBoard:
    """A board of regions holding ``1..k``: ``rows`` x ``cols`` cells, a region label per cell and
    the givens (a kind of the family subclasses it, see the module's docstring).

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
        A size out of range, a cell in no region, a region split in two or larger than the
        kind's :attr:`max_region`, or a given outside ``1..k`` of its region.
    """

    rows: int
    cols: int
    regions: tuple
    givens: tuple = ()
    name: "str | None" = field(default=None, compare=False)

    #: the kind's name (a subclass sets it)
    kind: ClassVar[str] = ""
    #: what messages call a board of the kind (``"a Suguru has ..."``)
    title: ClassVar[str] = ""
    #: what messages call a region of the kind (``"a Suguru region holds ..."``)
    region_word: ClassVar[str] = ""
    #: the largest region (and so the largest digit) the kind takes
    max_region: ClassVar[int] = 9

    @classmethod
    def problem(cls, rows: int, cols: int, labels: Sequence[Any],
                givens: Sequence[int]) -> "tuple[str, int, str] | None":
        """:func:`board_problem` with the kind's largest region and words."""
        return board_problem(rows, cols, labels, givens, max_region=cls.max_region, region_word=cls.region_word)

    def __post_init__(self) -> None:
        rows, cols, title = self.rows, self.cols, self.title
        for what, v in (("rows", rows), ("cols", cols)):
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_SIDE:
                raise PuzzleError(f"a {title} has 1 to {MAX_SIDE} {what}, got {v!r}")
        n = rows * cols
        labels = tuple(self.regions)
        givens = tuple(self.givens) if self.givens else (0,) * n
        if len(labels) != n:
            raise PuzzleError(f"a {rows}x{cols} {title} needs {n} region labels, got {len(labels)}")
        if len(givens) != n:
            raise PuzzleError(f"a {rows}x{cols} {title} needs {n} givens (0 empty), got {len(givens)}")
        problem = self.problem(rows, cols, labels, givens)
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
        """All that the base formulas depend on: the size and the region map (not the givens)."""
        return (self.rows, self.cols, self.regions)

    def grid(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """``values`` (default: the givens) as rows."""
        vals = self.givens if values is None else tuple(values)
        return [list(vals[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def with_givens(self, givens: Sequence[int], name: "str | None" = None) -> "RegionBoard":
        """The same board with other givens."""
        return type(self)(self.rows, self.cols, self.regions, tuple(givens),
                          name if name is not None else self.name)

    @classmethod
    def empty(cls, rows: int, cols: int, regions: Sequence[Hashable]) -> "RegionBoard":
        """A board without givens."""
        return cls(rows, cols, tuple(regions))

    # ------------------------------------------------------------------ checks
    def conflicts(self) -> list[str]:
        """Givens that clash: a digit twice in a region, then the clashes of the kind's own rule
        (:meth:`clashes`)."""
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
        return out + self.clashes()

    def clashes(self) -> list[str]:
        """Givens in different regions that the kind's own rule forbids together (a subclass says)."""
        return []

    def layout(self):
        """The board for the SVG renderer: regions with thick borders, no holes."""
        from ..rendering.svg import Layout

        n = self.num_cells
        return Layout(kind=self.kind, rows=self.rows, cols=self.cols, region=list(self.regions),
                      cell_of=list(range(n)), givens=self.givens, max_value=self.max_value)

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ..rendering.svg import render_svg

        return render_svg(self)

    def __repr__(self) -> str:
        given = sum(1 for v in self.givens if v)
        name = f" {self.name!r}" if self.name else ""
        return (f"<{type(self).__name__}{name} {self.rows}x{self.cols}, {max(self.regions) + 1} regions, "
                f"{given} givens>")


def board_text(puzzle: RegionBoard, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The digits (``.`` empty) beside the region map (letters, then digits past 26 regions)."""
    vals = puzzle.givens if values is None else tuple(values)
    marks = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    many = max(puzzle.regions) >= len(marks)
    lines = []
    for r in range(puzzle.rows):
        row = range(r * puzzle.cols, (r + 1) * puzzle.cols)
        digits = " ".join(str(vals[c]) if vals[c] else "." for c in row)
        regs = " ".join(str(puzzle.regions[c] + 1) if many else marks[puzzle.regions[c]] for c in row)
        lines.append(f"{digits}   {regs}")
    return "\n".join(lines)


def solution_text(puzzle: RegionBoard, values: Sequence[int]) -> str:
    """A solution on one line: the digits row by row, rows joined by ``/``."""
    return "/".join("".join(map(str, row)) for row in puzzle.grid(values))
