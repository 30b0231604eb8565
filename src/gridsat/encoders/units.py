"""Row, column and region cell lists of a Sudoku-family board, and its list of rules, shared by its encoders."""

from __future__ import annotations

from typing import Sequence


def board_units(n: int, regions: Sequence[int]) -> list[list[int]]:
    """Rows, then columns, then regions, each as a list of row-major cell indices."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    regs: list[list[int]] = [[] for _ in range(n)]
    for cell, k in enumerate(regions):
        regs[k].append(cell)
    return rows + cols + regs


#: what an encoding that does not read the constraint list understands: ``alldifferent`` over
#: the rows, columns and regions, and the givens (see :func:`gridsat.encoders.register`)
STANDARD = ("alldifferent", "givens")


def base_rules(puzzle) -> list:
    """The rules a base formula holds: the puzzle's constraints but its own givens, the list's
    first (they pose the puzzle on the base: assumptions for CNF, fixed domains for CP-SAT), in
    the list's order. Givens among the extra rules stay: they are part of the board."""
    return list(puzzle.constraints[1:])
