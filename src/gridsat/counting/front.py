"""The front door of counting: pick a method, run it, report a :class:`~gridsat.result.Result`."""

from __future__ import annotations

from ..result import Result
from .base import CounterTimeout, CountMethod, SharpSatMethod, cnf_formula, get_method, now

__all__ = ["count", "sharp_count"]


def count(puzzle, limit: int | None = None, *, method: "str | CountMethod" = "enum", backend=None,
          encoding=None, time_limit: float | None = None) -> Result:
    """Count the solutions of ``puzzle`` with counting method ``method``.

    See :func:`gridsat.count`; ``method`` is a name from :func:`list_methods` or a
    :class:`CountMethod` (e.g. ``ApproxMethod(epsilon=0.5)``).
    """
    m = get_method(method)
    m.require()
    return m.count(puzzle, limit, backend=backend, encoding=encoding, time_limit=time_limit)


def _status(res: Result, n: int) -> None:
    res.status = "impossible" if n == 0 else "unique" if n == 1 else "ambiguous"


def sharp_count(method: SharpSatMethod, puzzle, limit: int | None = None, *, backend=None, encoding=None,
                time_limit: float | None = None) -> Result:
    """Count with a #SAT counter on the CNF encoding, projected onto the primary variables.

    ``limit`` does not apply: the counter returns the whole count in one piece. With an
    exact count of 1 the solution is fetched with ``backend`` (default: the kind's) and
    verified; other counts come without solutions and ``verified`` stays False.
    """
    from ..api import VerificationError, solve

    t0 = now()
    res = Result(job="count", status="unknown", puzzle=puzzle, backend=method.name)
    res.method = method.name
    conflicts = puzzle.conflicts()
    formula = cnf_formula(puzzle, encoding)
    res.encoding = formula.encoding
    res.build_time = now() - t0
    if conflicts:
        res.status, res.count, res.complete = "impossible", 0, True
        res.reason = "; ".join(conflicts)
        res.total_time = now() - t0
        return res
    res.stats = {"vars": formula.nvars, "clauses": len(formula.clauses), "projection": len(formula.show),
                 **method.options()}
    left = None if time_limit is None else time_limit - (now() - t0)
    t1 = now()
    try:
        if left is not None and left <= 0:
            raise CounterTimeout("no time left after building the formula")
        n, stats = method.run_formula(formula, left)
    except CounterTimeout:
        res.solve_time = now() - t1
        res.reason = f"time limit of {time_limit} s reached"
        res.total_time = now() - t0
        return res
    res.solve_time = now() - t1
    exact = bool(stats.pop("exact", method.exact))
    res.stats.update(stats)
    res.count = n
    if exact or n == 0:  # an approximate counter's 0 is a proof of unsatisfiability
        res.complete = True
        _status(res, n)
        if n == 0:
            res.reason = "no solution exists"
        elif n == 1:
            left = None if time_limit is None else max(time_limit - (now() - t0), 0.01)
            one = solve(puzzle, backend=backend, encoding=None if backend is not None else encoding,
                        time_limit=left)
            if one.solution is not None:
                res.solution, res.solutions, res.verified = one.solution, [one.solution], one.verified
                res.stats["solution_backend"] = one.backend
            elif one.status == "impossible":
                raise VerificationError(f"{method.name} counted 1 solution but {one.backend} found none")
    else:
        res.approximate = True
        res.status = "ambiguous" if n >= 2 else "unknown"
        eps, delta = res.stats.get("epsilon"), res.stats.get("delta")
        res.reason = (f"approximate count: within a factor {1 + eps:g} of the exact count with probability "
                      f"at least {1 - delta:g} (epsilon={eps:g}, delta={delta:g})")
    res.total_time = now() - t0
    return res
