"""The engine under the front door: one job, one backend, every answer verified.

:func:`run` resolves the backend and encoding (:mod:`gridsat.selection`), runs the backend,
passes every solution through the independent verifier (:func:`gridsat.verifier.verify`) and
sets the status from what was found. ``gridsat.solve`` and ``gridsat.check``
(:mod:`gridsat.api`) call it, or race several configurations; counting lives in
:mod:`gridsat.counting`, which calls :func:`run` too.
"""

from __future__ import annotations

import time
from typing import Callable, Iterable, Iterator

from ..backends import Outcome
from ..backends.base import needs_child, run_backend
from ..errors import GridsatError
from ..kinds import kind_of
from ..limits import CHILD_BYTES, JobInterrupted, TooLarge, format_size
from ..result import Result
from ..selection import check_limits, resolve
from ..verifier import verified_many, verify

__all__ = ["run", "run_many", "VerificationError", "check_limits", "CHILD_BYTES"]

#: puzzles posed to a ``batch`` backend in one call by :func:`run_many`
CHUNK = 256


class VerificationError(GridsatError):
    """A backend returned a wrong solution, or claimed solutions it did not return: a bug in an
    encoding or a backend."""


def run(puzzle, job: str, *, limit: int | None = 1, backend=None, encoding=None,
        time_limit: float | None = None, keep: int = 2, choice=None) -> Result:
    """Run one job on one backend: check the limits, build, solve, verify every solution, set the status.

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
        Seconds for the build, the load and the search together; on expiry the status is
        ``unknown`` (or ``ambiguous`` with two distinct solutions). A job whose build may
        outlast it (see :data:`CHILD_BYTES`) or whose backend cannot stop on time runs in a
        child process killed at the limit.
    keep : int
        How many solutions to return (at least two when ``limit`` allows two: the evidence
        of ``ambiguous``).
    choice : Choice, optional
        The kind's default pair for the puzzle (:func:`gridsat.selection.default_choice`),
        when the caller has chosen it already: the defaults are chosen once a job.

    Returns
    -------
    Result
        Every status rests on evidence: ``unique`` on one verified solution and a complete
        search, ``ambiguous`` on two distinct verified solutions.

    Raises
    ------
    VerificationError
        A backend returned a solution the verifier rejects, the same solution twice, or
        fewer solutions than it counted and was asked to keep.
    TooLarge
        The board is past its kind's size cap, or the encoding's memory estimate is over budget.
    JobInterrupted
        Ctrl-C; its ``result`` holds the solutions found so far (verified), marked incomplete.
    """
    t0 = time.perf_counter()
    kind = kind_of(puzzle)
    b, enc = resolve(puzzle, backend, encoding, choice=choice, kind=kind)
    estimate = check_limits(puzzle, b, enc, kind=kind)
    if limit is None or limit >= 2:
        keep = max(keep, 2)
    res = Result(job=job, status="unknown", puzzle=puzzle, backend=b.name, encoding=enc.name)
    # the kind says whether its clash scan is a short cut worth running first (see its record)
    lazy = not kind.clash_scan_first(puzzle, time_limit)
    conflicts = [] if lazy else puzzle.conflicts()
    if conflicts:
        _impossible(res, conflicts)
        res.total_time = time.perf_counter() - t0
        return res
    child = needs_child(b, estimate, time_limit)
    left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
    try:
        if left is not None and left <= 0:  # the limit ran out before the build
            out = Outcome(timed_out=True)
        else:
            out = run_backend(b, enc, puzzle, limit=limit, time_limit=left, keep=keep, child=child)
        if out.timed_out and time_limit is None:
            # stopped early with no limit to reach: a signal stopped the solver (CP-SAT's own
            # SIGINT handler), which is an interruption, never an answer
            exc = KeyboardInterrupt()
            exc.outcome = out
            raise exc
    except (KeyboardInterrupt, MemoryError) as exc:
        if isinstance(exc, MemoryError):
            raise TooLarge(f"{b.name}/{enc.name} ran out of memory on this {kind.describe(puzzle)} "
                           f"(estimated {format_size(estimate)}; see --max-memory)") from None
        part = getattr(exc, "outcome", None) or Outcome.partial(getattr(exc, "progress", None))
        res = _settle(res, puzzle, b, enc, part, job, time_limit)
        res.stats["interrupted"] = True
        res.reason = "interrupted"
        res.total_time = time.perf_counter() - t0
        raise JobInterrupted(res) from None
    res = _answer(res, puzzle, b, enc, out, job, time_limit, keep, lazy)
    if child:
        res.stats["child"] = True
    res.total_time = time.perf_counter() - t0
    return res


