"""CP-SAT encodings of Hidato/Numbrix.

* ``cpsat-bool``: Boolean position literals ``x(c, k)`` over the pruned domains of
  :mod:`.hidato_domains`; ``ExactlyOne`` per cell and per number; next/previous-number
  clauses over neighbours.
* ``cpsat-circuit``: ``AddCircuit`` over the cells plus a dummy node that closes the path
  (dummy -> c is ``x(c, 1)``, c -> dummy is ``x(c, N)``), with every arc literal channelled
  to the position literals by clauses ``a(c,d) & x(c,k) -> x(d,k+1)`` and back. No integer
  order variables (those, tied to arcs by enforced equalities, are very slow: or-tools
  issue 3601).
* ``cpsat-seg``: no position literals at all: ``AddCircuit`` over successor arcs, one
  segment label per free cell (which gap between consecutive anchors holds its number),
  labels kept along arcs and stepped at anchors, and a cardinality per label equal to its
  gap. Exact, and 5-10x fewer literals on sparse boards, but it propagates less (no
  distance windows inside a gap): on the frontier set it is the weakest (see the README).

The model is written straight into the proto from the same NumPy clause tables the CNF
encoder uses (CNF literal ``v`` is CP-SAT index ``v - 1``; ``-v`` is ``-v``), so a 30x30
board builds in well under a second. Domains depend on the givens, so the model key is the
puzzle's board, adjacency and givens, and ``fix`` pins nothing.
"""

from __future__ import annotations

import numpy as np

from ...encoders.base import CpsatModel, register
from .encode_domains import arc_tables, domains, literal_table, next_clauses, possible_arcs

__all__ = ["boolean", "circuit", "segments"]


def _cp(lits):
    """CNF literals to CP-SAT literals."""
    return [l - 1 if l > 0 else l for l in lits]


def _build(puzzle, with_circuit: bool, path_clauses: bool = True) -> CpsatModel:
    n = puzzle.num_cells
    D, ok = domains(puzzle)
    from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

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


# ---------------------------------------------------------------------------- segments
def _anchors(D: np.ndarray) -> dict[int, int] | None:
    """``{number: cell}`` for every number the domains leave on one cell; ``None`` if two share a cell."""
    per_num = D[:, 1:].sum(axis=0)
    ks = np.flatnonzero(per_num == 1) + 1
    cells = np.argmax(D[:, ks], axis=0)
    if len(set(cells.tolist())) < len(ks):
        return None
    return dict(zip(ks.tolist(), cells.tolist()))


