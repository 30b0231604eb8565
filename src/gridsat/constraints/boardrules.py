"""Rules over the whole board, f-puzzles' switches: ``diagonal+`` and ``diagonal-``,
``antiknight``, ``antiking`` and ``disjointgroups``.

* ``diagonal+``: the diagonal from the bottom left to the top right holds different digits;
  ``diagonal-``: the one from the top left to the bottom right.
* ``antiknight``: two cells a knight's move apart hold different digits.
* ``antiking``: two cells a king's move apart hold different digits. Only the diagonal
  steps are posed: side-by-side cells share a row or a column, which the board keeps
  different already (as the solver f-puzzles connects to does).
* ``disjointgroups``: the cells at the same place of their regions (the first cell of each
  region in reading order, the second, ...) hold different digits.

Each takes ``area``, the part of the board the rule covers (default: all of it): a pair
or a group keeps the rule between its cells inside the area.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError
from .base import Example, cell_name, pairwise_amo, register_constraint
from .local import Amo, Lit, LocalRule, NewVar, board, box_shape, check_cells, fpuzzles_error, names

__all__ = ["DiagonalPositive", "DiagonalNegative", "AntiKnight", "AntiKing", "DisjointGroups"]

_G2 = (1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3)  # a 4x4 Sudoku grid with both diagonals different


def _with(grid: Sequence[int], cell: int, value: int) -> tuple[int, ...]:
    out = list(grid)
    out[cell] = value
    return tuple(out)


def _boxes(n: int) -> tuple[int, ...] | None:
    """The region map of the usual boxes of a board of side ``n`` (``None``: no box shape)."""
    shape = box_shape(n)
    if shape is None:
        return None
    br, bc = shape
    return tuple((r // br) * (n // bc) + c // bc for r in range(n) for c in range(n))


class _WholeBoard(LocalRule):
    """A switch of f-puzzles: ``key: true`` on the whole board, or the rule on ``area``."""

    def _check_area(self) -> int:
        n = board(self.type, self.n)
        area = None if self.area is None else tuple(sorted(check_cells(self.type, n, self.area)))
        object.__setattr__(self, "area", area)
        return n

    def _inside(self) -> set[int]:
        return set(self.area) if self.area is not None else set(range(self.n * self.n))

    def groups(self) -> list[tuple[int, ...]]:
        """The groups of cells that hold different digits (in the area)."""
        return []

    def pairs(self) -> list[tuple[int, int]]:
        """The pairs of cells that hold different digits, apart from the groups (in the area)."""
        return []

    def cells(self) -> tuple[int, ...]:
        """The cells the rule reads, ascending."""
        return self.area if self.area is not None else tuple(range(self.n * self.n))

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 4 twice on the diagonal ...: r1c4 and r4c1``, ``has 2 at r1c1 and r2c3, a knight's move apart``."""
        out = []
        for g in self.groups():
            seen: dict[int, int] = {}
            for c in g:
                v = values[c]
                if v in seen:
                    out.append(f"has {v} twice {self._group_words(g)}: {cell_name(self.n, seen[v])} and "
                               f"{cell_name(self.n, c)}")
                else:
                    seen[v] = c
        for a, b in self.pairs():
            if values[a] == values[b]:
                out.append(f"has {values[a]} at {names(self.n, (a, b))}, {self._pair_words}")
        return out

    _pair_words: ClassVar[str] = ""

    def _group_words(self, group: tuple[int, ...]) -> str:
        return "in cells " + names(self.n, group)

    def cnf(self, lit: Lit, amo: Amo | None = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per group and digit, at most one cell holds it (``amo``; a group of ``n`` cells with
        ``alo``: exactly one); per pair and digit, not both."""
        amo = amo or pairwise_amo
        n, out = self.n, []
        for g in self.groups():
            for v in range(1, n + 1):
                lits = [lit(c, v) for c in g]
                if alo and len(g) == n:
                    out.append(lits)
                out += amo(lits)
        for a, b in self.pairs():
            out += [[-lit(a, v), -lit(b, v)] for v in range(1, n + 1)]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``AddAllDifferent`` per group, ``!=`` per pair."""
        for g in self.groups():
            if len(g) > 1:
                model.AddAllDifferent([cells[c] for c in g])
        for a, b in self.pairs():
            model.Add(cells[a] != cells[b])

    def svg(self, frame: Any) -> list[str]:
        """Nothing: the rule is in the rules text."""
        return []

    def describe(self) -> str:
        """``antiknight`` (``antiknight in r1c1 r1c2 ...`` on part of the board)."""
        return self.type + ("" if self.area is None else " in " + names(self.n, self.area))

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        if item is not True:
            raise ParseError(f"expected true, got {str(item)[:20]!r}")
        return cls(n)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``(key, True)``; a rule on part of the board has no f-puzzles form."""
        if self.area is not None:
            raise UnsupportedError(f"{self.type}: f-puzzles holds the rule over the whole board only")
        return self.fpuzzles_keys[0], True


class _Diagonal(_WholeBoard):
    _rising: ClassVar[bool] = True

    def __post_init__(self) -> None:
        self._check_area()

    def diagonal(self) -> tuple[int, ...]:
        """The diagonal's cells, from the top row down."""
        n = self.n
        return tuple(r * n + (n - 1 - r if self._rising else r) for r in range(n))

    def groups(self) -> list[tuple[int, ...]]:
        """The diagonal's cells in the area."""
        inside = self._inside()
        return [tuple(c for c in self.diagonal() if c in inside)]

    def cells(self) -> tuple[int, ...]:
        """The diagonal's cells in the area, ascending."""
        return tuple(sorted(self.groups()[0]))

    def _group_words(self, group: tuple[int, ...]) -> str:
        return f"on the {self.type} diagonal"

    def svg(self, frame: Any) -> list[str]:
        """A thin line from corner to corner."""
        d = self.diagonal()
        (x0, y0), (x1, y1) = frame.centre(d[0]), frame.centre(d[-1])
        h = frame.s / 2
        sx = -1 if self._rising else 1
        return [f'<line class="diagonal" x1="{x0 - sx * h:.2f}" y1="{y0 - h:.2f}" x2="{x1 + sx * h:.2f}" '
                f'y2="{y1 + h:.2f}" stroke="#4a8fd0" stroke-width="{frame.s * 0.04:.2f}"/>']


@register_constraint
@dataclass(frozen=True)
class DiagonalPositive(_Diagonal):
    """The diagonal from the bottom left to the top right holds different digits.

    Parameters
    ----------
    n : int
        Board side.
    area : sequence of int, optional
        The rule between the diagonal's cells in ``area`` only (default: all of them).
    """

    type = "diagonal+"
    fpuzzles_keys = ("diagonal+",)
    n: int
    area: tuple | None = None

    @classmethod
    def examples(cls) -> list[Example]:
        """The rising diagonal of a 4x4 board."""
        return [Example(cls(4, (3, 6, 9, 12)), _G2, _with(_G2, 6, 4)),
                Example(cls(4, (0, 3, 6, 9)), _G2, _with(_G2, 9, 1))]


@register_constraint
@dataclass(frozen=True)
class DiagonalNegative(_Diagonal):
    """The diagonal from the top left to the bottom right holds different digits.

    Parameters
    ----------
    n : int
        Board side.
    area : sequence of int, optional
        The rule between the diagonal's cells in ``area`` only (default: all of them).
    """

    type = "diagonal-"
    fpuzzles_keys = ("diagonal-",)
    _rising = False
    n: int
    area: tuple | None = None

    @classmethod
    def examples(cls) -> list[Example]:
        """The falling diagonal of a 4x4 board."""
        return [Example(cls(4, (0, 5, 10, 15)), _G2, _with(_G2, 5, 1))]


class _Chess(_WholeBoard):
    _steps: ClassVar[tuple[tuple[int, int], ...]] = ()

    def __post_init__(self) -> None:
        self._check_area()

    def pairs(self) -> list[tuple[int, int]]:
        """The pairs a move apart, both in the area, each once (low cell first)."""
        n, inside, out = self.n, self._inside(), []
        for a in sorted(inside):
            r, c = divmod(a, n)
            for dr, dc in self._steps:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n and (b := r2 * n + c2) > a and b in inside:
                    out.append((a, b))
        return out


@register_constraint
@dataclass(frozen=True)
class AntiKnight(_Chess):
    """Two cells a knight's move apart hold different digits.

    Parameters
    ----------
    n : int
        Board side.
    area : sequence of int, optional
        The rule between cells of ``area`` only (default: the whole board).
    """

    type = "antiknight"
    fpuzzles_keys = ("antiknight",)
    _steps = ((1, -2), (1, 2), (2, -1), (2, 1))
    _pair_words = "a knight's move apart"
    n: int
    area: tuple | None = None

    @classmethod
    def examples(cls) -> list[Example]:
        """Five cells of a 4x4 board, two knight's moves from r1c1."""
        good = (1,) + (2,) * 15
        return [Example(cls(4, (0, 1, 4, 6, 9)), good, (1,) * 16)]


@register_constraint
@dataclass(frozen=True)
class AntiKing(_Chess):
    """Two cells a king's move apart hold different digits (the diagonal steps: side-by-side
    cells share a row or a column).

    Parameters
    ----------
    n : int
        Board side.
    area : sequence of int, optional
        The rule between cells of ``area`` only (default: the whole board).
    """

    type = "antiking"
    fpuzzles_keys = ("antiking",)
    _steps = ((1, -1), (1, 1))
    _pair_words = "a king's move apart"
    n: int
    area: tuple | None = None

    @classmethod
    def examples(cls) -> list[Example]:
        """A 2x2 block of a 4x4 board."""
        g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [Example(cls(4, (0, 1, 4, 5)), g, _with(g, 5, 1)),
                Example(cls(4, (5, 6, 9, 10)), _G2, _with(_G2, 10, 4))]


@register_constraint
@dataclass(frozen=True)
class DisjointGroups(_WholeBoard):
    """The cells at the same place of their regions hold different digits.

    Parameters
    ----------
    n : int
        Board side.
    regions : sequence of int, optional
        The region of each cell (``n * n`` labels ``0..n-1``, ``n`` cells each); default: the
        board's usual boxes (kept as their map).
    area : sequence of int, optional
        The rule between cells of ``area`` only (default: the whole board).
    """

    type = "disjointgroups"
    fpuzzles_keys = ("disjointgroups",)
    #: f-puzzles draws the groups from the puzzle's own regions (the writer checks they match)
    fpuzzles_needs_regions = True
    n: int
    regions: tuple | None = None
    area: tuple | None = None

    def __post_init__(self) -> None:
        n = self._check_area()
        regions = self.regions
        if regions is not None:
            if isinstance(regions, (str, bytes)) or not hasattr(regions, "__iter__"):
                raise PuzzleError(f"disjointgroups: regions must be a list of {n * n} region labels")
            regions = tuple(regions)
            if len(regions) != n * n:
                raise PuzzleError(f"disjointgroups: regions must label {n * n} cells, got {len(regions)}")
            for k, r in enumerate(regions):
                if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < n:
                    raise PuzzleError(f"disjointgroups: region of {cell_name(n, k)} must be 0..{n - 1}, got {r!r}")
            for r in set(regions):
                if regions.count(r) != n:
                    raise PuzzleError(f"disjointgroups: region {r} has {regions.count(r)} cells, not {n}")
        else:
            regions = _boxes(n)
            if regions is None:
                raise PuzzleError(f"disjointgroups: a {n}x{n} board has no boxes; give its regions")
        object.__setattr__(self, "regions", regions)

    def region_map(self) -> tuple[int, ...]:
        """The region of each cell."""
        return self.regions

    def to_json(self) -> dict:
        """``{"type": "disjointgroups", "regions"?: [...], "area"?: [...]}``, the regions when
        they are not the usual boxes."""
        d = super().to_json()
        if self.regions == _boxes(self.n):
            del d["regions"]
        return d

    def groups(self) -> list[tuple[int, ...]]:
        """Group ``k``: the ``k``-th cell of each region in reading order (in the area)."""
        seen: dict[int, int] = {}
        groups: list[list[int]] = [[] for _ in range(self.n)]
        inside = self._inside()
        for cell, r in enumerate(self.region_map()):
            k = seen.get(r, 0)
            seen[r] = k + 1
            if cell in inside:
                groups[k].append(cell)
        return [tuple(g) for g in groups if len(g) > 1]

    def cells(self) -> tuple[int, ...]:
        """The cells of the groups, ascending."""
        return tuple(sorted(c for g in self.groups() for c in g))

    def _group_words(self, group: tuple[int, ...]) -> str:
        return "in a disjoint group " + names(self.n, group)

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int, regions: Sequence[int] | None = None) -> "DisjointGroups":
        """From ``"disjointgroups": true``; ``regions``: the puzzle's region map when it is not
        the usual boxes (a jigsaw)."""
        try:
            if key != "disjointgroups":
                raise ParseError(f"disjointgroups does not read the f-puzzles key {key!r}")
            if item is not True:
                raise ParseError(f"expected true, got {str(item)[:20]!r}")
            return cls(n, None if regions is None else tuple(regions))
        except (ParseError, PuzzleError) as e:
            raise fpuzzles_error(key, item, e) from None

    @classmethod
    def examples(cls) -> list[Example]:
        """The first cells of the 2x2 boxes of a 4x4 board; with rows as regions, a column."""
        g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        rows = tuple(c // 4 for c in range(16))
        return [Example(cls(4, area=(0, 2, 8, 10)), g, _with(g, 10, 1)),
                Example(cls(4, rows, (0, 4, 8, 12)), g, _with(g, 12, 1))]