def run_many(puzzles: Iterable, job: str, *, limit: int | None = 1, backend=None, encoding=None,
             time_limit: float | None = None, keep: int = 2, errors: str = "raise",
             one: Callable | None = None) -> Iterator:
    """Run one job on many puzzles: :func:`run`'s results, in order, with the same evidence.

    Consecutive puzzles whose backend supports ``batch`` (:meth:`Backend.run_many`; the
    ``native`` core) go to it in chunks of :data:`CHUNK`, so the per-puzzle cost of Python
    falls away; every solution still passes the verifier, puzzle by puzzle. The others run
    one at a time.

    Parameters
    ----------
    puzzles : iterable of Sudoku or Hidato
    job, limit, backend, encoding, keep
        As for :func:`run`.
    time_limit : float, optional
        Seconds for each puzzle.
    errors : {"raise", "return"}
        What a puzzle that fails with a :class:`~gridsat.errors.GridsatError` does:
        ``raise`` it (after the results before it are yielded), or ``return`` it in place of
        its result, and go on.
    one : callable, optional
        Runs a puzzle that is not batched (default :func:`run`); same signature.

    Yields
    ------
    Result
        One per puzzle (or the error, with ``errors="return"``).
    """
    if errors not in ("raise", "return"):
        raise ValueError(f"errors must be 'raise' or 'return', not {errors!r}")
    one = one or run
    if limit is None or limit >= 2:
        keep = max(keep, 2)
    group: list = []  # (puzzle, backend, encoding, Result, lazy clash scan, seconds so far), one pair throughout

    def flush():
        yield from _batch(group, job, limit, time_limit, keep, errors)
        group.clear()

    shapes: dict = {}  # (kind, shape) -> (backend, encoding, estimate), for kinds that declare a shape

    for p in puzzles:
        t0 = time.perf_counter()
        try:
            kind = kind_of(p)
            key = (kind.name, kind.shape(p)) if kind.shape is not None else None
            got = shapes.get(key) if key is not None else None
            if got is None:
                b, enc = resolve(p, backend, encoding, kind=kind)
                got = b, enc, check_limits(p, b, enc, kind=kind)
                if key is not None:
                    shapes[key] = got
            b, enc, estimate = got
        except GridsatError as exc:
            yield from flush()
            if errors == "raise":
                raise
            yield exc
            continue
        if "batch" not in b.supports or needs_child(b, estimate, time_limit):
            yield from flush()
            try:
                yield one(p, job, limit=limit, backend=backend, encoding=encoding, time_limit=time_limit, keep=keep)
            except GridsatError as exc:
                if errors == "raise":
                    raise
                yield exc
            continue
        if group and (group[0][1] is not b or group[0][2] is not enc or len(group) >= CHUNK):
            yield from flush()
        res = Result(job=job, status="unknown", puzzle=p, backend=b.name, encoding=enc.name)
        lazy = not kind.clash_scan_first(p, time_limit)
        conflicts = [] if lazy else p.conflicts()
        if conflicts:
            yield from flush()
            _impossible(res, conflicts)
            res.total_time = time.perf_counter() - t0
            yield res
            continue
        group.append((p, b, enc, res, lazy, time.perf_counter() - t0))
    yield from flush()


