"""The ``dfs`` backend (compiled exact search): counts agree with the CNF encodings, every
solution verified, uniqueness decided, hostile arrays refused, bounded by node counts."""

import random
from array import array

import pytest

import gridsat
from gridsat import Hidato
from gridsat.encoders import get_encoding
from gridsat.kinds.hidato import backend_dfs as dfs
from gridsat.kinds.hidato import samples
from gridsat.kinds.hidato.puzzle import random_path
from gridsat.verifier import verify

needs_kernel = pytest.mark.skipif(dfs.DfsBackend().unavailable() is not None, reason="no compiled exact search")

#: count limit of the agreement checks (both sides count to it)
LIMIT = 30


def _model(p):
    return get_encoding("hidato-sets", "hidato").build(p)


def _board(rng: random.Random) -> Hidato:
    """A small random board: king or rook, sometimes holes, givens from a path or at random (so
    solvable, ambiguous and impossible boards all occur)."""
    rows, cols = rng.randint(2, 5), rng.randint(2, 5)
    adjacency = rng.choice(["king", "rook"])
    n = rows * cols
    if rng.random() < 0.6:
        path = random_path(rows, cols, adjacency, seed=rng.randrange(10**6), moves=100)
        ks = set(rng.sample(range(1, n + 1), rng.randint(0, n // 2)))
        givens = {path[k - 1]: k for k in ks}
        if rng.random() < 0.15 and len(givens) >= 2:  # two numbers swapped: often impossible
            a, b = rng.sample(sorted(givens), 2)
            givens[a], givens[b] = givens[b], givens[a]
        return Hidato(rows, cols, givens=givens, adjacency=adjacency)
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.2]
        if len(cells) < 2:
            continue
        nums = rng.sample(range(1, len(cells) + 1), rng.randint(0, 3))
        try:
            return Hidato(rows, cols, cells=cells, givens=dict(zip(rng.sample(cells, len(nums)), nums)),
                          adjacency=adjacency)
        except gridsat.errors.PuzzleError:  # not connected
            continue


def _cnf_count(p, limit):
    r = gridsat.count(p, limit=limit, backend="glucose4", encoding="cnf-pos")
    return r.count, r.complete


@needs_kernel
@pytest.mark.parametrize("seed", range(3))
def test_counts_agree_with_the_cnf_encoding(seed):
    rng = random.Random(seed)
    for _ in range(40):
        p = _board(rng)
        count, decided, nodes, sols = dfs.exact(_model(p), limit=LIMIT, keep=LIMIT, budget=10**7)
        assert decided, p
        for s in sols:
            assert verify(p, s) == [], p
        assert len(set(map(tuple, sols))) == len(sols) == count
        want, complete = _cnf_count(p, LIMIT)
        assert (count, count < LIMIT) == (min(want, LIMIT), complete or want < LIMIT), p


@needs_kernel
def test_the_known_counts():
    for p, want in samples():  # 30 and 40 (OEIS)
        count, decided, _, _ = dfs.exact(_model(p), limit=None, keep=0, budget=10**7)
        assert (count, decided) == (want, True)


@needs_kernel
def test_check_decides_uniqueness_through_the_front_door():
    rng = random.Random(7)
    seen = set()
    for _ in range(60):
        p = _board(rng)
        r = gridsat.check(p, backend="dfs")
        want = gridsat.check(p, backend="glucose4", encoding="cnf-pos")
        assert r.status == want.status, p
        assert r.backend == "dfs"
        if r.status == "unique":
            assert r.solution == want.solution
        seen.add(r.status)
    assert seen == {"unique", "ambiguous", "impossible"}


@needs_kernel
def test_the_default_for_a_small_board_is_the_exact_search():
    from gridsat.kinds.hidato.generate import generate_hidato

    p = generate_hidato(7, 7, density=0.4, seed=3, score=False).puzzle
    r = gridsat.check(p)
    assert (r.status, r.backend, r.encoding) == ("unique", "dfs", "hidato-sets")
    assert r.stats["nodes"] <= dfs.NODE_BUDGET
    big = Hidato(13, 13, givens={(0, 0): 1})
    assert gridsat.selection.default_choice(big).backend != "dfs"


@needs_kernel
def test_a_board_past_the_budget_goes_on_to_the_next_backend():
    p = Hidato.numbrix(6, 6)  # an empty template: thousands of solutions, nothing to propagate
    count, decided, nodes, _ = dfs.exact(_model(p), limit=None, keep=0, budget=50)
    assert (decided, nodes) == (False, 51)
    r = gridsat.check(p, backend=dfs.DfsBackend(budget=1))  # (the root alone: the first branch is past it)
    assert r.status == "ambiguous" and r.stats["dfs"]["decided"] is False


@needs_kernel
def test_batches_run_through_the_compiled_search():
    rng = random.Random(11)
    boards = [_board(rng) for _ in range(30)]
    many = list(gridsat.check_many(boards, backend="dfs"))
    assert [r.status for r in many] == [gridsat.check(p, backend="dfs").status for p in boards]


def _arrays(**over):
    p = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9})
    m = _model(p)
    args = dict(n=m.n, indptr=m.indptr, indices=m.indices, rows=m.rows, cols=m.cols, rook=m.rook,
                cells=m.anchor_cells, values=m.anchor_values, limit=2, keep=2, budget=1000)
    args.update(over)
    return tuple(args.values())


