"""``killercage`` and ``cage``: the cells of a cage hold different digits, adding up to the
cage's sum when it has one.

f-puzzles keeps the two under different keys (``killercage``, and ``cage`` for the cages it
draws in another style); their rule is the same. The CNF form of a cage with a sum is a sum
table: one auxiliary per set of distinct digits of the right size and sum (a *combination*),
and one per digit saying "the cage holds it". The cage holds exactly the digits of one
combination; a digit no combination has is ruled out at once, and a digit every
combination has must appear. Every auxiliary is defined by the cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, Sequence

from ..errors import ParseError, PuzzleError
from .base import (Amo, Constraint, Example, Lit, NewVar, cell_name, check_board, check_cells, fpuzzles_cells,
                   fpuzzles_name, fpuzzles_number, pairwise_amo, register_constraint)
from .sums import cell_term, need_new_var, sum_cnf

__all__ = ["KillerCage", "Cage", "cage_combinations", "cage_sum_possible"]


def cage_sum_possible(n: int, size: int, total: int) -> bool:
    """Whether some set of ``size`` distinct digits ``1..n`` adds up to ``total``, without
    listing the sets: their sums are every whole number from the smallest (``1..size``) to the
    largest (the top ``size`` digits), since raising one digit of a set by one, where the next
    digit is free, adds one to its sum.

    >>> cage_sum_possible(9, 2, 3), cage_sum_possible(9, 2, 18), cage_sum_possible(9, 9, 45)
    (True, False, True)
    """
    return 1 <= size <= n and size * (size + 1) // 2 <= total <= size * (2 * n - size + 1) // 2


def cage_combinations(n: int, size: int, total: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` distinct digits ``1..n`` adding up to ``total``, ascending."""
    lo, hi = size * (size + 1) // 2, size * (2 * n - size + 1) // 2
    if not lo <= total <= hi:
        return []
    return [c for c in combinations(range(1, n + 1), size) if sum(c) == total]


