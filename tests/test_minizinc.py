"""The MiniZinc reference models agree with our encodings on counts over random small instances.

Skips (with the reason) where the ``minizinc`` Python package, the MiniZinc tool chain or
Gecode is missing; ``.ci/run`` installs them (``apt-get install minizinc``).
"""

from __future__ import annotations

import random

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.hidato.puzzle import Hidato

pytest.importorskip("minizinc", reason="the minizinc Python package is not installed (pip install 'gridsat[minizinc]')")

from gridsat.backends import minizinc_backend  # noqa: E402

_WHY = minizinc_backend.unavailable()
pytestmark = pytest.mark.skipif(_WHY is not None, reason=f"MiniZinc backend unavailable: {_WHY}")

FULL4 = gridsat.solve(Sudoku.empty(4)).solution if _WHY is None else None


def _random_sudoku4(seed: int) -> Sudoku:
    """A random 4x4 puzzle: a random grid (relabelled, rows/columns permuted) with 2..6 givens kept."""
    rng = random.Random(seed)
    perm = list(range(1, 5))
    rng.shuffle(perm)
    grid = [perm[v - 1] for v in FULL4]
    keep = rng.sample(range(16), rng.randint(2, 6))
    return Sudoku(4, [grid[c] if c in keep else 0 for c in range(16)])


def _random_jigsaw4(seed: int) -> Sudoku:
    from gridsat.generators.layouts import random_layout

    rng = random.Random(seed)
    regions = random_layout(4, rng)
    p = Sudoku.empty(4, regions=regions)
    full = gridsat.solve(p).solution or [0] * 16  # some layouts have no solution at all
    keep = rng.sample(range(16), rng.randint(1, 4))
    return p.with_givens([full[c] if c in keep else 0 for c in range(16)])


def _random_hidato(seed: int) -> Hidato:
    """A small board (3x3..3x4, maybe a hole) with 1..3 givens from a random path; king or rook."""
    from gridsat.kinds.hidato.puzzle import random_path

    rng = random.Random(seed)
    rows, cols = 3, rng.choice([3, 4])
    adj = rng.choice(["king", "rook"])
    path = random_path(rows, cols, adj, seed=seed)
    cells = list(path)
    if rng.random() < 0.5:
        cells = path[:-1]  # drop the last cell: a hole, and the path still covers the rest
    givens = {cells[i]: i + 1 for i in rng.sample(range(len(cells)), rng.randint(1, 3))}
    return Hidato(rows, cols, cells, givens, adj)


def test_resolve_pairs_backend_with_mzn_encoding():
    from gridsat.api import resolve

    for p in (Sudoku.empty(4), Hidato.empty(2, 2)):
        b, e = resolve(p, "minizinc", None)
        assert (b.name, e.name, e.target) == ("minizinc", "mzn", "minizinc")
    b, e = resolve(Sudoku.empty(4), None, "mzn")  # the encoding alone picks the backend
    assert (b.name, e.name) == ("minizinc", "mzn")
    assert "count" in gridsat.get_backend("minizinc").supports
    assert "time_limit" in gridsat.get_backend("minizinc").supports


@pytest.mark.parametrize("seed", range(8))
def test_sudoku4_counts_agree(seed):
    p = _random_sudoku4(seed)
    ours = gridsat.count(p)
    theirs = gridsat.count(p, backend="minizinc")
    assert theirs.complete and ours.complete
    assert theirs.count == ours.count
    assert theirs.verified == (theirs.count > 0)


@pytest.mark.parametrize("seed", range(4))
def test_jigsaw4_counts_agree(seed):
    p = _random_jigsaw4(seed)
    assert gridsat.count(p, backend="minizinc").count == gridsat.count(p).count


def test_empty_4x4_is_288():
    r = gridsat.count(Sudoku.empty(4), backend="minizinc")
    assert (r.count, r.complete, r.status) == (288, True, "ambiguous")
    assert r.stats["solver"] == "gecode" and r.stats["nodes"] > 0


