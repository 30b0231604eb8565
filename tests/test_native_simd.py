"""The classic 9x9 core's two builds (native/core_band_search.h compiled portable and for
AVX2, the AVX2 one chosen at run time where the machine has it): the same counts, the same
solutions in the same order and the same node counts, puzzle by puzzle, in both branching
orders, on puzzles with one to thousands of solutions, impossible ones included.
"""

from __future__ import annotations

import random

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.kinds.sudoku import encode_native as sudoku_native

from test_native_counting import _puzzles, _sample

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")


#: hard puzzles (magictour top1465) where a naked-singles pass empties a cell it was about
#: to place (the placement must fail there; a vector form of it once read no digit at all)
HARD = [
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9",
    "...9.31..5.7....8.2.........4....6......5..2..1.......8...7.......6..4.....3....9",
]


def _block() -> bytes:
    """Many-solution and hard puzzles, the hard ones whole too, and a few impossible ones
    (two givens of a puzzle's solution swapped within a row)."""
    rng = random.Random(35)
    hard = [bytes(0 if ch == "." else int(ch) for ch in line) for line in HARD]
    puzzles = _puzzles(7) + _sample()[:40] + hard
    for p in _sample()[:10]:
        q = bytearray(p)
        given = [i for i, v in enumerate(q) if v]
        a = rng.choice(given)
        row = [i for i in given if i // 9 == a // 9 and i != a]
        if row:
            b = rng.choice(row)
            q[a], q[b] = q[b], q[a]
        puzzles.append(bytes(q))
    return b"".join(puzzles)


def _run(core, geo, block: bytes, order: int, keep: int = 3, limit: int = 400):
    counts, flags, sols, _, nodes, _ = core.batch(geo, block, limit, -1.0, keep, False, True, 0, False, order)
    return counts, flags, sols, nodes


@needs_core
@pytest.mark.parametrize("order", [0, 1])
def test_the_avx2_build_answers_as_the_portable_one(order):
    core = nb.load()
    geo = sudoku_native.native_model(Sudoku.empty(9)).geometry
    assert core.uses_band(geo)
    block = _block()
    had = core.band_avx2()
    try:
        core.band_avx2(False)
        assert core.band_avx2() is False
        portable = _run(core, geo, block, order)
        if not core.band_avx2(True):
            pytest.skip("this machine has no AVX2: only the portable build runs")
        avx2 = _run(core, geo, block, order)
    finally:
        core.band_avx2(had)
    counts, flags, sols, nodes = portable
    assert max(counts) >= 100 and min(counts) == 0 and 1 in counts  # the block's range
    assert avx2[0] == counts
    assert avx2[1] == flags
    assert avx2[2] == sols
    assert avx2[3] == nodes