def _build_segments(puzzle) -> CpsatModel:
    """Successor arcs under ``AddCircuit`` plus one segment label per free cell.

    The anchors (givens, and numbers the pruning leaves on one cell) ``a_1 < ... < a_m`` cut
    ``1..N`` into segments: segment ``j`` holds the numbers strictly between ``a_j`` and
    ``a_{j+1}`` (segment 0 those below ``a_1``, segment ``m`` those above ``a_m``). Each free
    cell takes one label ``s(c, j)`` among the segments its pruned domain meets; an arc
    between free cells keeps the label, an arc into anchor ``i`` comes from label ``i - 1``
    and an arc out of it goes to label ``i``; each label is used by exactly as many cells as
    its segment has numbers. With the circuit (a Hamiltonian path closed by a dummy node)
    this is exact: labels only change at anchors, so the path meets the anchors in order and
    every segment has its length, and the numbers follow by walking the path. No position
    literals at all: 30x30 boards with 10% givens give ~10^4 literals instead of ~10^5.
    """
    n = puzzle.num_cells
    D, ok = domains(puzzle)
    from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

    m = cp_model.CpModel()
    anchors = _anchors(D) if ok else None
    if anchors is None:
        m.AddBoolOr([])
        return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [],
                          decode=lambda values: (0,) * n, info={"pruned_infeasible": True})
    if n == 1:
        return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [], decode=lambda values: (1,), info={})
    anum = np.array(sorted(anchors), dtype=np.int64)
    acell = np.array([anchors[int(k)] for k in anum], dtype=np.int64)
    anchor_of = np.full(n, -1, dtype=np.int64)  # anchor index per cell
    anchor_of[acell] = np.arange(len(anum))
    # segment of each number 1..N (anchors: -1); its size
    seg_of = np.searchsorted(anum, np.arange(n + 1), side="left")  # anchors < k
    seg_of[anum] = -1
    nseg = len(anum) + 1
    size = np.bincount(seg_of[1:][seg_of[1:] >= 0], minlength=nseg)
    free = anchor_of < 0
    # labels per free cell
    fc, fk = np.nonzero(D[:, 1:] & free[:, None])
    fk = fk + 1
    code = np.unique(fc * nseg + seg_of[fk])
    lc, lj = code // nseg, code % nseg
    lab = {}
    for c, j in zip(lc.tolist(), lj.tolist()):
        lab[(c, j)] = m.NewBoolVar("")
    by_cell: dict[int, list] = {}
    labels_of: dict[int, set] = {c: set() for c in range(n)}
    for (c, j), v in lab.items():
        by_cell.setdefault(c, []).append(v)
        labels_of[c].add(j)
    for c in np.flatnonzero(free).tolist():
        m.AddExactlyOne(by_cell.get(c, []))
    by_seg: dict[int, list] = {}
    for (c, j), v in lab.items():
        by_seg.setdefault(j, []).append(v)
    for j in range(nseg):
        if size[j] or by_seg.get(j):
            m.Add(sum(by_seg.get(j, [])) == int(size[j]))
    # arcs c -> d wherever some k has D[c, k] and D[d, k + 1]
    arc_code = possible_arcs(puzzle, D)
    tails, heads = (arc_code // (n + 1)).tolist(), (arc_code % (n + 1)).tolist()
    arcs = []
    false = m.NewConstant(0)
    for c, d in zip(tails, heads):
        a = m.NewBoolVar("")
        arcs.append(a)
        ic, idd = int(anchor_of[c]), int(anchor_of[d])
        if ic < 0 and idd < 0:
            for j in sorted(labels_of[c] | labels_of[d]):
                x, y = lab.get((c, j)), lab.get((d, j))
                if x is not None and y is not None:
                    m.AddImplication(x, y).OnlyEnforceIf(a)
                    m.AddImplication(y, x).OnlyEnforceIf(a)
                else:
                    m.AddImplication(a, (x if x is not None else y).Not())
        elif ic < 0:  # free -> anchor idd: c holds a_idd - 1
            x = lab.get((c, int(seg_of[anum[idd] - 1]))) if seg_of[anum[idd] - 1] >= 0 else None
            m.AddImplication(a, x if x is not None else false)
        elif idd < 0:  # anchor ic -> free d: d holds a_ic + 1
            k = int(anum[ic]) + 1
            y = lab.get((d, int(seg_of[k]))) if k <= n and seg_of[k] >= 0 else None
            m.AddImplication(a, y if y is not None else false)
        elif not (idd == ic + 1 and anum[idd] == anum[ic] + 1):
            m.AddImplication(a, false)
    # the dummy node n closes the path: dummy -> first cell, last cell -> dummy
    starts, ends = [], []
    for kk, col, out in ((1, D[:, 1], starts), (n, D[:, n], ends)):
        for c in np.flatnonzero(col).tolist():
            e = m.NewBoolVar("")
            out.append((c, e))
            if anchor_of[c] < 0:
                m.AddImplication(e, lab[(c, int(seg_of[kk]))])
            elif anum[anchor_of[c]] != kk:
                m.AddImplication(e, false)
    circ = [(c, d, a) for c, d, a in zip(tails, heads, arcs)]
    circ += [(n, c, e) for c, e in starts] + [(c, n, e) for c, e in ends]
    m.AddCircuit(circ)
    arc_idx = np.array([a.Index() for a in arcs], dtype=np.int64)
    tails_a, heads_a = np.array(tails, dtype=np.int64), np.array(heads, dtype=np.int64)
    start_idx = [(c, e.Index()) for c, e in starts]

    def decode(values):
        vals = np.asarray(values, dtype=np.int64)
        succ = np.full(n, -1, dtype=np.int64)
        on = vals[arc_idx] > 0
        succ[tails_a[on]] = heads_a[on]
        first = next((c for c, i in start_idx if vals[i] > 0), None)
        out = [0] * n
        c, k = first, 1
        while c is not None and c >= 0 and k <= n and out[c] == 0:
            out[c] = k
            c, k = int(succ[c]), k + 1
        return tuple(out)

    info = {"labels": len(lab), "arcs": len(arcs), "anchors": len(anum)}
    return CpsatModel(key=puzzle.key, model=m, fix=lambda p: [], decode=decode, info=info)


@register("cpsat-seg", "hidato", "cpsat", key=lambda p: p.key,
          description="CP-SAT: AddCircuit over successor arcs plus a segment label per free cell (no position literals)")
def segments(puzzle) -> CpsatModel:
    """Successor arcs under AddCircuit, and one between-anchors segment label per free cell."""
    return _build_segments(puzzle)
