"""The data, decoder and instance key of the Sudoku kind's MiniZinc model (``models/sudoku.mzn``)."""

from __future__ import annotations

from ...encoders.mzn import array2d

__all__ = ["sudoku_data", "sudoku_decode", "sudoku_key"]


def sudoku_data(puzzle) -> list[str]:
    """The data statements of ``models/sudoku.mzn``: size, region map, givens."""
    n = puzzle.n
    return [
        f"n = {n};",
        f"region = {array2d([[k + 1 for k in puzzle.regions[r * n:(r + 1) * n]] for r in range(n)])};",
        f"givens = {array2d([list(puzzle.givens[r * n:(r + 1) * n]) for r in range(n)])};",
    ]


def sudoku_decode(puzzle, x) -> tuple[int, ...]:
    """Cell values from ``models/sudoku.mzn``'s ``x``, row by row."""
    return tuple(int(v) for row in x for v in row)


def sudoku_key(puzzle) -> tuple:
    """What a Sudoku model instance depends on: size, regions, givens."""
    return (puzzle.n, puzzle.regions, puzzle.givens)
