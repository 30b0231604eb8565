"""``arrow`` and ``doublearrow``: digits along a line add up to the number in a circle.

An arrow's circle is one cell, or a *pill* of two or three cells read as a number in the
order f-puzzles lists them, their digits written one after the other (``1`` and ``3``: 13;
on a 16x16 board ``1`` and ``12``: 112); the digits on each of its shafts add up to it
(digits may repeat on a shaft). A double arrow is a line with a circle at each end: the
two circles add up to the digits between them. Both are sums (:mod:`.sums`) with auxiliaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Sequence

from ..errors import ParseError, PuzzleError
from .base import (Amo, Constraint, Example, Lit, NewVar, cell_name, check_board, check_cells, fpuzzles_cells,
                   fpuzzles_lines, fpuzzles_name, pairwise_amo, register_constraint)
from .sums import cell_term, need_new_var, sum_cnf

__all__ = ["Arrow", "DoubleArrow"]


def _names(n: int, cells: Sequence[int]) -> str:
    return " ".join(cell_name(n, c) for c in cells)


def _lines(what: str, n: int, lines: Any, least: int) -> tuple[tuple[int, ...], ...]:
    """``lines`` as a non-empty tuple of lines of distinct cells, each of ``least`` cells or more."""
    if isinstance(lines, (str, bytes)) or not hasattr(lines, "__iter__"):
        raise PuzzleError(f"{what}: lines must be a list of lists of cells, got {lines!r}")
    out = tuple(check_cells(what, n, line) for line in lines)
    if not out:
        raise PuzzleError(f"{what}: no line")
    for line in out:
        if len(line) < least:
            raise PuzzleError(f"{what}: the line {_names(n, line)} has fewer than {least} cells")
    return out


@register_constraint
@dataclass(frozen=True)
class Arrow(Constraint):
    """The digits on each shaft add up to the circle's number.

    Parameters
    ----------
    n : int
        Board side; digits run ``1..n``.
    circle : sequence of int
        The circle's cells, 1 to 3 (2 or 3: a pill, its digits written one after the other in this order).
    shafts : sequence of sequences of int
        The arrows' cells, each from the circle outwards, none in the circle.
    """

    type = "arrow"
    fpuzzles_keys = ("arrow",)
    n: int
    circle: tuple[int, ...]
    shafts: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        n = check_board("arrow", self.n)
        circle = check_cells("arrow", n, self.circle)
        if not 1 <= len(circle) <= 3:
            raise PuzzleError(f"arrow: the circle has {len(circle)} cells (1 to 3)")
        shafts = _lines("arrow", n, self.shafts, 1)
        for shaft in shafts:
            both = set(shaft) & set(circle)
            if both:
                raise PuzzleError(f"arrow: {cell_name(n, min(both))} is in both the circle and a shaft")
            lo, hi = len(shaft), len(shaft) * n
            clo = int("1" * len(circle))
            chi = int(str(n) * len(circle))
            if hi < clo or lo > chi:
                raise PuzzleError(f"arrow {_names(n, circle)}: no digits make the shaft {_names(n, shaft)} "
                                  f"({lo}..{hi}) equal the circle ({clo}..{chi})")
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "shafts", shafts)

    def cells(self) -> tuple[int, ...]:
        """The circle's and the shafts' cells, ascending."""
        return tuple(sorted(set(self.circle).union(*self.shafts)))

    def _number(self, values: Sequence[int]) -> int:
        return int("".join(str(values[c]) for c in self.circle))

    def problems(self, values: Sequence[int]) -> list[str]:
        """Each shaft whose digits do not add up to the circle's number."""
        want = self._number(values)
        out = []
        for shaft in self.shafts:
            s = sum(values[c] for c in shaft)
            if s != want:
                out.append(f"adds up to {s} on the arrow {_names(self.n, shaft)}, "
                           f"not {want} as in its circle {_names(self.n, self.circle)}")
        return out

    def _terms(self, lit: Lit, shaft: Sequence[int]) -> list:
        n, m = self.n, len(self.circle)
        if n <= 9 or m == 1:  # decimal places: one term per circle cell
            terms = [cell_term(lit, c, n, -10 ** (m - 1 - i)) for i, c in enumerate(self.circle)]
        else:  # digits of two places: the pill is one term, an option per assignment of its cells
            terms = [[(tuple(lit(c, d) for c, d in zip(self.circle, ds)), -int("".join(map(str, ds))))
                      for ds in product(range(1, n + 1), repeat=m)]]
        return terms + [cell_term(lit, c, n) for c in shaft]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per shaft, ``shaft - circle = 0`` as a sum (:func:`.sums.sum_cnf`)."""
        new_var = need_new_var("arrow", new_var)
        out: list[list[int]] = []
        for shaft in self.shafts:
            out += sum_cnf(self._terms(lit, shaft), 0, 0, new_var) or [[-lit(self.circle[0], 1)], [lit(self.circle[0], 1)]]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Per shaft, the linear equality."""
        n, m = self.n, len(self.circle)
        if n <= 9 or m == 1:
            number = sum(10 ** (m - 1 - i) * cells[c] for i, c in enumerate(self.circle))
        else:
            number = model.NewIntVar(int("1" * m), int(str(n) * m), "pill")
            model.AddAllowedAssignments([cells[c] for c in self.circle] + [number],
                                        [(*ds, int("".join(map(str, ds)))) for ds in product(range(1, n + 1), repeat=m)])
        for shaft in self.shafts:
            model.Add(sum(cells[c] for c in shaft) == number)

    def to_json(self) -> dict:
        """``{"type": "arrow", "circle": [...], "shafts": [[...], ...]}``."""
        return {"type": self.type, "circle": list(self.circle), "shafts": [list(s) for s in self.shafts]}

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "Arrow":
        """From ``{"type": "arrow", "circle": [...], "shafts": [[...], ...]}``."""
        unknown = sorted(set(obj) - {"type", "circle", "shafts"})
        if unknown:
            raise ParseError(f"arrow: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("circle"), list) or not isinstance(obj.get("shafts"), list):
            raise ParseError('arrow: needs "circle" (a list of cells) and "shafts" (a list of lists of cells)')
        return cls(n, tuple(obj["circle"]), tuple(tuple(s) if isinstance(s, list) else s for s in obj["shafts"]))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "Arrow":
        """From ``{"cells": [circle...], "lines": [[from the circle, shaft...], ...]}``: the
        line's cells in the circle are left out of its shaft."""
        circle = fpuzzles_cells(key, item, n)
        lines = fpuzzles_lines(key, item, n)
        return cls(n, tuple(circle), tuple(tuple(c for c in line if c not in circle) for line in lines))

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``("arrow", {"cells": [...], "lines": [[circle cell, shaft...], ...]})``: each line
        starts in the circle cell next to its shaft."""
        n = self.n

        def start(shaft: Sequence[int]) -> int:
            r, c = divmod(shaft[0], n)
            return min(self.circle, key=lambda k: max(abs(k // n - r), abs(k % n - c)))

        lines = [[fpuzzles_name(n, start(s))] + [fpuzzles_name(n, c) for c in s] for s in self.shafts]
        return "arrow", {"cells": [fpuzzles_name(n, c) for c in self.circle], "lines": lines}

    def svg(self, frame: Any) -> list[str]:
        """A circle (or a pill of circles) and a line along each shaft."""
        s = frame.s
        out = [f'<circle class="arrow-circle" cx="{x:g}" cy="{y:g}" r="{s * 0.4:g}" fill="none" stroke="#777777" '
               f'stroke-width="{s * 0.04:g}"/>' for x, y in map(frame.centre, self.circle)]
        for shaft in self.shafts:
            out.append(frame.polyline(list(self.circle[:1]) + list(shaft), "arrow"))
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4: a circle with two shafts, a circle with one; a pill; a 3x3 arrow."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (3,), ((2, 0), (7, 11))), (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 2, 4, 3, 2, 1), grid),
            Example(cls(4, (0,), ((5, 10),)), (4,) + grid[1:5] + (2,) + grid[6:10] + (2,) + grid[11:], grid),
            Example(cls(4, (0, 1), ((4, 8, 12),)), (1, 2) + grid[2:4] + (4,) * 12, grid),
            Example(cls(3, (4,), ((0, 8),)), (1, 1, 1, 1, 3, 1, 1, 1, 2), (1,) * 9),
        ]

    def describe(self) -> str:
        """``arrow r1c1 <- r2c2 r3c3``."""
        return f"arrow {_names(self.n, self.circle)} <- " + " | ".join(_names(self.n, s) for s in self.shafts)


@register_constraint
@dataclass(frozen=True)
class DoubleArrow(Constraint):
    """On each line, the two end cells (circles) add up to the digits between them.

    Parameters
    ----------
    n : int
        Board side; digits run ``1..n``.
    lines : sequence of sequences of int
        Lines of three cells or more, end to end.
    """

    type = "doublearrow"
    fpuzzles_keys = ("doublearrow",)
    n: int
    lines: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        n = check_board("doublearrow", self.n)
        lines = _lines("doublearrow", n, self.lines, 3)
        for line in lines:
            k = len(line) - 2
            if k > 2 * n or 2 > k * n:
                raise PuzzleError(f"doublearrow {_names(n, line)}: no digits make the ends ({2}..{2 * n}) "
                                  f"equal the middle ({k}..{k * n})")
        object.__setattr__(self, "lines", lines)

    def cells(self) -> tuple[int, ...]:
        """The lines' cells, ascending."""
        return tuple(sorted(set().union(*self.lines)))

    def problems(self, values: Sequence[int]) -> list[str]:
        """Each line whose ends do not add up to its middle."""
        out = []
        for line in self.lines:
            ends, mid = values[line[0]] + values[line[-1]], sum(values[c] for c in line[1:-1])
            if ends != mid:
                out.append(f"has ends adding up to {ends} on the double arrow {_names(self.n, line)}, "
                           f"and {mid} between them")
        return out

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per line, ``middle - ends = 0`` as a sum."""
        new_var = need_new_var("doublearrow", new_var)
        n, out = self.n, []
        for line in self.lines:
            terms = [cell_term(lit, line[0], n, -1), cell_term(lit, line[-1], n, -1)]
            terms += [cell_term(lit, c, n) for c in line[1:-1]]
            out += sum_cnf(terms, 0, 0, new_var) or [[-lit(line[0], 1)], [lit(line[0], 1)]]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Per line, the linear equality."""
        for line in self.lines:
            model.Add(cells[line[0]] + cells[line[-1]] == sum(cells[c] for c in line[1:-1]))

    def to_json(self) -> dict:
        """``{"type": "doublearrow", "lines": [[...], ...]}``."""
        return {"type": self.type, "lines": [list(x) for x in self.lines]}

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "DoubleArrow":
        """From ``{"type": "doublearrow", "lines": [[...], ...]}``."""
        unknown = sorted(set(obj) - {"type", "lines"})
        if unknown:
            raise ParseError(f"doublearrow: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("lines"), list):
            raise ParseError('doublearrow: "lines" must be a list of lists of cells')
        return cls(n, tuple(tuple(x) if isinstance(x, list) else x for x in obj["lines"]))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "DoubleArrow":
        """From ``{"lines": [["R1C1", ...], ...]}``."""
        return cls(n, tuple(tuple(line) for line in fpuzzles_lines(key, item, n)))

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``("doublearrow", {"lines": [...]})``."""
        return "doublearrow", {"lines": [[fpuzzles_name(self.n, c) for c in line] for line in self.lines]}

    def svg(self, frame: Any) -> list[str]:
        """A circle at each end and a line between."""
        s, out = frame.s, []
        for line in self.lines:
            out += [f'<circle class="doublearrow-circle" cx="{x:g}" cy="{y:g}" r="{s * 0.4:g}" fill="none" '
                    f'stroke="#777777" stroke-width="{s * 0.04:g}"/>' for x, y in map(frame.centre, (line[0], line[-1]))]
            out.append(frame.polyline(line, "doublearrow"))
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """A 4x4 line of four cells, one of three; a 3x3 line."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, ((0, 1, 2, 6),)), grid[:6] + (4,) + grid[7:], grid),
            Example(cls(4, ((4, 8, 12),)), (1, 2, 3, 4, 1, 4, 1, 2, 2, 1, 4, 3, 1, 3, 2, 1), grid),
            Example(cls(3, ((0, 4, 8),)), (1, 1, 1, 1, 3, 1, 1, 1, 2), (1,) * 9),
        ]

    def describe(self) -> str:
        """``doublearrow r1c1 r1c2 r1c3``."""
        return "doublearrow " + " | ".join(_names(self.n, x) for x in self.lines)
