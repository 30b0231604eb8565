"""CP-SAT encodings of Hidato/Numbrix.

* ``cpsat-bool``: Boolean position literals ``x(c, k)`` over the pruned domains of
  :mod:`.hidato_domains`; ``ExactlyOne`` per cell and per number; next/previous-number
  clauses over neighbours.
* ``cpsat-circuit``: ``AddCircuit`` over the cells plus a dummy node that closes the path
  (dummy -> c is ``x(c, 1)``, c -> dummy is ``x(c, N)``), with every arc literal channelled
  to the position literals by clauses ``a(c,d) & x(c,k) -> x(d,k+1)`` and back. No integer
  order variables (those, tied to arcs by enforced equalities, are very slow: or-tools
  issue 3601).

The model is written straight into the proto from the same NumPy clause tables the CNF
encoder uses (CNF literal ``v`` is CP-SAT index ``v - 1``; ``-v`` is ``-v``), so a 30x30
board builds in well under a second. Domains depend on the givens, so the model key is the
puzzle's board, adjacency and givens, and ``fix`` pins nothing.
"""

from __future__ import annotations

import numpy as np
from ortools.sat.python import cp_model

from .base import CpsatModel, register
from .hidato_domains import arc_tables, domains, literal_table, next_clauses

__all__ = ["boolean", "circuit"]


def _cp(lits):
    """CNF literals to CP-SAT literals."""
    return [l - 1 if l > 0 else l for l in lits]


def _build(puzzle, with_circuit: bool, path_clauses: bool = True) -> CpsatModel:
    n = puzzle.num_cells
    D, ok = domains(puzzle)
    m = cp_model.CpModel()
    proto = m.Proto()
    if not ok:
        proto.constraints.add().bool_or.literals.extend([])
        return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [],
                          decode=lambda values: (0,) * n, info={"pruned_infeasible": True})
    var, nxt = literal_table(D)
    for _ in range(nxt - 1):
        proto.variables.add().domain.extend([0, 1])
    for c in range(n):
        proto.constraints.add().exactly_one.literals.extend((var[c][D[c]] - 1).tolist())
    for k in range(1, n + 1):
        proto.constraints.add().exactly_one.literals.extend((var[D[:, k], k] - 1).tolist())
    clauses = next_clauses(puzzle, var) if path_clauses or not with_circuit else []
    info = {"literals": int(D.sum())}
    if with_circuit and n > 1:
        t = arc_tables(puzzle, D, var, nxt)
        for _ in range(t["num_arcs"]):
            proto.variables.add().domain.extend([0, 1])
        clauses += t["channel"] + t["antiparallel"]
        circ = proto.constraints.add().circuit
        tails = t["tails"].tolist()
        heads = t["heads"].tolist()
        arcl = (t["lits"] - 1).tolist()
        starts = np.flatnonzero(D[:, 1])
        ends = np.flatnonzero(D[:, n])
        tails += [n] * len(starts) + ends.tolist()
        heads += starts.tolist() + [n] * len(ends)
        arcl += (var[starts, 1] - 1).tolist() + (var[ends, n] - 1).tolist()
        circ.tails.extend(tails)
        circ.heads.extend(heads)
        circ.literals.extend(arcl)
        info["arcs"] = t["num_arcs"]
    for cl in clauses:
        proto.constraints.add().bool_or.literals.extend(_cp(cl))
    cells, ks = np.nonzero(var)
    idx = var[cells, ks] - 1

    def decode(values):
        on = np.asarray(values, dtype=np.int64)[idx] > 0
        out = np.zeros(n, dtype=np.int64)
        out[cells[on]] = ks[on]
        return tuple(int(v) for v in out)

    return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [], decode=decode, info=info)


@register("cpsat-bool", "hidato", "cpsat", key=lambda p: p.key,
          description="CP-SAT: pruned Boolean position literals, ExactlyOne, next-number clauses")
def boolean(puzzle) -> CpsatModel:
    """Pruned Boolean position literals with ExactlyOne and next/previous-number clauses."""
    return _build(puzzle, False)


@register("cpsat-circuit", "hidato", "cpsat", key=lambda p: p.key,
          description="CP-SAT: AddCircuit over cells + dummy node, arcs channelled to position literals")
def circuit(puzzle) -> CpsatModel:
    """AddCircuit over the cells and a dummy node, arcs channelled to pruned position literals."""
    return _build(puzzle, True)
