"""The growing-shape Hidato generator of the Haskell Hidato report ("Sudoku Hidato", MATCOM).

The report builds the solution first, as a path that grows its own board:

1. Start from a 1x1 matrix holding 1.
2. To place ``v + 1``, look at the 8 neighbours of ``v`` (king moves; 4 rook moves for a
   Numbrix) that lie inside the current matrix and hold nothing yet, and take one at random.
   Only when there is none is a neighbour *outside* the matrix taken (at random): the
   matrix grows by a row and/or a column to hold it. Cells of the matrix that the path never
   visits are not part of the board (the report's ``-1``).
3. Stop when ``size`` is placed. (The report does not say what happens when the path is
   walled in, with every neighbour inside the matrix already taken; here the walk starts
   again, and :data:`MAX_RESTARTS` bounds the attempts.)

Then it chooses the givens (``select_better_no_empty``): 1 and ``size`` always, and
``35 * size // 100`` more numbers, each time "a number is arbitrarily chosen, its value and
the value of the successor of its successor are prefixed" (``v`` and ``v + 2``, which pins
``v + 1`` between them). The report's simpler variant (``select_no_empty``, random cells) is
``pick="random"``. Neither guarantees one solution, and the report prints every solution of
the puzzles it makes. Here the count comes from :func:`gridsat.count`; with ``unique=True``
givens are added where two solutions differ (value from the grown path) until one is left.

>>> from gridsat.kinds.hidato.generate_grow import generate_grown
>>> g = generate_grown(20, seed=1, unique=True)
>>> g.info["solutions"], g.puzzle.num_cells
(1, 20)
"""

from __future__ import annotations

import random
import time

from ...api import count
from ...errors import GridsatError, PuzzleError
from .puzzle import ADJACENCIES, Hidato
from ...generators.generated import Generated

__all__ = ["grow_path", "pick_givens", "generate_grown", "MAX_RESTARTS", "FILL"]

#: walks walled in before ``size`` is reached are started again at most this many times
MAX_RESTARTS = 1000
#: the report's share of the numbers given besides 1 and ``size`` (``div (35*t) 100``)
FILL = 0.35


def grow_path(size: int, rng: random.Random, adjacency: str = "king") -> list[tuple[int, int]]:
    """The report's random path of ``size`` cells, growing its matrix (see the module docs).

    Returns
    -------
    list of (row, col)
        The cells of 1, 2, ..., ``size`` in a matrix whose top-left corner is ``(0, 0)``.

    Raises
    ------
    PuzzleError
        When ``size < 1``, or every walk was walled in (:data:`MAX_RESTARTS`).
    """
    if size < 1:
        raise PuzzleError(f"size must be at least 1, got {size}")
    moves = ADJACENCIES[adjacency]
    for _ in range(MAX_RESTARTS + 1):
        path = [(0, 0)]
        taken = {(0, 0)}
        top = left = bottom = right = 0
        while len(path) < size:
            r, c = path[-1]
            near = [(r + dr, c + dc) for dr, dc in moves]
            inside = [p for p in near if top <= p[0] <= bottom and left <= p[1] <= right and p not in taken]
            if inside:
                nxt = rng.choice(inside)
            else:
                outside = [p for p in near if not (top <= p[0] <= bottom and left <= p[1] <= right)]
                if not outside:
                    break  # walled in: start again
                nxt = rng.choice(outside)
                top, bottom = min(top, nxt[0]), max(bottom, nxt[0])
                left, right = min(left, nxt[1]), max(right, nxt[1])
            path.append(nxt)
            taken.add(nxt)
        if len(path) == size:
            return [(r - top, c - left) for r, c in path]
    raise PuzzleError(f"every one of {MAX_RESTARTS + 1} walks of {size} cells was walled in")


