"""Clues outside the grid: ``littlekillersum``, ``sandwichsum``, ``xsum`` and ``skyscraper``.

A clue sits beside the board at ``(row, col)``, 0-based, where a row or column of ``-1`` or
``n`` is the frame (f-puzzles' ``R0C3`` is ``(-1, 2)``, ``R10C3`` on a 9x9 board is
``(9, 2)``). A little killer looks along a diagonal (``DR``, ``DL``, ``UR``, ``UL``) and
gives its sum (digits may repeat). The others look along the row or column they face, from
their side:

* ``sandwichsum``: the line holds 1 and ``n`` once each; the digits between them add up to
  the clue;
* ``xsum``: the first digit ``X`` seen; the first ``X`` digits add up to the clue;
* ``skyscraper``: the number of digits seen, each taller than every digit before it.

All four are sums in CNF (:mod:`.sums`) over auxiliaries the cells define.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, Sequence

from ..errors import ParseError, PuzzleError
from .base import (Amo, Constraint, Example, Lit, NewVar, cell_name, check_board, fpuzzles_cell, fpuzzles_name,
                   fpuzzles_number, pairwise_amo, register_constraint)
from .sums import cell_term, define_and, define_or, flag_term, gated_cell_term, need_new_var, sum_cnf

__all__ = ["LittleKillerSum", "SandwichSum", "XSum", "Skyscraper", "DIRECTIONS"]

#: the largest board whose sandwich clues get the redundant clauses on the digits between
#: and beside the crusts (:meth:`SandwichSum._crust_clauses`)
CRUST_DIGITS_N = 9
#: little killer directions: (row step, column step)
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def _where(n: int, clue: tuple[int, int]) -> str:
    return fpuzzles_name(n, clue)


@dataclass(frozen=True)
class _Outside(Constraint):
    """A clue beside the board at ``clue`` (0-based ``(row, col)``, frame rows/columns -1 and ``n``)."""

    #: the JSON and f-puzzles name of the clue's number
    value_key: ClassVar[str] = "sum"
    n: int
    clue: tuple[int, int]
    value: int

    def _check_clue(self, corners: bool) -> tuple[int, int]:
        n = check_board(self.type, self.n)
        clue = self.clue
        if not (isinstance(clue, tuple) and len(clue) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                   for x in clue)):
            raise PuzzleError(f"{self.type}: the clue must be a (row, col) pair, got {clue!r}")
        r, c = clue
        inside_r, inside_c = 0 <= r < n, 0 <= c < n
        beside = -1 <= r <= n and -1 <= c <= n and not (inside_r and inside_c)
        if not beside or (not corners and not (inside_r or inside_c)):
            raise PuzzleError(f"{self.type}: the clue at {r + 1},{c + 1} is not beside the {n}x{n} board"
                              + ("" if corners else " (facing a row or column)"))
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise PuzzleError(f"{self.type} {_where(n, clue)}: the clue must be an integer, got {self.value!r}")
        return r, c

    def line(self) -> tuple[int, ...]:
        """The cells the clue looks along, from the clue inwards."""
        n = self.n
        r, c = self.clue
        dr, dc = self._step()
        out = []
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            out.append(r * n + c)
            r, c = r + dr, c + dc
        return tuple(out)

    def _step(self) -> tuple[int, int]:
        r, c = self.clue
        n = self.n
        return (1, 0) if r == -1 else (-1, 0) if r == n else (0, 1) if c == -1 else (0, -1)

    def cells(self) -> tuple[int, ...]:
        """The cells of the clue's line, ascending."""
        return tuple(sorted(self.line()))

    def _names(self) -> str:
        return f"{self.type} {self.value} at {_where(self.n, self.clue)}"

    # ------------------------------------------------------------------ JSON, f-puzzles, drawing
    def _extra_json(self) -> dict:
        return {}

    def to_json(self) -> dict:
        """``{"type": ..., "clue": [row, col], <value key>: value}`` (0-based, frame -1 and n)."""
        return {"type": self.type, "clue": list(self.clue), self.value_key: self.value, **self._extra_json()}

    @classmethod
    def _make(cls, n: int, clue: tuple[int, int], value: Any, extra: dict) -> "_Outside":
        return cls(n, clue, value)

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "_Outside":
        """From ``{"type": ..., "clue": [row, col], <value key>: value, ...}``."""
        extra = set(cls._extra_keys())
        unknown = sorted(set(obj) - {"type", "clue", cls.value_key} - extra)
        if unknown:
            raise ParseError(f"{cls.type}: unknown key {unknown[0]!r}")
        clue = obj.get("clue")
        if not (isinstance(clue, list) and len(clue) == 2) or cls.value_key not in obj:
            raise ParseError(f'{cls.type}: needs "clue" ([row, col]) and "{cls.value_key}"')
        return cls._make(n, tuple(clue), obj[cls.value_key], {k: obj[k] for k in extra if k in obj})

    @classmethod
    def _extra_keys(cls) -> tuple[str, ...]:
        return ()

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "_Outside | None":
        """From ``{"cell": "R0C3", "value": "12"}`` (little killers add ``"direction"``);
        ``None`` for a clue drawn without a number, which states nothing."""
        if not isinstance(item, dict):
            raise ParseError(f"{key}: expected an object with \"cell\" and \"value\", got {item!r}")
        value = fpuzzles_number(key, item.get("value"), optional=True)
        if value is None:
            return None
        try:
            clue = fpuzzles_cell(item.get("cell"), n, outside=True)
        except ParseError as e:
            raise ParseError(f"{key}: {e.message}") from None
        return cls._make(n, clue, value, {k: item[k] for k in cls._extra_keys() if k in item})

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``(type, {"cell": "R0C3", "value": "12", ...})``."""
        return self.type, {"cell": _where(self.n, self.clue), "value": str(self.value), **self._extra_json()}

    def svg(self, frame: Any) -> list[str]:
        """The clue's number in the corner of the first cell it looks at, on the clue's side."""
        s = frame.s
        x, y = frame.centre(self.line()[0])
        dr, dc = self._step()
        tx, ty = x - dc * s * 0.28, y - dr * s * 0.28 + s * 0.09
        return [f'<text class="{self.type}" x="{tx:g}" y="{ty:g}" font-size="{s * 0.28:g}" text-anchor="middle" '
                f'fill="#222222">{self.value}</text>']

    def describe(self) -> str:
        """``sandwichsum 12 at R0C3``."""
        return self._names()


@register_constraint
@dataclass(frozen=True)
class LittleKillerSum(_Outside):
    """The digits along a diagonal from a clue beside the board add up to ``value``.

    Parameters
    ----------
    n : int
        Board side.
    clue : (int, int)
        The clue's 0-based ``(row, col)`` in the frame (``-1`` or ``n``), corners included.
    value : int
        The sum.
    direction : str
        ``"DR"``, ``"DL"``, ``"UR"`` or ``"UL"``: where the diagonal goes from the clue.
    """

    type = "littlekillersum"
    fpuzzles_keys = ("littlekillersum",)
    direction: str = "DR"

    def __post_init__(self) -> None:
        self._check_clue(corners=True)
        if self.direction not in DIRECTIONS:
            raise PuzzleError(f"littlekillersum at {_where(self.n, self.clue)}: direction {self.direction!r} is not "
                              f"one of {', '.join(DIRECTIONS)}")
        k = len(self.line())
        if k == 0:
            raise PuzzleError(f"littlekillersum at {_where(self.n, self.clue)}: the diagonal {self.direction} "
                              "misses the board")
        if not k <= self.value <= k * self.n:
            raise PuzzleError(f"{self._names()}: no digits can make it on {k} cells ({k}..{k * self.n})")

    def _step(self) -> tuple[int, int]:
        return DIRECTIONS[self.direction]

    @classmethod
    def _extra_keys(cls) -> tuple[str, ...]:
        return ("direction",)

    def _extra_json(self) -> dict:
        return {"direction": self.direction}

    @classmethod
    def _make(cls, n: int, clue: tuple[int, int], value: Any, extra: dict) -> "LittleKillerSum":
        return cls(n, clue, value, extra.get("direction", ""))

    def problems(self, values: Sequence[int]) -> list[str]:
        """The diagonal's sum, when wrong."""
        s = sum(values[c] for c in self.line())
        return [] if s == self.value else [f"adds up to {s} along the {self._names()}"]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """The sum of the diagonal's cells."""
        new_var = need_new_var(self.type, new_var)
        return sum_cnf([cell_term(lit, c, self.n) for c in self.line()], self.value, self.value, new_var) or []

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """The linear equality."""
        model.Add(sum(cells[c] for c in self.line()) == self.value)

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4 diagonals from the top, the corner and the right; a 3x3 one."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (-1, 0), 6, "DR"), grid, grid[:1] + (3,) + grid[2:]),
            Example(cls(4, (-1, -1), 10, "DR"), grid, (2,) + grid[1:]),
            Example(cls(4, (2, 4), 5, "UL"), grid, grid[:2] + (4,) + grid[3:]),
            Example(cls(3, (3, 0), 2, "UR"), (1,) * 9, (2,) * 9),
        ]


