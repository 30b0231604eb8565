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
        Read lazily, :data:`~.block.BLOCK` at a time, as the results are taken.
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
    kinds: dict = {}  # puzzle type -> the bulk kind's givens function for it, or None

    def givens(p):
        t = type(p)
        givens_of = kinds[t] if t in kinds else kinds.setdefault(t, _givens_of(p))
        return givens_of(p) if givens_of is not None else None

    it = iter(puzzles)
    block: "Block | None | bool" = None
    # a block's worth of puzzles read at a time (as the C core takes them), each with its
    # givens when it is a plain classic puzzle; runs of those go to the block, the others
    # to the general loop, in order
    while chunk := list(islice(it, BLOCK)):
        gs_all = [givens(p) for p in chunk]
        if None not in gs_all:  # (the common case: the whole chunk is plain)
            runs = [(True, chunk, gs_all)]
        else:
            runs = [(plain, [p for p, _ in run], [g for _, g in run])
                    for plain, run in ((plain, list(run)) for plain, run in
                                       groupby(zip(chunk, gs_all), key=lambda pg: pg[1] is not None))]
        for plain, ps, gs in runs:
            if plain and block is None:
                block = _start(job, bulk_kind()) or False
            if plain and block:
                yield from block.answer(block.core.pack(gs, 81), ps, one=one, errors=errors)
            else:
                yield from rest(ps)


def _givens_of(p) -> "Callable | None":
    """The bulk kind's ``bulk_givens`` when ``p`` is a puzzle of that kind, else ``None``.

    The bulk kind is looked up (which loads every kind package) only for a puzzle whose own
    kind has a bulk entry: a file of another kind's puzzles never loads the others."""
    try:
        own = kind_of(p)
    except GridsatError:
        return None
    if not own.bulk_encoding or own.bulk_puzzle is None:
        return None
    try:
        kind = bulk_kind()
    except UnsupportedError:
        return None
    return kind.bulk_givens if type(p) is kind.puzzle_class else None


def _start(job: str, kind) -> "Block | None":
    """The block, when the kind's default for its plain classic puzzles is the C core alone."""
    from ..selection import default_choice

    choice = default_choice(kind.bulk_puzzle(bytes(81)), kind=kind)
    if choice.backend != "native" or choice.race or choice.encoding != kind.bulk_encoding:
        return None
    return Block.start(job, BLOCK)
