"""CNF encodings of Kakuro over one shared variable pool (every python-sat solver runs them).

Both have a literal ``x(c, d)`` ("white cell c holds d", numbered ``9 * k + d`` for the k-th
white cell) per white cell and digit, exactly one digit per cell, and at most one cell per
run and digit (pairwise: a run has at most 9 cells).

* ``cnf-combo``: a run with a sum gets its table of digit combinations (the sets of distinct
  digits of its length adding up to the sum, as the constraint vocabulary's cages make them):
  one selector per combination, at least one true, a selector rules out every digit outside
  its set and demands each of its digits somewhere in the run; a digit in no combination is
  a unit clause, and ``x(c, d)`` implies one of the selectors holding ``d`` (support
  clauses). Two combinations differ in a digit, so the selectors are defined by the cells
  and counting models counts solutions.
* ``cnf-sum``: a run with a sum is the vocabulary's order-encoded sum
  (:func:`gridsat.constraints.sums.sum_cnf`): bounds on the partial sums.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...constraints.sums import cell_term, sum_cnf
from ...encoders.base import CnfModel, RowTable, register
from .puzzle import combinations_for

__all__ = ["combo", "sums"]


#: the pairs of digits 1..9 (a cell's at-most-one)
_PAIRS = tuple(combinations(range(1, 10), 2))
#: the digits' combinations per run length and sum (:func:`combinations_for`), kept read-only
_combinations = lru_cache(maxsize=None)(lambda size, total: tuple(combinations_for(size, total)))


def _base(puzzle):
    white = puzzle.white
    index = {c: 9 * k for k, c in enumerate(white)}  # cell c's literal of digit d: index[c] + d

    def lit(c: int, d: int) -> int:
        return index[c] + d

    clauses: list[list[int]] = []
    for c in white:
        o = index[c]
        clauses.append(list(range(o + 1, o + 10)))
        clauses += [[-o - a, -o - b] for a, b in _PAIRS]
    for run in puzzle.runs:
        pairs = list(combinations([index[c] for c in run.cells], 2))
        clauses += [[-a - d, -b - d] for d in range(1, 10) for a, b in pairs]
    zero = [0] * 10
    rows = [[0, *range(index[c] + 1, index[c] + 10)] if c in index else zero for c in range(puzzle.num_cells)]
    return lit, clauses, 9 * len(white) + 1, RowTable(rows)  # (no NumPy on the check path)


def _model(puzzle, clauses, nxt, var, aux: int) -> CnfModel:
    return CnfModel(key=puzzle.key, nvars=nxt - 1, clauses=clauses, var=var, assume=lambda p: [],
                    info={"auxiliaries": aux})


@register("cnf-combo", "kakuro", "cnf", key=lambda p: p.key,
          description="CNF: direct digits, distinct runs, each sum as a table of digit combinations with selectors")
def combo(puzzle) -> CnfModel:
    """Each run's sum as selectors over its digit combinations, with support clauses."""
    lit, clauses, nxt, var = _base(puzzle)
    first = nxt
    for run in puzzle.runs:
        if not run.total:
            continue
        tab = _combinations(len(run.cells), run.total)
        allowed = set().union(*map(set, tab))
        clauses += [[-lit(c, d)] for c in run.cells for d in range(1, 10) if d not in allowed]
        if len(tab) == 1:
            clauses += [[lit(c, d) for c in run.cells] for d in tab[0]]
            continue
        sel = list(range(nxt, nxt + len(tab)))
        nxt += len(tab)
        clauses.append(sel)
        for s, combo_ in zip(sel, tab):
            clauses += [[-s, -lit(c, d)] for d in allowed - set(combo_) for c in run.cells]
            clauses += [[-s] + [lit(c, d) for c in run.cells] for d in combo_]
        for d in allowed:
            holding = [s for s, combo_ in zip(sel, tab) if d in combo_]
            clauses += [[-lit(c, d)] + holding for c in run.cells]
    return _model(puzzle, clauses, nxt, var, nxt - first)


@register("cnf-sum", "kakuro", "cnf", key=lambda p: p.key,
          description="CNF: direct digits, distinct runs, each sum order-encoded over its partial sums")
def sums(puzzle) -> CnfModel:
    """Each run's sum as the vocabulary's order-encoded partial sums."""
    lit, clauses, nxt, var = _base(puzzle)
    first = nxt
    counter = [nxt]

    def new_var() -> int:
        counter[0] += 1
        return counter[0] - 1

    for run in puzzle.runs:
        if run.total:
            more = sum_cnf([cell_term(lit, c, 9) for c in run.cells], run.total, run.total, new_var)
            clauses += more if more is not None else [[]]
    return _model(puzzle, clauses, counter[0], var, counter[0] - first)
