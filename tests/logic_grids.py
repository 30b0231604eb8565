"""Grids for the logical solver's tests: classic puzzles from 81-character strings, and copies
of grids with candidates thinned at random (where many more patterns, and near misses,
appear than along a solver's path); the classic board's geometry, and the mark that skips a
test when the C filter is not built."""

from __future__ import annotations

import random

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter
from gridsat.kinds.sudoku.logic.grid import Grid, geometry

#: whether the C filter is built here, and why not
ON, WHY = native_filter.status()
#: skips a test (or, as a module's ``pytestmark``, every test of it) when the C filter is not built
needs_filter = pytest.mark.skipif(not ON, reason=f"C filter unavailable: {WHY}")
#: the classic 9x9 board
GEO = geometry(9, tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81)))


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
