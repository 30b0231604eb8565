"""The classic 9x9 core's counting order (``batch(order=1)``, native/core_band.h): its triad
rules and its branches on a digit's configuration in a band or a stack must never change a
count nor lose or repeat a solution. Held to the usual order and to the generic search (a
different solver over the same rules) on puzzles with many solutions, solution set against
solution set, and through :func:`check_block`, which takes that order on the classic board.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.kinds.sudoku import encode_native as sudoku_native

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

DATA = Path(__file__).resolve().parent / "data"


def _grid(rng: random.Random) -> list[int]:
    """A valid 9x9 grid: the shifted-rows pattern with bands, rows, stacks, columns and digits shuffled."""
    base = [((r % 3) * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]
    bands, stacks = rng.sample(range(3), 3), rng.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
    digits = rng.sample(range(1, 10), 9)
    return [digits[base[9 * r + c] - 1] for r in rows for c in cols]


def _sample() -> list[bytes]:
    """The rated sample's puzzles, hardest first (ratings up to 9 and more)."""
    rows = []
    for line in (DATA / "se_calibration_sample.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            text, rating = line.split()[:2]
            rows.append((-float(rating), bytes(int(ch) for ch in text)))
    return [p for _, p in sorted(rows)]


def _puzzles(seed: int) -> list[bytes]:
    """Puzzles with one to thousands of solutions: givens carved from random grids, and hard
    rated puzzles with a few givens taken away."""
    rng = random.Random(seed)
    out = []
    for _ in range(40):
        grid = _grid(rng)
        cells = set(rng.sample(range(81), rng.randint(22, 36)))
        out.append(bytes(v if i in cells else 0 for i, v in enumerate(grid)))
    for p in _sample()[:30]:
        given = [i for i, v in enumerate(p) if v]
        drop = set(rng.sample(given, rng.randint(1, 5)))
        out.append(bytes(0 if i in drop else v for i, v in enumerate(p)))
    return out


def _solutions(sols: bytes, i: int, count: int, keep: int) -> set[bytes]:
    return {sols[(i * keep + j) * 81:(i * keep + j + 1) * 81] for j in range(count)}


@needs_core
def test_the_counting_order_finds_exactly_the_usual_solutions():
    core = nb.load()
    geo = sudoku_native.native_model(Sudoku.empty(9)).geometry
    generic = core.geometry(9, sudoku_native.unit_table(9, Sudoku.empty(9).regions), pairs=False, band=False)
    assert core.uses_band(geo) and not core.uses_band(generic)
    puzzles = _puzzles(11)
    block = b"".join(puzzles)
    keep = 64
    usual = core.batch(geo, block, keep + 1, -1.0, keep, False, True, 0, False, 0)
    counting = core.batch(geo, block, keep + 1, -1.0, keep, False, True, 0, False, 1)
    other = core.batch(generic, block, keep + 1, -1.0, keep, False, True, 0, False, 0)
    assert usual[0] == counting[0] == other[0]
    assert usual[1] == counting[1] == other[1]
    several = 0
    for i, c in enumerate(usual[0]):
        if c > keep:
            continue
        mine = _solutions(counting[2], i, c, keep)
        assert len(mine) == c and mine == _solutions(usual[2], i, c, keep), i
        for s in mine:
            assert gridsat.verify(Sudoku(9, list(puzzles[i])), tuple(s)) == []
        several += c >= 2
    assert several >= 20 and max(usual[0]) > keep  # the set asks something of the search
    # further up (counts in the thousands) the counts agree too
    big = core.batch(geo, block, 3000, -1.0, 1, False, True, 0, False, 0)
    assert core.batch(geo, block, 3000, -1.0, 1, False, True, 0, False, 1)[0] == big[0]
    assert max(big[0]) > 500


@needs_core
def test_the_counting_order_branches_less_on_hard_puzzles():
    core = nb.load()
    geo = sudoku_native.native_model(Sudoku.empty(9)).geometry
    block = b"".join(_sample()[:40])
    usual = core.batch(geo, block, 2, -1.0, 1, False, True, 0, False, 0)
    counting = core.batch(geo, block, 2, -1.0, 1, False, True, 0, False, 1)
    assert usual[0] == counting[0] == [1] * 40
    assert usual[2] == counting[2]  # unique puzzles: one solution, whatever the order
    assert 5 * counting[3] < 4 * usual[3]  # (434 against 606 branches)


@needs_core
def test_check_block_answers_as_the_usual_order():
    """check_block takes the counting order on the classic board and asks the puzzles with
    several solutions again, so its first solutions are the usual search's."""
    core = nb.load()
    geo = sudoku_native.native_model(Sudoku.empty(9)).geometry
    puzzles = _puzzles(12) + [bytes(81), bytes([1, 1] + [0] * 79)]
    block = b"".join(puzzles)
    for limit in (2, 5):
        res = nb.check_block(Sudoku.empty(9), block, limit=limit)
        ref = core.batch(geo, block, limit, -1.0, 1, False, False, 0, False, 0)
        assert (res.counts, res.flags, res.solutions) == (ref[0], ref[1], ref[2])
        assert {0, 1, limit} <= set(res.counts)
    one = nb.check_block(Sudoku.empty(9), block, limit=1)  # solving: the usual order alone
    assert one.nodes == core.batch(geo, block, 1, -1.0, 1, False, False, 0, False, 0)[3]
    late = nb.check_block(Sudoku.empty(9), block, time_limit=0.0)
    assert all(late.timed_out)
