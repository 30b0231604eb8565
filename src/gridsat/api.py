"""The front door: ``solve``, ``count`` and ``check`` for every puzzle kind.

Backends and encodings are passed by name (see ``list_backends`` / ``list_encodings``)
or as objects; ``None`` picks the kind's default (:func:`gridsat.selection.resolve`).
Every solution a backend returns is checked by :func:`gridsat.verifier.verify` before it
reaches the caller.

>>> from gridsat import Sudoku, check
>>> check(Sudoku.empty(4)).status
'ambiguous'
"""

from __future__ import annotations

import time
from typing import Iterable, Iterator

from .engine import VerificationError
from .engine import run as run_one
from .engine import run_many
from .portfolio import race
from .result import Result
from .selection import default_choice, default_roles, pick_encoding, resolve

__all__ = ["solve", "count", "check", "run", "solve_many", "check_many", "VerificationError", "resolve", "pick_encoding",
           "default_choice", "default_roles", "true_candidates", "redundant", "explain_ambiguity"]


def __getattr__(name: str):
    """``count`` (:func:`gridsat.counting.count`), imported when first asked for: the counting
    engines are not loaded by a ``solve`` or a ``check``."""
    if name == "count":
        from .counting import count

        globals()["count"] = count
        return count
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(puzzle, job: str, *, limit: int | None = 1, backend=None, encoding=None,
        time_limit: float | None = None, keep: int = 2) -> Result:
    """Run one job: :func:`gridsat.engine.run`, or the kind's default race.

    With no backend and no encoding, a ``solve`` or ``check`` whose default choice is a race
    (:attr:`gridsat.kinds.Choice.race`, e.g. large Hidato boards: the local search paired
    with SAT, beside CP-SAT) runs :func:`gridsat.portfolio.race`, after the choice's short
    ``head`` try in this process when it has one; anything else runs the one backend. The
    parameters and the result are those of :func:`gridsat.engine.run`.
    """
    choice = None
    if backend is None and encoding is None and job in ("solve", "check"):
        choice = default_choice(puzzle)  # (chosen once: the engine is handed it)
        if choice.race:
            return _head_then_race(puzzle, job, choice, time_limit)
    return run_one(puzzle, job, limit=limit, backend=backend, encoding=encoding, time_limit=time_limit, keep=keep,
                   choice=choice)


def _head_then_race(puzzle, job: str, choice, time_limit: float | None) -> Result:
    """The choice's ``head`` try (see :class:`gridsat.kinds.Choice`), then its race for what is left."""
    if not choice.head:
        return race(puzzle, job, choice.race, time_limit=time_limit)
    b, e, seconds = choice.head
    t0 = time.perf_counter()
    resolve(puzzle, b, e)[0].unavailable()  # (its modules load outside the try's seconds)
    first = run_one(puzzle, job, limit=2 if job == "check" else 1, backend=b, encoding=e,
                    time_limit=seconds if time_limit is None else min(seconds, time_limit))
    spent = time.perf_counter() - t0
    if first.status != "unknown" or (time_limit is not None and spent >= time_limit):
        first.stats = dict(first.stats, head=True)
        return first
    res = race(puzzle, job, choice.race, time_limit=None if time_limit is None else time_limit - spent)
    res.stats = dict(res.stats, head=f"{first.status} {spent:.2f} s")
    res.total_time += spent
    return res


