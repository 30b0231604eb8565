"""Lines: ``thermometer``, ``slowthermometer``, ``whispers``, ``renban``, ``palindrome`` and
``betweenline`` (``entropicline`` and ``modularline``: :mod:`gridsat.constraints.grouplines`).

One constraint is one element of the f-puzzles list, ``{"lines": [[cells], ...]}``: one or
more lines (a thermometer's branches share its bulb), each keeping the rule on its own.
A line lists distinct cells in order.

* ``thermometer``: digits increase from the bulb (the first cell); ``slowthermometer``:
  they never decrease.
* ``whispers``: neighbours on the line differ by at least ``value`` (default ``(n + 1) // 2``:
  5 on a 9x9 board).
* ``renban``: the digits are a set of consecutive digits, in any order, none repeated.
* ``palindrome``: the line reads the same from both ends.
* ``betweenline``: the digits between the two ends lie strictly between the ends' digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from ..errors import ParseError, PuzzleError
from .base import Example, register_constraint
from .sums import need_new_var
from .local import (Amo, Lit, LocalRule, NewVar, board, check_line, check_value, fp_cells, fp_name, item_dict, names,
                    pair_cnf, pair_table)

__all__ = ["Lines", "Thermometer", "SlowThermometer", "Whispers", "Renban", "Palindrome", "BetweenLine"]

_G = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # a 4x4 Sudoku grid the examples start from
_COLOURS = {"thermometer": "#b0b0b0", "slowthermometer": "#c8c8c8", "whispers": "#5fd35f", "renban": "#d07ff0",
            "palindrome": "#a0a0a0", "betweenline": "#9ab0d0", "entropicline": "#f0a040", "modularline": "#40c0c0"}


def _with(grid: Sequence[int], **changes: int) -> tuple[int, ...]:
    out = list(grid)
    for k, v in changes.items():
        out[int(k[1:])] = v
    return tuple(out)


class Lines(LocalRule):
    """One or more lines keeping the same rule, each on its own."""

    #: the fewest cells a line has
    _shortest: ClassVar[int] = 1

    def _check_lines(self) -> int:
        n = board(self.type, self.n)
        ls = self.lines
        if isinstance(ls, (str, bytes)) or not hasattr(ls, "__iter__"):
            raise PuzzleError(f"{self.type}: lines must be a list of lines (lists of cells), got {ls!r}")
        ls = tuple(check_line(self.type, n, line, self._shortest) for line in ls)
        if not ls:
            raise PuzzleError(f"{self.type}: no line")
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "lines", ls)
        return n

    def __post_init__(self) -> None:
        self._check_lines()

    def cells(self) -> tuple[int, ...]:
        """The cells of every line, ascending."""
        return tuple(sorted({c for line in self.lines for c in line}))

    # a line's rule as pairs of cells and a relation on their digits (most types)
    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """``(a, b, ok)``: the line keeps its rule when ``ok(digit of a, digit of b)`` for each."""
        raise NotImplementedError

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """What is wrong on one line (plain Python, apart from the encodings)."""
        raise NotImplementedError

    def problems(self, values: Sequence[int]) -> list[str]:
        """What is wrong on each line: ``has 3 4 2 on the thermometer r1c1 r1c2 r1c3, not increasing``."""
        return [p for line in self.lines for p in self.line_problems(line, values)]

    def _on(self, line: tuple[int, ...], values: Sequence[int]) -> str:
        return " ".join(str(values[c]) for c in line) + f" on the {self.type} {names(self.n, line)}"

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """The clauses of each pair of :meth:`line_pairs` (:func:`gridsat.constraints.local.pair_cnf`)."""
        out: list[list[int]] = []
        for line in self.lines:
            for a, b, ok in self.line_pairs(line):
                out += pair_cnf(lit, self.n, a, b, ok)
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """A table of allowed digits per pair of :meth:`line_pairs`."""
        for line in self.lines:
            for a, b, ok in self.line_pairs(line):
                pair_table(model, cells, self.n, a, b, ok)

    def svg(self, frame: Any) -> list[str]:
        """A thick translucent line through the cells of each line."""
        colour = _COLOURS.get(self.type, "#a0a0a0")
        return [_stroke(frame, line, self.type, colour) for line in self.lines]

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        d = item_dict(item, ("lines", "value"), ("lines",))
        if not isinstance(d["lines"], list):
            raise ParseError('"lines" must be a list of lists of cell names')
        lines = tuple(tuple(fp_cells(line, n, "a line")) for line in d["lines"])
        return cls._make(n, lines, d.get("value"))

    @classmethod
    def _make(cls, n: int, lines: tuple, value: Any) -> "LocalRule":
        return cls(n, lines)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``(key, {"lines": [[cell names], ...]})``."""
        return self.fpuzzles_keys[0], {"lines": [[fp_name(c, self.n) for c in line] for line in self.lines]}


