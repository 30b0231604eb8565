"""The front door of counting: pick a method, run it, report a :class:`~gridsat.result.Result`."""

from __future__ import annotations

from ..result import Result
from .base import CountMethod, get_method, sharp_count

__all__ = ["count", "sharp_count"]


def count(puzzle, limit: int | None = None, *, method: "str | CountMethod" = "enum", backend=None,
          encoding=None, time_limit: float | None = None) -> Result:
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

    Returns
    -------
    Result
        ``count``, ``complete``, ``method``; the first solutions, verified.

    Examples
    --------
    >>> from gridsat import Sudoku
    >>> count(Sudoku.empty(4)).count
    288
    """
    m = get_method(method)
    m.require()
    return m.count(puzzle, limit, backend=backend, encoding=encoding, time_limit=time_limit)