@register_constraint
@dataclass(frozen=True)
class SandwichSum(_Outside):
    """The row or column the clue faces holds 1 and ``n`` once each; the digits between them
    add up to ``value``.

    Parameters
    ----------
    n : int
        Board side (3 or more: the crusts 1 and ``n`` differ with a digit between them).
    clue : (int, int)
        The clue's 0-based ``(row, col)`` beside a row or column.
    value : int
        The sum between the crusts (``0``: they touch).
    """

    type = "sandwichsum"
    fpuzzles_keys = ("sandwichsum",)

    def __post_init__(self) -> None:
        self._check_clue(corners=False)
        n = self.n
        if n < 3:
            raise PuzzleError(f"sandwichsum: a {n}x{n} board has no digits between 1 and {n}")
        inner = range(2, n)
        sums = {sum(c) for k in range(len(inner) + 1) for c in combinations(inner, k)}
        if self.value not in sums:
            raise PuzzleError(f"{self._names()}: no different digits 2..{n - 1} add up to {self.value}")

    def problems(self, values: Sequence[int]) -> list[str]:
        """Crusts missing or repeated, or the wrong sum between them."""
        n, line = self.n, self.line()
        ones = [i for i, c in enumerate(line) if values[c] == 1]
        tops = [i for i, c in enumerate(line) if values[c] == n]
        if len(ones) != 1 or len(tops) != 1:
            return [f"does not hold 1 and {n} once each in the line of the {self._names()}"]
        a, b = sorted((ones[0], tops[0]))
        s = sum(values[c] for c in line[a + 1:b])
        return [] if s == self.value else [f"adds up to {s} between 1 and {n} for the {self._names()}"]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """1 and ``n`` once each; "between" flags from prefix and suffix "a crust is there"
        chains; the gated sum of the flagged cells."""
        new_var = need_new_var(self.type, new_var)
        n, line = self.n, self.line()
        k = len(line)
        out: list[list[int]] = []
        for d in (1, n):
            xs = [lit(c, d) for c in line]
            out.append(xs)
            out += amo(xs)
        before = [0] * k      # before[i] <-> a crust at a position < i   (i >= 1)
        after = [0] * k       # after[i]  <-> a crust at a position > i   (i <= k - 2)
        for i in range(1, k):
            prev = [before[i - 1]] if i > 1 else []
            before[i], cl = define_or(prev + [lit(line[i - 1], 1), lit(line[i - 1], n)], new_var)
            out += cl
        for i in range(k - 2, -1, -1):
            nxt = [after[i + 1]] if i < k - 2 else []
            after[i], cl = define_or(nxt + [lit(line[i + 1], 1), lit(line[i + 1], n)], new_var)
            out += cl
        terms = []
        for i in range(1, k - 1):
            between, cl = define_and([before[i], after[i]], new_var)
            out += cl
            terms.append(gated_cell_term(lit, line[i], n, between))
        out += self._crust_clauses(lit)
        return out + (sum_cnf(terms, self.value, self.value, new_var) or [])

    def _fillings(self) -> dict[int, tuple[int, int]]:
        """Per number of cells between the crusts that some different digits ``2..n-1``
        fill to the clue: the masks (bit ``d``) of the digits some such filling uses and of
        those every one uses (by sets of digits built digit by digit, each kept by its size
        and sum).

        >>> SandwichSum(9, (0, -1), 5)._fillings() == {1: (1 << 5, 1 << 5), 2: (0b1100, 0b1100)}
        True
        """
        n, v = self.n, self.value
        sets: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (0, 0)}
        for d in range(2, n):
            for (k, t), (some, every) in list(sets.items()):
                if t + d <= v:
                    key, bit = (k + 1, t + d), 1 << d
                    old = sets.get(key)
                    got = (some | bit, every | bit)
                    sets[key] = got if old is None else (old[0] | got[0], old[1] & got[1])
        return {k: masks for (k, t), masks in sets.items() if t == v}

    def _crust_clauses(self, lit: Lit) -> list[list[int]]:
        """Redundant clauses on where the crusts go: two places whose gap no different
        digits fill to the clue hold no 1 and ``n`` together; with the crusts at two places
        whose gap some do, a cell in the gap holds none of the digits no filling uses, and a
        cell outside it none of the digits every filling uses. The sum's order encoding
        implies them all, but only once the cells between are known: with them MiniSat
        decides the collection's sandwich-9a in 754 conflicts, not 4,429 (and with the gaps
        alone, 1,377; docs/benchmarks/variants.md). The clauses on digits are left out above
        :data:`CRUST_DIGITS_N` (their number grows with ``n ** 4``; measured on 9x9 only)."""
        n, line = self.n, self.line()
        k = len(line)
        fill = self._fillings()
        digits = n <= CRUST_DIGITS_N
        out: list[list[int]] = []
        for i in range(k):
            for j in range(i + 1, k):
                gap = j - i - 1
                for a, b in ((1, n), (n, 1)):
                    pa, pb = -lit(line[i], a), -lit(line[j], b)
                    if gap not in fill:
                        out.append([pa, pb])
                        continue
                    if not digits:
                        continue
                    some, every = fill[gap]
                    for m in range(k):
                        if i < m < j:
                            out += [[pa, pb, -lit(line[m], d)] for d in range(2, n) if not some >> d & 1]
                        elif m != i and m != j:
                            out += [[pa, pb, -lit(line[m], d)] for d in range(2, n) if every >> d & 1]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Position of 1 and ``n`` as element constraints; the cells between them summed by flags."""
        n, line = self.n, self.line()
        k = len(line)
        xs = [cells[c] for c in line]
        is1 = [model.NewBoolVar(f"sw1_{i}") for i in range(k)]
        isn = [model.NewBoolVar(f"swn_{i}") for i in range(k)]
        for i in range(k):
            model.Add(xs[i] == 1).OnlyEnforceIf(is1[i])
            model.Add(xs[i] != 1).OnlyEnforceIf(is1[i].Not())
            model.Add(xs[i] == n).OnlyEnforceIf(isn[i])
            model.Add(xs[i] != n).OnlyEnforceIf(isn[i].Not())
        model.AddExactlyOne(is1)
        model.AddExactlyOne(isn)
        p1, pn = model.NewIntVar(0, k - 1, "sw_p1"), model.NewIntVar(0, k - 1, "sw_pn")
        model.Add(p1 == sum(i * b for i, b in enumerate(is1)))
        model.Add(pn == sum(i * b for i, b in enumerate(isn)))
        lo, hi = model.NewIntVar(0, k - 1, "sw_lo"), model.NewIntVar(0, k - 1, "sw_hi")
        model.AddMinEquality(lo, [p1, pn])
        model.AddMaxEquality(hi, [p1, pn])
        terms = []
        for i in range(k):
            inside = model.NewBoolVar(f"sw_in{i}")
            gt, lt = model.NewBoolVar(f"sw_gt{i}"), model.NewBoolVar(f"sw_lt{i}")
            model.Add(lo < i).OnlyEnforceIf(gt)
            model.Add(lo >= i).OnlyEnforceIf(gt.Not())
            model.Add(hi > i).OnlyEnforceIf(lt)
            model.Add(hi <= i).OnlyEnforceIf(lt.Not())
            model.AddBoolAnd([gt, lt]).OnlyEnforceIf(inside)
            model.AddBoolOr([gt.Not(), lt.Not()]).OnlyEnforceIf(inside.Not())
            t = model.NewIntVar(0, n, f"sw_t{i}")
            model.Add(t == xs[i]).OnlyEnforceIf(inside)
            model.Add(t == 0).OnlyEnforceIf(inside.Not())
            terms.append(t)
        model.Add(sum(terms) == self.value)

    @classmethod
    def examples(cls) -> list[Example]:
        """A 4x4 row clue from the left, a column clue from the bottom; a 3x3 row."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (0, -1), 5), grid, (1, 2, 4, 3) + grid[4:]),
            Example(cls(4, (4, 2), 0), grid, grid[:10] + (2,) + grid[11:]),
            Example(cls(3, (1, 3), 2), (1,) * 3 + (3, 2, 1) + (1,) * 3, (1,) * 3 + (3, 1, 2) + (1,) * 3),
        ]


