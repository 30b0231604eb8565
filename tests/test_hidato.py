"""Hidato and Numbrix: the puzzle type, every encoding on OEIS counts and published puzzles, the verifier."""

import random

import pytest

import gridsat
from gridsat import Hidato
from gridsat.kinds.hidato.encode_domains import domains
from gridsat.errors import PuzzleError
from gridsat.formats import read_text
from gridsat.kinds.hidato.puzzle import random_path
from gridsat.verifier import verify

from hidato_samples import blocks

#: every Hidato encoding with a backend of its target
COMBOS = [
    ("cpsat", "cpsat-bool"),
    ("cpsat", "cpsat-circuit"),
    ("cpsat", "cpsat-seg"),
    ("minisat22", "cnf-pos"),
    ("cadical153", "cnf-pos"),
    ("minisat22", "cnf-arcs"),
]
IDS = [f"{b}/{e}" for b, e in COMBOS]


def test_every_registered_encoding_is_tested():
    mine = {e.name for e in gridsat.list_encodings("hidato") if e.target in ("cnf", "cpsat")}
    assert mine == {e for _, e in COMBOS}


# ------------------------------------------------------------------ OEIS counts
OEIS = [
    # no givens on n x n king graph: directed Hamiltonian paths = 2 * A308129
    ("king2", lambda: Hidato.empty(2, 2), 24),
    ("king3", lambda: Hidato.empty(3, 3), 784),
    # 1 and N in opposite corners: A272445
    ("corner3", lambda: Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}), 30),
    ("corner4", lambda: Hidato(4, 4, givens={(0, 0): 1, (3, 3): 16}), 4942),
    # Numbrix with no givens: directed Hamiltonian paths of the grid graph, A096969
    ("rook3", lambda: Hidato.empty(3, 3, "rook"), 40),
    ("rook4", lambda: Hidato.empty(4, 4, "rook"), 552),
]


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("name,make,want", OEIS, ids=[o[0] for o in OEIS])
def test_oeis_counts(backend, encoding, name, make, want):
    r = gridsat.count(make(), backend=backend, encoding=encoding)
    assert r.complete and r.count == want
    assert r.verified


@pytest.mark.slow
@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
def test_oeis_numbrix_5x5(backend, encoding):
    r = gridsat.count(Hidato.empty(5, 5, "rook"), backend=backend, encoding=encoding)
    assert r.complete and r.count == 8648


# ------------------------------------------------------------------ published puzzles
def _sol_grid(text):
    return [[None if t in (".", "#") else int(t) for t in line.split()] for line in text.splitlines() if line.strip()]


def _published():
    out = []
    for fname, adj in (("rosetta_hidato.txt", "king"), ("rosetta_numbrix.txt", "rook")):
        for name, d in blocks(fname).items():
            if "solution" in d:
                out.append((name, d["puzzle"], adj, _sol_grid(d["solution"])))
    return out


PUBLISHED = _published()


