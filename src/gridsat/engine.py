"""The engine under the front door: one job, one backend, every answer verified.

:func:`run` resolves the backend and encoding (:mod:`gridsat.selection`), runs the backend,
passes every solution through the independent verifier (:func:`gridsat.verify.verify`) and
sets the status from what was found. ``solve`` and ``check`` are thin wrappers; counting
lives in :mod:`gridsat.counting`, which calls :func:`run` too.
"""

from __future__ import annotations

import time

from .errors import GridsatError
from .kinds import kind_of
from .result import Result
from .selection import resolve
from .verify import verify

__all__ = ["run", "solve", "check", "VerificationError"]


class VerificationError(GridsatError):
    """A backend returned a wrong solution: a bug in an encoding or a backend."""


def run(puzzle, job: str, *, limit: int | None = 1, backend=None, encoding=None,
        time_limit: float | None = None, keep: int = 2) -> Result:
    """Run one job on one backend: build, solve, verify every solution, set the status.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    job : {"solve", "count", "check"}
        Names the result's job; ``solve`` may end ``solved`` without a uniqueness proof.
    limit : int or None
        Stop after this many solutions (``None``: all).
    backend, encoding : str or object, optional
        See :func:`gridsat.selection.resolve`.
    time_limit : float, optional
        Seconds; on expiry the status is ``unknown`` (or ``ambiguous`` with two solutions).
    keep : int
        How many solutions to return.

    Returns
    -------
    Result

    Raises
    ------
    VerificationError
        A backend returned a solution the verifier rejects.
    """
    t0 = time.perf_counter()
    b, enc = resolve(puzzle, backend, encoding)
    res = Result(job=job, status="unknown", puzzle=puzzle, backend=b.name, encoding=enc.name)
    # the kind says whether its clash scan is a short cut worth running first (see its record)
    lazy = not kind_of(puzzle).clash_scan_first(puzzle, time_limit)
    conflicts = [] if lazy else puzzle.conflicts()
    if conflicts:
        res.status, res.count, res.complete = "impossible", 0, True
        res.reason = "; ".join(conflicts)
        res.total_time = time.perf_counter() - t0
        return res
    out = b.run(puzzle, enc, limit=limit, time_limit=time_limit, keep=keep)
    if lazy and out.count == 0 and out.complete:
        conflicts = puzzle.conflicts()
        if conflicts:
            res.status, res.count, res.complete = "impossible", 0, True
            res.reason = "; ".join(conflicts)
            res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, out.stats
            res.total_time = time.perf_counter() - t0
            return res
    for sol in out.solutions:
        problems = verify(puzzle, sol)
        if problems:
            raise VerificationError(
                f"{b.name}/{enc.name} returned a wrong solution: {'; '.join(problems[:3])}"
            )
    res.verified = bool(out.solutions)
    res.solutions = out.solutions
    res.solution = out.solutions[0] if out.solutions else None
    res.count = out.count
    res.complete = out.complete
    res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, out.stats
    if out.count == 0:
        res.status = "impossible" if out.complete else "unknown"
        if out.complete:
            res.reason = "no solution exists"
    elif out.count >= 2:
        res.status = "ambiguous"
    elif out.complete:
        res.status = "unique"
    elif job == "solve":
        res.status = "solved"
    else:
        res.status = "unknown"
    if res.status == "unknown" and out.timed_out:
        res.reason = f"time limit of {time_limit} s reached"
    res.total_time = time.perf_counter() - t0
    return res


def solve(puzzle, *, backend=None, encoding=None, time_limit: float | None = None) -> Result:
    """Find one solution.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    backend : str or Backend, optional
        A name from :func:`gridsat.list_backends` (``cpsat``, ``minisat22``, ``cadical153``, ...).
    encoding : str or Encoding, optional
        A name from :func:`gridsat.list_encodings` matching the backend's target.
    time_limit : float, optional
        Seconds; on expiry the status is ``unknown``.

    Returns
    -------
    Result
        ``status`` is ``solved``, ``impossible`` or ``unknown``; ``solution`` is verified.
    """
    return run(puzzle, "solve", limit=1, backend=backend, encoding=encoding, time_limit=time_limit)


def check(puzzle, *, backend=None, encoding=None, time_limit: float | None = None) -> Result:
    """Decide uniqueness: status ``unique``, ``ambiguous``, ``impossible`` or ``unknown``."""
    return run(puzzle, "check", limit=2, backend=backend, encoding=encoding, time_limit=time_limit)