@register_constraint
@dataclass(frozen=True)
class XSum(_Outside):
    """The first ``X`` digits the clue sees add up to ``value``, ``X`` being the first of them.

    Parameters
    ----------
    n : int
        Board side.
    clue : (int, int)
        The clue's 0-based ``(row, col)`` beside a row or column.
    value : int
        The sum.
    """

    type = "xsum"
    fpuzzles_keys = ("xsum",)

    def __post_init__(self) -> None:
        self._check_clue(corners=False)
        n, v = self.n, self.value
        if not any(2 * x - 1 <= v <= x + (x - 1) * n and _distinct_possible(n, x, v) for x in range(1, n + 1)):
            raise PuzzleError(f"{self._names()}: no digits can make it")

    def problems(self, values: Sequence[int]) -> list[str]:
        """The sum of the first ``X`` digits, when wrong."""
        line = self.line()
        x = values[line[0]]
        s = sum(values[c] for c in line[:x])
        return [] if s == self.value else [f"adds up to {s} over the first {x} cells for the {self._names()}"]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """``counted[j] <-> X > j``; the first cell plus the counted cells sum to the clue."""
        new_var = need_new_var(self.type, new_var)
        n, line = self.n, self.line()
        out: list[list[int]] = []
        terms = [cell_term(lit, line[0], n)]
        for j in range(1, len(line)):
            counted, cl = define_or([lit(line[0], x) for x in range(j + 1, n + 1)], new_var)
            out += cl
            terms.append(gated_cell_term(lit, line[j], n, counted))
        return out + (sum_cnf(terms, self.value, self.value, new_var) or [[lit(line[0], 1)], [-lit(line[0], 1)]])

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """For each ``X`` the first cell can hold, the sum of the first ``X`` cells if it does."""
        line = self.line()
        first = cells[line[0]]
        for x in range(1, self.n + 1):
            b = model.NewBoolVar(f"xs{x}")
            model.Add(first == x).OnlyEnforceIf(b)
            model.Add(first != x).OnlyEnforceIf(b.Not())
            model.Add(sum(cells[c] for c in line[:x]) == self.value).OnlyEnforceIf(b)

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4: row 1 from the left (X = 1), column 2 from the top, row 4 from the right; a 3x3 one."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (0, -1), 1), grid, (2,) + grid[1:]),
            Example(cls(4, (-1, 1), 6), grid, grid[:5] + (3,) + grid[6:]),
            Example(cls(4, (3, 4), 1), grid, grid[:15] + (2,)),
            Example(cls(3, (-1, 0), 5), (2, 1, 1, 3, 1, 1, 1, 1, 1), (3,) * 9),
        ]


