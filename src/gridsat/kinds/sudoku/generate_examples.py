"""The bundled classic examples, made anew (``python -m gridsat.examples._generate sudoku-4x4``).

A solved grid comes from the solver (first row shuffled for variety); givens are then
removed in random order, in chunks that halve on failure, as long as ``check`` still says
``unique``. The seed makes the output reproducible.
"""

from __future__ import annotations

import random
import time

from ...api import check, solve
from ...errors import GridsatError
from ...formats import write
from .puzzle import Sudoku


__all__ = ["make", "example_text"]


def make(n: int, seed: int, keep_ratio: float = 0.0, time_budget: float = 60.0) -> Sudoku:
    """A unique ``n x n`` puzzle: givens removed from a solved grid while it stays unique.

    Parameters
    ----------
    n : int
        The board's side.
    seed : int
        The seed of the random choices.
    keep_ratio : float
        The share of cells that stay given at least.
    time_budget : float
        Seconds of removing; the givens left then stay.
    """
    rng = random.Random(seed)
    first = list(range(1, n + 1))
    rng.shuffle(first)
    grid = list(solve(Sudoku(n, first + [0] * (n * n - n))).solution)
    cells = list(range(n * n))
    rng.shuffle(cells)
    givens = list(grid)
    t0 = time.perf_counter()
    chunk = max(1, n * n // 8)
    i = 0
    floor = int(keep_ratio * n * n)
    while i < len(cells) and time.perf_counter() - t0 < time_budget:
        have = sum(1 for v in givens if v)
        if have <= floor:
            break
        chunk = min(chunk, have - floor)
        part = cells[i:i + chunk]
        trial = list(givens)
        for c in part:
            trial[c] = 0
        # a check that needs more than 2 s counts as a failure: examples must stay quick
        if check(Sudoku(n, trial), time_limit=2.0).status == "unique":
            givens = trial
            i += len(part)
        elif chunk > 1:
            chunk //= 2
            continue
        else:
            i += 1  # this cell must stay
        chunk = max(1, min(chunk * 2, n * n // 8))
    return Sudoku(n, givens)


def example_text(n: int) -> str:
    """The text of example ``sudoku-NxN``: a comment line that describes it, then the puzzle
    on one line (seed ``n``; 25x25 keeps 55 % of its cells, for a quick check)."""
    p = make(n, seed=n, keep_ratio=0.55 if n == 25 else 0.0, time_budget=30 if n >= 16 else 20)
    r = check(p)
    if r.status != "unique":
        raise GridsatError(f"sudoku-{n}x{n} came out {r.status}")
    text = write(Sudoku(n, p.givens, name=None), "line")
    return (f"# {n}x{n} sudoku, {p.box[0]}x{p.box[1]} boxes, {p.num_givens} givens, unique "
            f"(made by gridsat.examples._generate, seed {n})\n") + text
