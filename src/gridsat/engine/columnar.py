"""The columnar route of ``check_many`` and ``solve_many``: classic 9x9 puzzles by the block.

``check_many`` and ``solve_many`` with the default choice spend most of their time, on easy
puzzles, in Python per puzzle: the selection, the task, the result and the verification.
This route takes that away for the puzzles of the engine's bulk entry (a kind's plain
classic 9x9 board, :mod:`.block`): the puzzles' givens go into one byte buffer,
:data:`~.block.BLOCK` at a time, which :meth:`.block.Block.answer` poses to the C core and
to the C verifier in one call each; the results read the answers' columns and are made
only when the iteration reaches them. Consecutive puzzles that are not such puzzles go to
the general loop (:func:`gridsat.engine.run_many`), in order, as before. The front door
(:func:`gridsat.check_many`, :func:`gridsat.solve_many`) takes this route with the default
choice (no backend, encoding or time limit).

Every status rests on the same evidence as :func:`gridsat.engine.run`'s: a puzzle the block
does not answer (not unique, or its answer not passed by the verifier) is run on its own
by ``one``.
"""

from __future__ import annotations

from collections import deque
from itertools import groupby, islice
from typing import Callable, Iterable, Iterator

from ..errors import GridsatError, UnsupportedError
from ..kinds import kind_of
from .block import BLOCK, Block, bulk_kind

__all__ = ["route"]


def route(puzzles: Iterable, job: str, *, one: Callable, errors: str, rest: Callable) -> Iterator:
    """The results of ``job`` on ``puzzles``, in order: the bulk kind's plain classic puzzles
    by the block, the others by ``rest``.

    Parameters
    ----------
    puzzles : iterable
        Read lazily, as the results are taken.
    job : {"check", "solve"}
    one : callable
        Runs a puzzle the block does not answer (signature of :func:`gridsat.engine.run`).
    errors : {"raise", "return"}
        As for :func:`gridsat.engine.run_many`.
    rest : callable
        ``rest(puzzles) -> iterator of results``: the general loop, on a run of puzzles that
        are not the block's.

    Yields
    ------
    Result
        One per puzzle (or its error, with ``errors="return"``).
    """
    taken: deque = deque()  # the givens of the plain puzzles read, first in first out
    # the bulk kind is looked up (every kind package imported) only once a puzzle of a kind with a
    # bulk entry comes: a run of other kinds' puzzles goes to ``rest`` without importing the others
    maybe: dict[type, bool] = {}
    found: list = []  # [the bulk kind, or None]

    def bulk(p) -> bool:  # (groupby calls it once a puzzle, in order)
        cls = type(p)
        if not maybe.get(cls, True):
            return False
        if cls not in maybe:
            maybe[cls] = _has_bulk(p)
            if not maybe[cls]:
                return False
        if not found:
            try:
                found.append(bulk_kind())
            except UnsupportedError:
                found.append(None)
        kind = found[0]
        g = kind.bulk_givens(p) if kind is not None and kind.bulk_givens is not None \
            and cls is kind.puzzle_class else None
        if g is None:
            return False
        taken.append(g)
        return True

    block: "Block | None | bool" = None
    for plain, run in groupby(puzzles, key=bulk):
        if plain and block is None:
            block = _start(job, found[0]) or False
        if not plain or block is False:
            if plain:
                run = _dropping(run, taken)
            yield from rest(run)
            continue
        while chunk := list(islice(run, BLOCK)):
            values = b"".join([bytes(taken.popleft()) for _ in chunk])
            yield from block.answer(values, chunk, one=one, errors=errors)


def _has_bulk(p) -> bool:
    """Whether ``p``'s own kind (found through its class: its package is loaded) has a bulk entry."""
    try:
        kind = kind_of(p)
    except GridsatError:
        return False
    return bool(kind.bulk_encoding) and kind.bulk_puzzle is not None and kind.bulk_givens is not None


def _dropping(run: Iterable, taken: deque) -> Iterator:
    """``run``'s puzzles, each dropping its givens from ``taken`` (the route without the C core)."""
    for p in run:
        taken.popleft()
        yield p


def _start(job: str, kind) -> "Block | None":
    """The block, when the kind's default for its plain classic puzzles is the C core alone."""
    from ..selection import default_choice

    choice = default_choice(kind.bulk_puzzle(bytes(81)), kind=kind)
    if choice.backend != "native" or choice.race or choice.encoding != kind.bulk_encoding:
        return None
    return Block.start(job, BLOCK)