def _load(text, adj):
    (entry,) = read_text(text, kind="hidato", format=None)
    p = entry.puzzle
    return p if p.adjacency == adj else Hidato(p.rows, p.cols, p.cells, {p.cells[c]: v for c, v in p.givens.items()}, adj)


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("name,text,adj,solution", PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published_solutions(backend, encoding, name, text, adj, solution):
    p = _load(text, adj)
    r = gridsat.check(p, backend=backend, encoding=encoding)
    assert r.status == "unique", r.reason
    assert p.grid(r.solution) == solution


ROSETTA_OPEN = ["rosetta_snake_in_the_grass", "rosetta_open8x8_only1"]


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("name", ROSETTA_OPEN)
def test_rosetta_without_published_solution(backend, encoding, name):
    p = _load(blocks("rosetta_hidato.txt")[name]["puzzle"], "king")
    r = gridsat.solve(p, backend=backend, encoding=encoding)
    assert r.status == "solved" and r.verified


def test_snake_in_the_grass_is_unique():
    p = _load(blocks("rosetta_hidato.txt")["rosetta_snake_in_the_grass"]["puzzle"], "king")
    assert p.num_cells == 74 and not p.full
    assert gridsat.check(p).status == "unique"


ORTOOLS = sorted(blocks("ortools_puzzles.txt").items())


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("name,d", ORTOOLS, ids=[f"ortools{n}" for n, _ in ORTOOLS])
def test_ortools_examples(backend, encoding, name, d):
    p = _load(d["puzzle"], "king")
    r = gridsat.check(p, backend=backend, encoding=encoding)
    assert r.status == "unique", r.reason
    assert not verify(p, r.solution)


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
def test_numbrix_hard_vamshij(backend, encoding):
    p = _load(blocks("rosetta_numbrix.txt")["numbrix_vamshij_hard"]["puzzle"], "rook")
    r = gridsat.check(p, backend=backend, encoding=encoding)
    assert r.status == "unique"


# ------------------------------------------------------------------ generated instances
def _instance(n, frac, adj, seed):
    path = random_path(n, n, adj, seed=seed)
    rng = random.Random(seed)
    ks = set(rng.sample(range(1, n * n + 1), int(frac * n * n)))
    return Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency=adj), path


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("adj", ["king", "rook"])
def test_random_path_instances_solve(backend, encoding, adj):
    for seed in range(3):
        p, _ = _instance(8, 0.25, adj, seed)
        r = gridsat.solve(p, backend=backend, encoding=encoding)
        assert r.status == "solved" and r.verified


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
@pytest.mark.parametrize("adj", ["king", "rook"])
def test_ring_with_one_given(backend, encoding, adj):
    # 4x4 without the middle 2x2, only 5 given: holes, and 1 and N left out
    cells = [(r, c) for r in range(4) for c in range(4) if not (1 <= r <= 2 and 1 <= c <= 2)]
    p = Hidato(4, 4, cells, {(0, 0): 5}, adj)
    r = gridsat.count(p, backend=backend, encoding=encoding)
    assert r.complete and r.count == _brute_count(p) > 0
    assert all(not verify(p, s) for s in r.solutions)


def _brute_count(p):
    """Directed Hamiltonian paths consistent with the givens, by DFS (small boards only)."""
    n = p.num_cells
    count = 0

    def dfs(cell, k, used):
        nonlocal count
        if p.givens.get(cell, k) != k:
            return
        if k == n:
            count += 1
            return
        for d in p.neighbours[cell]:
            if d not in used:
                used.add(d)
                dfs(d, k + 1, used)
                used.discard(d)

    for start in range(n):
        dfs(start, 1, {start})
    return count


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_brute_force_on_small_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (2, 5)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    adj = rng.choice(["king", "rook"])
    path = random_path(rows, cols, adj, seed=seed)
    if seed % 2:  # punch a hole at the path's end so boards with holes are covered
        cells.remove(path[-1])
        path = path[:-1]
    givens = {path[k]: k + 1 for k in rng.sample(range(len(path)), 2)}
    p = Hidato(rows, cols, cells, givens, adj)
    want = _brute_count(p)
    for backend, encoding in COMBOS:
        r = gridsat.count(p, backend=backend, encoding=encoding)
        assert r.complete and r.count == want, (backend, encoding)


# ------------------------------------------------------------------ the puzzle type
def test_construction_rejects_bad_puzzles():
    with pytest.raises(PuzzleError, match="outside 1..9"):
        Hidato(3, 3, givens={(0, 0): 10})
    with pytest.raises(PuzzleError, match="5 is given twice"):
        Hidato(3, 3, givens={(0, 0): 5, (1, 1): 5})
    with pytest.raises(PuzzleError, match="no cells"):
        Hidato(3, 3, cells=[])
    with pytest.raises(PuzzleError, match="not connected under king"):
        Hidato(3, 3, cells=[(0, 0), (2, 2)])
    with pytest.raises(PuzzleError, match="not connected under rook"):
        Hidato(2, 2, cells=[(0, 0), (1, 1)], adjacency="rook")
    with pytest.raises(PuzzleError, match="not on the board"):
        Hidato(2, 2, cells=[(0, 0), (0, 1)], givens={(1, 1): 1})
    with pytest.raises(PuzzleError, match="unknown adjacency"):
        Hidato(2, 2, adjacency="knight")
    Hidato(2, 2, cells=[(0, 0), (1, 1)])  # diagonal neighbours under king moves