def _stroke(frame: Any, cells: Sequence[int], cls: str, colour: str, width: float = 0.25) -> str:
    pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in map(frame.centre, cells))
    if len(cells) == 1:
        pts += " " + pts
    return (f'<polyline class="{cls}" points="{pts}" fill="none" stroke="{colour}" stroke-opacity="0.7" '
            f'stroke-width="{frame.s * width:.2f}" stroke-linecap="round" stroke-linejoin="round"/>')


def _steps(line: tuple[int, ...]) -> list[tuple[int, int]]:
    return list(zip(line, line[1:]))


@register_constraint
@dataclass(frozen=True)
class Thermometer(Lines):
    """Digits increase along each line from its bulb (the first cell).

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines, bulb first; at most ``n`` cells each.
    """

    type = "thermometer"
    fpuzzles_keys = ("thermometer",)
    n: int
    lines: tuple

    #: The CNF form of a step: ``"support"`` (each digit of a cell allows only higher digits
    #: of the next, :func:`gridsat.constraints.local.pair_cnf`) or ``"order"`` (an order
    #: variable "digit >= v" per cell and digit, one binary clause per step and digit).
    #: The default is the support form, by measurement (``benchmarks/variants.py
    #: --encodings``, medians of 3 alternating runs): on the collection's thermometer puzzles
    #: the two take 259 ms and 236 ms in all (6x6, two 9x9, 16x16), a difference within the
    #: noise of a shared machine, and the support clauses need no auxiliary variables.
    cnf_form: ClassVar[str] = "support"

    def __post_init__(self) -> None:
        n = self._check_lines()
        for line in self.lines:
            if len(line) > n:
                raise PuzzleError(f"thermometer: {len(line)} cells from {names(n, line[:1])} cannot increase "
                                  f"within 1..{n}")

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Each step: the later digit is higher."""
        return [(a, b, lambda u, v: u < v) for a, b in _steps(line)]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 1 3 2 on the thermometer ..., not increasing``."""
        if all(values[a] < values[b] for a, b in _steps(line)):
            return []
        return [f"has {self._on(line, values)}, not increasing"]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Each step's support clauses, and the room each cell has: cell ``i`` of a line of
        ``L`` holds ``i + 1 .. n - (L - 1 - i)`` (unit clauses). With :attr:`cnf_form`
        ``"order"``, the steps are order clauses instead of the support clauses."""
        n = self.n
        out = super().cnf(lit) if self.cnf_form != "order" else self._order_cnf(lit, need_new_var(self.type, new_var))
        for line in self.lines:
            L = len(line)
            for i, c in enumerate(line):
                out += [[-lit(c, v)] for v in range(1, n + 1) if not i + 1 <= v <= n - (L - 1 - i)]
        return out

    def _order_cnf(self, lit: Lit, new_var: NewVar) -> list[list[int]]:
        """``ge[c][v]`` (cell ``c`` holds ``v`` or more, ``2 <= v <= n``) defined by the cell's
        digits, and ``ge[a][v] -> ge[b][v + 1]`` per step ``a -> b``."""
        n, out = self.n, []
        ge: dict[int, dict[int, int]] = {}

        def order(c: int) -> dict[int, int]:
            if c not in ge:
                g = ge[c] = {v: new_var() for v in range(2, n + 1)}
                out.append([g[2], lit(c, 1)])                       # below 2: the digit is 1
                for v in range(2, n + 1):
                    out.append([-lit(c, v), g[v]])
                    if v < n:
                        out.append([-g[v + 1], g[v]])
                        out.append([-lit(c, v), -g[v + 1]])
                        out.append([-g[v], g[v + 1], lit(c, v)])
                    else:
                        out.append([-g[v], lit(c, v)])
            return ge[c]

        for line in self.lines:
            for a, b in _steps(line):
                ga, gb = order(a), order(b)
                out.append([gb[2]])                                 # b is above a digit
                out += [[-ga[v], gb[v + 1]] for v in range(2, n)]
                out.append([-ga[n]])                                # nothing is above n
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``a < b`` per step."""
        for line in self.lines:
            for a, b in _steps(line):
                model.Add(cells[a] < cells[b])

    def svg(self, frame: Any) -> list[str]:
        """A grey tube with a round bulb."""
        out = []
        for line in self.lines:
            x, y = frame.centre(line[0])
            out.append(f'<circle class="thermometer" cx="{x:.2f}" cy="{y:.2f}" r="{frame.s * 0.35:.2f}" '
                       f'fill="{_COLOURS[self.type]}" fill-opacity="0.7"/>')
            out.append(_stroke(frame, line, self.type, _COLOURS[self.type]))
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """A straight thermometer and a branching one on 4x4 boards."""
        return [Example(cls(4, ((0, 1, 2),)), _G, _with(_G, c2=1)),
                Example(cls(4, ((0, 1), (0, 4))), _G, _with(_G, c0=3))]


