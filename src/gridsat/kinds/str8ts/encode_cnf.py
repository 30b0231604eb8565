"""Str8ts as CNF over one shared variable pool (every python-sat solver runs it).

``cnf-str8ts``: a literal ``x(c, v)`` per cell and digit from one :class:`pysat.formula.IDPool`.
A white cell holds exactly one digit, a black cell at most one; each digit at most once in a
row and a column (sequential at-most-one, :mod:`gridsat.encoders.cardinality`). A compartment
of ``L`` cells holds distinct digits (its line's at-most-one) whose largest and smallest differ
by at most ``L - 1``, so they are consecutive: for every two of its cells and every two digits
``a, b`` with ``|a - b| >= L``, the clause ``-x(c1, a) | -x(c2, b)``.

``cnf-str8ts-window``: the same cells and lines; a compartment of ``L`` cells instead gets a
start selector ``y(s)`` per window ``s .. s + L - 1`` of the digits (exactly one): a digit ``v``
in one of its cells implies one of the windows that hold ``v``, and a window implies each of
its ``L`` digits somewhere in the compartment. Its clauses grow with ``L * n`` per compartment,
not with ``L**2 * n**2`` as the far pairs do, and the window's digits propagate as hidden
singles.

The formulas depend on the side and the black cells alone (their key): a given is posed by
its literal, a black cell without a digit by the negations of its literals, all as
assumptions, so one solver serves a whole batch and the generator's carving.
"""

from __future__ import annotations

from functools import lru_cache

from pysat.formula import IDPool

from ...encoders.base import CellMajor, CnfModel, RowTable, register
from ...encoders.cardinality import PAIRWISE_MAX, at_most_one, exactly_one

__all__ = ["str8ts_cnf", "str8ts_window_cnf", "base_formula", "window_formula", "assumptions"]


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
def base_formula(n: int, black: tuple) -> tuple[int, list[list[int]], RowTable]:
    """``(nvars, clauses, var)`` for side ``n`` and the black cells ``black``."""
    pool = IDPool()
    rows = [[0] + [pool.id(("x", c, v)) for v in range(1, n + 1)] for c in range(n * n)]
    var = RowTable(rows)  # (no NumPy on the check path)
    x = lambda c, v: rows[c][v]  # noqa: E731
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


def assumptions(puzzle, var: "RowTable | CellMajor") -> list[int]:
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


@lru_cache(maxsize=8)
def _lines(n: int) -> tuple:
    """The clauses every ``n x n`` layout shares (pairwise): at most one digit per cell, each digit
    at most once per row and column."""
    from itertools import combinations

    cells = n * n
    units = [list(range(c * n + 1, c * n + n + 1)) for c in range(cells)]
    units += [[(r * n + c) * n + v for c in range(n)] for r in range(n) for v in range(1, n + 1)]
    units += [[(r * n + c) * n + v for r in range(n)] for c in range(n) for v in range(1, n + 1)]
    return tuple([-a, -b] for unit in units for a, b in combinations(unit, 2))


def window_formula(n: int, black: tuple) -> tuple[int, list[list[int]], CellMajor]:
    """``(nvars, clauses, var)`` of ``cnf-str8ts-window`` for side ``n`` and the black cells ``black``.

    The digit literals are numbered ``c * n + v`` (cell ``c`` row by row, digit ``v`` from 1);
    selectors and the cardinality encoders' auxiliaries follow them. Built anew on each call
    (a fresh list the caller may keep; the line clauses are shared, read-only): the backends
    keep a formula by its key.
    """
    cells = n * n
    pool = IDPool(start_from=cells * n + 1)
    var = CellMajor(cells, n)  # (no NumPy on the check path)
    if n <= PAIRWISE_MAX:
        clauses = list(_lines(n))
        clauses += [list(range(c * n + 1, c * n + n + 1)) for c in range(cells) if not black[c]]
    else:
        clauses = []
        for c in range(cells):
            lits = list(range(c * n + 1, c * n + n + 1))
            clauses += at_most_one(lits, pool) if black[c] else exactly_one(lits, pool)
        for unit in ([[r * n + c for c in range(n)] for r in range(n)]
                     + [[r * n + c for r in range(n)] for c in range(n)]):
            for v in range(1, n + 1):
                clauses += at_most_one([c * n + v for c in unit], pool)
    for run in _runs(n, black):
        span = len(run)
        if span >= n:
            continue
        starts = range(1, n - span + 2)
        y = {s: pool.id(("y", run[0], run[-1], s)) for s in starts}
        clauses += exactly_one(list(y.values()), pool)
        for v in range(1, n + 1):
            holds = [y[s] for s in starts if s <= v <= s + span - 1]
            clauses += [[-(c * n + v)] + holds for c in run]
        for s, ys in y.items():
            clauses += [[-ys] + [c * n + v for c in run] for v in range(s, s + span)]
    return pool.top, clauses, var


@register("cnf-str8ts-window", "str8ts", "cnf", key=lambda p: (p.n, p.black))
def str8ts_window_cnf(puzzle) -> CnfModel:
    """Digits per cell, lines as at-most-one per digit, compartments as one chosen window of
    consecutive digits; givens and empty black cells as assumptions."""
    nvars, clauses, var = window_formula(puzzle.n, puzzle.black)
    return CnfModel(key=(puzzle.n, puzzle.black), nvars=nvars, clauses=clauses, var=var,
                    assume=lambda p: assumptions(p, var))
