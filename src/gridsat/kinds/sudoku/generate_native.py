"""The generators' steps on the native C core: the random fill, carving and the minimality test.

The C core (``gridsat._native``) reproduces :mod:`.fill`'s depth-first fill and :mod:`.carve`'s
removal pass (with :func:`~gridsat.kinds.sudoku.generate_carve.carve_sudoku`'s local moves) step for
step. It draws from the caller's ``random.Random`` exactly as the Python code does (its
Mersenne Twister state goes in and comes back), and its uniqueness tests give the same
answers as the SAT oracle, so a seed gives the same puzzle on either engine. Each removal
test is one search of the core with the removed cell's value ruled out (a count to 2 for a
symmetry orbit), instead of a SAT call.

The core is used only when it is built and, checked once per process, draws like the
running Python's ``random`` module; otherwise every function here returns ``None`` and the
generators take the SAT route.
"""

from __future__ import annotations

import random
from contextlib import contextmanager

from .puzzle import Sudoku

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any, Iterator, Sequence

__all__ = ["engine", "sat_route", "native_serves", "native_grid", "native_carve", "native_minimal", "native_many",
           "NATIVE_MAX_N", "POLISH_ABOVE"]

#: largest board the generators carve on the C core (larger ones stay with the SAT oracle,
#: whose clause learning copes better with hard counts)
NATIVE_MAX_N = 16

#: polish only puzzles with at least this many givens (per size; 9x9: below-average ones are left)
POLISH_ABOVE = {9: 25}

_ENGINE: list = []


def _draws_like_python(core: Any) -> bool:
    """Whether the core's shuffle matches ``random.Random.shuffle`` here (a few sizes and seeds)."""
    for seed, k in ((1, 9), (7, 81), (12345, 2), (3, 300)):
        rng = random.Random(seed)
        ver, state, gauss = rng.getstate()
        order, new = core.shuffle(state, k)
        want = list(range(k))
        rng.shuffle(want)
        if order != want or tuple(new) != rng.getstate()[1]:
            return False
    return True


def _seeds_like_python(core: Any) -> bool:
    """Whether the core's ``random.Random(seed)`` state matches this Python's (a few seeds)."""
    return all(tuple(core.seed_state(s)) == random.Random(s).getstate()[1]
               for s in (0, 1, -7, 2 ** 32 - 1, 2 ** 32, 2 ** 61 + 5))


#: whether the core's whole-puzzle route serves (its seeding checked), set with the engine
_SEEDS: list = [False]


def engine() -> Any:
    """The C core module when the generators can use it, else ``None`` (checked once per process)."""
    if not _ENGINE:
        import importlib

        try:  # (as the native backend loads it, without loading the backend)
            core = importlib.import_module("gridsat._native")
        except ImportError:
            core = None
        ok = core is not None and hasattr(core, "carve") and _draws_like_python(core)
        _SEEDS[:] = [ok and hasattr(core, "generate") and _seeds_like_python(core)]
        _ENGINE.append(core if ok else None)
    return _ENGINE[0]


@contextmanager
def sat_route() -> Iterator[None]:
    """Inside the block the generators leave the core aside and use the SAT oracle (for comparisons).

    Yields
    ------
    None
    """
    engine()
    saved = list(_ENGINE)
    _ENGINE[:] = [None]
    try:
        yield
    finally:
        _ENGINE[:] = saved


def _usable(board: Sudoku, rng: random.Random) -> Any:
    """The core, if it serves this board and random stream (a plain ``random.Random``)."""
    if type(rng) is not random.Random or board.n > NATIVE_MAX_N:
        return None
    return engine()


def _geometry(board: Sudoku) -> Any:
    """The core's compiled board (the ``sudoku-native`` encoding's, without its extra
    constraints), cached per size and region map."""
    key = (board.n, board.regions)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        from ...boards import compile_geometry, unit_table, uses_pairs

        if len(_GEOMETRIES) >= 16:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[key] = compile_geometry(board.n, unit_table(board.n, board.regions),
                                                  uses_pairs(board.n, board.is_jigsaw))
    return geo


_GEOMETRIES: dict = {}


def native_serves(board: Sudoku, rng: random.Random) -> bool:
    """Whether :func:`native_carve` and :func:`native_minimal` run on the core for this board and rng."""
    return _usable(board, rng) is not None


