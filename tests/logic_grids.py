"""Grids for the logical solver's tests: classic puzzles from 81-character strings, and copies
of grids with candidates thinned at random (where many more patterns, and near misses,
appear than along a solver's path)."""

from __future__ import annotations

import random

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic.grid import Grid


def classic(s: str) -> Sudoku:
    """The classic 9x9 puzzle of an 81-character string (``0`` or ``.`` for an empty cell)."""
    return Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])


def thinned(g: Grid, rng: random.Random, share: float = 0.35) -> Grid:
    """A copy of ``g`` where about ``share`` of the cells with several candidates lose some of
    them (every empty cell keeps one at least)."""
    h = g.copy()
    for c in range(81):
        m = h.cands[c]
        if m & (m - 1) and rng.random() < share:
            bits = [b for b in range(9) if m >> b & 1]
            for b in rng.sample(bits, rng.randint(1, len(bits) - 1)):
                m &= ~(1 << b)
            h.cands[c] = m
    return h
