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

import numpy as np

from .base import CnfModel, register
from .hidato_domains import amo_clauses, arc_tables, domains, literal_table, next_clauses

__all__ = ["positions", "arcs"]


def _unsat(puzzle, key) -> CnfModel:
    n = puzzle.num_cells
    return CnfModel(key=key, nvars=1, clauses=[[1], [-1]], var=np.zeros((n, n + 1), dtype=np.int64),
                    assume=lambda p: [], info={"pruned_infeasible": True})


def _build(puzzle, with_arcs: bool) -> CnfModel:
    key = puzzle.key
    D, ok = domains(puzzle)
    if not ok:
        return _unsat(puzzle, key)
    n = puzzle.num_cells
    var, nxt = literal_table(D)
    cs, ks = np.nonzero(D)  # sorted by cell
    lits = var[cs, ks]
    row_groups = np.split(lits, np.searchsorted(cs, np.arange(1, n)))
    order = np.argsort(ks, kind="stable")
    col_groups = np.split(lits[order], np.searchsorted(ks[order], np.arange(2, n + 1)))
    clauses = [g.tolist() for g in row_groups] + [g.tolist() for g in col_groups]
    amo, nxt = amo_clauses(row_groups + col_groups, nxt)
    clauses += amo
    clauses += next_clauses(puzzle, var)
    info = {"literals": int(D.sum()), "amo": "pairwise<=6, seqcounter"}
    if with_arcs and n > 1:
        t = arc_tables(puzzle, D, var, nxt)
        nxt = t["next_var"]
        clauses += t["channel"]
        # degree: one successor unless holding N, one predecessor unless holding 1
        out_groups, in_groups = t["out_groups"], t["in_groups"]
        for c in range(n):
            end, start = int(var[c, n]), int(var[c, 1])
            clauses.append(out_groups[c].tolist() + ([end] if end else []))
            clauses.append(in_groups[c].tolist() + ([start] if start else []))
        amo, nxt = amo_clauses(out_groups + in_groups, nxt)
        clauses += amo
        clauses += t["antiparallel"]
        info["arcs"] = t["num_arcs"]

    def assume(p) -> list[int]:
        return [int(var[c, v]) for c, v in p.givens.items() if var[c, v]]

    return CnfModel(key=key, nvars=nxt - 1, clauses=clauses, var=var, assume=assume, info=info)


@register("cnf-pos", "hidato", "cnf", key=lambda p: p.key,
          description="CNF: pruned position literals, exactly-one per cell/number, next-number clauses")
def positions(puzzle) -> CnfModel:
    """Pruned position literals with exactly-one and next/previous-number clauses."""
    return _build(puzzle, False)


@register("cnf-arcs", "hidato", "cnf", key=lambda p: p.key,
          description="CNF: cnf-pos plus successor-arc literals with degree constraints")
def arcs(puzzle) -> CnfModel:
    """Position literals plus successor arcs with one-in/one-out degree constraints."""
    return _build(puzzle, True)