def native_grid(board: Sudoku, rng: random.Random, tries: int = 4) -> "tuple[str, tuple[int, ...] | None]":
    """:func:`~gridsat.kinds.sudoku.generate_fill.random_grid`'s depth-first route on the core (classic boards up to 9x9).

    Parameters
    ----------
    board : Sudoku
        The board (its box shape; givens ignored).
    rng : random.Random
        Moved on exactly as the Python fill moves it.
    tries : int
        Restarts before giving up.

    Returns
    -------
    (str, tuple of int or None)
        ``("skip", None)``: the core does not serve this board (``rng`` untouched);
        ``("done", grid)``: the grid, or ``None`` when the board has no completion;
        ``("budget", None)``: every try ran out of nodes (``rng`` moved on past them all, as
        the Python fill's would be): the caller goes on with the SAT route.
    """
    core = _usable(board, rng)
    if core is None or board.box is None or board.n > 9:
        return "skip", None
    n = board.n
    ver, state, gauss = rng.getstate()
    grid, new = core.fill(_geometry(board), state, board.box[0], board.box[1], 20 * n * n, tries)
    rng.setstate((ver, tuple(new), gauss))
    if grid is None:
        return "budget", None
    return "done", (None if grid == "none" else tuple(grid))


def native_carve(board: Sudoku, grid: Sequence[int], rng: random.Random, groups: Sequence[Sequence[int]], *,
                 target: int | None = None, polish: int = 0, polish_above: int = 0,
                 start: "set[int] | None" = None) -> "set[int] | None":
    """:func:`~gridsat.kinds.sudoku.generate_carve.carve` (and with ``polish``, carve_sudoku's local moves) on the core.

    Parameters
    ----------
    board : Sudoku
        The board shape.
    grid : sequence of int
        The solution being carved.
    rng : random.Random
        Shuffles the groups (moved on exactly as the Python carving moves it).
    groups : sequence of sequence of int
        Cells removed together.
    target : int, optional
        Stop at this many givens.
    polish : int
        Local moves after the pass (one cell back, carve again, kept if not larger).
    polish_above : int
        Only while at least this many givens remain.
    start : set of int, optional
        The given cells to start from (default all).

    Returns
    -------
    set of int or None
        The cells left given; ``None`` when the core does not serve this board (``rng`` untouched).
    """
    core = _usable(board, rng)
    if core is None:
        return None
    N = board.n * board.n
    start_b = None if start is None else bytes(1 if c in start else 0 for c in range(N))
    ver, state, gauss = rng.getstate()
    given, new, _searches, _shortcuts = core.carve(
        _geometry(board), bytes(grid), groups, state, -1 if target is None else int(target), int(polish),
        int(polish_above), start_b)
    rng.setstate((ver, tuple(new), gauss))
    return {c for c in range(N) if given[c]}


def native_minimal(board: Sudoku, grid: Sequence[int], given: set[int]) -> "bool | None":
    """Whether no single given can go (``None`` when the core does not serve this board).

    Parameters
    ----------
    board : Sudoku
    grid : sequence of int
        The unique solution of the givens.
    given : set of int
        The given cells.

    Returns
    -------
    bool or None
    """
    if board.n > NATIVE_MAX_N or engine() is None:
        return None
    N = board.n * board.n
    return bool(engine().minimal(_geometry(board), bytes(grid), bytes(1 if c in given else 0 for c in range(N))))


#: the largest seed size the core's whole-puzzle route takes
_SEED_MAX = 2 ** 62


def native_many(board: Sudoku, first: int, count: int, *, polish: int = 0,
                polish_above: int = 0) -> "tuple[bytes, bytes, bytes, list[float]] | None":
    """The plain route of the classic generator, whole puzzles on the core, for seeds ``first ..``.

    What :func:`~gridsat.kinds.sudoku.generate.generate_sudoku` makes from ``random.Random(seed)``
    without symmetry, target or difficulty (classic boards up to 9x9): the fill, the carving
    pass and ``polish`` local moves, with the same random draws; then a fresh count to 2 from
    the givens alone, whose one solution must be the grid.

    Parameters
    ----------
    board : Sudoku
        A classic board (box shape; givens ignored).
    first, count : int
        The seeds ``first, first + 1, ..., first + count - 1``.
    polish, polish_above : int
        As for :func:`native_carve`.

    Returns
    -------
    (bytes, bytes, bytes, list of float) or None
        Givens and solutions (``count`` boards of one byte per cell), a status byte per seed
        (1 made; 0 the fill ran out of budget, so the seed takes the other route; 2 the
        re-check failed) and each puzzle's seconds; ``None`` when the core does not serve.
    """
    core = engine()
    if (core is None or not _SEEDS[0] or board.box is None or board.n > 9
            or not -_SEED_MAX < first <= first + count < _SEED_MAX):
        return None
    n = board.n
    puzzles, solutions, status, secs = core.generate(_geometry(board), first, count, board.box[0], board.box[1],
                                                     20 * n * n, 4, int(polish), int(polish_above))
    return puzzles, solutions, status, memoryview(secs).cast("d").tolist()
