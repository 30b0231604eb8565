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
makes a block of consecutive seeds in one call; :func:`stream` uses it in one process.
"""

from __future__ import annotations

import itertools
import os
import random
from typing import Any, Iterator

from ..errors import UnsupportedError
from ..kinds import KINDS as _KIND_RECORDS
from ..kinds import Generator
from ..kinds.base import kind_named
from .generated import Generated
from .layouts import count_layouts, enumerate_layouts, random_layout

__all__ = ["generate", "stream", "generators", "NAMES", "Generated", "enumerate_layouts", "count_layouts", "random_layout",
           "new_seed"]



def generators() -> dict[str, Generator]:
    """Generator name -> its record, from the kind records (``sudoku``, ``jigsaw``, ``hidato``,
    ``numbrix``), in the order the CLI lists them."""
    return {name: gen for kind in _KIND_RECORDS.values() for name, gen in kind.generators.items()}


def __getattr__(name: str):
    if name == "NAMES":  # the generator names, in the order the CLI lists them (read from the kinds)
        return tuple(generators())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def _blocks(many, kind: str | None, options: dict, seed: int, count: int | None) -> Iterator[Generated]:
    """The puzzles of seeds ``seed ..`` made by blocks of ``make_many`` (1, 2, 4, ... up to
    :data:`BLOCK` seeds); from a block it does not serve on, one by one."""
    size, done = 1, 0
    while count is None or done < count:
        k = size if count is None else min(size, count - done)
        seeds = range(seed + done, seed + done + k)
        made = many(seeds, **options)
        if made is None:
            rest = itertools.count(seeds.start) if count is None else range(seeds.start, seed + count)
            for s in rest:
                yield _task((kind, options, s))
            return
        yield from made
        done += k
        size = min(2 * size, BLOCK)


def new_seed() -> int:
    """A fresh random base seed (when the caller gives none), so runs can still be repeated."""
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