def test_unjoinable_givens_are_named():
    p = Hidato(1, 20, givens={(0, 0): 12, (0, 7): 17})
    assert p.conflicts() == ["12 and 17 are 5 apart but their cells are 7 moves apart (r1c1 and r1c8)"]
    r = gridsat.check(p)
    assert r.status == "impossible" and r.complete and r.count == 0
    assert "12 and 17 are 5 apart but their cells are 7 moves apart" in r.reason


def test_numbrix_parity_conflicts():
    p = Hidato(3, 3, givens={(0, 0): 1, (0, 1): 3}, adjacency="rook")
    assert "every rook move changes colour" in p.conflicts()[0]
    assert gridsat.check(p).status == "impossible"
    # 3x3: five cells of one colour, four of the other: 1 must sit on the larger class
    q = Hidato(3, 3, givens={(0, 1): 1}, adjacency="rook")
    assert "wrong colour" in q.conflicts()[0]
    assert Hidato(2, 3, cells=[(0, 0), (0, 1), (0, 2), (1, 1)], adjacency="rook").conflicts()[0].startswith(
        "the board has 3 and 1 cells")


@pytest.mark.parametrize("backend,encoding", COMBOS, ids=IDS)
def test_impossible_without_pairwise_conflict(backend, encoding):
    # every pair of givens is joinable, but 2 has no free neighbour left for 3 after 1..: corner trap
    p = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 2})
    assert p.conflicts()
    q = Hidato(1, 4, givens={(0, 1): 1})  # 1 in the middle of a line: no Hamiltonian path
    assert not q.conflicts()
    r = gridsat.check(q, backend=backend, encoding=encoding)
    assert r.status == "impossible" and r.complete


def test_domains_are_pruned():
    p = _load(blocks("rosetta_hidato.txt")["rosetta_sample"]["puzzle"], "king")
    D, ok = domains(p)
    assert ok
    n = p.num_cells
    assert D.sum() < n * n / 4
    for c, v in p.givens.items():
        assert D[c].sum() == 1 and D[c, v]
    sol = gridsat.solve(p).solution
    assert all(D[c, v] for c, v in enumerate(sol))  # pruning keeps the solution


def _all_paths(p):
    """Every solution of a small puzzle by plain depth-first search (no pruning shared with gridsat)."""
    n, nb, given = p.num_cells, p.neighbours, {v: c for c, v in p.givens.items()}
    out, place = [], [0] * n

    def walk(c, k):
        if given.get(k, c) != c or place[c]:
            return
        place[c] = k
        if k == n:
            out.append(tuple(place))
        else:
            for d in nb[c]:
                walk(d, k + 1)
        place[c] = 0

    for c in range(n):
        walk(c, 1)
    return out


SHAPES = [
    ("king3x4", lambda: Hidato(3, 4)),
    ("rook3x4", lambda: Hidato(3, 4, adjacency="rook")),
    ("king_holes", lambda: Hidato(4, 4, cells=[(r, c) for r in range(4) for c in range(4) if (r, c) not in ((1, 1), (2, 3))])),
    ("rook_holes", lambda: Hidato(3, 5, adjacency="rook", cells=[(r, c) for r in range(3) for c in range(5) if (r, c) != (0, 0)])),
]


