"""The killer puzzle for OR-tools CP-SAT: ``cpsat-int`` and ``cpsat-bool``.

* ``cpsat-int``: one integer per cell, ``AddAllDifferent`` per row, column, region and cage,
  and a linear equation per cage sum;
* ``cpsat-bool``: one Boolean per (cell, value), ``AddExactlyOne`` per cell, each rule's
  Boolean form (the cages' sum tables as clauses).

Both read the puzzle's constraint list (:attr:`Killer.constraints`) and post each rule
through its type. Givens are not part of the base model: ``fix(puzzle)`` lists the domains to
pin, so a backend reuses one model for every puzzle of one board and set of cages.
"""

from __future__ import annotations

import numpy as np

from ...encoders.base import CpsatModel, register
from ...encoders.units import base_rules

__all__ = ["integer", "boolean"]


@register("cpsat-int", "killer", "cpsat", key=lambda p: p.shape_key, constraints="all",
          description="CP-SAT: integer cells, AllDifferent per unit and cage, a linear sum per cage")
def integer(puzzle) -> CpsatModel:
    """Integer cell variables; every rule posted through its type."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    n = puzzle.n
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


@register("cpsat-bool", "killer", "cpsat", key=lambda p: p.shape_key, constraints="all",
          description="CP-SAT: Boolean cell/value literals, ExactlyOne per cell, each rule's Boolean form")
def boolean(puzzle) -> CpsatModel:
    """Boolean (cell, value) literals."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    n = puzzle.n
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