def _batch(group: list, job: str, limit, time_limit, keep: int, errors: str) -> Iterator:
    """The results of one :func:`run_many` chunk: one backend call, then each puzzle settled."""
    if not group:
        return
    b, enc = group[0][1], group[0][2]
    t0 = time.perf_counter()
    outs = b.run_many([g[0] for g in group], enc, limit=limit, time_limit=time_limit, keep=keep)
    # the verifier's pass over every solution of the chunk at once; what it does not show
    # correct is verified one by one below (which names what is wrong)
    shown = iter(verified_many([(g[0], s) for g, o in zip(group, outs) for s in o.solutions]))
    checked = [all([next(shown) for _ in o.solutions]) for o in outs]
    share = (time.perf_counter() - t0 - sum(o.solve_time for o in outs)) / len(group)  # the call's overhead
    for (p, _, _, res, lazy, before), out, ok in zip(group, outs, checked):
        t1 = time.perf_counter()
        try:
            res = _answer(res, p, b, enc, out, job, time_limit, keep, lazy, ok)
        except GridsatError as exc:
            if errors == "raise":
                raise
            yield exc
            continue
        res.total_time = before + share + out.solve_time + time.perf_counter() - t1
        yield res


def _impossible(res: Result, conflicts: list[str]) -> Result:
    """``res`` marked impossible, its reason the clashing givens."""
    res.status, res.count, res.complete, res.reason = "impossible", 0, True, "; ".join(conflicts)
    return res


def _answer(res: Result, puzzle, b, enc, out: Outcome, job: str, time_limit, keep: int, lazy: bool,
            checked: bool = False) -> Result:
    """``res`` settled from the backend's ``out``: with a scan for clashing givens left until
    now (``lazy``), a complete search without solutions is answered by the clash it finds;
    otherwise the evidence is checked and every solution verified (:func:`_settle`;
    ``checked``: the verifier has shown them all correct already)."""
    if lazy and out.count == 0 and out.complete:
        conflicts = puzzle.conflicts()
        if conflicts:
            _impossible(res, conflicts)
            res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, dict(out.stats)
            return res
    _evidence(b, enc, out, keep)
    return _settle(res, puzzle, b, enc, out, job, time_limit, checked)


def _evidence(b, enc, out: Outcome, keep: int) -> None:
    """Raise :class:`VerificationError` when a backend's count is not backed by the solutions it returned."""
    distinct = set(out.solutions)
    if len(distinct) < len(out.solutions):
        raise VerificationError(f"{b.name}/{enc.name} returned the same solution twice")
    if len(out.solutions) < min(out.count, keep):
        raise VerificationError(f"{b.name}/{enc.name} counted {out.count} solution(s) but returned "
                                f"{len(out.solutions)} of the {min(out.count, keep)} asked for")


def _settle(res: Result, puzzle, b, enc, out: Outcome, job: str, time_limit, checked: bool = False) -> Result:
    """Verify ``out``'s solutions (``checked``: the verifier has passed them all already) and
    set ``res``'s status from the evidence."""
    for sol in () if checked else out.solutions:
        problems = verify(puzzle, sol)
        if problems:
            raise VerificationError(
                f"{b.name}/{enc.name} returned a wrong solution: {'; '.join(problems[:3])}"
            )
    sols = list(dict.fromkeys(out.solutions))
    res.verified = bool(sols)
    res.solutions = sols
    res.solution = sols[0] if sols else None
    res.count = max(out.count, len(sols))
    res.complete = out.complete
    res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, dict(out.stats)
    if res.count == 0:
        res.status = "impossible" if out.complete else "unknown"
        if out.complete:
            res.reason = "no solution exists"
    elif len(sols) >= 2:
        res.status = "ambiguous"
    elif out.complete and res.count == 1 and sols:
        res.status = "unique"
    elif job == "solve" and sols:
        res.status = "solved"
    else:
        res.status = "unknown"
    if res.status == "unknown" and out.timed_out:
        res.reason = ("stopped before the search ended" if time_limit is None
                      else f"time limit of {time_limit} s reached")
    return res