@needs_kernel
@pytest.mark.parametrize("bad", [
    {"n": 0}, {"n": 100000}, {"indptr": array("i", [0, 1])}, {"indices": array("i", [0, 99])},
    {"indptr": array("i", [0] + [9] * 9), "indices": array("i", [1] * 9)},
    {"cells": array("i", [0, 99]), "values": array("i", [1, 9])},
    {"cells": array("i", [0, 8]), "values": array("i", [9, 1])},
    {"cells": array("i", [4, 4]), "values": array("i", [1, 9])},
    {"cells": array("i", [0]), "values": array("i", [1, 9])},
    {"rows": array("i", [-1] * 9)}, {"limit": 0}, {"keep": -1}, {"keep": 1000}, {"budget": 0},
])
def test_hostile_arrays_are_refused(bad):
    with pytest.raises(ValueError):
        dfs.load().exact(*_arrays(**bad))
    count, decided, _, _ = dfs.load().exact(*_arrays())  # the same call, unspoilt
    assert (count, decided) == (2, True)


@needs_kernel
@pytest.mark.parametrize("seed", range(2))
def test_counts_agree_on_sparse_boards_of_thirty_cells_and_more(seed):
    """Boards where the search branches deep (the rules that cut the tree run at every node):
    unique, several-solution and impossible ones, all counted alike by the CNF encoding."""
    rng = random.Random(100 + seed)
    seen = set()
    for _ in range(14):
        rows, cols = rng.choice([(5, 6), (6, 6), (4, 8)])
        adjacency = rng.choice(["king", "rook"])
        n = rows * cols
        path = random_path(rows, cols, adjacency, seed=rng.randrange(10**6), moves=300)
        givens = {path[k - 1]: k for k in rng.sample(range(1, n + 1), rng.randint(n // 6, n // 2))}
        if rng.random() < 0.2 and len(givens) >= 2:  # two numbers swapped: often impossible
            a, b = rng.sample(sorted(givens), 2)
            givens[a], givens[b] = givens[b], givens[a]
        p = Hidato(rows, cols, givens=givens, adjacency=adjacency)
        count, decided, nodes, sols = dfs.exact(_model(p), limit=LIMIT, keep=LIMIT, budget=10**7)
        assert decided, p
        for s in sols:
            assert verify(p, s) == [], p
        assert len(set(map(tuple, sols))) == len(sols) == count
        want, complete = _cnf_count(p, LIMIT)
        assert (count, count < LIMIT) == (min(want, LIMIT), complete or want < LIMIT), p
        seen.add(min(count, 2))
    assert seen == {0, 1, 2}


#: generated minimal Hidato boards (size, {cell index: number}, node bound): each decided within
#: the bound, and measured past it without one of the propagation rules (in brackets)
HARD = [
    (6, {1: 27, 9: 31, 10: 2, 11: 1, 13: 25, 19: 24, 20: 35, 22: 10, 25: 19, 27: 36, 34: 14}, 40),  # 4 (354 without two sides)
    (7, {0: 16, 3: 19, 8: 14, 9: 18, 18: 28, 23: 44, 25: 30, 26: 38, 33: 1, 36: 49, 43: 47, 45: 6, 47: 3}, 100),  # 17 (1,756)
    (9, {4: 25, 5: 1, 7: 7, 9: 30, 12: 37, 24: 4, 28: 40, 29: 35, 31: 13, 34: 81, 36: 42, 39: 16, 44: 79, 47: 20,
         50: 58, 51: 59, 55: 45, 58: 61, 62: 69, 63: 47, 65: 52, 66: 62, 72: 49, 73: 50, 77: 66, 79: 72}, 20),  # 8 (40 without regions)
    (10, {4: 28, 5: 29, 8: 21, 15: 30, 20: 41, 21: 40, 23: 33, 27: 53, 33: 46, 39: 15, 41: 64, 44: 49, 45: 57, 46: 9,
          49: 16, 54: 84, 57: 11, 58: 12, 61: 66, 65: 85, 69: 3, 72: 75, 76: 6, 78: 1, 80: 72, 83: 80, 87: 96,
          88: 97, 89: 100, 90: 70, 94: 89, 95: 91, 99: 98}, 200),  # 73 (389 without regions)
]


@needs_kernel
@pytest.mark.parametrize("size,givens,bound", HARD)
def test_propagation_keeps_the_tree_small(size, givens, bound):
    p = Hidato(size, size, givens={(i // size, i % size): v for i, v in givens.items()})
    count, decided, nodes, sols = dfs.exact(_model(p), limit=2, keep=2, budget=10**6)
    assert (count, decided) == (1, True)
    assert verify(p, sols[0]) == []
    assert nodes <= bound
