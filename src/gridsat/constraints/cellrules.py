"""Rules on a cell or a set of cells: ``odd``, ``even``, ``minimum``, ``maximum``,
``pencilmarks`` (f-puzzles' ``givenPencilMarks``), ``extraregion`` and ``clone``.

* ``odd`` / ``even``: the cell holds an odd / even digit (a grey circle / square).
* ``minimum`` / ``maximum``: the cell's digit is below / above each of its side-by-side
  neighbours'.
* ``pencilmarks``: the cell holds one of the listed digits.
* ``extraregion``: the cells hold different digits.
* ``clone``: two lists of cells, same length; cell ``i`` of one holds the digit of cell ``i``
  of the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from ..errors import ParseError, PuzzleError
from .base import Example, cell_name, pairwise_amo, register_constraint
from .local import (Amo, Lit, LocalRule, NewVar, board, check_cells, check_value, fp_cell, fp_cells, fp_name, item_dict,
                    mark, names)

__all__ = ["Odd", "Even", "Minimum", "Maximum", "PencilMarks", "ExtraRegion", "Clone"]

_G = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # a 4x4 Sudoku grid the examples start from


def _with(grid: Sequence[int], cell: int, value: int) -> tuple[int, ...]:
    out = list(grid)
    out[cell] = value
    return tuple(out)


def _one_cell(what: str, n: Any, cell: Any) -> tuple[int, int]:
    n = board(what, n)
    (c,) = check_cells(what, n, (cell,))
    return n, c


def _shade(frame: Any, cells: Sequence[int], cls: str, colour: str) -> list[str]:
    s = frame.s
    out = []
    for c in cells:
        x, y = frame.centre(c)
        out.append(f'<rect class="{cls}" x="{x - s / 2:.2f}" y="{y - s / 2:.2f}" width="{s:.2f}" height="{s:.2f}" '
                   f'fill="{colour}" fill-opacity="0.35"/>')
    return out


class _Parity(LocalRule):
    """One cell of a given parity."""

    _rest: ClassVar[int] = 1

    def __post_init__(self) -> None:
        n, c = _one_cell(self.type, self.n, self.cell)
        if not any(v % 2 == self._rest for v in range(1, n + 1)):
            raise PuzzleError(f"{self.type}: a {n}x{n} board has no {self.type} digit")
        object.__setattr__(self, "cell", c)

    def cells(self) -> tuple[int, ...]:
        """The cell."""
        return (self.cell,)

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 2 at r1c1, not odd``."""
        v = values[self.cell]
        return [] if v % 2 == self._rest else [f"has {v} at {cell_name(self.n, self.cell)}, not {self.type}"]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """A unit clause per digit of the other parity."""
        return [[-lit(self.cell, v)] for v in range(1, self.n + 1) if v % 2 != self._rest]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``cell % 2 == rest``."""
        model.AddAllowedAssignments([cells[self.cell]], [(v,) for v in range(1, self.n + 1) if v % 2 == self._rest])

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        return cls(n, fp_cell(item_dict(item, ("cell",), ("cell",))["cell"], n))

    def to_fpuzzles(self) -> tuple[str, object]:
        """``(type, {"cell": "R1C1"})``."""
        return self.type, {"cell": fp_name(self.cell, self.n)}


@register_constraint
@dataclass(frozen=True)
class Odd(_Parity):
    """The cell ``cell`` holds an odd digit (a grey circle)."""

    type = "odd"
    fpuzzles_keys = ("odd",)
    n: int
    cell: int

    def svg(self, frame: Any) -> list[str]:
        """A grey circle."""
        x, y = frame.centre(self.cell)
        return [f'<circle class="odd" cx="{x:.2f}" cy="{y:.2f}" r="{frame.s * 0.4:.2f}" fill="#d0d0d0"/>']

    @classmethod
    def examples(cls) -> list[Example]:
        """A cell of a 4x4 and of a 3x3 board."""
        return [Example(cls(4, 0), _G, _with(_G, 0, 2)), Example(cls(3, 4), (1,) * 9, (2,) * 9)]


@register_constraint
@dataclass(frozen=True)
class Even(_Parity):
    """The cell ``cell`` holds an even digit (a grey square)."""

    type = "even"
    fpuzzles_keys = ("even",)
    _rest = 0
    n: int
    cell: int

    def svg(self, frame: Any) -> list[str]:
        """A grey square."""
        x, y = frame.centre(self.cell)
        h = frame.s * 0.4
        return [f'<rect class="even" x="{x - h:.2f}" y="{y - h:.2f}" width="{2 * h:.2f}" height="{2 * h:.2f}" '
                f'fill="#d0d0d0"/>']

    @classmethod
    def examples(cls) -> list[Example]:
        """A cell of a 4x4 board."""
        return [Example(cls(4, 1), _G, _with(_G, 1, 1))]


class _Extreme(LocalRule):
    """A cell below (``minimum``) or above (``maximum``) each side-by-side neighbour."""

    _below: ClassVar[bool] = True

    def __post_init__(self) -> None:
        n, c = _one_cell(self.type, self.n, self.cell)
        if n < 2:
            raise PuzzleError(f"{self.type}: a 1x1 board has no neighbours")
        object.__setattr__(self, "cell", c)

    def neighbours(self) -> list[int]:
        """The side-by-side neighbours of the cell."""
        n = self.n
        r, c = divmod(self.cell, n)
        return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                if 0 <= r + dr < n and 0 <= c + dc < n]

    def cells(self) -> tuple[int, ...]:
        """The cell and its neighbours, ascending."""
        return tuple(sorted([self.cell, *self.neighbours()]))

    def _ok(self, u: int, v: int) -> bool:
        return u < v if self._below else u > v

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 3 at r1c1, not below 2 at r1c2``."""
        u, word = values[self.cell], "below" if self._below else "above"
        return [f"has {u} at {cell_name(self.n, self.cell)}, not {word} {values[b]} at {cell_name(self.n, b)}"
                for b in self.neighbours() if not self._ok(u, values[b])]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per neighbour, the cell's digit is below (above) it: ``cell = u`` implies the neighbour
        is above (below) ``u``; a digit with no room is ruled out."""
        n, a, out = self.n, self.cell, []
        for b in self.neighbours():
            for u in range(1, n + 1):
                sup = [v for v in range(1, n + 1) if self._ok(u, v)]
                out.append([-lit(a, u)] + [lit(b, v) for v in sup])
                back = [w for w in range(1, n + 1) if self._ok(w, u)]
                out.append([-lit(b, u)] + [lit(a, w) for w in back])
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``cell < neighbour`` (``>``) per neighbour."""
        for b in self.neighbours():
            model.Add(cells[self.cell] < cells[b]) if self._below else model.Add(cells[self.cell] > cells[b])

    def svg(self, frame: Any) -> list[str]:
        """Four small chevrons pointing to the cell's centre (minimum) or away (maximum)."""
        x, y = frame.centre(self.cell)
        s, out = frame.s, []
        d, w = s * (0.32 if self._below else 0.42), s * 0.08
        tip = -w if self._below else w
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            cx, cy = x + dx * d, y + dy * d
            px, py = -dy, dx  # across the direction
            pts = [(cx + px * w - dx * tip, cy + py * w - dy * tip), (cx + dx * tip, cy + dy * tip),
                   (cx - px * w - dx * tip, cy - py * w - dy * tip)]
            out.append(f'<polyline class="{self.type}" points="{" ".join(f"{a:.2f},{b:.2f}" for a, b in pts)}" '
                       f'fill="none" stroke="#707070" stroke-width="{s * 0.03:.2f}"/>')
        return out

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        return cls(n, fp_cell(item_dict(item, ("cell",), ("cell",))["cell"], n))

    def to_fpuzzles(self) -> tuple[str, object]:
        """``(type, {"cell": "R1C1"})``."""
        return self.type, {"cell": fp_name(self.cell, self.n)}