@dataclass(frozen=True)
class _Cage(Constraint):
    """The cells ``members`` hold different digits, adding up to ``total`` unless it is ``None``.

    Parameters
    ----------
    n : int
        Board side; digits run ``1..n``.
    members : sequence of int
        The cage's cells (row-major indices), at most ``n`` of them, each once.
    total : int or None
        The sum written in the cage, or ``None`` for a cage without one.
    """

    n: int
    members: tuple[int, ...]
    total: int | None = None

    #: The CNF form of a cage's sum: ``"table"`` (the combinations, below) or ``"order"`` (the
    #: order encoding of its partial sums, :func:`.sums.sum_cnf`). The default is the table,
    #: by measurement (``benchmarks/variants.py --encodings``, medians of 3 alternating runs):
    #: on the collection's 9x9 killers it checks in 35-101 ms against 318-692 ms for the order
    #: form and 254-587 ms for CP-SAT's linear sum (``cpsat-int``), and the 16x16 killer in
    #: 1.7 s, where the order form runs out of 20 s.
    cnf_sum: ClassVar[str] = "table"

    def __post_init__(self) -> None:
        what = self.type
        n = check_board(what, self.n)
        cs = check_cells(what, n, self.members)
        if not cs:
            raise PuzzleError(f"{what}: the cage has no cells")
        if len(cs) > n:
            raise PuzzleError(f"{what}: {len(cs)} cells cannot hold different digits 1..{n}")
        t = self.total
        if t is not None:
            if not isinstance(t, int) or isinstance(t, bool):
                raise PuzzleError(f"{what}: the sum must be an integer, got {t!r}")
            if not cage_sum_possible(n, len(cs), t):
                raise PuzzleError(f"{what} {self._where(cs)}: no {len(cs)} different digits 1..{n} add up to {t}")
        object.__setattr__(self, "members", tuple(sorted(cs)))

    def _where(self, cs: Sequence[int] | None = None) -> str:
        return " ".join(cell_name(self.n, c) for c in (self.members if cs is None else cs))

    def cells(self) -> tuple[int, ...]:
        """The cage's cells, ascending."""
        return self.members

    # ------------------------------------------------------------------ verifier rule
    def problems(self, values: Sequence[int]) -> list[str]:
        """A digit twice in the cage, or a wrong sum."""
        out = []
        seen: dict[int, int] = {}
        for c in self.members:
            if values[c] in seen:
                out.append(f"has {values[c]} twice in the {self.type} {self._where()}: "
                           f"{cell_name(self.n, seen[values[c]])} and {cell_name(self.n, c)}")
            seen.setdefault(values[c], c)
        s = sum(values[c] for c in self.members)
        if self.total is not None and s != self.total:
            out.append(f"adds up to {s} in the {self.type} {self._where()}, not {self.total}")
        return out

    # ------------------------------------------------------------------ encodings
    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """No digit twice (``amo`` per digit); with a sum, the sum table of the combinations."""
        n, cs = self.n, self.members
        out: list[list[int]] = []
        for d in range(1, n + 1):
            out += amo([lit(c, d) for c in cs])
        if self.total is None:
            return out
        combos = cage_combinations(n, len(cs), self.total)
        if self.cnf_sum == "order":
            terms = [cell_term(lit, c, n) for c in cs]
            return out + (sum_cnf(terms, self.total, self.total, need_new_var(self.type, new_var)) or [[]])
        if len(combos) == 1:  # the digits are known: no auxiliaries
            digits = set(combos[0])
            out += [[-lit(c, d)] for c in cs for d in range(1, n + 1) if d not in digits]
            out += [[lit(c, d) for c in cs] for d in sorted(digits)]
            return out
        new_var = need_new_var(self.type, new_var)
        has = {d: new_var() for d in range(1, n + 1)}          # has[d] <-> some cell holds d
        for d, h in has.items():
            xs = [lit(c, d) for c in cs]
            out.append([-h, *xs])
            out += [[h, -x] for x in xs]
        pick = [new_var() for _ in combos]                       # pick[k] <-> the cage holds combos[k]
        out.append(list(pick))
        for k, combo in zip(pick, combos):
            inside = set(combo)
            for d in range(1, n + 1):
                out.append([-k, has[d]] if d in inside else [-k, -has[d]])
            out.append([k, *(-has[d] for d in combo)])
        for d in range(1, n + 1):
            with_d = [k for k, combo in zip(pick, combos) if d in combo]
            out.append([-has[d], *with_d] if with_d else [-has[d]])
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``AddAllDifferent`` and, with a sum, the linear sum."""
        xs = [cells[c] for c in self.members]
        if len(xs) > 1:
            model.AddAllDifferent(xs)
        if self.total is not None:
            model.Add(sum(xs) == self.total)

    # ------------------------------------------------------------------ JSON, f-puzzles, drawing
    def to_json(self) -> dict:
        """``{"type": ..., "cells": [...], "sum": 12}`` (no ``"sum"`` without one)."""
        d: dict = {"type": self.type, "cells": list(self.members)}
        if self.total is not None:
            d["sum"] = self.total
        return d

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "_Cage":
        """From ``{"type": ..., "cells": [...], "sum"?: int}``."""
        unknown = sorted(set(obj) - {"type", "cells", "sum"})
        if unknown:
            raise ParseError(f"{cls.type}: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("cells"), list):
            raise ParseError(f'{cls.type}: "cells" must be a list of cell indices')
        return cls(n, tuple(obj["cells"]), obj.get("sum"))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "_Cage":
        """From ``{"cells": ["R1C1", ...], "value": "12"}`` (no value, or an empty one: no sum)."""
        cells = fpuzzles_cells(key, item, n)
        return cls(n, tuple(cells), fpuzzles_number(key, item.get("value"), optional=True))

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``(type, {"cells": [...], "value": "12"})``."""
        item: dict = {"cells": [fpuzzles_name(self.n, c) for c in self.members]}
        if self.total is not None:
            item["value"] = str(self.total)
        return self.type, item

    def svg(self, frame: Any) -> list[str]:
        """A dashed outline just inside the cage's border (one line per cell side on the border,
        joined at the corners), and its sum in the first cell's corner."""
        s = frame.s
        inset = s * 0.08
        cells = set(self.members)
        n = self.n

        def inside(r: int, c: int) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in cells

        out = []
        style = f'stroke="#444444" stroke-width="{s * 0.02:g}" stroke-dasharray="{s * 0.08:g}"'
        for cell in self.members:
            r, c = divmod(cell, n)
            x, y = frame.centre(cell)
            lo_x, hi_x, lo_y, hi_y = x - s / 2, x + s / 2, y - s / 2, y + s / 2
            # each side on the border runs from corner to corner: short of a corner the cage
            # turns at (convex), past one where it turns inwards (concave), to it where it goes on
            for dr, dc, fixed in ((-1, 0, lo_y + inset), (1, 0, hi_y - inset)):
                if not inside(r + dr, c):
                    a = lo_x + (inset if not inside(r, c - 1) else 0 if not inside(r + dr, c - 1) else -inset)
                    b = hi_x - (inset if not inside(r, c + 1) else 0 if not inside(r + dr, c + 1) else -inset)
                    out.append(f'<line class="{self.type}" x1="{a:g}" y1="{fixed:g}" x2="{b:g}" y2="{fixed:g}" {style}/>')
            for dr, dc, fixed in ((0, -1, lo_x + inset), (0, 1, hi_x - inset)):
                if not inside(r, c + dc):
                    a = lo_y + (inset if not inside(r - 1, c) else 0 if not inside(r - 1, c + dc) else -inset)
                    b = hi_y - (inset if not inside(r + 1, c) else 0 if not inside(r + 1, c + dc) else -inset)
                    out.append(f'<line class="{self.type}" x1="{fixed:g}" y1="{a:g}" x2="{fixed:g}" y2="{b:g}" {style}/>')
        if self.total is not None:
            x, y = frame.centre(self.members[0])
            out.append(f'<text class="{self.type}-sum" x="{x - s * 0.4:g}" y="{y - s * 0.22:g}" '
                       f'font-size="{s * 0.22:g}" fill="#222222">{self.total}</text>')
        return out

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4 cages: two cells whose sum two combinations make, three cells of one
        combination, a full row, one without a sum; and a 3x3 pair."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (1, 2), 5), grid, (1, 1, 3) + grid[3:]),
            Example(cls(4, (0, 1, 4), 6), grid, (1, 2, 3, 4, 4) + grid[5:]),
            Example(cls(4, (0, 1, 2, 3), 10), grid, (1, 1, 4, 4) + grid[4:]),   # {1,2,3,4}; sum right, repeats
            Example(cls(4, (5, 6)), grid, grid[:5] + (2, 2) + grid[7:]),
            Example(cls(3, (0, 4), 4), (1, 2, 2, 2, 3, 2, 2, 2, 2), (2,) * 9),
        ]

    def describe(self) -> str:
        """``killercage 12 r1c1 r1c2``."""
        t = f" {self.total}" if self.total is not None else ""
        return f"{self.type}{t} {self._where()}"


@register_constraint
@dataclass(frozen=True)
class KillerCage(_Cage):
    """A killer cage (f-puzzles ``killercage``): different digits, adding up to ``total`` if set."""

    type = "killercage"
    fpuzzles_keys = ("killercage",)


@register_constraint
@dataclass(frozen=True)
class Cage(_Cage):
    """A cage (f-puzzles ``cage``): the same rule as :class:`KillerCage`."""

    type = "cage"
    fpuzzles_keys = ("cage",)