@pytest.mark.parametrize("make, known", [
    (lambda: Hidato.empty(3, 3), 784),
    (lambda: Hidato.numbrix(3, 3), 40),
    (lambda: Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}), 30),
    (lambda: Hidato.numbrix(4, 4), 552),
    (lambda: Hidato(4, 4, givens={(0, 0): 1, (3, 3): 16}), 4942),
    pytest.param(lambda: Hidato.numbrix(5, 5), 8648, marks=pytest.mark.slow),
], ids=["king3", "rook3", "king3-corners", "rook4", "king4-corners", "rook5"])
def test_hidato_oeis_counts(make, known):
    r = gridsat.count(make(), backend="minizinc")
    assert r.complete and r.count == known


@pytest.mark.parametrize("seed", range(8))
def test_hidato_counts_agree(seed):
    p = _random_hidato(seed)
    ours = gridsat.count(p)
    theirs = gridsat.count(p, backend="minizinc")
    assert theirs.complete and theirs.count == ours.count >= 1


def test_unique_classic_9x9_and_rosetta_hidato():
    p = Sudoku.classic([int(ch) for ch in
                        "530070000600195000098000060800060003400803001700020006060000280000419005000080079"])
    r = gridsat.check(p, backend="minizinc")
    assert r.status == "unique" and r.verified and r.solution == gridsat.solve(p).solution
    rows = """_ 33 35 _ _ . . .|_ _ 24 22 _ . . .|_ _ _ 21 _ _ . .|_ 26 _ 13 40 11 . .|27 _ _ _ 9 _ 1 .|
              . . _ _ 18 _ _ .|. . . . _ 7 _ _|. . . . . . 5 _"""
    grid = [[None if t == "." else 0 if t == "_" else int(t) for t in row.split()] for row in rows.split("|")]
    h = Hidato.from_grid(grid)
    r = gridsat.solve(h, backend="minizinc")
    assert r.status == "solved" and r.verified


def test_impossible_and_limits():
    # no two givens clash, yet there is no solution
    p = Sudoku(4, [0, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0, 2, 3, 0, 0, 0])
    assert not p.conflicts()
    for limit in (None, 1, 2):
        r = gridsat.count(p, limit=limit, backend="minizinc")
        assert (r.count, r.complete, r.status) == (0, True, "impossible")
    r = gridsat.count(Sudoku.empty(4), limit=5, backend="minizinc")
    assert (r.count, r.complete, r.status) == (5, False, "ambiguous")


@pytest.mark.parametrize("limit", [None, 5], ids=["stream", "package"])
def test_time_limit_is_honoured(limit):
    # a hard-ish 9x9 start: Gecode's all-solutions run over the empty grid never ends
    r = gridsat.count(Sudoku.empty(9), limit=limit, backend="minizinc", time_limit=0.3)
    assert r.total_time < 10
    if limit is None:
        # (no count is asserted: a loaded machine may start the solver after the limit)
        assert not r.complete


def test_streamed_count_matches_package_count():
    """Counts above ``stream_above`` go through the driver's output; below through the package."""
    b = gridsat.get_backend("minizinc")
    p = _random_sudoku4(3).with_givens([0] * 16)
    streamed = gridsat.count(p, backend=b)
    packaged = gridsat.count(p, limit=b.stream_above, backend=b)
    assert streamed.complete and streamed.count == 288
    assert packaged.count == b.stream_above and not packaged.complete
    assert streamed.verified and len(set(streamed.solutions)) == len(streamed.solutions) == 288


def test_wrong_encoding_is_explained():
    from gridsat.errors import UnsupportedError

    with pytest.raises(UnsupportedError, match="mzn is for minizinc backends"):
        gridsat.solve(Sudoku.empty(4), backend="cpsat", encoding="mzn")