@pytest.mark.parametrize("name,make", SHAPES, ids=[s[0] for s in SHAPES])
def test_domains_keep_every_solution_and_are_a_fixpoint(name, make):
    rng = random.Random(name)
    board = make()
    n = board.num_cells
    paths = _all_paths(board)
    assert paths
    for trial in range(30):
        cells = rng.sample(range(n), rng.randint(0, n // 2))
        if trial % 2:  # random numbers: mostly impossible puzzles
            vals = rng.sample(range(1, n + 1), len(cells))
        else:  # revealed from a path
            sol = rng.choice(paths)
            vals = [sol[c] for c in cells]
        p = board.with_givens(dict(zip(cells, vals)))
        sols = _all_paths(p)
        D, ok = domains(p)
        if not ok:
            assert sols == [], (trial, p.givens)  # infeasible only when nothing solves it
            continue
        for sol in sols:
            assert all(D[c, k] for c, k in enumerate(sol)), (trial, p.givens, sol)
        for c, k in zip(*D.nonzero()):  # support: k-1 and k+1 can sit next to c
            for j in (k - 1, k + 1):
                if 1 <= j <= n:
                    assert any(D[d, j] for d in p.neighbours[c]), (trial, c, k, j)
        for k in range(1, n + 1):  # a number with one cell owns it
            (cells_k,) = D[:, k].nonzero()
            assert len(cells_k) >= 1
            if len(cells_k) == 1:
                assert D[cells_k[0]].sum() == 1
    assert domains(board)[1]


def test_numbrix_parity_pruning():
    p = Hidato.empty(5, 5, "rook")
    D, ok = domains(p)
    col = p.colour()
    for c in range(p.num_cells):
        ks = [k for k in range(1, 26) if D[c, k]]
        assert all((k % 2 == 1) == (col[c] == 0) for k in ks)  # 13 cells of colour 0 hold the odd numbers


def test_verifier_catches_bad_answers():
    p = Hidato(2, 2, givens={(0, 0): 1})
    good = (1, 2, 4, 3)
    assert verify(p, good) == []
    assert any("do not touch" in m for m in verify(Hidato(1, 3, givens={}), (1, 3, 2)))
    assert any("placed twice" in m for m in verify(p, (1, 2, 2, 3)))
    assert any("given is 1" in m for m in verify(p, (2, 1, 3, 4)))
    assert any("expected 4" in m for m in verify(p, (1, 2, 3)))
    rook = Hidato(2, 2, adjacency="rook")
    assert any("rook" in m for m in verify(rook, (1, 4, 3, 2)))  # 1 -> 2 diagonal


def test_str_repr_and_grid():
    p = Hidato(2, 3, cells=[(0, 0), (0, 1), (1, 1), (1, 2)], givens={(0, 0): 1}, adjacency="rook")
    assert repr(p) == "<Numbrix 2x3, 4 cells, 2 holes, 1 givens>"
    assert p.grid() == [[1, 0, None], [None, 0, 0]]
    assert str(p) == "1 . #\n# . ."
    assert p == Hidato(2, 3, cells=p.cells, givens={(0, 0): 1}, adjacency="numbrix")
    assert p.with_givens({3: 4}).givens == {3: 4}


def test_default_and_api_paths():
    p = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9})
    b, e = gridsat.default_choice(p).pair
    r = gridsat.count(p)
    assert (r.backend, r.encoding) == (b, e) and r.count == 30
    r = gridsat.solve(p, encoding="cnf-pos")
    assert gridsat.get_backend(r.backend).target == "cnf"


def test_time_limit_reports_unknown_or_answer():
    p = Hidato.empty(7, 7, "rook")
    r = gridsat.count(p, time_limit=0.2)
    assert r.status in ("unknown", "ambiguous") and not r.complete


# ------------------------------------------------------------------ time limits on a frontier board
def _frontier():
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "hidato" / "frontier_king20_d10.txt").read_text()
    (entry,) = read_text(text, format="hidato")
    return entry.puzzle


@pytest.mark.parametrize("backend", ["minisat22", "cadical153", "cpsat"])
def test_time_limit_is_honoured_on_a_large_board(backend):
    # 20x20 king, 10% givens: no encoding here finishes in 2 s; the limit covers the build too
    p = _frontier()
    enc = "cpsat-bool" if backend == "cpsat" else "cnf-pos"
    gridsat.get_backend(backend).close()
    r = gridsat.solve(p, backend=backend, encoding=enc, time_limit=2.0)
    assert r.status in ("unknown", "solved")
    assert r.total_time < 2.0 + 1.5, r.total_time