def _distinct_possible(n: int, x: int, total: int) -> bool:
    """Some ``x`` different digits, the first of them ``x``, add up to ``total``."""
    rest = [d for d in range(1, n + 1) if d != x]
    return any(x + sum(c) == total for c in combinations(rest, x - 1))


@register_constraint
@dataclass(frozen=True)
class Skyscraper(_Outside):
    """The clue sees ``value`` digits: each digit taller than every digit before it is seen.

    Parameters
    ----------
    n : int
        Board side.
    clue : (int, int)
        The clue's 0-based ``(row, col)`` beside a row or column.
    value : int
        How many digits are seen, ``1..n``.
    """

    type = "skyscraper"
    fpuzzles_keys = ("skyscraper",)
    value_key = "count"

    def __post_init__(self) -> None:
        self._check_clue(corners=False)
        if not 1 <= self.value <= self.n:
            raise PuzzleError(f"{self._names()}: a line of {self.n} cells shows 1..{self.n} digits")

    def problems(self, values: Sequence[int]) -> list[str]:
        """How many digits are seen, when wrong."""
        seen, top = 0, 0
        for c in self.line():
            if values[c] > top:
                seen, top = seen + 1, values[c]
        return [] if seen == self.value else [f"shows {seen} digits to the {self._names()}"]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """``tall[i][v] <-> some cell before i holds v or more``; ``seen[i]`` when cell ``i``
        holds ``v`` and ``tall[i][v]`` is false; 1 + the seen flags sum to the clue."""
        new_var = need_new_var(self.type, new_var)
        n, line = self.n, self.line()
        out: list[list[int]] = []
        terms = []
        tall: dict[int, int] = {}
        for i in range(1, len(line)):
            prev = line[i - 1]
            now = {}
            for v in range(2, n + 1):
                lits = ([tall[v]] if v in tall else []) + [lit(prev, u) for u in range(v, n + 1)]
                now[v], cl = define_or(lits, new_var)
                out += cl
            tall = now
            seen = new_var()
            out.append([-lit(line[i], 1), -seen])
            for v in range(2, n + 1):
                out.append([-lit(line[i], v), tall[v], seen])
                out.append([-lit(line[i], v), -tall[v], -seen])
            terms.append(flag_term(seen))
        want = self.value - 1
        return out + (sum_cnf(terms, want, want, new_var) or [[lit(line[0], 1)], [-lit(line[0], 1)]])

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Running maxima; a cell is seen when it is above the maximum before it."""
        n, line = self.n, self.line()
        flags = [1]
        top = cells[line[0]]
        for i in range(1, len(line)):
            x = cells[line[i]]
            seen = model.NewBoolVar(f"sky_seen{i}")
            model.Add(x > top).OnlyEnforceIf(seen)
            model.Add(x <= top).OnlyEnforceIf(seen.Not())
            flags.append(seen)
            nxt = model.NewIntVar(1, n, f"sky_top{i}")
            model.AddMaxEquality(nxt, [top, x])
            top = nxt
        model.Add(sum(flags) == self.value)

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4: row 1 from the left sees 4, column 1 from the bottom sees 1; a 3x3 one."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (0, -1), 4), grid, (2, 1) + grid[2:]),
            Example(cls(4, (4, 0), 1), grid, grid[:12] + (1,) + grid[13:]),
            Example(cls(3, (-1, 2), 2), (1, 1, 2, 1, 1, 3, 1, 1, 1), (1, 1, 1, 1, 1, 2, 1, 1, 3)),
        ]
