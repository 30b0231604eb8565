"""MiniZinc data files (``.dzn``) for the reference models in ``models/``.

``models/sudoku.mzn`` (classic and jigsaw alike) reads::

    n = 4;
    region = [| 1, 1, 2, 2 | ... |];   % region label 1..n of each cell
    givens = [| 0, 3, 0, 0 | ... |];   % 0 = empty

``models/hidato.mzn`` (Hidato and Numbrix) reads::

    rows = 3; cols = 3;
    board = [| 1, 1, 0 | ... |];       % 1 = cell, 0 = hole
    givens = [| 1, 0, 0 | ... |];      % 0 = open (and on holes)
    moves = [| -1, -1 | -1, 0 | ... |]; % the adjacency as (row, col) offsets

The model solves for ``x``, an array of the same shape as ``givens``.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UnsupportedError
from .common import describe

__all__ = ["to_dzn", "model_path", "MODELS_DIR"]

#: where the reference models live: ``$GRIDSAT_MODELS`` or the repository's ``models/``.
MODELS_DIR = Path(os.environ.get("GRIDSAT_MODELS") or Path(__file__).resolve().parents[3] / "models")

_MODEL = {"sudoku": "sudoku.mzn", "hidato": "hidato.mzn"}


def model_path(puzzle_or_kind) -> Path:
    """The reference model file of a puzzle kind."""
    kind = getattr(puzzle_or_kind, "kind", puzzle_or_kind)
    try:
        path = MODELS_DIR / _MODEL[kind]
    except KeyError:
        raise UnsupportedError(f"no MiniZinc model for {kind}") from None
    if not path.exists():
        raise UnsupportedError(f"MiniZinc model {path} not found; set GRIDSAT_MODELS to the models/ folder")
    return path


def _array2d(rows: list[list[int]]) -> str:
    width = max(len(str(v)) for r in rows for v in r)
    body = "\n   | ".join(", ".join(str(v).rjust(width) for v in r) for r in rows)
    return "[| " + body + " |]"


def to_dzn(puzzle) -> str:
    """MiniZinc data for the puzzle's reference model (see :func:`model_path`)."""
    head = [f"% gridsat MiniZinc data for models/{_MODEL.get(puzzle.kind, '?')}", f"% puzzle {describe(puzzle)}"]
    if puzzle.kind == "sudoku":
        n = puzzle.n
        body = [
            f"n = {n};",
            f"region = {_array2d([[k + 1 for k in puzzle.regions[r * n:(r + 1) * n]] for r in range(n)])};",
            f"givens = {_array2d([list(puzzle.givens[r * n:(r + 1) * n]) for r in range(n)])};",
        ]
    elif puzzle.kind == "hidato":
        from ..puzzles.hidato import ADJACENCIES

        R, C = puzzle.rows, puzzle.cols
        board = [[0] * C for _ in range(R)]
        givens = [[0] * C for _ in range(R)]
        for i, (r, c) in enumerate(puzzle.cells):
            board[r][c] = 1
            givens[r][c] = puzzle.givens.get(i, 0)
        body = [
            f"% adjacency {puzzle.adjacency}",
            f"rows = {R};",
            f"cols = {C};",
            f"board = {_array2d(board)};",
            f"givens = {_array2d(givens)};",
            f"moves = {_array2d([list(m) for m in ADJACENCIES[puzzle.adjacency]])};",
        ]
    else:
        raise UnsupportedError(f"no MiniZinc model for {puzzle.kind}")
    return "\n".join(head + body) + "\n"


def decode_dzn_solution(puzzle, x) -> tuple[int, ...]:
    """Cell values from the model's ``x`` (a 2-D list): the puzzle's own cell order."""
    if puzzle.kind == "sudoku":
        return tuple(int(v) for row in x for v in row)
    return tuple(int(x[r][c]) for r, c in puzzle.cells)