def solve(puzzle, *, backend=None, encoding=None, time_limit: float | None = None) -> Result:
    """Find one solution.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    backend : str or Backend, optional
        A name from :func:`gridsat.list_backends` (``cpsat``, ``minisat22``, ``cadical153``,
        ...); ``None``: the kind's default, which may be a race (see :func:`run`).
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
    """Decide uniqueness: status ``unique``, ``ambiguous``, ``impossible`` or ``unknown`` (see :func:`solve`)."""
    return run(puzzle, "check", limit=2, backend=backend, encoding=encoding, time_limit=time_limit)


def check_many(puzzles: Iterable, *, backend=None, encoding=None, time_limit: float | None = None,
               errors: str = "raise") -> Iterator[Result]:
    """:func:`check` on each puzzle, in order, as a generator; the fast way to check a collection.

    Consecutive puzzles whose backend poses many puzzles in one call (the ``native`` core,
    the default for classic and jigsaw Sudoku) go to it in chunks, so Python's per-puzzle
    cost falls away; every solution still passes the verifier, and every status rests on the
    same evidence as :func:`check`'s. See :func:`gridsat.engine.run_many`.

    Parameters
    ----------
    puzzles : iterable of Sudoku or Hidato
    backend, encoding : optional
        As for :func:`check`.
    time_limit : float, optional
        Seconds for each puzzle.
    errors : {"raise", "return"}
        A puzzle that fails (e.g. an encoding that does not apply): raise its error after the
        results before it, or yield the error in its place and go on.

    Yields
    ------
    Result
        One per puzzle, in order.

    Examples
    --------
    >>> from gridsat import Sudoku, check_many
    >>> [r.status for r in check_many([Sudoku.empty(4), Sudoku.classic([1, 1] + [0] * 79)])]
    ['ambiguous', 'impossible']
    """
    return _many(puzzles, "check", 2, backend, encoding, time_limit, errors)


def solve_many(puzzles: Iterable, *, backend=None, encoding=None, time_limit: float | None = None,
               errors: str = "raise") -> Iterator[Result]:
    """:func:`solve` on each puzzle, in order, as a generator (see :func:`check_many`)."""
    return _many(puzzles, "solve", 1, backend, encoding, time_limit, errors)


def _many(puzzles: Iterable, job: str, limit: int, backend, encoding, time_limit, errors: str) -> Iterator[Result]:
    """:func:`check_many` / :func:`solve_many`: with the default choice, the columnar route
    (:mod:`gridsat.engine.columnar`: plain classic 9x9 puzzles to the C core and the C verifier
    as one byte buffer a block, their results made as they are taken), then
    :func:`gridsat.engine.run_many` for the others; else :func:`~gridsat.engine.run_many` alone."""
    if errors not in ("raise", "return"):
        raise ValueError(f"errors must be 'raise' or 'return', not {errors!r}")

    def general(ps: Iterable) -> Iterator:
        return run_many(ps, job, limit=limit, backend=backend, encoding=encoding, time_limit=time_limit,
                        errors=errors, one=run)

    if backend is None and encoding is None and time_limit is None:
        from .engine.columnar import route

        yield from route(puzzles, job, one=run, errors=errors, rest=general)
    else:
        yield from general(puzzles)


# -- the setter's jobs, through the kind records


def _setter_job(puzzle, job: str):
    from .errors import UnsupportedError
    from .kinds import kind_of

    fn = getattr(kind_of(puzzle), job, None)
    if fn is None:
        raise UnsupportedError(f"{job.replace('_', ' ')} is not available for {puzzle.kind} puzzles")
    return fn


def true_candidates(puzzle, *, cap: int = 10, time_limit: float | None = None):
    """Every digit of every open cell that appears in some solution, with solution counts up to ``cap``.

    One incremental SAT solver answers every digit under assumptions; every solution found is
    verified. See :func:`gridsat.kinds.sudoku.generate_setter.true_candidates`.

    Parameters
    ----------
    puzzle : Sudoku
    cap : int
        Count each digit's solutions up to this many (1: the candidates alone).
    time_limit : float, optional
        Seconds for the whole job (past them: :class:`~gridsat.limits.clocks.TimeLimitReached`).

    Returns
    -------
    TrueCandidates
        ``status``, ``counts`` (open cell -> {digit: solutions}), ``solutions``, ``complete``.

    Examples
    --------
    >>> from gridsat import Sudoku, true_candidates
    >>> tc = true_candidates(Sudoku.classic([1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8))
    >>> tc.status, len(tc.solutions), tc.candidates(8)
    ('ambiguous', 4, [2, 4])
    """
    return _setter_job(puzzle, "true_candidates")(puzzle, cap=cap, time_limit=time_limit)


def redundant(puzzle, *, time_limit: float | None = None):
    """The givens and extra constraints that can each be removed while the puzzle stays unique.

    See :func:`gridsat.kinds.sudoku.generate_setter.redundant`.

    Parameters
    ----------
    puzzle : Sudoku
    time_limit : float, optional
        Seconds for the whole job.

    Returns
    -------
    Redundant
        ``status``, ``givens`` (cells), ``constraints`` (indices into ``puzzle.extra``).
    """
    return _setter_job(puzzle, "redundant")(puzzle, time_limit=time_limit)


def explain_ambiguity(puzzle, *, cap: int = 10, time_limit: float | None = None):
    """Two verified solutions, the cells where they differ, and the given that cuts the most solutions.

    See :func:`gridsat.kinds.sudoku.generate_setter.explain_ambiguity`.

    Parameters
    ----------
    puzzle : Sudoku
    cap : int
        Count solutions up to this many.
    time_limit : float, optional
        Seconds for the whole job.

    Returns
    -------
    Ambiguity
        ``status``, ``first``, ``second``, ``differ``, ``best`` (cell, digit) and ``left``.
    """
    return _setter_job(puzzle, "explain_ambiguity")(puzzle, cap=cap, time_limit=time_limit)
