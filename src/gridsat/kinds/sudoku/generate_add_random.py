"""The Clojure Sudoku kit's "addrandom": put random values where they clash with nothing.

The kit's button puts "at a random empty position in the grid a random value", after "a
primitive check ... whether the value does not oppose to other values in the current
block, row or column". That is all it checks: the result may have one solution, many, or
none at all (a value that clashes with no given can still be impossible). Use
:func:`gridsat.count` or ``gridsat count`` to see which.

>>> from gridsat import Sudoku
>>> from gridsat.kinds.sudoku.generate_add_random import add_random
>>> p = add_random(Sudoku.empty(4), 3, seed=1)
>>> p.num_givens, p.conflicts()
(3, [])
"""

from __future__ import annotations

import random
import time

from ...errors import GridsatError
from .puzzle import Sudoku
from .generate_fill import sudoku_peers
from ...generators.generated import Generated

__all__ = ["add_random", "add_random_generated"]


def add_random(puzzle: Sudoku, k: int, *, seed: int | None = None, rng: random.Random | None = None) -> Sudoku:
    """``puzzle`` with ``k`` more givens, each in a random empty cell with a random value its peers lack.

    Each value is checked against every value already on the board (the givens and the
    values added before it) in its row, column and region (box or jigsaw region), and
    against nothing else: the result may be unsolvable.

    Parameters
    ----------
    puzzle : Sudoku
        The starting grid (classic or jigsaw, any size).
    k : int
        How many values to add (0 or more).
    seed : int, optional
        Same seed and puzzle, same result.
    rng : random.Random, optional
        The random source (instead of ``seed``).

    Returns
    -------
    Sudoku
        A new puzzle; ``puzzle`` is not changed.

    Raises
    ------
    GridsatError
        When fewer than ``k`` values can be added: every empty cell already sees all ``n``
        values (or no cell is empty). The message says how many could be added.
    """
    if k < 0:
        raise ValueError(f"k must be 0 or more, got {k}")
    rng = rng or random.Random(seed)
    n = puzzle.n
    peers = sudoku_peers(n, tuple(puzzle.regions))
    g = list(puzzle.givens)
    for added in range(k):
        options = []
        for c in range(n * n):
            if not g[c]:
                seen = {g[p] for p in peers[c]}
                free = [v for v in range(1, n + 1) if v not in seen]
                if free:
                    options.append((c, free))
        if not options:
            empty = sum(1 for v in g if not v)
            why = "no cell is empty" if not empty else f"each of the {empty} empty cells sees all {n} values"
            raise GridsatError(f"cannot add {k} value{'s' if k != 1 else ''} that clash with nothing: "
                               f"after {added} added, {why}")
        c, free = rng.choice(options)
        g[c] = rng.choice(free)
    return puzzle.with_givens(g)


def add_random_generated(start: Sudoku, k: int, *, seed: int | None = None, **_ignored) -> Generated:
    """:func:`add_random` as a generator result (``info``: ``added`` cells, ``operation``).

    ``solution`` is empty: the operation does not solve, and the result may have no solution.
    Other generator options (symmetry, givens, ...) do not apply and are ignored.
    """
    t0 = time.perf_counter()
    out = add_random(start, k, seed=seed)
    added = [start.cell_name(c) for c in range(start.num_cells) if out.givens[c] and not start.givens[c]]
    return Generated(puzzle=out, solution=(), seed=seed, kind="jigsaw" if start.is_jigsaw else "sudoku",
                     time=time.perf_counter() - t0,
                     info={"operation": "add-random", "added": added, "solution": "not computed; may have none"})
