"""Sudoku and jigsaw generators: uniqueness checked by backends other than the generator's (cadical153)."""

import random

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku.generate import from_partial, generate_jigsaw, generate_sudoku
from gridsat.generators import generate, stream
from gridsat.generators.layouts import is_valid_layout, random_layout
from gridsat.generators.symmetry import is_symmetric

OTHER = "cpsat"  # the generators prove uniqueness with cadical153


def _unique(p, backend=OTHER):
    return gridsat.check(p, backend=backend).status == "unique"


def _minimal(p, backend="glucose4"):
    """No single given can be removed (each removal leaves several solutions)."""
    g = list(p.givens)
    for c, v in enumerate(g):
        if v:
            h = g[:]
            h[c] = 0
            if gridsat.check(p.with_givens(h), backend=backend).status != "ambiguous":
                return False
    return True


@pytest.mark.parametrize("size", [4, 6])
def test_200_small_sudoku_unique_and_minimal(size):
    for g in stream("sudoku", 200, seed=1000, size=size, score=False):
        assert _unique(g.puzzle)
        assert g.info["minimal"]
        assert gridsat.verify(g.puzzle.with_givens(g.solution), g.solution) == []
    # minimality checked independently on a subset (it costs one check per given)
    for g in stream("sudoku", 30, seed=1000, size=size, score=False):
        assert _minimal(g.puzzle)


@pytest.mark.parametrize("size,box", [(8, (2, 4)), (9, None), (10, (2, 5)), (12, (3, 4))])
def test_bigger_sudoku_unique(size, box):
    g = generate_sudoku(size, box, seed=7, score=False)
    assert g.puzzle.n == size and _unique(g.puzzle)
    assert g.puzzle.num_givens < size * size // 2


@pytest.mark.slow
def test_16x16_unique_and_minimal():
    g = generate_sudoku(16, seed=3, score=False)
    assert _unique(g.puzzle)
    assert g.info["minimal"]


def test_9x9_minimal_independently():
    for s in range(3):
        g = generate_sudoku(9, seed=s, minimal=True, score=False)
        assert _unique(g.puzzle) and _minimal(g.puzzle)
        assert g.puzzle.num_givens <= 30


