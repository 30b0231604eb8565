"""Generators of puzzles with exactly one solution: Sudoku (any r x c boxes), jigsaw, Hidato, Numbrix.

>>> from gridsat.generators import generate
>>> g = generate("sudoku", size=4, seed=1)
>>> g.puzzle.num_givens <= 6, g.info["minimal"]
(True, True)

:func:`generate` makes one puzzle; :func:`stream` makes ``count`` puzzles in order (seeds
``seed, seed + 1, ...``), optionally in worker processes. Every puzzle is proven unique by
the SAT oracle (or the C core's searches, which answer the same) while it is carved, and
re-checked through :func:`gridsat.check` (plain classic puzzles made whole on the core: by
its fresh count to 2 from the givens alone). A generator record with a ``make_many``
makes a block of consecutive seeds in one call; :func:`stream` uses it in one process. One
with a ``make_lines`` also makes a block as the text the command line prints, without an
object per puzzle (:func:`line_blocks`).
"""

from __future__ import annotations

import itertools
import os

from ..errors import UnsupportedError
from ..kinds import KINDS as _KIND_RECORDS
from ..kinds import Generator
from ..kinds.base import kind_named

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any, Iterator
    from .generated import Generated

__all__ = ["generate", "stream", "generators", "NAMES", "Generated", "enumerate_layouts", "count_layouts", "random_layout",
           "new_seed", "line_blocks"]

#: names of :mod:`.layouts` offered here, imported on first use (a command that makes plain
#: Sudoku needs no layout, nor the ``random`` module the layouts draw from; ``Generated``,
#: from :mod:`.generated`, is imported on first use too: the command's plain lines need none)
_LAYOUTS = ("enumerate_layouts", "count_layouts", "random_layout")


def generators() -> dict[str, Generator]:
    """Generator name -> its record, from the kind records (``sudoku``, ``jigsaw``, ``hidato``,
    ``numbrix``), in the order the CLI lists them."""
    return {name: gen for kind in _KIND_RECORDS.values() for name, gen in kind.generators.items()}


def __getattr__(name: str):
    if name == "NAMES":  # the generator names, in the order the CLI lists them (read from the kinds)
        return tuple(generators())
    if name in _LAYOUTS:
        from . import layouts

        return getattr(layouts, name)
    if name == "Generated":
        from .generated import Generated

        return Generated
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def generate(kind: str | None = None, **options: Any) -> Generated:
    """One puzzle of ``kind`` (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``); options go to its generator.

    ``kind`` is a generator name (see :data:`NAMES`); default: the first one listed, the
    default kind's first (:func:`gridsat.kinds.default_kind`), ``sudoku``.

    Raises :class:`UnsupportedError` for an unknown kind.
    """
    gen = _generator(kind)
    if gen is None:
        raise UnsupportedError(f"no generator for {kind!r}; known: {', '.join(generators())}")
    return gen.make(**options)


def _generator(kind: str | None) -> "Generator | None":
    """The generator called ``kind`` (``None``: the first listed); a generator named after its
    kind is found by loading that kind's package alone."""
    if kind is not None:
        record = kind_named(kind)
        if record is not None and kind in record.generators:
            return record.generators[kind]
    gens = generators()
    return gens.get(next(iter(gens)) if kind is None else kind)


def _task(args: tuple) -> Generated:
    kind, options, seed = args
    return generate(kind, seed=seed, **options)


def _many(kind: str | None):
    """The generator's ``make_many`` (``None``: it has none, or ``kind`` is unknown).

    A generator record may carry ``make_many(seeds, **options) -> list[Generated] | None``:
    ``make(seed=s, **options)`` for every seed of a ``range`` at once (the same puzzles), or
    ``None`` where it does not serve those options.
    """
    return getattr(_generator(kind), "make_many", None)


#: the largest block of seeds one ``make_many`` call makes (the first blocks are smaller, so
#: the first puzzles come out at once)
BLOCK = 64


