"""Str8ts as CNF over one shared variable pool (every python-sat solver runs it).

``cnf-str8ts``: a literal ``x(c, v)`` per cell and digit from one :class:`pysat.formula.IDPool`.
A white cell holds exactly one digit, a black cell at most one; each digit at most once in a
row and a column (sequential at-most-one, :mod:`gridsat.encoders.cardinality`). A compartment
of ``L`` cells holds distinct digits (its line's at-most-one) whose largest and smallest differ
by at most ``L - 1``, so they are consecutive: for every two of its cells and every two digits
``a, b`` with ``|a - b| >= L``, the clause ``-x(c1, a) | -x(c2, b)``.

The formula depends on the side and the black cells alone (its key): a given is posed by
its literal, a black cell without a digit by the negations of its literals, all as
assumptions, so one solver serves a whole batch and the generator's carving.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from pysat.formula import IDPool

from ...encoders.base import CnfModel, register
from ...encoders.cardinality import at_most_one, exactly_one

__all__ = ["str8ts_cnf", "base_formula", "assumptions"]


def _runs(n: int, black: tuple) -> list[list[int]]:
    """The compartments, from coordinates: maximal white runs of the rows, then the columns."""
    out = []
    for lines in ([[r * n + c for c in range(n)] for r in range(n)], [[r * n + c for r in range(n)] for c in range(n)]):
        for cells in lines:
            run: list[int] = []
            for c in cells:
                if black[c]:
                    if run:
                        out.append(run)
                    run = []
                else:
                    run.append(c)
            if run:
                out.append(run)
    return out


@lru_cache(maxsize=32)
def base_formula(n: int, black: tuple) -> tuple[int, list[list[int]], np.ndarray]:
    """``(nvars, clauses, var)`` for side ``n`` and the black cells ``black``."""
    pool = IDPool()
    var = np.zeros((n * n, n + 1), dtype=np.int64)
    for c in range(n * n):
        for v in range(1, n + 1):
            var[c, v] = pool.id(("x", c, v))
    x = lambda c, v: int(var[c, v])  # noqa: E731
    clauses: list[list[int]] = []
    for c in range(n * n):
        lits = [x(c, v) for v in range(1, n + 1)]
        clauses += at_most_one(lits, pool) if black[c] else exactly_one(lits, pool)
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    for unit in units:
        for v in range(1, n + 1):
            clauses += at_most_one([x(c, v) for c in unit], pool)
    for run in _runs(n, black):
        span = len(run)
        if span >= n:
            continue
        for i, c1 in enumerate(run):
            for c2 in run[i + 1:]:
                for a in range(1, n + 1):
                    for b in range(1, n + 1):
                        if abs(a - b) >= span:
                            clauses.append([-x(c1, a), -x(c2, b)])
    return pool.top, clauses, var


def assumptions(puzzle, var: np.ndarray) -> list[int]:
    """The literals that pose ``puzzle``'s givens (and its empty black cells) on the base formula."""
    n = puzzle.n
    out = []
    for c, v in enumerate(puzzle.givens):
        if v is not None:
            out.append(int(var[c, v]))
        elif puzzle.black[c]:
            out += [-int(var[c, d]) for d in range(1, n + 1)]
    return out


@register("cnf-str8ts", "str8ts", "cnf", key=lambda p: (p.n, p.black))
def str8ts_cnf(puzzle) -> CnfModel:
    """Digits per cell, lines as at-most-one per digit, compartments as forbidden far pairs;
    givens and empty black cells as assumptions."""
    nvars, clauses, var = base_formula(puzzle.n, puzzle.black)
    return CnfModel(key=(puzzle.n, puzzle.black), nvars=nvars, clauses=[list(c) for c in clauses], var=var,
                    assume=lambda p: assumptions(p, var))
