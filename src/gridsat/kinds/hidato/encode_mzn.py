"""The data, decoder and instance key of the Hidato kind's MiniZinc model (``models/hidato.mzn``)."""

from __future__ import annotations

from ...encoders.mzn import array2d
from .puzzle import ADJACENCIES

__all__ = ["hidato_data", "hidato_decode", "hidato_key"]


def hidato_data(puzzle) -> list[str]:
    """The data statements of ``models/hidato.mzn``: board, givens, moves."""
    R, C = puzzle.rows, puzzle.cols
    board = [[0] * C for _ in range(R)]
    givens = [[0] * C for _ in range(R)]
    for i, (r, c) in enumerate(puzzle.cells):
        board[r][c] = 1
        givens[r][c] = puzzle.givens.get(i, 0)
    return [
        f"% adjacency {puzzle.adjacency}",
        f"rows = {R};",
        f"cols = {C};",
        f"board = {array2d(board)};",
        f"givens = {array2d(givens)};",
        f"moves = {array2d([list(m) for m in ADJACENCIES[puzzle.adjacency]])};",
    ]


def hidato_decode(puzzle, x) -> tuple[int, ...]:
    """Cell values from ``models/hidato.mzn``'s ``x``: the puzzle's own cell order."""
    return tuple(int(x[r][c]) for r, c in puzzle.cells)


def hidato_key(puzzle) -> tuple:
    """What a Hidato model instance depends on: board, adjacency, givens."""
    return puzzle.key
