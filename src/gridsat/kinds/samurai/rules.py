"""The Samurai kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (the layout's board size and sub-grid
corners, and the givens), sharing no code with the encoders or the puzzle's unit lists: the
board is rebuilt here from the corners and every sub-grid is checked as a 9x9 Sudoku.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_samurai"]


@register_verifier("samurai")
def verify_samurai(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` (empty: nothing).

    Every sub-grid's rows, columns and 3x3 boxes hold 1-9 once each; givens are kept.
    """
    from .puzzle import LAYOUTS

    _, _, origins = LAYOUTS[puzzle.pattern]
    positions = sorted({(r0 + r, c0 + c) for r0, c0 in origins for r in range(9) for c in range(9)})
    sol = list(solution)
    if len(sol) != len(positions):
        return [f"solution has {len(sol)} cells, expected {len(positions)}"]
    problems: list[str] = []
    board = {}
    for (r, c), v, g in zip(positions, sol, puzzle.givens):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 9:
            problems.append(f"r{r + 1}c{c + 1} holds {v!r}, not a digit 1-9")
        elif g and v != g:
            problems.append(f"r{r + 1}c{c + 1} holds {v} but the given is {g}")
        board[r, c] = v
    if problems:
        return problems
    digits = list(range(1, 10))
    for k, (r0, c0) in enumerate(origins, 1):
        for i in range(9):
            if sorted(board[r0 + i, c0 + j] for j in range(9)) != digits:
                problems.append(f"sub-grid {k}: row r{r0 + i + 1} does not hold 1-9 once each")
            if sorted(board[r0 + j, c0 + i] for j in range(9)) != digits:
                problems.append(f"sub-grid {k}: column c{c0 + i + 1} does not hold 1-9 once each")
            br, bc = r0 + 3 * (i // 3), c0 + 3 * (i % 3)
            if sorted(board[br + a, bc + b] for a in range(3) for b in range(3)) != digits:
                problems.append(f"sub-grid {k}: the box at r{br + 1}c{bc + 1} does not hold 1-9 once each")
    return problems
