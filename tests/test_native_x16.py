"""The classic 16x16 bitboard solver of the native core (4x4 boxes).

It has rules of its own (a digit's segments in a band or a stack of boxes are cut to the
permutations they hold; probing at every node), so its solutions may come in another
order than the generic solver's: the counts, the completeness and the set of solutions
must be the same, and every solution must pass the verifier.
"""

from __future__ import annotations

import random
import time

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.boards import box_map, unit_table
from gridsat.generators.layouts import random_layout

from cpu import cpu

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

N = 16


def _units(box: tuple[int, int] = (4, 4)) -> list:
    return unit_table(N, box_map(N, *box))


def _grid(rng: random.Random) -> list[int]:
    """A valid 16x16 grid: the shifted-rows pattern with rows, bands, columns, stacks and digits shuffled."""
    base = [((r % 4) * 4 + r // 4 + c) % N + 1 for r in range(N) for c in range(N)]

    def order() -> list[int]:
        groups = rng.sample(range(4), 4)
        return [4 * g + k for g in groups for k in rng.sample(range(4), 4)]

    rows, cols, digits = order(), order(), rng.sample(range(1, N + 1), N)
    return [digits[base[N * rows[r] + cols[c]] - 1] for r in range(N) for c in range(N)]


def _puzzle(rng: random.Random) -> bytes:
    """Givens carved from a random grid (few: many solutions; many: one), or random clashing values."""
    if rng.random() < 0.15:
        b = bytearray(N * N)
        for c in rng.sample(range(N * N), rng.randint(5, 60)):
            b[c] = rng.randint(1, N)
        return bytes(b)
    grid = _grid(rng)
    keep = set(rng.sample(range(N * N), rng.randint(40, 200)))
    return bytes(v if i in keep else 0 for i, v in enumerate(grid))


@needs_core
def test_x16_takes_exactly_the_classic_16x16_table():
    core = nb.load()
    units = _units()
    assert core.uses_x16(core.geometry(N, units))
    assert core.uses_x16(core.geometry(N, units, pairs=False))
    assert core.uses_x16(core.geometry(N, [list(reversed(u)) for u in reversed(units)]))
    assert not core.uses_x16(core.geometry(N, units, band=False))
    assert not core.uses_x16(core.geometry(N, units, locked=False))
    assert not core.uses_x16(core.geometry(N, _units((2, 8))))
    assert not core.uses_x16(core.geometry(N, _units((8, 2))))
    assert not core.uses_x16(core.geometry(N, units + [[17 * i for i in range(N)]]))
    jig = Sudoku.empty(N, regions=random_layout(N, random.Random(3)))
    assert not core.uses_x16(core.geometry(N, unit_table(N, jig.regions)))
    assert not core.uses_x16(core.geometry(9, unit_table(9, box_map(9, 3, 3))))


@needs_core
def test_x16_agrees_with_the_generic_search():
    """Same counts and completeness, the same solutions as sets, every solution verified."""
    core = nb.load()
    fast = core.geometry(N, _units())
    slow = core.geometry(N, _units(), band=False)
    assert core.uses_x16(fast) and not core.uses_x16(slow)
    rng = random.Random(1616)
    many = 0
    for _ in range(60):
        givens = _puzzle(rng)
        limit = rng.choice([1, 2, 5, 40, 300])
        a = core.solve(fast, givens, limit, 400)
        b = core.solve(slow, givens, limit, 400)
        assert a[:3] == b[:3], givens
        if a[1]:  # complete: every solution, in some order
            assert sorted(a[3]) == sorted(b[3])
        assert len(set(a[3])) == len(a[3])
        for sol in a[3]:
            assert gridsat.verify(Sudoku(N, list(givens)), tuple(sol)) == []
        many += a[0] > 2
    assert many >= 5  # the set reaches searches with many solutions, not only unique ones
    block = b"".join(_puzzle(rng) for _ in range(40))
    ra, rb = core.batch(fast, block, 3), core.batch(slow, block, 3)
    assert ra[:2] == rb[:2]


@needs_core
def test_x16_counts_agree_with_minisat():
    rng = random.Random(5)
    for _ in range(4):
        grid = _grid(rng)
        keep = set(rng.sample(range(N * N), 110))
        p = Sudoku(N, [v if i in keep else 0 for i, v in enumerate(grid)])
        mine = gridsat.count(p, limit=50, backend="native")
        ref = gridsat.count(p, limit=50, backend="minisat22", encoding="cnf-extended")
        assert (mine.count, mine.complete) == (ref.count, ref.complete)


@needs_core
def test_x16_empty_and_contradictory_grids():
    core = nb.load()
    g = core.geometry(N, _units())
    count, complete, timed_out, sols, nodes = core.solve(g, bytes(N * N), 200, 5)
    assert (count, complete, timed_out, len(set(sols))) == (200, False, False, 5)
    assert all(gridsat.verify(Sudoku.empty(N), tuple(s)) == [] for s in sols)
    # no clash among the givens, but row 0 has no room for a 1: its first fifteen cells hold
    # 2..16 and column 15 already holds a 1
    row = bytearray(N * N)
    row[0:15] = bytes(range(2, 17))
    row[N * 8 + 15] = 1
    assert core.solve(g, bytes(row), 10, 2)[:4] == (0, True, False, [])
    clash = bytearray(N * N)
    clash[0] = clash[5] = 7
    assert core.solve(g, bytes(clash), 10, 2)[:4] == (0, True, False, [])


@needs_core
def test_x16_minimality_agrees_with_the_generic_search():
    """``minimal`` (each given removed in turn, "another solution?" with its value ruled out
    of its cell) gives the generic solver's answers: yes on a generated minimal puzzle,
    no with one more given."""
    from gridsat.generators import generate

    core = nb.load()
    fast = core.geometry(N, _units())
    slow = core.geometry(N, _units(), band=False)
    puzzle = generate("sudoku", seed=3, size=N).puzzle
    solution = gridsat.solve(puzzle, backend="minisat22").solution
    given = [1 if v else 0 for v in puzzle.givens]
    extra = list(given)
    extra[given.index(0)] = 1
    answers = [(core.minimal(g, bytes(solution), bytes(m))) for m in (given, extra) for g in (fast, slow)]
    assert answers == [True, True, False, False]


@needs_core
def test_x16_honours_the_time_limit():
    core = nb.load()
    g = core.geometry(N, _units())
    with cpu() as spent:
        count, complete, timed_out, sols, nodes = core.solve(g, bytes(N * N), 0, 1, 0.2)
    assert timed_out and not complete and count > 100 and spent.own < 1.0
