"""``quadruple``: the digits in a circle on the corner of four cells appear among them.

A digit listed twice appears at least twice. The CNF form needs no auxiliaries: "at least
``k`` of the ``m`` cells hold ``d``" is one clause per ``m - k + 1`` of the cells (some one of
them holds it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from ..errors import ParseError, PuzzleError
from .base import (Amo, Constraint, Example, Lit, NewVar, cell_name, check_board, check_cells, fpuzzles_cells,
                   fpuzzles_name, pairwise_amo, register_constraint)

__all__ = ["Quadruple"]


@register_constraint
@dataclass(frozen=True)
class Quadruple(Constraint):
    """The ``digits`` appear among the ``members`` (a digit listed ``k`` times, ``k`` times or more).

    Parameters
    ----------
    n : int
        Board side.
    members : sequence of int
        The cells around the circle (four on f-puzzles; any 1 to 4 here).
    digits : sequence of int
        The digits in the circle, ``1..n``, no more of them than cells.
    """

    type = "quadruple"
    fpuzzles_keys = ("quadruple",)
    n: int
    members: tuple[int, ...]
    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        n = check_board("quadruple", self.n)
        cs = check_cells("quadruple", n, self.members)
        if not 1 <= len(cs) <= 4:
            raise PuzzleError(f"quadruple: {len(cs)} cells (1 to 4)")
        ds = self.digits
        if isinstance(ds, (str, bytes)) or not hasattr(ds, "__iter__"):
            raise PuzzleError(f"quadruple: digits must be a list of digits, got {ds!r}")
        ds = tuple(ds)
        for d in ds:
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= n:
                raise PuzzleError(f"quadruple at {cell_name(n, min(cs))}: digit {d!r} is not in 1..{n}")
        if not ds:
            raise PuzzleError("quadruple: no digits")
        if len(ds) > len(cs):
            raise PuzzleError(f"quadruple at {cell_name(n, min(cs))}: {len(ds)} digits do not fit {len(cs)} cells")
        object.__setattr__(self, "members", tuple(sorted(cs)))
        object.__setattr__(self, "digits", tuple(sorted(ds)))

    def cells(self) -> tuple[int, ...]:
        """The cells, ascending."""
        return self.members

    def problems(self, values: Sequence[int]) -> list[str]:
        """Each digit that appears fewer times than listed."""
        have = Counter(values[c] for c in self.members)
        where = " ".join(cell_name(self.n, c) for c in self.members)
        return [f"has {d} {have[d]} times in the quadruple {where}, not {k}"
                for d, k in sorted(Counter(self.digits).items()) if have[d] < k]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per digit listed ``k`` times, every ``m - k + 1`` of the ``m`` cells hold it somewhere."""
        m = len(self.members)
        return [[lit(c, d) for c in group] for d, k in sorted(Counter(self.digits).items())
                for group in combinations(self.members, m - k + 1)]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Per digit, the count of cells holding it, at least ``k``."""
        for d, k in sorted(Counter(self.digits).items()):
            flags = []
            for c in self.members:
                b = model.NewBoolVar(f"quad{c}_{d}")
                model.Add(cells[c] == d).OnlyEnforceIf(b)
                model.Add(cells[c] != d).OnlyEnforceIf(b.Not())
                flags.append(b)
            model.Add(sum(flags) >= k)

    def to_json(self) -> dict:
        """``{"type": "quadruple", "cells": [...], "digits": [...]}``."""
        return {"type": self.type, "cells": list(self.members), "digits": list(self.digits)}

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "Quadruple":
        """From ``{"type": "quadruple", "cells": [...], "digits": [...]}``."""
        unknown = sorted(set(obj) - {"type", "cells", "digits"})
        if unknown:
            raise ParseError(f"quadruple: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("cells"), list) or not isinstance(obj.get("digits"), list):
            raise ParseError('quadruple: needs "cells" and "digits" (lists)')
        return cls(n, tuple(obj["cells"]), tuple(obj["digits"]))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "Quadruple":
        """From ``{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}``."""
        cells = fpuzzles_cells(key, item, n)
        values = item.get("values")
        if not isinstance(values, list):
            raise ParseError(f"{key}: expected a list \"values\", got {values!r}")
        digits = []
        for v in values:
            if isinstance(v, str) and v.strip().isdigit():
                v = int(v)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ParseError(f"{key}: {v!r} is not a digit")
            digits.append(v)
        return cls(n, tuple(cells), tuple(digits))

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``("quadruple", {"cells": [...], "values": [...]})``."""
        return "quadruple", {"cells": [fpuzzles_name(self.n, c) for c in self.members], "values": list(self.digits)}

    def svg(self, frame: Any) -> list[str]:
        """A white circle where the cells meet, with the digits in it."""
        s = frame.s
        pts = [frame.centre(c) for c in self.members]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        text = " ".join(map(str, self.digits))
        return [f'<circle class="quadruple" cx="{x:g}" cy="{y:g}" r="{s * 0.28:g}" fill="#ffffff" stroke="#222222" '
                f'stroke-width="{s * 0.02:g}"/>',
                f'<text class="quadruple" x="{x:g}" y="{y + s * 0.05:g}" font-size="{s * 0.15:g}" '
                f'text-anchor="middle" fill="#222222">{text}</text>']

    @classmethod
    def examples(cls) -> list[Example]:
        """4x4: a 2x2 corner with two digits, one with a repeated digit; a 3x3 one."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, (0, 1, 4, 5), (1, 4)), grid, (2,) + grid[1:]),
            Example(cls(4, (5, 6, 9, 10), (1, 1, 4)), grid, grid[:6] + (3,) + grid[7:]),
            Example(cls(3, (0, 1, 3, 4), (3,)), (3,) + (1,) * 8, (1,) * 9),
        ]

    def describe(self) -> str:
        """``quadruple 1 4 at r1c1 r1c2 r2c1 r2c2``."""
        return (f"quadruple {' '.join(map(str, self.digits))} at "
                + " ".join(cell_name(self.n, c) for c in self.members))