@pytest.mark.parametrize("sym", ["rot180", "rot90", "mirror", "diagonal"])
def test_symmetry_holds(sym):
    for s in range(4):
        g = generate_sudoku(9, seed=s, symmetry=sym, score=False)
        cells = [(c // 9, c % 9) for c, v in enumerate(g.puzzle.givens) if v]
        assert is_symmetric(sym, 9, 9, cells)
        assert _unique(g.puzzle)


def test_symmetry_with_minimal_is_cell_minimal():
    g = generate_sudoku(6, seed=2, symmetry="rot180", minimal=True, score=False)
    cells = [(c // 6, c % 6) for c, v in enumerate(g.puzzle.givens) if v]
    assert is_symmetric("rot180", 6, 6, cells)
    assert g.info["minimal"] == _minimal(g.puzzle)


def test_target_givens():
    g = generate_sudoku(9, seed=4, target=35, score=False)
    assert g.puzzle.num_givens == 35 and g.info["target_met"]
    assert _unique(g.puzzle)


def test_seeds_reproduce_regardless_of_history():
    a = generate_sudoku(9, seed=42)
    for s in range(5):  # other work on the shared, cached solver in between
        generate_sudoku(9, seed=s)
    b = generate_sudoku(9, seed=42)
    assert a.puzzle.givens == b.puzzle.givens and a.solution == b.solution and a.score == b.score
    assert generate_sudoku(9, seed=43).puzzle.givens != a.puzzle.givens
    j1, j2 = generate_jigsaw(7, seed=5), generate_jigsaw(7, seed=5)
    assert j1.puzzle.givens == j2.puzzle.givens and j1.puzzle.regions == j2.puzzle.regions


def test_stream_jobs_match_serial():
    serial = [g.puzzle.givens for g in stream("sudoku", 6, seed=9, size=6, score=False)]
    parallel = [g.puzzle.givens for g in stream("sudoku", 6, seed=9, size=6, score=False, jobs=2)]
    assert serial == parallel
    assert [g.seed for g in stream("sudoku", 3, seed=9, size=4)] == [9, 10, 11]


@pytest.mark.parametrize("size", [5, 6])
def test_200_small_jigsaw_unique(size):
    layouts = set()
    for g in stream("jigsaw", 200, seed=500, size=size, score=False):
        p = g.puzzle
        assert p.is_jigsaw or size == 6  # a random 6x6 layout may happen to be the 2x3 boxes
        assert is_valid_layout(size, p.regions)
        assert _unique(p)
        layouts.add(p.regions)
    assert len(layouts) > 150  # fresh layouts


@pytest.mark.parametrize("size", [7, 8, 9, 10])
def test_bigger_jigsaw_unique(size):
    g = generate_jigsaw(size, seed=11, score=False)
    assert is_valid_layout(size, g.puzzle.regions) and _unique(g.puzzle)


@pytest.mark.slow
def test_jigsaw_11_and_12():
    for size in (11, 12):
        g = generate_jigsaw(size, seed=1, score=False)
        assert _unique(g.puzzle)


def test_jigsaw_unsolvable_user_layout_rejected():
    lab = random_layout(8, 77)
    assert gridsat.solve(Sudoku(8, None, regions=lab), backend=OTHER).status == "impossible"
    with pytest.raises(gridsat.PuzzleError):
        generate_jigsaw(layout=lab, seed=1)


def test_jigsaw_user_layout_kept():
    lab = next(lab for lab in (random_layout(8, s) for s in range(77, 200))
               if gridsat.solve(Sudoku(8, None, regions=lab)).status == "solved")
    g = generate_jigsaw(layout=lab, seed=1, score=False)
    assert Sudoku(8, None, regions=lab).regions == g.puzzle.regions
    assert _unique(g.puzzle)
    text = "\n".join("".join("ABCDEFGH"[lab[r * 8 + c]] for c in range(8)) for r in range(8))
    assert generate_jigsaw(layout=text, seed=1, score=False).puzzle.givens == g.puzzle.givens


def test_from_partial_ambiguous_gets_givens():
    p = Sudoku.classic([0] * 81)
    g = from_partial(p, seed=3)
    assert _unique(g.puzzle) and g.info["added"] and not g.info["dropped"]
    q = generate_sudoku(9, seed=1, score=False).puzzle
    h = list(q.givens)
    drop = [c for c, v in enumerate(h) if v][:5]
    for c in drop:
        h[c] = 0
    g = from_partial(q.with_givens(h), seed=1)
    assert _unique(g.puzzle)
    assert all(g.puzzle.givens[c] == v for c, v in enumerate(h) if v)  # consistent: nothing dropped


def test_from_partial_impossible_drops_givens():
    g0 = list(generate_sudoku(9, seed=2, score=False).puzzle.givens)
    empty = [c for c, v in enumerate(g0) if not v]
    bad = g0[:]
    bad[1] = bad[0] if bad[0] else 0
    bad[empty[0]] = 0
    # a clash in row 1 and a value that kills the unique solution elsewhere
    c = empty[-1]
    sol = gridsat.solve(Sudoku.classic(g0)).solution
    bad[c] = sol[c] % 9 + 1
    p = Sudoku.classic(bad)
    assert gridsat.check(p, backend=OTHER).status == "impossible"
    g = from_partial(p, seed=5)
    assert g.info["dropped"]
    assert _unique(g.puzzle)


def test_difficulty_target():
    g = generate_sudoku(9, seed=4, difficulty=(1.0, 2.0), score=False)
    assert g.info["difficulty_met"] and 1.0 <= g.info["rating"] <= 2.0
    assert _unique(g.puzzle)


def test_generate_front_door_and_json():
    g = generate("sudoku", size=4, seed=1)
    d = g.to_dict()
    assert d["seed"] == 1 and d["givens"] == g.puzzle.num_givens and d["score"]["unique"]
    assert len(d["puzzle"]) == 16
    with pytest.raises(gridsat.UnsupportedError):
        generate("no-such-kind")


def test_improve_api_jobs():
    from gridsat.kinds.sudoku.generate_improve import improve

    r = improve(size=6, time_budget=0.7, jobs=2, seed=3, score="effort")
    assert _unique(r.puzzle) and _minimal(r.puzzle)
    scores = [s for _, s in r.history]
    assert scores == sorted(scores) and r.score == scores[-1]
    full = generate_sudoku(6, seed=1, score=False).solution
    r = improve(Sudoku(6, full), time_budget=0.3, seed=1, score="rating")
    assert r.solution == tuple(full) and _unique(r.puzzle)


def test_polish_keeps_minimality_and_lowers_mean():
    plain = [generate_sudoku(9, seed=s, polish=0, score=False).givens for s in range(20)]
    polished = [generate_sudoku(9, seed=s, polish=4, score=False) for s in range(20)]
    assert sum(g.givens for g in polished) <= sum(plain)
    for g in polished[:2]:
        assert _minimal(g.puzzle)
