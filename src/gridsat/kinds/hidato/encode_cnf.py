"""CNF encodings of Hidato/Numbrix for PySAT solvers.

* ``cnf-pos``: position literals ``x(c, k)`` ("cell c holds k") over the pruned domains of
  :mod:`.hidato_domains`; exactly one number per cell and one cell per number (pairwise
  at-most-one for short lists, Sinz's sequential counter for long ones); and the path
  clauses ``x(c,k) -> OR_d x(d,k+1)`` and ``x(c,k) -> OR_d x(d,k-1)`` over neighbours ``d``.
* ``cnf-arcs``: ``cnf-pos`` plus successor literals ``a(c, d)`` ("the number after c's sits
  in d") with exactly one successor and one predecessor per cell (except at N and 1), channelled
  to the position literals. The degree constraints give the local "only two ways out"
  reasoning of human solvers to unit propagation.

The domains depend on the givens, so the base formula does too: its key is the puzzle's
board, adjacency and givens. Measured (``benchmarks/hidato.py --assumptions``, 40% givens,
glucose4): the open board's formula with givens as assumptions has 19k clauses at 7x7 and
165k at 12x12 against 0.8k-2.6k pruned, and even with its build amortised over a batch its
solve + uniqueness proof alone (8 ms at 7x7, 0.25 s at 12x12) is slower than the whole
pruned pipeline (build included) from 8x8 up.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ...encoders.base import CnfModel, register
from .encode_domains import arc_tables, domain_sets

__all__ = ["positions", "arcs"]


def _unsat(puzzle, key) -> CnfModel:
    n = puzzle.num_cells
    return CnfModel(key=key, nvars=1, clauses=[[1], [-1]], var=np.zeros((n, n + 1), dtype=np.int64),
                    assume=lambda p: [], info={"pruned_infeasible": True})


def _amo(groups, nxt: int, out: list) -> int:
    """At-most-one per group into ``out``: pairwise up to 6 literals, else Sinz's sequential counter."""
    for g in groups:
        size = len(g)
        if size < 2:
            continue
        if size <= 6:
            out.extend((-a, -b) for a, b in combinations(g, 2))
            continue
        s = range(nxt, nxt + size - 1)
        nxt += size - 1
        out.append((-g[0], s[0]))
        for i in range(1, size - 1):
            out += ((-g[i], s[i]), (-s[i - 1], s[i]), (-g[i], -s[i - 1]))
        out.append((-g[-1], -s[-1]))
    return nxt


def _positions(puzzle) -> CnfModel:
    """``cnf-pos`` straight from the domain bitsets, in plain Python (no NumPy per clause group).

    A next-number clause ``x(c,k) -> OR x(d,k+1)`` whose disjunction lists every cell
    ``k + 1`` may take is implied by that number's at-least-one clause, and is left out (so
    are the previous-number ones likewise); placed numbers therefore add no path clauses.
    """
    bb, C, ok = domain_sets(puzzle)
    key = puzzle.key
    if not ok:
        return _unsat(puzzle, key)
    n = puzzle.num_cells
    cell_of, nbmask, nbpos = bb.cell_of, bb.nbmask, bb.nbpos
    # literals numbered cell by cell (cell-major, as the NumPy tables are): first the rank of
    # each number within its cell, then the cell's offset
    V: list[dict] = [{}] * (n + 2)
    bycell: dict[int, list[int]] = {q: [] for q in bb.pos}
    for k in range(1, n + 1):
        m = C[k]
        d = {}
        while m:
            low = m & -m
            q = low.bit_length() - 1
            m ^= low
            ks_q = bycell[q]
            d[q] = len(ks_q)
            ks_q.append(k)
        V[k] = d
    base: dict[int, int] = {}
    nxt = 1
    for q in bb.pos:
        base[q] = nxt
        nxt += len(bycell[q])
    for k in range(1, n + 1):
        d = V[k]
        for q in d:
            d[q] += base[q]
    cs = [cell_of[q] for q in bb.pos for _ in bycell[q]]
    ks = [k for q in bb.pos for k in bycell[q]]
    bycell = {q: range(base[q], base[q] + len(bycell[q])) for q in bb.pos}
    groups = [tuple(V[k].values()) for k in range(1, n + 1)] + [tuple(g) for g in bycell.values()]
    clauses = list(groups)
    nxt = _amo(groups, nxt, clauses)
    for k in range(1, n + 1):
        for other in (k + 1, k - 1):  # C[0] and C[n + 1] are empty: nothing to add there
            cover, Vo = C[other], V[other]
            for q, v in V[k].items():
                if cover & ~nbmask[q]:
                    clauses.append((-v, *[Vo[r] for r in nbpos[q] if r in Vo]))
    var = np.zeros((n, n + 1), dtype=np.int64)
    var[cs, ks] = np.arange(1, len(cs) + 1)

    def assume(p) -> list[int]:
        return [int(var[c, v]) for c, v in p.givens.items() if var[c, v]]

    return CnfModel(key=key, nvars=nxt - 1, clauses=clauses, var=var, assume=assume,
                    info={"literals": len(cs), "amo": "pairwise<=6, seqcounter"})


@register("cnf-pos", "hidato", "cnf", key=lambda p: p.key,
          description="CNF: pruned position literals, exactly-one per cell/number, next-number clauses")
def positions(puzzle) -> CnfModel:
    """Pruned position literals with exactly-one and next/previous-number clauses."""
    return _positions(puzzle)


@register("cnf-arcs", "hidato", "cnf", key=lambda p: p.key,
          description="CNF: cnf-pos plus successor-arc literals with degree constraints")
def arcs(puzzle) -> CnfModel:
    """Position literals plus successor arcs with one-in/one-out degree constraints."""
    model = _positions(puzzle)
    n = puzzle.num_cells
    if model.info.get("pruned_infeasible") or n == 1:
        return model
    var = model.var
    t = arc_tables(puzzle, var != 0, var, model.nvars + 1)
    nxt = t["next_var"]
    clauses = model.clauses + t["channel"]
    # degree: one successor unless holding N, one predecessor unless holding 1
    out_groups, in_groups = t["out_groups"], t["in_groups"]
    for c in range(n):
        end, start = int(var[c, n]), int(var[c, 1])
        clauses.append(out_groups[c].tolist() + ([end] if end else []))
        clauses.append(in_groups[c].tolist() + ([start] if start else []))
    nxt = _amo([g.tolist() for g in out_groups + in_groups], nxt, clauses)
    clauses += t["antiparallel"]
    return CnfModel(key=model.key, nvars=nxt - 1, clauses=clauses, var=var, assume=model.assume,
                    info=dict(model.info, arcs=t["num_arcs"]))
