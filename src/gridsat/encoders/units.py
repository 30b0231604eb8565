"""Row, column and region cell lists of a Sudoku-family board, shared by its encoders."""

from __future__ import annotations

from typing import Sequence


def sudoku_units(n: int, regions: Sequence[int]) -> list[list[int]]:
    """Rows, then columns, then regions, each as a list of row-major cell indices."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    regs: list[list[int]] = [[] for _ in range(n)]
    for cell, k in enumerate(regions):
        regs[k].append(cell)
    return rows + cols + regs