def _blocks(many, kind: str | None, options: dict, seed: int, count: int | None, one=_task,
            made=None) -> Iterator:
    """The puzzles of seeds ``seed ..`` made by blocks of ``many`` (1, 2, 4, ... up to
    :data:`BLOCK` seeds); from a block it does not serve on, one by one (each ``one(task)``).

    ``made``: what ``many`` gave for the first block, already asked for. A block's answer is
    yielded whole when it is a string (:func:`line_blocks`), else puzzle by puzzle.
    """
    size, done = 1, 0
    while count is None or done < count:
        k = size if count is None else min(size, count - done)
        seeds = range(seed + done, seed + done + k)
        got = many(seeds, **options) if made is None else made
        made = None
        if got is None:
            rest = itertools.count(seeds.start) if count is None else range(seeds.start, seed + count)
            for s in rest:
                yield one((kind, options, s))
            return
        if isinstance(got, str):
            yield got
        else:
            yield from got
        done += k
        size = min(2 * size, BLOCK)


def _line(task: tuple) -> str:
    from .lines import puzzle_line

    return puzzle_line(_task(task).puzzle) + "\n"


def line_blocks(kind: str | None, count: int | None = 1, *, seed: int, **options: Any) -> "Iterator[str] | None":
    """The puzzles of ``stream(kind, count, seed=seed, **options)`` as the text ``gridsat
    generate`` prints for them by default (each puzzle's
    :func:`~gridsat.generators.lines.puzzle_line` and a newline), several puzzles a string.

    A generator record may carry ``make_lines(seeds, **options) -> str | None``: those lines
    for a ``range`` of seeds at once, made without a :class:`Generated` per puzzle, or
    ``None`` where it does not serve the options (as its ``make_many``). Its puzzles are
    unique: the command line has no note to print about them.

    Parameters
    ----------
    kind : str or None
        Generator name (see :data:`NAMES`).
    count : int or None
        How many puzzles; ``None`` for an endless stream.
    seed : int
        The first seed.
    **options
        Passed to the generator.

    Returns
    -------
    iterator of str or None
        The text, a block of seeds a string (the first block is made before this returns);
        ``None`` when the generator has no ``make_lines`` or it does not serve these options
        (the caller takes :func:`stream`).
    """
    lines = getattr(_generator(kind), "make_lines", None)
    if lines is None or count == 0:
        return None
    first = lines(range(seed, seed + 1), **options)
    if first is None:
        return None
    return _blocks(lines, kind, options, seed, count, one=_line, made=first)


def new_seed() -> int:
    """A fresh random base seed (when the caller gives none), so runs can still be repeated."""
    import random

    return random.SystemRandom().randrange(2 ** 31)


def stream(kind: str | None = None, count: int | None = 1, *, seed: int | None = None, jobs: int | None = 1,
           **options: Any) -> Iterator[Generated]:
    """``count`` puzzles in order, puzzle ``i`` from seed ``seed + i`` (``count=None``: forever).

    Parameters
    ----------
    kind : str, optional
        Generator name (see :data:`NAMES`); default: the first one listed (as :func:`generate`).
    count : int or None
        How many puzzles; ``None`` for an endless stream.
    seed : int, optional
        The first seed (default :func:`new_seed`).
    jobs : int or None
        Worker processes (``None`` or ``<= 0``: one per CPU). With ``jobs > 1`` the puzzles
        still come out in order, each identical to what ``jobs=1`` gives.
    **options
        Passed to the generator.

    Yields
    ------
    Generated
    """
    if seed is None:
        seed = new_seed()
    seeds = itertools.count(seed) if count is None else range(seed, seed + count)
    tasks = ((kind, options, s) for s in seeds)
    if jobs is None or jobs <= 0:
        jobs = os.cpu_count() or 1
    if jobs == 1:
        many = _many(kind)
        if many is not None:
            yield from _blocks(many, kind, options, seed, count)
            return
        for t in tasks:
            yield _task(t)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    # (a worker that dies raises BrokenProcessPool here instead of hanging as multiprocessing.Pool
    # does; the batch runner, gridsat.jobs, also retries and resumes)
    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    # small chunks amortise the inter-process round trip of fast puzzles; order is kept
    chunk = 1 if count is not None and count <= 8 * jobs else 4
    window = 64 * jobs  # tasks sent ahead of the oldest awaited puzzle (an endless stream stays bounded)
    with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        while True:
            batch = list(itertools.islice(tasks, window))
            if not batch:
                return
            yield from pool.map(_task, batch, chunksize=chunk)
