"""Enumeration counting: ``enum`` (the backend's own enumeration) and ``cpsat`` (CP-SAT's).

Both find solutions one by one: CNF backends add a blocking clause over the primary literals
after each, CP-SAT enumerates with ``enumerate_all_solutions`` on one worker. They stop at
``limit``, and the solutions come back verified. The time grows with the count.

A count with a ``progress`` callback (the command line's) runs in rounds whose limit grows
fourfold (1,000, 4,000, 16,000, ... up to ``limit``) once it passes :data:`FIRST_BATCH`
solutions. A backend's enumeration cannot be resumed, so each round starts afresh, and the
rounds cost at most about twice a single run (under a time limit the last round may find
fewer than a single run would); in exchange every finished round is a proven lower bound:
``progress`` reports it, and Ctrl-C raises :class:`~gridsat.counting.base.CountInterrupted`
carrying it instead of losing it.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from ..backends import get_backend
from ..encoders import get_encoding
from ..engine import run
from ..errors import UnsupportedError
from ..kinds import kind_of
from ..result import Result
from ..selection import pick_encoding
from .base import CountInterrupted, CountMethod, register_method

__all__ = ["EnumMethod", "CpsatEnumMethod", "enumerate_in_rounds", "FIRST_BATCH", "GROWTH"]

#: the limit of the first round of a long count, and the factor by which the next grows
FIRST_BATCH, GROWTH = 1000, 4
#: ``keep`` for the engine when every solution is wanted
ALL = sys.maxsize


def _interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C (python-sat turns it inside a native solve into its own error)."""
    return isinstance(exc, KeyboardInterrupt) or "keyboard interrupt" in str(exc).lower()


def enumerate_in_rounds(puzzle, once: Callable[..., Result], limit: int | None, keep: int | None,
                        time_limit: float | None,
                        progress: "Callable[[int, float], None] | None" = None) -> Result:
    """Count with ``once(limit=, keep=, time_limit=)`` in growing rounds; see the module docstring.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
        The puzzle ``once`` counts (named by the result of an interrupted count).
    once : callable
        One enumeration from scratch, returning a verified :class:`~gridsat.result.Result`.
    limit : int or None
        Stop at this many solutions (``None``: all).
    keep : int or None
        Solutions to return (``None``: every one found).
    time_limit : float or None
        Seconds for all rounds together.
    progress : callable, optional
        ``progress(count_so_far, seconds)`` after each round that did not finish the count.

    Returns
    -------
    Result
        The last round's result (its count is the largest): ``complete`` when the search
        space was exhausted.

    Raises
    ------
    CountInterrupted
        Ctrl-C during a round; its ``result`` is what the interrupted round had found when
        its backend reports it (and it is more), else the best finished round (count 0 and
        status ``unknown`` when none finished), marked incomplete with ``stats["interrupted"]``.
    """
    t0 = time.perf_counter()
    best: Result | None = None
    rounds = 0
    # one run when the caller wants no progress (Ctrl-C still keeps what the run had found, through
    # the engine's JobInterrupted); rounds otherwise
    size = limit if progress is None else FIRST_BATCH
    try:
        while True:
            cap = limit if size is None or (limit is not None and limit <= size) else size
            left = None if time_limit is None else max(time_limit - (time.perf_counter() - t0), 0.001)
            wanted = [k for k in (keep, cap) if k is not None]
            res = once(limit=cap, keep=min(wanted) if wanted else ALL, time_limit=left)
            rounds += 1
            if best is not None and (res.count or 0) < (best.count or 0):
                res = best  # a round cut short by the time limit: the earlier round found more
            best = res
            done = res.complete or (limit is not None and (res.count or 0) >= limit)
            timed_out = time_limit is not None and time.perf_counter() - t0 >= time_limit
            if done or timed_out or cap is None or (res.count or 0) < cap:
                if timed_out and not done and not res.reason:
                    res.reason = f"time limit of {time_limit} s reached"
                break
            if progress is not None:
                progress(res.count or 0, time.perf_counter() - t0)
            size *= GROWTH
    except BaseException as exc:
        # Ctrl-C inside a round, or between two (while the progress line is printed)
        if not _interrupt(exc):
            raise
        part = getattr(exc, "result", None)  # what the interrupted round had found (verified)
        if part is not None and (part.count or 0) > (0 if best is None else best.count or 0):
            best = part
        raise CountInterrupted(_partial(puzzle, best, t0, rounds, keep)) from None
    best.total_time = time.perf_counter() - t0
    if rounds > 1:
        best.stats["rounds"] = rounds
    if keep is not None:
        best.solutions = best.solutions[:keep]  # (the engine keeps two, the evidence of 'ambiguous')
    return best


def _partial(puzzle, best: Result | None, t0: float, rounds: int, keep: int | None) -> Result:
    """The result to report after Ctrl-C: the best round (finished or interrupted), or nothing known."""
    res = best if best is not None else Result(job="count", status="unknown", puzzle=puzzle, count=0)
    if keep is not None:
        res.solutions = res.solutions[:keep]
    res.complete = False
    res.stats["interrupted"] = True
    res.stats["rounds"] = rounds
    res.reason = "interrupted"
    if res.status in ("unique", "impossible"):
        res.status = "unknown"
    res.total_time = time.perf_counter() - t0
    return res


class EnumMethod(CountMethod):
    """The default: the chosen (or default) backend enumerates, stopping at ``limit``."""

    name = "enum"
    description = "enumerate with the backend (blocking clauses on CNF backends); stops at --limit"
    enumerates = True

    def count(self, puzzle, limit=None, *, backend=None, encoding=None, time_limit=None, keep=None,
              progress=None) -> Result:
        """Enumerate with ``backend`` (default: the kind's), stopping at ``limit``; keep ``keep`` solutions."""
        def once(**kw) -> Result:
            return run(puzzle, "count", backend=backend, encoding=encoding, **kw)

        try:
            res = enumerate_in_rounds(puzzle, once, limit, keep, time_limit, progress)
        except CountInterrupted as exc:
            exc.result.method = self.name
            raise
        res.method = self.name
        return res


class CpsatEnumMethod(CountMethod):
    """CP-SAT enumeration with the kind's CP-SAT encoding (or ``encoding``)."""

    name = "cpsat"
    description = "enumerate with OR-tools CP-SAT (one worker); stops at --limit"
    enumerates = True

    def count(self, puzzle, limit=None, *, backend=None, encoding=None, time_limit=None, keep=None,
              progress=None) -> Result:
        """Enumerate with CP-SAT on the kind's counting encoding (``count_encoding``) or ``encoding``."""
        if backend is not None and get_backend(backend).name != "cpsat":
            raise UnsupportedError(f"method cpsat enumerates with the cpsat backend, not {get_backend(backend).name}")
        if encoding is None:
            encoding = get_encoding(kind_of(puzzle).count_encoding, puzzle.kind)
            if not encoding.applies(puzzle):
                encoding = None
        enc = pick_encoding(puzzle, encoding, "cpsat")

        def once(**kw) -> Result:
            return run(puzzle, "count", backend="cpsat", encoding=enc, **kw)

        try:
            res = enumerate_in_rounds(puzzle, once, limit, keep, time_limit, progress)
        except CountInterrupted as exc:
            exc.result.method = self.name
            raise
        res.method = self.name
        return res


register_method("enum", EnumMethod)
register_method("cpsat", CpsatEnumMethod)