@register_constraint
@dataclass(frozen=True)
class Minimum(_Extreme):
    """The digit in ``cell`` is below each side-by-side neighbour's."""

    type = "minimum"
    fpuzzles_keys = ("minimum",)
    n: int
    cell: int

    @classmethod
    def examples(cls) -> list[Example]:
        """A corner and an inner cell of a 4x4 board."""
        inner = (2, 2, 2, 2, 2, 1) + (2,) * 10
        return [Example(cls(4, 0), _G, _with(_G, 0, 3)), Example(cls(4, 5), inner, (2,) * 16)]


@register_constraint
@dataclass(frozen=True)
class Maximum(_Extreme):
    """The digit in ``cell`` is above each side-by-side neighbour's."""

    type = "maximum"
    fpuzzles_keys = ("maximum",)
    _below = False
    n: int
    cell: int

    @classmethod
    def examples(cls) -> list[Example]:
        """A corner cell of a 4x4 board."""
        return [Example(cls(4, 3), _G, _with(_G, 3, 1))]


@register_constraint
@dataclass(frozen=True)
class PencilMarks(LocalRule):
    """The cell ``cell`` holds one of ``digits`` (f-puzzles' given pencil marks).

    Parameters
    ----------
    n : int
        Board side.
    cell : int
        The cell.
    digits : sequence of int
        The digits it may hold, ``1..n``, at least one.
    """

    type = "pencilmarks"
    fpuzzles_keys = ("givenPencilMarks",)
    n: int
    cell: int
    digits: tuple

    def __post_init__(self) -> None:
        n, c = _one_cell(self.type, self.n, self.cell)
        ds = self.digits
        if isinstance(ds, (str, bytes)) or not hasattr(ds, "__iter__"):
            raise PuzzleError(f"pencilmarks: digits at {cell_name(n, c)} must be a list of digits, got {ds!r}")
        ds = tuple(sorted({check_value("pencilmarks", f"a digit at {cell_name(n, c)}", d, 1, n) for d in ds}))
        if not ds:
            raise PuzzleError(f"pencilmarks: no digit listed at {cell_name(n, c)}")
        object.__setattr__(self, "cell", c)
        object.__setattr__(self, "digits", ds)

    def cells(self) -> tuple[int, ...]:
        """The cell."""
        return (self.cell,)

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 5 at r1c1, not one of its pencil marks 1 2``."""
        v = values[self.cell]
        if v in self.digits:
            return []
        return [f"has {v} at {cell_name(self.n, self.cell)}, not one of its pencil marks "
                + " ".join(map(str, self.digits))]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """A unit clause per digit not listed."""
        return [[-lit(self.cell, v)] for v in range(1, self.n + 1) if v not in self.digits]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """The cell's value is one of the digits (a one-column table)."""
        model.AddAllowedAssignments([cells[self.cell]], [(d,) for d in self.digits])

    def svg(self, frame: Any) -> list[str]:
        """The digits, small, at the top of the cell."""
        return [mark(frame, self.cell, "".join(map(str, self.digits)) if self.n < 10
                     else " ".join(map(str, self.digits)), "pencilmarks")]

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "PencilMarks":
        d = item_dict(item, ("cell", "givenPencilMarks"), ("cell", "givenPencilMarks"))
        if not isinstance(d["givenPencilMarks"], list):
            raise ParseError('"givenPencilMarks" must be a list of digits')
        return cls(n, fp_cell(d["cell"], n), tuple(d["givenPencilMarks"]))

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("givenPencilMarks", {"cell": "R1C1", "givenPencilMarks": [1, 2]})``: the writer puts
        the list in the grid cell named."""
        return "givenPencilMarks", {"cell": fp_name(self.cell, self.n), "givenPencilMarks": list(self.digits)}

    @classmethod
    def examples(cls) -> list[Example]:
        """A cell of a 4x4 board limited to 1 and 3."""
        return [Example(cls(4, 0, (1, 3)), _G, _with(_G, 0, 2))]


@register_constraint
@dataclass(frozen=True)
class ExtraRegion(LocalRule):
    """The cells ``members`` hold different digits (at most ``n`` of them).

    Parameters
    ----------
    n : int
        Board side.
    members : sequence of int
        The cells, distinct, ``1..n`` of them.
    """

    type = "extraregion"
    fpuzzles_keys = ("extraregion",)
    n: int
    members: tuple

    def __post_init__(self) -> None:
        n = board(self.type, self.n)
        cs = check_cells(self.type, n, self.members)
        if not cs:
            raise PuzzleError("extraregion: the list of cells is empty")
        if len(cs) > n:
            raise PuzzleError(f"extraregion: {len(cs)} cells cannot hold different digits 1..{n}")
        object.__setattr__(self, "members", tuple(sorted(cs)))

    def cells(self) -> tuple[int, ...]:
        """The cells, ascending."""
        return self.members

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 2 twice in the extra region r1c1 ...: r1c1 and r2c2``."""
        seen: dict[int, int] = {}
        out = []
        for c in self.members:
            v = values[c]
            if v in seen:
                out.append(f"has {v} twice in the extra region {names(self.n, self.members)}: "
                           f"{cell_name(self.n, seen[v])} and {cell_name(self.n, c)}")
            else:
                seen[v] = c
        return out

    def cnf(self, lit: Lit, amo: Amo | None = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per digit, at most one of the cells holds it (``amo``); with ``n`` cells and ``alo``,
        at least one as well."""
        amo = amo or pairwise_amo
        out: list[list[int]] = []
        for v in range(1, self.n + 1):
            lits = [lit(c, v) for c in self.members]
            if alo and len(lits) == self.n:
                out.append(lits)
            out += amo(lits)
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``AddAllDifferent``."""
        model.AddAllDifferent([cells[c] for c in self.members])

    def svg(self, frame: Any) -> list[str]:
        """The cells shaded grey."""
        return _shade(frame, self.members, "extraregion", "#9a9a9a")

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "ExtraRegion":
        return cls(n, tuple(fp_cells(item_dict(item, ("cells",), ("cells",))["cells"], n, "cells")))

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("extraregion", {"cells": [...]})``."""
        return "extraregion", {"cells": [fp_name(c, self.n) for c in self.members]}

    @classmethod
    def examples(cls) -> list[Example]:
        """A box and three scattered cells of a 4x4 board."""
        return [Example(cls(4, (0, 1, 4, 5)), _G, _with(_G, 5, 1)),
                Example(cls(4, (0, 7, 10)), _G, _with(_G, 10, 1))]


@register_constraint
@dataclass(frozen=True)
class Clone(LocalRule):
    """Cell ``first[i]`` holds the digit of cell ``second[i]``, for every ``i``.

    Parameters
    ----------
    n : int
        Board side.
    first, second : sequence of int
        Two lists of cells of the same length, each without repeats.
    """

    type = "clone"
    fpuzzles_keys = ("clone",)
    n: int
    first: tuple
    second: tuple

    def __post_init__(self) -> None:
        n = board(self.type, self.n)
        a, b = check_cells(self.type, n, self.first), check_cells(self.type, n, self.second)
        if not a:
            raise PuzzleError("clone: the list of cells is empty")
        if len(a) != len(b):
            raise PuzzleError(f"clone: {len(a)} cells and {len(b)} clone cells; a clone has the same shape")
        object.__setattr__(self, "first", a)
        object.__setattr__(self, "second", b)

    def pairs(self) -> list[tuple[int, int]]:
        """The pairs of cells that hold the same digit (a cell paired with itself left out)."""
        return [(a, b) for a, b in zip(self.first, self.second) if a != b]

    def cells(self) -> tuple[int, ...]:
        """The cells of both lists, ascending."""
        return tuple(sorted(set(self.first) | set(self.second)))

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 1 at r1c1 and 2 at its clone r3c3``."""
        return [f"has {values[a]} at {cell_name(self.n, a)} and {values[b]} at its clone {cell_name(self.n, b)}"
                for a, b in self.pairs() if values[a] != values[b]]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """``a = v`` if and only if ``b = v``, per pair and digit."""
        out: list[list[int]] = []
        for a, b in self.pairs():
            for v in range(1, self.n + 1):
                out += [[-lit(a, v), lit(b, v)], [lit(a, v), -lit(b, v)]]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``a == b`` per pair."""
        for a, b in self.pairs():
            model.Add(cells[a] == cells[b])

    def svg(self, frame: Any) -> list[str]:
        """Both lists shaded yellow."""
        return _shade(frame, self.cells(), "clone", "#f5d000")

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "Clone":
        d = item_dict(item, ("cells", "cloneCells"), ("cells", "cloneCells"))
        return cls(n, tuple(fp_cells(d["cells"], n, "cells")), tuple(fp_cells(d["cloneCells"], n, "cloneCells")))

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("clone", {"cells": [...], "cloneCells": [...]})``."""
        return "clone", {"cells": [fp_name(c, self.n) for c in self.first],
                         "cloneCells": [fp_name(c, self.n) for c in self.second]}

    @classmethod
    def examples(cls) -> list[Example]:
        """Two cells of the first row cloned in the second row of a 4x4 board."""
        return [Example(cls(4, (0, 1), (6, 7)), _G, _with(_G, 7, 4))]
