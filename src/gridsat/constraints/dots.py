"""Marks between two side-by-side cells: ``difference`` (white dot), ``ratio`` (black dot) and
``xv`` (an X or a V on the edge).

* ``difference``: the two digits differ by exactly ``value`` (f-puzzles' default 1: consecutive).
* ``ratio``: one digit is ``value`` times the other (default 2).
* ``xv``: the two digits sum to ``total``: 10 for an X, 5 for a V.

What the marks say about the pairs *without* a mark (nonconsecutive, the ``negative`` list)
is the type ``negative`` (:mod:`gridsat.constraints.negative`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError
from .base import Example, register_constraint
from .local import (Amo, Lit, LocalRule, NewVar, adjacent, board, check_cells, check_value, fp_cells, fp_name,
                    item_dict, names, pair_cnf, pair_table)

__all__ = ["Difference", "Ratio", "XV", "difference_ok", "ratio_ok", "sum_ok"]

_G = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # a 4x4 Sudoku grid the examples start from


def difference_ok(value: int) -> Callable[[int, int], bool]:
    """``(u, v) -> |u - v| == value``."""
    return lambda u, v: abs(u - v) == value


def ratio_ok(value: int) -> Callable[[int, int], bool]:
    """``(u, v) -> u == value * v or v == value * u``."""
    return lambda u, v: u == value * v or v == value * u


def sum_ok(value: int) -> Callable[[int, int], bool]:
    """``(u, v) -> u + v == value``."""
    return lambda u, v: u + v == value


def _with(grid: Sequence[int], **changes: int) -> tuple[int, ...]:
    out = list(grid)
    for k, v in changes.items():
        out[int(k[1:])] = v
    return tuple(out)


class _Mark(LocalRule):
    """Two side-by-side cells and a number on the edge between them."""

    #: the JSON and field name of the number
    _number: ClassVar[str] = "value"
    #: what the messages call the relation
    _says: ClassVar[str] = ""

    def _check(self, lo: int, hi: int) -> None:
        n = board(self.type, self.n)
        cells = check_cells(self.type, n, self.pair)
        if len(cells) != 2:
            raise PuzzleError(f"{self.type}: a mark joins 2 cells, got {len(cells)}")
        if not adjacent(n, *cells):
            raise PuzzleError(f"{self.type}: {names(n, cells)} are not side by side")
        number = check_value(self.type, self._number, getattr(self, self._number), lo, hi)
        object.__setattr__(self, "pair", tuple(sorted(cells)))
        object.__setattr__(self, self._number, number)

    def ok(self) -> Callable[[int, int], bool]:
        """The relation the two digits keep."""
        raise NotImplementedError

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 1 and 3 at r1c1 r1c2, which differ by other than 1``."""
        a, b = self.pair
        u, v = values[a], values[b]
        number = getattr(self, self._number)
        if self._holds(u, v, number):
            return []
        return [f"has {u} and {v} at {names(self.n, self.pair)}, {self._says.format(number)}"]

    @staticmethod
    def _holds(u: int, v: int, number: int) -> bool:
        raise NotImplementedError

    def cells(self) -> tuple[int, ...]:
        """The two cells, ascending."""
        return tuple(sorted(self.pair))

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Support clauses both ways (:func:`gridsat.constraints.local.pair_cnf`)."""
        return pair_cnf(lit, self.n, *self.pair, self.ok())

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """A table of the allowed pairs of digits."""
        pair_table(model, cells, self.n, *self.pair, self.ok())

    def _svg_mark(self, frame: Any, fill: str, label: str) -> list[str]:
        (xa, ya), (xb, yb) = frame.centre(self.pair[0]), frame.centre(self.pair[1])
        x, y, r = (xa + xb) / 2, (ya + yb) / 2, frame.s * 0.13
        out = [f'<circle class="{self.type}" cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" fill="{fill}" '
               f'stroke="#000000" stroke-width="{frame.s * 0.025:.2f}"/>']
        if label:
            colour = "#ffffff" if fill != "#ffffff" else "#000000"
            out.append(f'<text class="{self.type}" x="{x:.2f}" y="{y + r * 0.45:.2f}" font-size="{r * 1.3:.2f}" '
                       f'text-anchor="middle" fill="{colour}">{label}</text>')
        return out


@register_constraint
@dataclass(frozen=True)
class Difference(_Mark):
    """A white dot: the digits of two side-by-side cells differ by ``value``.

    Parameters
    ----------
    n : int
        Board side.
    pair : (int, int)
        The two cells (side by side).
    value : int
        The difference, ``1..n-1`` (f-puzzles' default 1).
    """

    type = "difference"
    fpuzzles_keys = ("difference",)
    _says = "which differ by other than {}"
    n: int
    pair: tuple
    value: int = 1

    def __post_init__(self) -> None:
        self._check(1, self.n - 1 if isinstance(self.n, int) else 0)

    @staticmethod
    def _holds(u: int, v: int, number: int) -> bool:
        return abs(u - v) == number

    def ok(self) -> Callable[[int, int], bool]:
        """``|u - v| == value``."""
        return difference_ok(self.value)

    def svg(self, frame: Any) -> list[str]:
        """A white dot on the edge, with its value when not 1."""
        return self._svg_mark(frame, "#ffffff", "" if self.value == 1 else str(self.value))

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "Difference":
        d = item_dict(item, ("cells", "value"), ("cells",))
        value = d.get("value") or 1
        return cls(n, tuple(fp_cells(d["cells"], n, "cells")), value)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("difference", {"cells": [...], "value"?: "2"})``."""
        item: dict = {"cells": [fp_name(c, self.n) for c in self.pair]}
        if self.value != 1:
            item["value"] = str(self.value)
        return "difference", item

    @classmethod
    def examples(cls) -> list[Example]:
        """A consecutive pair and a difference of 2 on 4x4 boards."""
        return [Example(cls(4, (0, 1)), _G, _with(_G, c1=3)),
                Example(cls(4, (4, 8), 1), _G, _with(_G, c8=1)),
                Example(cls(4, (2, 6), 2), _G, _G[:2] + (4,) + _G[3:])]


@register_constraint
@dataclass(frozen=True)
class Ratio(_Mark):
    """A black dot: one digit of two side-by-side cells is ``value`` times the other.

    Parameters
    ----------
    n : int
        Board side.
    pair : (int, int)
        The two cells (side by side).
    value : int
        The ratio, ``2..n`` (f-puzzles' default 2).
    """

    type = "ratio"
    fpuzzles_keys = ("ratio",)
    _says = "neither of which is {} times the other"
    n: int
    pair: tuple
    value: int = 2

    def __post_init__(self) -> None:
        self._check(2, self.n if isinstance(self.n, int) else 0)

    @staticmethod
    def _holds(u: int, v: int, number: int) -> bool:
        return u == number * v or v == number * u

    def ok(self) -> Callable[[int, int], bool]:
        """``u == value * v or v == value * u``."""
        return ratio_ok(self.value)

    def svg(self, frame: Any) -> list[str]:
        """A black dot on the edge, with its value when not 2."""
        return self._svg_mark(frame, "#000000", "" if self.value == 2 else str(self.value))

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "Ratio":
        d = item_dict(item, ("cells", "value"), ("cells",))
        value = d.get("value") or 2
        return cls(n, tuple(fp_cells(d["cells"], n, "cells")), value)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("ratio", {"cells": [...], "value"?: "3"})``."""
        item: dict = {"cells": [fp_name(c, self.n) for c in self.pair]}
        if self.value != 2:
            item["value"] = str(self.value)
        return "ratio", item

    @classmethod
    def examples(cls) -> list[Example]:
        """A 1:2 pair and a 1:3 pair on a 4x4 board."""
        g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [Example(cls(4, (0, 1)), g, _with(g, c1=3)),
                Example(cls(4, (2, 6), 3), g, _with(g, c6=2))]


@register_constraint
@dataclass(frozen=True)
class XV(_Mark):
    """An X or a V: the digits of two side-by-side cells sum to ``total`` (X: 10, V: 5).

    Parameters
    ----------
    n : int
        Board side.
    pair : (int, int)
        The two cells (side by side).
    total : int
        The sum, ``2..2n`` (f-puzzles writes only 5 and 10).
    """

    type = "xv"
    fpuzzles_keys = ("xv",)
    _number = "total"
    _says = "whose sum is not {}"
    n: int
    pair: tuple
    total: int

    def __post_init__(self) -> None:
        self._check(2, 2 * self.n if isinstance(self.n, int) else 0)

    @staticmethod
    def _holds(u: int, v: int, number: int) -> bool:
        return u + v == number

    def ok(self) -> Callable[[int, int], bool]:
        """``u + v == total``."""
        return sum_ok(self.total)

    def svg(self, frame: Any) -> list[str]:
        """The letter (X, V, or the total) on the edge."""
        (xa, ya), (xb, yb) = frame.centre(self.pair[0]), frame.centre(self.pair[1])
        x, y, fs = (xa + xb) / 2, (ya + yb) / 2, frame.s * 0.4
        label = {10: "X", 5: "V"}.get(self.total, str(self.total))
        return [f'<text class="xv" x="{x:.2f}" y="{y + fs * 0.36:.2f}" font-size="{fs:.2f}" text-anchor="middle" '
                f'font-weight="bold" fill="#000000" stroke="#ffffff" stroke-width="{fs * 0.1:.2f}" '
                f'paint-order="stroke">{label}</text>']

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "XV":
        d = item_dict(item, ("cells", "value"), ("cells", "value"))
        letter = d["value"]
        total = {"X": 10, "V": 5}.get(letter.strip().upper()) if isinstance(letter, str) else None
        if total is None:
            raise ParseError(f'"value" must be "X" or "V", got {str(letter)[:10]!r}')
        return cls(n, tuple(fp_cells(d["cells"], n, "cells")), total)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("xv", {"cells": [...], "value": "X"})``; f-puzzles has no other totals."""
        letter = {10: "X", 5: "V"}.get(self.total)
        if letter is None:
            raise UnsupportedError(f"xv: f-puzzles marks only sums of 5 (V) and 10 (X), not {self.total}")
        return "xv", {"cells": [fp_name(c, self.n) for c in self.pair], "value": letter}

    @classmethod
    def examples(cls) -> list[Example]:
        """A V on a 4x4 board (2 + 3), a sum of 4 across a column edge."""
        return [Example(cls(4, (1, 2), 5), _G, _with(_G, c2=4)),
                Example(cls(4, (0, 4), 4), _G, _with(_G, c4=2))]
