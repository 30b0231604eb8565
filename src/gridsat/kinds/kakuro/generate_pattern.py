"""Kakuro black-cell patterns for the generator: point-symmetric, connected, runs of 2 to 9 cells.

The first row and column are black (they carry the sums of the runs that start at the
board's edge); the other cells, the *inner* board, start white. Black cells are added in
pairs symmetric about the inner board's centre, each pair drawn with a weight that favours
cells on long runs and inside open 3x3 white squares, so the blacks spread out the way a
setter spreads them. A pair is refused when it would leave a white cell alone in a run (a
run of one cell has no sum to read) or cut the white cells in two. Drawing stops once
``black`` of the inner board is black, no run is longer than ``max_run`` and no 3x3 square
is all white (large open areas let digits shift around while every sum holds, which makes
uniqueness expensive). A pattern that cannot get there within :data:`REFUSALS` refused
pairs is kept when its runs are short enough, else ``None`` (the caller draws again).
"""

from __future__ import annotations

import random

__all__ = ["random_pattern", "run_lengths", "connected", "open_squares", "REFUSALS"]

#: pairs refused (an orphan cell or a split board) before a pattern is settled or given up
REFUSALS = 100


def run_lengths(white: list[bool], R: int, C: int) -> tuple[list[int], list[int]]:
    """The length of the across run and of the down run through each cell (0 on black cells)."""
    across = [0] * (R * C)
    down = [0] * (R * C)
    for out, step, outer, inner in ((across, 1, R, C), (down, C, C, R)):
        for a in range(outer):
            base = a * C if step == 1 else a
            b = 0
            while b < inner:
                if not white[base + b * step]:
                    b += 1
                    continue
                start = b
                while b < inner and white[base + b * step]:
                    b += 1
                for k in range(start, b):
                    out[base + k * step] = b - start
    return across, down


def connected(white: list[bool], R: int, C: int) -> bool:
    """Whether the white cells form one orthogonally connected piece (and there is one)."""
    cells = [i for i, w in enumerate(white) if w]
    if not cells:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        c = todo.pop()
        r, k = divmod(c, C)
        for d, ok in ((c - C, r > 0), (c + C, r < R - 1), (c - 1, k > 0), (c + 1, k < C - 1)):
            if ok and white[d] and d not in seen:
                seen.add(d)
                todo.append(d)
    return len(seen) == len(cells)


def open_squares(white: list[bool], R: int, C: int) -> list[int]:
    """Per cell, how many all-white 3x3 squares hold it."""
    count = [0] * (R * C)
    for r in range(R - 2):
        for c in range(C - 2):
            cells = [(r + i) * C + c + j for i in range(3) for j in range(3)]
            if all(white[x] for x in cells):
                for x in cells:
                    count[x] += 1
    return count


def _settled(white: list[bool], R: int, C: int, max_run: int) -> tuple[bool, list[int], list[int], list[int]]:
    across, down = run_lengths(white, R, C)
    squares = open_squares(white, R, C)
    return max(max(across), max(down)) <= max_run, across, down, squares


def random_pattern(R: int, C: int, rng: random.Random, black: float = 0.3, max_run: int = 9) -> list[bool] | None:
    """A random pattern (``True`` white) of an ``R x C`` board, or ``None`` when the draw gets stuck.

    Parameters
    ----------
    R, C : int
        The board's rows and columns, the black first row and column included.
    rng : random.Random
        The source of every choice.
    black : float
        The share of the inner board to turn black (about: pairs are added until it is reached).
    max_run : int
        The longest run allowed (2..9; the generator takes 5..9).

    Returns
    -------
    list of bool or None
        White flags, row by row.
    """
    white = [r > 0 and c > 0 for r in range(R) for c in range(C)]
    target = round(black * (R - 1) * (C - 1))
    blacks = refused = 0
    while True:
        short, across, down, squares = _settled(white, R, C, max_run)
        if blacks >= target and short and not any(squares):
            return white
        if refused >= REFUSALS:
            return white if short else None
        cells = [i for i in range(R * C) if white[i]]
        if blacks < target:
            weights = [(across[i] - 1) ** 2 + (down[i] - 1) ** 2 + 8 * squares[i] for i in cells]
        else:  # only what is still wrong: long runs and open squares
            weights = [(across[i] > max_run) + (down[i] > max_run) + squares[i] for i in cells]
        if not any(weights):
            return white if short else None
        i = rng.choices(cells, weights)[0]
        r, c = divmod(i, C)
        pair = {i, (R - r) * C + (C - c)}  # the mirror of (r, c) in rows and columns 1..
        for x in pair:
            white[x] = False
        across, down = run_lengths(white, R, C)
        if all(across[j] != 1 and down[j] != 1 for j in range(R * C) if white[j]) and connected(white, R, C):
            blacks += len(pair)
        else:
            for x in pair:
                white[x] = True
            refused += 1
