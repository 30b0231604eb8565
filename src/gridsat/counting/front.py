"""The front door of counting: pick a method, run it, report a :class:`~gridsat.result.Result`."""

from __future__ import annotations

from typing import Callable

from ..result import Result
from .base import CountMethod, get_method, sharp_count

__all__ = ["count", "sharp_count"]


def count(puzzle, limit: int | None = None, *, method: "str | CountMethod" = "enum", backend=None,
          encoding=None, time_limit: float | None = None, keep: int | None = None,
          progress: "Callable[[int, float], None] | None" = None) -> Result:
    """Count solutions, up to ``limit`` (``None``: all); ``complete`` says whether the count is exact.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    limit : int, optional
        Stop at this many solutions (enumerating methods only).
    method : str or CountMethod
        ``enum`` (default: the backend enumerates, blocking clauses on CNF backends),
        ``cpsat`` (CP-SAT enumeration), ``d4`` / ``ganak`` (exact projected #SAT on the CNF
        encoding; ``limit`` does not apply and no solutions are returned unless the count
        is 1), ``approx`` (ApproxMC estimate: ``approximate`` True, ``complete`` False), or
        a :class:`CountMethod` object (e.g. ``ApproxMethod(epsilon=0.5)``).
    backend, encoding : str, optional
        See :func:`gridsat.selection.resolve`.
    time_limit : float, optional
        Seconds; on expiry the count found so far is returned with ``complete`` False.
    keep : int, optional
        How many of the solutions found to return in ``solutions`` (default: all of them;
        enumerating methods only, a #SAT count returns its solution only when it is 1).
    progress : callable, optional
        ``progress(count_so_far, seconds)``, called while a count past 1,000 solutions runs
        (enumerating methods, which then count in growing rounds).

    Returns
    -------
    Result
        ``count``, ``complete``, ``method``; ``solutions``: the first ``keep``, verified.

    Raises
    ------
    CountInterrupted
        Ctrl-C stopped an enumeration; its ``result`` holds the count so far (a
        :class:`KeyboardInterrupt`).

    Examples
    --------
    >>> from gridsat import Sudoku
    >>> res = count(Sudoku.empty(4))
    >>> res.count, len(res.solutions), res.complete
    (288, 288, True)
    >>> len(count(Sudoku.empty(4), keep=3).solutions)
    3
    """
    m = get_method(method)
    m.require()
    if keep is not None and keep < 0:
        raise ValueError(f"keep must be at least 0, got {keep}")
    return m.count(puzzle, limit, backend=backend, encoding=encoding, time_limit=time_limit, keep=keep,
                   progress=progress)