@register_constraint
@dataclass(frozen=True)
class SlowThermometer(Lines):
    """Digits never decrease along each line from its bulb (the first cell).

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines, bulb first.
    """

    type = "slowthermometer"
    fpuzzles_keys = ("slowthermometer",)
    n: int
    lines: tuple

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Each step: the later digit is not lower."""
        return [(a, b, lambda u, v: u <= v) for a, b in _steps(line)]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 2 1 on the slowthermometer ..., decreasing``."""
        if all(values[a] <= values[b] for a, b in _steps(line)):
            return []
        return [f"has {self._on(line, values)}, decreasing"]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``a <= b`` per step."""
        for line in self.lines:
            for a, b in _steps(line):
                model.Add(cells[a] <= cells[b])

    def svg(self, frame: Any) -> list[str]:
        """A light grey tube with a hollow bulb."""
        out = []
        for line in self.lines:
            x, y = frame.centre(line[0])
            out.append(f'<circle class="slowthermometer" cx="{x:.2f}" cy="{y:.2f}" r="{frame.s * 0.35:.2f}" '
                       f'fill="#ffffff" stroke="{_COLOURS[self.type]}" stroke-width="{frame.s * 0.08:.2f}"/>')
            out.append(_stroke(frame, line, self.type, _COLOURS[self.type]))
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """A row of a 4x4 board."""
        return [Example(cls(4, ((0, 1, 2, 3),)), (1, 1, 2, 2) + (1,) * 12, _with(_G, c3=1))]


@register_constraint
@dataclass(frozen=True)
class Whispers(Lines):
    """Neighbours on each line differ by at least ``value``.

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines, at least 2 cells each.
    value : int, optional
        The least difference, ``1..n-1`` (default ``(n + 1) // 2``: 5 on 9x9, German whispers).
    """

    type = "whispers"
    fpuzzles_keys = ("whispers",)
    _shortest = 2
    n: int
    lines: tuple
    value: int | None = None

    def __post_init__(self) -> None:
        n = self._check_lines()
        value = (n + 1) // 2 if self.value is None else self.value
        object.__setattr__(self, "value", check_value("whispers", "value", value, 1, max(1, n - 1)))
        if n < 2:
            raise PuzzleError("whispers: a 1x1 board has no two digits to differ")

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Each step: the digits differ by at least ``value``."""
        d = self.value
        return [(a, b, lambda u, v: abs(u - v) >= d) for a, b in _steps(line)]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 3 5 on the whispers ..., neighbours closer than 5``."""
        if all(abs(values[a] - values[b]) >= self.value for a, b in _steps(line)):
            return []
        return [f"has {self._on(line, values)}, neighbours closer than {self.value}"]

    def to_json(self) -> dict:
        """``{"type": "whispers", "lines": [...], "value": 5}``."""
        return {"type": self.type, "lines": [list(line) for line in self.lines], "value": self.value}

    @classmethod
    def _make(cls, n: int, lines: tuple, value: Any) -> "Whispers":
        return cls(n, lines, None if value in (None, "") else value)

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("whispers", {"lines": [...], "value"?: "4"})``, the value when not the default."""
        key, item = super().to_fpuzzles()
        if self.value != (self.n + 1) // 2:
            item["value"] = str(self.value)  # type: ignore[index]
        return key, item

    @classmethod
    def examples(cls) -> list[Example]:
        """A whisper of 2 (the 4x4 default) and one of 3."""
        return [Example(cls(4, ((0, 1, 2),)), (1, 3, 1) + (1,) * 13, _G),
                Example(cls(4, ((0, 4),), 3), (1, 1, 1, 1, 4) + (1,) * 11, _G)]


@register_constraint
@dataclass(frozen=True)
class Renban(Lines):
    """Each line holds a set of consecutive digits, in any order, none repeated.

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines; at most ``n`` cells each.
    """

    type = "renban"
    fpuzzles_keys = ("renban",)
    n: int
    lines: tuple

    def __post_init__(self) -> None:
        n = self._check_lines()
        for line in self.lines:
            if len(line) > n:
                raise PuzzleError(f"renban: {len(line)} cells from {names(n, line[:1])} cannot hold different "
                                  f"digits 1..{n}")

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Every two cells of the line: different digits at most ``len(line) - 1`` apart (so
        the ``L`` different digits span ``L`` values: consecutive)."""
        span = len(line) - 1
        return [(a, b, lambda u, v: u != v and abs(u - v) <= span)
                for i, a in enumerate(line) for b in line[i + 1:]]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 1 2 4 on the renban ..., not consecutive digits once each``."""
        ds = sorted(values[c] for c in line)
        if ds == list(range(ds[0], ds[0] + len(ds))):
            return []
        return [f"has {self._on(line, values)}, not consecutive digits once each"]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``AddAllDifferent`` and ``max - min == len - 1`` per line."""
        for line in self.lines:
            if len(line) < 2:
                continue
            xs = [cells[c] for c in line]
            lo, hi = model.NewIntVar(1, self.n, ""), model.NewIntVar(1, self.n, "")
            model.AddMinEquality(lo, xs)
            model.AddMaxEquality(hi, xs)
            model.AddAllDifferent(xs)
            model.Add(hi - lo == len(line) - 1)

    @classmethod
    def examples(cls) -> list[Example]:
        """A 2x2 block and three cells of a 4x4 board."""
        return [Example(cls(4, ((0, 1, 5, 4),)), _G, _with(_G, c5=1)),
                Example(cls(4, ((0, 1, 2),)), _G, _with(_G, c2=4))]


@register_constraint
@dataclass(frozen=True)
class Palindrome(Lines):
    """Each line reads the same from both ends.

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines.
    """

    type = "palindrome"
    fpuzzles_keys = ("palindrome",)
    n: int
    lines: tuple

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Cell ``i`` and cell ``L - 1 - i`` hold the same digit."""
        return [(line[i], line[-1 - i], lambda u, v: u == v) for i in range(len(line) // 2)]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 1 2 3 on the palindrome ..., not the same both ways``."""
        ds = [values[c] for c in line]
        return [] if ds == ds[::-1] else [f"has {self._on(line, values)}, not the same both ways"]

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """``a = v`` if and only if ``b = v`` per mirrored pair and digit."""
        out: list[list[int]] = []
        for line in self.lines:
            for a, b, _ in self.line_pairs(line):
                for v in range(1, self.n + 1):
                    out += [[-lit(a, v), lit(b, v)], [lit(a, v), -lit(b, v)]]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``a == b`` per mirrored pair."""
        for line in self.lines:
            for a, b, _ in self.line_pairs(line):
                model.Add(cells[a] == cells[b])

    @classmethod
    def examples(cls) -> list[Example]:
        """A row and an L of a 4x4 board."""
        return [Example(cls(4, ((0, 1, 2, 3),)), (1, 2, 2, 1) + (1,) * 12, _G),
                Example(cls(4, ((0, 4, 5),)), _with(_G, c5=1), _G)]


@register_constraint
@dataclass(frozen=True)
class BetweenLine(Lines):
    """The digits strictly inside each line lie strictly between the digits at its two ends.

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequence of int
        The lines, ends first and last; at least 2 cells each (with 2, no cell is between).
    """

    type = "betweenline"
    fpuzzles_keys = ("betweenline",)
    _shortest = 2
    n: int
    lines: tuple

    def __post_init__(self) -> None:
        n = self._check_lines()
        for line in self.lines:
            if len(line) > 2 and n < 3:
                raise PuzzleError(f"betweenline: on a {n}x{n} board no digit lies between two others")

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 1 4 3 on the betweenline ..., 4 not between the ends``."""
        lo, hi = sorted((values[line[0]], values[line[-1]]))
        out = [f"has {self._on(line, values)}, {values[c]} at {names(self.n, (c,))} not between the ends"
               for c in line[1:-1] if not lo < values[c] < hi]
        return out

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per inner cell ``m`` holding ``w``: neither end holds ``w``; one end below ``w``
        puts the other above, one above puts the other below."""
        n, out = self.n, []
        for line in self.lines:
            a, b = line[0], line[-1]
            for m in line[1:-1]:
                for w in range(1, n + 1):
                    out += [[-lit(m, w), -lit(a, w)], [-lit(m, w), -lit(b, w)]]
                    for x, y in ((a, b), (b, a)):
                        above = [lit(y, v) for v in range(w + 1, n + 1)]
                        below = [lit(y, v) for v in range(1, w)]
                        out += [[-lit(m, w), -lit(x, u)] + above for u in range(1, w)]
                        out += [[-lit(m, w), -lit(x, u)] + below for u in range(w + 1, n + 1)]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``min(ends) < m < max(ends)`` per inner cell."""
        for line in self.lines:
            if len(line) < 3:
                continue
            ends = [cells[line[0]], cells[line[-1]]]
            lo, hi = model.NewIntVar(1, self.n, ""), model.NewIntVar(1, self.n, "")
            model.AddMinEquality(lo, ends)
            model.AddMaxEquality(hi, ends)
            for m in line[1:-1]:
                model.Add(cells[m] > lo)
                model.Add(cells[m] < hi)

    def svg(self, frame: Any) -> list[str]:
        """A line with a circle at each end."""
        out = []
        for line in self.lines:
            out.append(_stroke(frame, line, self.type, _COLOURS[self.type], 0.08))
            for c in (line[0], line[-1]):
                x, y = frame.centre(c)
                out.append(f'<circle class="betweenline" cx="{x:.2f}" cy="{y:.2f}" r="{frame.s * 0.4:.2f}" '
                           f'fill="#ffffff" fill-opacity="0.6" stroke="{_COLOURS[self.type]}" '
                           f'stroke-width="{frame.s * 0.05:.2f}"/>')
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """Three cells of a row and a whole row read backwards, on 4x4 boards."""
        return [Example(cls(4, ((0, 1, 2),)), _G, _with(_G, c1=4)),
                Example(cls(4, ((3, 2, 1, 0),)), (4, 3, 2, 1) + _G[4:], _with(_G, c2=4))]
