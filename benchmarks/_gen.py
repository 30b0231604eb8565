"""Puzzle generation for the benchmarks (and the test data): jigsaw layouts, random grids, unique puzzles.

Layouts: start from the classic boxes (or from the rows when ``n`` has no box shape) and
swap the region labels of two adjacent cells of different regions whenever both regions
stay connected; region sizes never change, so every step is a valid partition.
Puzzles: solve the board with a few random non-clashing givens to get a random full grid,
then remove givens in random order while :func:`gridsat.check` stays ``unique``.
"""

from __future__ import annotations

import random
from typing import Sequence

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku.puzzle import box_regions, default_box

__all__ = ["random_layout", "random_grid", "make_unique", "connected", "random_jigsaw"]


def connected(n: int, regions: Sequence[int], label: int) -> bool:
    """Whether the cells labelled ``label`` form one orthogonally connected piece."""
    cells = [i for i, r in enumerate(regions) if r == label]
    if not cells:
        return True
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        c = stack.pop()
        r, k = divmod(c, n)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if 0 <= rr < n and 0 <= kk < n:
                d = rr * n + kk
                if d not in seen and regions[d] == label:
                    seen.add(d)
                    stack.append(d)
    return len(seen) == len(cells)


def random_layout(n: int, rng: random.Random, swaps: int | None = None) -> tuple[int, ...]:
    """A random partition of the ``n x n`` board into ``n`` connected regions of ``n`` cells."""
    try:
        regs = list(box_regions(n, default_box(n)))
    except gridsat.PuzzleError:
        regs = [c // n for c in range(n * n)]
    swaps = swaps if swaps is not None else 4 * n * n
    done = tries = 0
    while done < swaps and tries < 50 * swaps:
        tries += 1
        a = rng.randrange(n * n)
        r, c = divmod(a, n)
        nb = [(r + dr) * n + (c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
              if 0 <= r + dr < n and 0 <= c + dc < n]
        b = rng.choice(nb)
        if regs[a] == regs[b]:
            continue
        # swap a with a cell b2 of region B adjacent to A, so both sizes are kept
        A, B = regs[a], regs[b]
        cand = [d for d in range(n * n) if regs[d] == B and d != b]
        rng.shuffle(cand)
        for b2 in cand[:8]:
            r2, c2 = divmod(b2, n)
            if not any(0 <= r2 + dr < n and 0 <= c2 + dc < n and regs[(r2 + dr) * n + c2 + dc] == A
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
                continue
            regs[a], regs[b2] = B, A
            if connected(n, regs, A) and connected(n, regs, B):
                done += 1
                break
            regs[a], regs[b2] = A, B
    return tuple(regs)


def random_grid(board: Sudoku, rng: random.Random, seeds: int | None = None,
                backend: str = "cadical153") -> tuple[int, ...] | None:
    """A random full solution of ``board`` (its givens are kept); ``None`` if it has none.

    Not every jigsaw layout can be filled at all, so the board is solved once first.
    """
    n = board.n
    seeds = seeds if seeds is not None else n
    if gridsat.solve(board, backend=backend).solution is None:
        return None
    while True:
        g = list(board.givens)
        free = [c for c in range(n * n) if not g[c]]
        for c in rng.sample(free, min(seeds, len(free))):
            g[c] = rng.randint(1, n)
        p = board.with_givens(g)
        if p.conflicts():
            continue
        r = gridsat.solve(p, backend=backend)
        if r.solution is not None:
            return r.solution


def make_unique(board: Sudoku, solution: Sequence[int], rng: random.Random, *, keep: int = 0,
                backend: str = "cadical153", max_tries: int | None = None) -> Sudoku:
    """Remove givens from ``solution`` in random order while the puzzle keeps a unique solution.

    ``keep`` stops removing once that many givens are left; ``max_tries`` bounds the number
    of uniqueness checks (for large boards).
    """
    g = list(solution)
    order = list(range(len(g)))
    rng.shuffle(order)
    left = len(g)
    for i, c in enumerate(order):
        if max_tries is not None and i >= max_tries or left <= keep:
            break
        v, g[c] = g[c], 0
        if gridsat.check(board.with_givens(g), backend=backend).status != "unique":
            g[c] = v
        else:
            left -= 1
    return board.with_givens(g)


def random_jigsaw(n: int, rng: random.Random, backend: str = "cadical153") -> Sudoku:
    """A puzzle with a unique solution on a fresh random layout that admits a solution."""
    while True:
        board = Sudoku.empty(n, regions=random_layout(n, rng))
        sol = random_grid(board, rng, backend=backend)
        if sol is not None:
            return make_unique(board, sol, rng, backend=backend)
