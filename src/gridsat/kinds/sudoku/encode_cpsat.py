"""CP-SAT encodings of the Sudoku family.

* ``cpsat-int``: one integer variable per cell, ``AddAllDifferent`` per row, column, region.
* ``cpsat-bool``: one Boolean per (cell, value), ``AddExactlyOne`` per cell and per
  (unit, value): the same shape as the extended CNF, handed to CP-SAT.

Both read the puzzle's list of constraints (:attr:`Sudoku.constraints`) and post each rule
through its type. Givens are not part of the base model: ``fix(puzzle)`` lists the domains to
pin, so a backend reuses one base model for every puzzle of a shape.
"""

from __future__ import annotations

import numpy as np

from ...encoders.units import base_rules
from ...encoders.base import CpsatModel, register

__all__ = ["integer", "boolean"]



@register("cpsat-int", "sudoku", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: integer cells, AllDifferent per row, column and region", constraints="all")
def integer(puzzle) -> CpsatModel:
    """Integer cell variables with AllDifferent on every unit."""
    n = puzzle.n
    from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

    m = cp_model.CpModel()
    cells = [m.NewIntVar(1, n, f"c{c}") for c in range(n * n)]
    for rule in base_rules(puzzle):
        rule.cpsat(m, cells)
    idx = [v.Index() for v in cells]

    def fix(p):
        return [(idx[c], v) for c, v in enumerate(p.givens) if v]

    def decode(values):
        return tuple(int(values[i]) for i in idx)

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode)


@register("cpsat-bool", "sudoku", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: Boolean cell/value literals, ExactlyOne per cell and per unit/value", constraints="all")
def boolean(puzzle) -> CpsatModel:
    """Boolean (cell, value) literals with ExactlyOne constraints."""
    n = puzzle.n
    from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{c}_{v}") for v in range(1, n + 1)] for c in range(n * n)]
    for c in range(n * n):
        m.AddExactlyOne(x[c])
    for rule in base_rules(puzzle):
        rule.cpsat_bool(m, lambda c, v: x[c][v - 1])
    idx = np.array([[b.Index() for b in row] for row in x], dtype=np.int64)

    def fix(p):
        return [(int(idx[c, v - 1]), 1) for c, v in enumerate(p.givens) if v]

    def decode(values):
        vals = np.asarray(values)[idx]
        return tuple(int(v) + 1 for v in vals.argmax(axis=1))

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode)