def pick_givens(size: int, rng: random.Random, fill: float = FILL, pick: str = "pairs") -> set[int]:
    """The numbers to give: 1, ``size`` and ``int(fill * size)`` more, picked as the report does.

    Parameters
    ----------
    size : int
        The largest number.
    rng : random.Random
    fill : float
        Share of ``size`` to give besides 1 and ``size`` (the report: 0.35).
    pick : {"pairs", "random"}
        ``pairs`` (``select_better_no_empty``): a random number ``v`` not yet given, then ``v``
        and ``v + 2`` (when ``v + 2 <= size``), until ``int(fill * size)`` numbers are added;
        ``random`` (``select_no_empty``): random numbers.
    """
    if pick not in ("pairs", "random"):
        raise ValueError(f"pick must be 'pairs' or 'random', got {pick!r}")
    given = {1, size}
    want = min(size, len(given) + int(fill * size))
    while len(given) < want:
        free = [v for v in range(1, size + 1) if v not in given]
        v = rng.choice(free)
        given.add(v)
        if pick == "pairs" and v + 2 <= size and len(given) < want:
            given.add(v + 2)
    return given


def generate_grown(size: int = 20, *, seed: int | None = None, adjacency: str = "king", fill: float = FILL,
                   pick: str = "pairs", unique: bool = True, count_limit: int = 1000,
                   rng: random.Random | None = None) -> Generated:
    """A Hidato on a grown board, made as the report makes it, with its solution count.

    Parameters
    ----------
    size : int
        Number of cells (the largest number).
    seed : int, optional
        Same seed, same puzzle.
    adjacency : {"king", "rook"}
        Hidato (the report) or Numbrix moves.
    fill, pick
        See :func:`pick_givens`.
    unique : bool
        Add givens (at a cell where two solutions differ, the grown path's number) until the
        puzzle has one solution (default). ``False``: the report's puzzle whatever its count.
    count_limit : int
        Count solutions up to this many (``info["solutions"]``; ``info["count_complete"]``
        says whether the count is exact).

    Returns
    -------
    Generated
        ``.solution`` is the grown path's numbering (one of the solutions); ``info`` has
        ``solutions``, ``count_complete``, ``added`` (cells given by ``unique``), ``shape``.
    """
    t0 = time.perf_counter()
    if size < 2:
        raise PuzzleError(f"a Hidato needs at least 2 cells, got size {size}")
    if count_limit < 2:
        raise ValueError("count_limit must be at least 2")
    rng = rng or random.Random(seed)
    path = grow_path(size, rng, adjacency)
    rows = max(r for r, _ in path) + 1
    cols = max(c for _, c in path) + 1
    numbers = {rc: k for k, rc in enumerate(path, 1)}
    chosen = pick_givens(size, rng, fill, pick)
    board = Hidato(rows, cols, path, {path[v - 1]: v for v in chosen}, adjacency)
    solution = tuple(numbers[rc] for rc in board.cells)
    added: list[str] = []
    puzzle = board
    while unique:
        res = count(puzzle, 2)
        if res.count is None or res.count < 1 or not res.complete and res.count < 2:
            raise GridsatError(f"generator bug: the grown puzzle's count is {res.count}")  # pragma: no cover
        if res.count == 1:
            break
        a, b = res.solutions[0], res.solutions[1]
        diff = [c for c in range(board.num_cells) if a[c] != b[c] and c not in puzzle.givens]
        c = rng.choice(diff)
        added.append(board.cell_name(c))
        puzzle = puzzle.with_givens({**puzzle.givens, c: solution[c]})
    res = count(puzzle, count_limit)
    if res.complete and not any(tuple(s) == solution for s in res.solutions):
        raise GridsatError("generator bug: the grown path is not among the puzzle's solutions")  # pragma: no cover
    kind = "numbrix" if puzzle.is_numbrix else "hidato"
    info = {"shape": "grow", "rows": rows, "cols": cols, "cells": size, "solutions": res.count,
            "count_complete": bool(res.complete), "unique": res.count == 1 and bool(res.complete),
            "added": added, "pick": pick}
    return Generated(puzzle=puzzle, solution=solution, seed=seed, kind=kind,
                     time=time.perf_counter() - t0, info=info)
