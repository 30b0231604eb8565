"""The Sudoku family: classic r x c boxes and jigsaw (nonomino) regions are one type.

A :class:`Sudoku` is a size ``n``, a region map and givens. Cells are numbered row by
row, ``cell = row * n + col``; values are ``1..n`` and ``0`` means empty. Classic and
jigsaw puzzles differ only in their region map; ``box`` records the r x c box shape when
the map is the classic one.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from functools import cached_property

from ...boards import box_map
from ...errors import PuzzleError
from ...puzzles.text import format_board

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Iterable, Sequence
    from ...rendering.svg import Layout

__all__ = ["Sudoku", "default_box", "box_regions"]


@functools.lru_cache(maxsize=64)
def default_box(n: int) -> tuple[int, int]:
    """The usual box shape for size ``n``: ``r`` rows by ``c`` columns, ``r <= c``, ``r`` as large as possible.

    Raises :class:`PuzzleError` when ``n`` has no non-trivial factorisation (a prime size
    needs an explicit region map).
    """
    if n < 1:
        raise PuzzleError(f"size must be positive, got {n}")
    for r in range(math.isqrt(n), 0, -1):
        if n % r == 0:
            if r == 1 and n > 1:
                break
            return r, n // r
    raise PuzzleError(f"size {n} has no r x c box shape; give a region map (jigsaw) instead")


#: the largest board side a Sudoku may have
MAX_SIZE = 64


@functools.lru_cache(maxsize=64)
def box_regions(n: int, box: tuple[int, int]) -> tuple[int, ...]:
    """Region index of each cell for classic ``box = (rows, cols)`` boxes, numbered row-major."""
    br, bc = box
    if br * bc != n:
        raise PuzzleError(f"box {br}x{bc} does not tile a {n}x{n} board")
    return box_map(n, br, bc)


def _normalise_regions(n: int, labels: Sequence) -> tuple[int, ...]:
    """Relabel arbitrary region labels to 0..n-1 in order of first appearance, and check the partition."""
    if len(labels) != n * n:
        raise PuzzleError(f"region map has {len(labels)} cells, expected {n * n} for size {n}")
    index: dict = {}
    out = []
    for lab in labels:
        if lab not in index:
            index[lab] = len(index)
        out.append(index[lab])
    if len(index) != n:
        raise PuzzleError(f"region map has {len(index)} regions, expected {n}")
    sizes = [0] * n
    for r in out:
        sizes[r] += 1
    bad = [(lab, sizes[i]) for lab, i in index.items() if sizes[i] != n]
    if bad:
        lab, size = bad[0]
        raise PuzzleError(f"region {lab!r} has {size} cells, expected {n}")
    return tuple(out)


@dataclass(frozen=True, eq=True, init=False, repr=False)  # (its own __init__ and __repr__: none made at import)
class Sudoku:
    """A Sudoku-family puzzle: size ``n``, region map and givens.

    Parameters
    ----------
    n : int
        Side length; values run ``1..n``.
    givens : sequence of int
        ``n*n`` values row by row, ``0`` for an empty cell.
    regions : sequence, optional
        ``n*n`` region labels row by row (any hashable labels). Default: classic boxes.
    box : (int, int), optional
        Classic box shape ``(rows, cols)``; ignored when ``regions`` is given.
    extra : sequence of Constraint, optional
        Rules beyond rows, columns, regions and givens (:mod:`gridsat.constraints`), on a board of side ``n``.

    Notes
    -----
    Construction rejects region maps that do not split the board into ``n`` regions of
    ``n`` cells, and values outside ``0..n``. Two equal givens in one unit are allowed:
    such a puzzle is valid input and solves to *impossible* (see :meth:`conflicts`).
    """

    n: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]
    box: tuple[int, int] | None = None
    extra: tuple = ()
    name: str | None = field(default=None, compare=False)

    kind = "sudoku"

    def __init__(
        self,
        n: int,
        givens: Iterable[int] | None = None,
        regions: Sequence | None = None,
        box: tuple[int, int] | None = None,
        name: str | None = None,
        extra: Iterable = (),
    ) -> None:
        if not isinstance(n, int) or n < 1:
            raise PuzzleError(f"size must be a positive integer, got {n!r}")
        if n > MAX_SIZE:
            raise PuzzleError(f"size {n} is larger than the supported maximum of {MAX_SIZE}")
        g = tuple(map(int, givens)) if givens is not None else (0,) * (n * n)
        if len(g) != n * n:
            raise PuzzleError(f"expected {n * n} cells for size {n}, got {len(g)}")
        if g and (min(g) < 0 or max(g) > n):
            for i, v in enumerate(g):
                if not 0 <= v <= n:
                    raise PuzzleError(f"value {v} at r{i // n + 1}c{i % n + 1} is outside 1..{n}")
        if regions is None:
            box = tuple(box) if box is not None else default_box(n)
            regs = box_regions(n, box)
        else:
            regs = _normalise_regions(n, list(regions))
            if box is None:
                box = _detect_box(n, regs)
            elif regs != box_regions(n, tuple(box)):
                box = None
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "givens", g)
        object.__setattr__(self, "regions", regs)
        object.__setattr__(self, "box", tuple(box) if box is not None else None)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "extra", _checked_extra(n, extra))

    # ------------------------------------------------------------------ constructors
    @classmethod
    def classic(cls, givens: Iterable[int], box: tuple[int, int] | None = None, name: str | None = None) -> "Sudoku":
        """A classic puzzle; the size comes from the number of givens."""
        g = list(givens)
        n = math.isqrt(len(g))
        if n * n != len(g):
            raise PuzzleError(f"{len(g)} cells is not a square board")
        return cls(n, g, box=box, name=name)

    @classmethod
    def jigsaw(cls, givens: Iterable[int], regions: Sequence, name: str | None = None) -> "Sudoku":
        """A jigsaw puzzle with an explicit region map."""
        g = list(givens)
        n = math.isqrt(len(g))
        if n * n != len(g):
            raise PuzzleError(f"{len(g)} cells is not a square board")
        return cls(n, g, regions=regions, name=name)

    @classmethod
    def empty(cls, n: int, box: tuple[int, int] | None = None, regions: Sequence | None = None) -> "Sudoku":
        """A puzzle with no givens."""
        return cls(n, None, regions=regions, box=box)

    def with_givens(self, givens: Iterable[int]) -> "Sudoku":
        """The same board (size and regions) with other givens."""
        return Sudoku(self.n, givens, regions=self.regions, box=self.box, name=self.name, extra=self.extra)

    # ------------------------------------------------------------------ properties
    @property
    def is_jigsaw(self) -> bool:
        """Whether the regions are not boxes (a jigsaw map)."""
        return self.box is None

    @property
    def shape_key(self) -> tuple:
        """What a base formula depends on: size and region map (and the extra constraints)."""
        return (self.n, self.regions, self.extra) if self.extra else (self.n, self.regions)

    @property
    def num_cells(self) -> int:
        """``n * n``."""
        return self.n * self.n

    @property
    def num_givens(self) -> int:
        """Number of given cells."""
        return sum(1 for v in self.givens if v)

    @cached_property
    def units(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Every row, column and region as ``(label, cells)``; labels like ``row 3``, ``column 5``, ``box 2``."""
        n = self.n
        out = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
        out += [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
        word = "region" if self.is_jigsaw else "box"
        members: list[list[int]] = [[] for _ in range(n)]
        for cell, reg in enumerate(self.regions):
            members[reg].append(cell)
        out += [(f"{word} {k + 1}", tuple(m)) for k, m in enumerate(members)]
        return tuple(out)

    @cached_property
    def constraints(self) -> tuple:
        """The puzzle as a list of constraints (:mod:`gridsat.constraints`): its givens, every row,
        column and region as a full ``alldifferent`` (labelled as in :attr:`units`), then ``extra``."""
        from ...constraints import grid_constraints

        return grid_constraints(self.n, self.givens, self.units, self.extra)

    def cell_name(self, cell: int) -> str:
        """``r3c8`` style name of a cell (1-based)."""
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def conflicts(self) -> list[str]:
        """Descriptions of equal givens sharing a row, column or region (empty when there are none)."""
        out = []
        for label, cells in self.units:
            seen: dict[int, int] = {}
            for cell in cells:
                v = self.givens[cell]
                if not v:
                    continue
                if v in seen:
                    out.append(
                        f"{v} is given twice in {label}: {self.cell_name(seen[v])} and {self.cell_name(cell)}"
                    )
                else:
                    seen[v] = cell
        return out

    def rows(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """The givens (or ``values``) as a list of rows."""
        v = self.givens if values is None else values
        return [list(v[r * self.n:(r + 1) * self.n]) for r in range(self.n)]

    def __str__(self) -> str:
        return format_board(self)

    def layout(self) -> "Layout":
        """The board as a :class:`~gridsat.rendering.svg.Layout` for drawing (regions shaded on jigsaw maps)."""
        from ...rendering.svg import Layout

        n = self.n
        return Layout("sudoku", n, n, list(self.regions), list(range(n * n)), self.givens,
                      shade_regions=self.is_jigsaw, max_value=n)

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    def __eq__(self, other: object) -> bool:
        """The same size, region map, box shape, givens and rules. The rules are a set: their
        order in :attr:`extra` does not matter (an f-puzzles link lists them key by key, so a
        puzzle read back from its link equals it), nor does a rule listed twice."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Sudoku = other  # type: ignore[assignment]
        return (self.n, self.givens, self.regions, self.box) == (o.n, o.givens, o.regions, o.box) and (
            self.extra == o.extra or frozenset(self.extra) == frozenset(o.extra))

    def __hash__(self) -> int:
        return hash((self.n, self.givens, self.regions, self.box, frozenset(self.extra)))

    def __repr__(self) -> str:
        shape = f"{self.box[0]}x{self.box[1]} boxes" if self.box else "jigsaw"
        more = f", {len(self.extra)} extra constraints" if self.extra else ""
        return f"<Sudoku {self.n}x{self.n} {shape}, {self.num_givens} givens{more}>"

    def __reduce__(self) -> tuple:
        # a compact pickle (a batch sends puzzles to worker processes by the thousand): the
        # givens as bytes, and a classic map by its box shape; caches are left behind
        n = self.n
        pack = bytes if n < 256 else tuple
        return made, (n, pack(self.givens), None if self.box else pack(self.regions), self.box, self.name) + (
            (self.extra,) if self.extra else ())


def made(n: int, givens: "bytes | Sequence[int]", regions: "bytes | Sequence[int] | None",
         box: tuple[int, int] | None, name: str | None, extra: tuple = ()) -> Sudoku:
    """A :class:`Sudoku` from parts already checked, without checking them again: its pickle
    (:meth:`Sudoku.__reduce__`), or a reader's decoded line (``n * n`` values in ``0..n``,
    ``regions`` ``None`` for the boxes of a ``box`` that tiles the board)."""
    s = object.__new__(Sudoku)
    object.__setattr__(s, "n", n)
    object.__setattr__(s, "givens", tuple(givens))
    object.__setattr__(s, "regions", box_regions(n, box) if regions is None else tuple(regions))
    object.__setattr__(s, "box", box)
    object.__setattr__(s, "name", name)
    object.__setattr__(s, "extra", extra)
    return s


def _checked_extra(n: int, extra: Iterable) -> tuple:
    """``extra`` as a tuple of constraints on a board of side ``n``, or :class:`PuzzleError`."""
    out = tuple(extra)
    for k, con in enumerate(out):
        if getattr(con, "n", None) != n or not callable(getattr(con, "problems", None)):
            raise PuzzleError(f"extra constraint {k + 1} is {con!r}, not a constraint on a {n}x{n} board")
    return out


def _detect_box(n: int, regs: tuple[int, ...]) -> tuple[int, int] | None:
    """The box shape whose map equals ``regs`` (up to labels), or ``None`` for a jigsaw map."""
    for r in range(2, n):
        if n % r:
            continue
        b = (r, n // r)
        if _normalise_regions(n, box_regions(n, b)) == regs:
            return b
    return None
