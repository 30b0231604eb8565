"""CP-SAT encodings of Kakuro: an integer 1..9 per white cell, ``AddAllDifferent`` per run.

* ``cpsat-sum``: each run with a sum is a linear equation.
* ``cpsat-table``: each run with a sum is also ``AddAllowedAssignments`` over the digit
  tuples of its combinations (every order), next to the linear equation.

Black cells decode to 0; ``fix`` pins nothing (the sums are the model).
"""

from __future__ import annotations

from itertools import permutations

from ...encoders.base import CpsatModel, register
from .puzzle import combinations_for

__all__ = ["linear", "table"]


def _build(puzzle, tables: bool) -> CpsatModel:
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    m = cp_model.CpModel()
    x = {c: m.NewIntVar(1, 9, f"c{c}") for c in puzzle.white}
    for run in puzzle.runs:
        vs = [x[c] for c in run.cells]
        if len(vs) > 1:
            m.AddAllDifferent(vs)
        if run.total:
            m.Add(sum(vs) == run.total)
            if tables and 1 < len(vs) <= 4:
                rows = [list(p) for t in combinations_for(len(vs), run.total) for p in permutations(t)]
                m.AddAllowedAssignments(vs, rows)
    idx = [(c, v.Index()) for c, v in x.items()]
    n = puzzle.num_cells

    def decode(values):
        out = [0] * n
        for c, i in idx:
            out[c] = int(values[i])
        return tuple(out)

    return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [], decode=decode)


@register("cpsat-sum", "kakuro", "cpsat", key=lambda p: p.key,
          description="CP-SAT: integer white cells, AllDifferent and a linear sum per run")
def linear(puzzle) -> CpsatModel:
    """Integer cells, AllDifferent and a linear sum per run."""
    return _build(puzzle, False)


@register("cpsat-table", "kakuro", "cpsat", key=lambda p: p.key,
          description="CP-SAT: integer white cells, AllDifferent, a linear sum and (runs up to 4) a table per run")
def table(puzzle) -> CpsatModel:
    """Integer cells, AllDifferent, a linear sum and, on runs of up to 4 cells, the table of digit tuples."""
    return _build(puzzle, True)
