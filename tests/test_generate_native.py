"""The generators on the native C core: same puzzles as the SAT route, each proven unique elsewhere.

The core reproduces the random fill and the carving step for step, drawing from the same
``random.Random``; its uniqueness tests answer what the SAT oracle answers. So a seed must
give the same puzzle with and without the core, and every puzzle it makes must be unique
and minimal by MiniSat, a backend that shares no code with it.
"""

from __future__ import annotations

import random

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.kinds.sudoku import generate_carve as carve_mod
from gridsat.kinds.sudoku import generate_fill as fill_mod
from gridsat.generators import generate
from gridsat.kinds.sudoku import generate_native as native_gen
from gridsat.generators.oracle import CnfOracle
from gridsat.encoders import get_encoding

pytestmark = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")


def _engine_on():
    assert native_gen.engine() is not None


def _record(g):
    return tuple(g.puzzle.givens), tuple(g.puzzle.regions), g.info.get("minimal")


CASES = [
    ("sudoku", {"size": 9}, range(12)),
    ("sudoku", {"size": 4}, range(10)),
    ("sudoku", {"size": 6, "box": (3, 2)}, range(6)),
    ("sudoku", {"size": 9, "symmetry": "rot180", "minimal": True}, range(4)),
    ("sudoku", {"size": 9, "symmetry": "mirror"}, range(3)),
    ("sudoku", {"size": 9, "target": 23}, range(3)),
    ("sudoku", {"size": 9, "polish": 0}, range(4)),
    ("jigsaw", {"size": 7}, range(4)),
    ("sudoku", {"size": 12}, range(1)),
]


@pytest.mark.parametrize("kind,options,seeds", CASES, ids=[f"{k}-{o}" for k, o, _ in CASES])
def test_same_puzzles_as_the_sat_route(kind, options, seeds):
    with native_gen.sat_route():
        assert not native_gen.native_serves(Sudoku.empty(9), random.Random(0))
        want = [_record(generate(kind, seed=s, score=False, **options)) for s in seeds]
    _engine_on()
    got = [_record(generate(kind, seed=s, score=False, **options)) for s in seeds]
    assert got == want


def test_core_draws_like_python():
    core = nb.load()
    for seed in range(20):
        rng = random.Random(seed)
        k = rng.randrange(2, 200)
        order, state = core.shuffle(rng.getstate()[1], k)
        want = list(range(k))
        rng.shuffle(want)
        assert order == want and tuple(state) == rng.getstate()[1]


def test_fill_budget_runs_out_like_python():
    """A budget too small for every try: the core gives up with the rng where Python's fill leaves it."""
    core = nb.load()
    board = Sudoku.empty(9)
    for seed in range(5):
        py, c = random.Random(seed), random.Random(seed)
        peers = fill_mod.sudoku_peers(9, board.regions)
        for _ in range(3):
            pre = fill_mod._diagonal_boxes(board, py)
            with pytest.raises(fill_mod._Budget):
                fill_mod._dfs_fill(9, peers, py, 3, pre)
        ver, state, gauss = c.getstate()
        grid, new = core.fill(native_gen._geometry(board), state, 3, 3, 3, 3)
        assert grid is None and tuple(new) == py.getstate()[1]
        # and with room, the same grid as the Python fill
        grid, new = core.fill(native_gen._geometry(board), tuple(new), 3, 3, 180, 4)
        pre = fill_mod._diagonal_boxes(board, py)
        assert tuple(grid) == tuple(fill_mod._dfs_fill(9, peers, py, 180, pre))
        assert tuple(new) == py.getstate()[1]


def test_generated_puzzles_unique_and_minimal_by_minisat():
    """Every puzzle the core carves: unique by MiniSat, and no given can go (one SAT call per given)."""
    _engine_on()
    shape = Sudoku.empty(9)
    oracle = CnfOracle(get_encoding("cnf-extended", "sudoku").build(shape), "minisat22")
    try:
        for seed in range(40):
            g = generate("sudoku", seed=1000 + seed, score=False)
            res = gridsat.check(g.puzzle, backend="minisat22")
            assert res.status == "unique" and tuple(res.solution) == g.solution
            given = {c for c, v in enumerate(g.puzzle.givens) if v}
            assert g.info["minimal"] and carve_mod.is_minimal(oracle, g.solution, given)
    finally:
        oracle.delete()


def test_symmetric_minimal_flag_agrees_with_sat():
    """The core's minimality test against the SAT oracle's: symmetric puzzles (mostly not minimal), cell-wise ones."""
    _engine_on()
    core = nb.load()
    shape = Sudoku.empty(9)
    oracle = CnfOracle(get_encoding("cnf-extended", "sudoku").build(shape), "minisat22")
    try:
        seen = set()
        for seed in range(12):
            rng = random.Random(seed)
            grid = fill_mod.random_grid(shape, rng)
            groups = carve_mod._groups(shape, "rot180" if seed % 2 else "none")
            given = native_gen.native_carve(shape, grid, rng, groups)
            blob = bytes(1 if c in given else 0 for c in range(81))
            want = carve_mod.is_minimal(oracle, grid, given)
            assert core.minimal(native_gen._geometry(shape), bytes(grid), blob) is want
            seen.add(want)
            res = gridsat.check(shape.with_givens([grid[c] if c in given else 0 for c in range(81)]),
                                backend="minisat22")
            assert res.status == "unique"
        assert seen == {True, False}
    finally:
        oracle.delete()


def test_carve_rejects_bad_input():
    core = nb.load()
    geo = native_gen._geometry(Sudoku.empty(4))
    state = random.Random(1).getstate()[1]
    good = bytes([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    with pytest.raises(ValueError, match="complete grid"):
        core.carve(geo, bytes(16), [(c,) for c in range(16)], state)
    with pytest.raises(ValueError, match="outside"):
        core.carve(geo, good, [(16,)], state)
    with pytest.raises(ValueError, match="625"):
        core.carve(geo, good, [(0,)], state[:10])
    given, _, _, _ = core.carve(geo, good, [(c,) for c in range(16)], state, target=10)
    assert sum(given) == 10
