"""A toy constraint type written from ``docs/dev/adding-constraint.md`` alone: "even cells",
the listed cells hold even digits. ``conftest.py`` imports it, so the type is registered like
a built-in and every fixture of ``test_constraints.py`` runs it."""

from __future__ import annotations

from dataclasses import dataclass

from gridsat.constraints import Constraint, Example, register_constraint
from gridsat.constraints.base import check_board, check_cells
from gridsat.errors import ParseError, PuzzleError


@register_constraint
@dataclass(frozen=True)
class EvenCells(Constraint):
    """The cells ``members`` of an ``n`` x ``n`` board hold even digits."""

    type = "even-cells"
    n: int
    members: tuple

    def __post_init__(self):
        n = check_board(self.type, self.n)
        cells = check_cells(self.type, n, self.members)
        if not cells:
            raise PuzzleError(f"{self.type}: the list of cells is empty")
        if n < 2:
            raise PuzzleError(f"{self.type}: a {n}x{n} board has no even digit")
        object.__setattr__(self, "members", tuple(sorted(cells)))

    def cells(self):
        return self.members

    def problems(self, values):
        return [f"has {values[c]} at r{c // self.n + 1}c{c % self.n + 1}, not even"
                for c in self.members if values[c] % 2]

    def cnf(self, lit, amo=None, alo=True, new_var=None):
        return [[-lit(c, v)] for c in self.members for v in range(1, self.n + 1, 2)]

    def cpsat(self, model, cells):
        for c in self.members:
            model.AddModuloEquality(0, cells[c], 2)

    def to_json(self):
        return {"type": self.type, "cells": list(self.members)}

    @classmethod
    def from_json(cls, obj, n):
        if set(obj) - {"type", "cells"} or not isinstance(obj.get("cells"), list):
            raise ParseError(f'{cls.type}: expected {{"type", "cells": [...]}}, got keys {sorted(obj)}')
        return cls(n, tuple(obj["cells"]))

    def svg(self, frame):
        r = frame.s * 0.42
        return [f'<circle class="even" cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#dddddd"/>'
                for x, y in map(frame.centre, self.members)]

    @classmethod
    def examples(cls):
        grid = (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2)
        return [Example(cls(4, (0, 2)), grid, (1,) * 16),
                Example(cls(3, (4,)), (1, 1, 1, 1, 2, 1, 1, 1, 1), (1,) * 9)]
