"""CP-SAT encodings of KenKen: an integer per cell, ``AddAllDifferent`` per row and column.

* ``cpsat-table``: each cage with a clue is ``AddAllowedAssignments`` over its table of
  digit tuples (:func:`~.puzzle.cage_tuples`).
* ``cpsat-arith``: each cage is its arithmetic: ``+`` a linear sum, ``*``
  ``AddMultiplicationEquality``, ``-`` and ``/`` one of two linear equations chosen by a
  Boolean (which is the larger cell; the two cells differ), a given a fixed domain.

The cages are part of the base model (its key is the puzzle's side and cages), so ``fix``
pins nothing.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register

__all__ = ["table", "arith"]


def _base(puzzle):
    from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

    n = puzzle.n
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"c{c}") for c in range(n * n)]
    for r in range(n):
        m.AddAllDifferent(x[r * n:(r + 1) * n])
    for c in range(n):
        m.AddAllDifferent(x[c::n])
    return m, x


def _model(puzzle, m, x) -> CpsatModel:
    idx = [v.Index() for v in x]

    def decode(values):
        return tuple(int(values[i]) for i in idx)

    return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [], decode=decode)


@register("cpsat-table", "kenken", "cpsat", key=lambda p: p.key,
          description="CP-SAT: integer cells, AllDifferent per row and column, AddAllowedAssignments per cage")
def table(puzzle) -> CpsatModel:
    """Integer cells with AllDifferent, each cage a table constraint."""
    m, x = _base(puzzle)
    for cage, tab in zip(puzzle.cages, puzzle.tables):
        if cage.op is None:
            continue
        if len(cage.cells) == 1:
            m.Add(x[cage.cells[0]] == cage.target)
        else:
            m.AddAllowedAssignments([x[c] for c in cage.cells], [list(t) for t in tab])
    return _model(puzzle, m, x)


@register("cpsat-arith", "kenken", "cpsat", key=lambda p: p.key,
          description="CP-SAT: integer cells, AllDifferent per row and column, each cage as its arithmetic")
def arith(puzzle) -> CpsatModel:
    """Integer cells with AllDifferent, each cage as a sum, a product or a pair of guarded equations."""
    m, x = _base(puzzle)
    for cage in puzzle.cages:
        op, t, vs = cage.op, cage.target, [x[c] for c in cage.cells]
        if op is None:
            continue
        if op == "=":
            m.Add(vs[0] == t)
        elif op == "+":
            m.Add(sum(vs) == t)
        elif op == "*":
            m.AddMultiplicationEquality(t, vs)
        else:
            a, b = vs
            first = m.NewBoolVar("")
            if op == "-":
                m.Add(a - b == t).OnlyEnforceIf(first)
                m.Add(b - a == t).OnlyEnforceIf(first.Not())
            else:
                m.Add(a == t * b).OnlyEnforceIf(first)
                m.Add(b == t * a).OnlyEnforceIf(first.Not())
    return _model(puzzle, m, x)
