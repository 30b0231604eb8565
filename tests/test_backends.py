"""Backend behaviour that is not about one answer: formula reuse, clean state after counting."""

from __future__ import annotations

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.backends.pysat_backend import PYSAT_SOLVERS, PysatBackend
from gridsat.backends.cpsat_backend import CpsatBackend

A = Sudoku(4, [1, 0, 0, 0,
               0, 0, 3, 0,
               0, 4, 0, 0,
               0, 0, 0, 2])  # unique
B = Sudoku(4, [0, 0, 0, 4,
               0, 1, 0, 0,
               0, 0, 2, 0,
               3, 0, 0, 0])
OPEN = Sudoku(4, [1, 2, 3, 4] + [0] * 12)  # 288 / 24 = 12 solutions


@pytest.mark.parametrize("solver", PYSAT_SOLVERS)
@pytest.mark.parametrize("encoding", ["cnf-extended", "cnf-minimal", "cnf-regionlits", "cnf-layered"])
def test_pysat_reuses_base_formula_and_stays_clean(solver, encoding):
    b = PysatBackend(solver)  # a private instance: its cache starts empty
    try:
        expect_b = gridsat.count(B, backend="minisat22").count
        r1 = gridsat.check(A, backend=b, encoding=encoding)
        assert r1.status == "unique" and r1.build_time > 0
        r2 = gridsat.count(OPEN, backend=b, encoding=encoding)
        assert r2.build_time == 0.0, "same shape: the cached formula must be reused"
        assert (r2.count, r2.complete) == (12, True)
        # the blocking clauses of that count must not leak into later jobs
        r3 = gridsat.count(OPEN, backend=b, encoding=encoding)
        assert (r3.count, r3.complete, r3.build_time) == (12, True, 0.0)
        r4 = gridsat.count(B, backend=b, encoding=encoding)
        assert (r4.count, r4.complete) == (expect_b, True)
        r5 = gridsat.check(A, backend=b, encoding=encoding)
        assert r5.status == "unique" and r5.solution == r1.solution and r5.build_time == 0.0
        assert len(b._cache) == 1
    finally:
        b.close()


def test_pysat_cache_key_separates_shapes():
    b = PysatBackend("minisat22")
    try:
        jig = Sudoku(4, None, regions=[0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3])
        assert gridsat.count(Sudoku.empty(4), backend=b).count == 288
        r = gridsat.count(jig, backend=b, encoding="cnf-extended")
        assert r.build_time > 0 and r.complete
        assert r.count == gridsat.count(jig, backend="cpsat").count
        # region literals: one formula per size serves both maps
        r1 = gridsat.count(Sudoku.empty(4), backend=b, encoding="cnf-regionlits")
        r2 = gridsat.count(jig, backend=b, encoding="cnf-regionlits")
        assert r1.count == 288 and r2.count == r.count and r2.build_time == 0.0
    finally:
        b.close()


@pytest.mark.parametrize("encoding", ["cpsat-int", "cpsat-bool"])
def test_cpsat_reuses_model_and_restores_domains(encoding):
    b = CpsatBackend()
    r1 = gridsat.check(A, backend=b, encoding=encoding)
    assert r1.status == "unique" and r1.build_time > 0
    r2 = gridsat.count(OPEN, backend=b, encoding=encoding)
    assert (r2.count, r2.complete, r2.build_time) == (12, True, 0.0)
    assert gridsat.count(Sudoku.empty(4), backend=b, encoding=encoding).count == 288


def test_lingeling_honours_a_time_limit_in_a_child():
    """Lingeling has no interrupt or budget of its own: under a time limit it runs in a child process."""
    if "lingeling" not in gridsat.list_backends():
        pytest.skip("lingeling is not registered")
    b = gridsat.get_backend("lingeling")
    assert "time_limit" in b.supports and not b.stops_on_time
    r = gridsat.check(A, backend="lingeling", time_limit=5.0)
    assert r.status == "unique" and r.stats.get("child") and r.verified


def test_fast_decode_falls_back_on_minimal_models():
    """cnf-minimal may set two values in a cell; decoding must still yield a valid grid."""
    for solver in ("minisat22", "cadical195", "glucose4"):
        r = gridsat.count(Sudoku.empty(4), backend=solver, encoding="cnf-minimal")
        assert r.count == 288 and all(gridsat.verify(Sudoku.empty(4), s) == [] for s in r.solutions)


LAYOUTS6 = [  # 262 and 54 solutions with GIVENS6; the classic map has 9,792
    [0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 3, 3, 3, 1, 1, 2, 3, 4, 3, 5, 5, 2, 4, 4, 3, 5, 5, 2, 4, 4, 4, 5, 5],
    [0, 2, 1, 1, 1, 1, 0, 2, 2, 2, 1, 1, 0, 0, 2, 3, 3, 3, 0, 0, 2, 3, 5, 3, 4, 4, 5, 5, 5, 3, 4, 4, 4, 4, 5, 5],
]
GIVENS6 = [1, 2, 3, 4, 5, 6] + [0] * 6 + [2, 0, 0, 0, 0, 0] + [0] * 18


@pytest.mark.parametrize("solver", ["minisat22", "cadical195", "glucose3"])
def test_layered_swaps_region_layers(solver):
    """cnf-layered: one base formula per size; region maps come and go as guarded layers."""
    b = PysatBackend(solver)
    b.layer_refresh = 2  # exercise the reload path too
    b.refresh_min = 10 ** 9  # no conflict-driven reloads: build_time 0 means the layer was kept
    try:
        boards = [Sudoku(6, GIVENS6, regions=r) for r in LAYOUTS6] + [Sudoku(6, GIVENS6)]
        want = [262, 54, 9792]
        for rnd in range(3):
            for p, w in zip(boards, want):
                r = gridsat.count(p, backend=b, encoding="cnf-layered", limit=300)
                assert (r.count, r.complete) == ((w, True) if w < 300 else (300, False)), (rnd, p.regions)
                r = gridsat.count(p, backend=b, encoding="cnf-layered", limit=300)  # same layer again
                assert r.count == min(w, 300) and r.build_time == 0.0
        assert len(b._cache) == 1
    finally:
        b.close()


@pytest.mark.parametrize("solver", ["minisat22", "glucose3", "cadical195"])
def test_reload_after_many_conflicts_keeps_answers(solver):
    """The solver is reloaded from the base formula once it has met enough conflicts."""
    b = PysatBackend(solver)
    b.refresh_min, b.refresh_ratio = 1, 0.0  # reload before every job that follows a conflict
    try:
        boards = [Sudoku(6, GIVENS6), Sudoku(6, GIVENS6, regions=LAYOUTS6[0])]
        for rnd in range(3):
            r = gridsat.count(boards[0], backend=b, encoding="cnf-extended", limit=300)
            assert (r.count, r.complete) == (300, False)
            ext = next(k for k in b._cache if k[1] == "cnf-extended")
            first = b._cache[ext][1]
            r = gridsat.count(boards[0], backend=b, encoding="cnf-extended", limit=300)
            assert (r.count, r.complete) == (300, False) and r.build_time > 0.0
            assert b._cache[ext][1] is not first  # a fresh solver
            r = gridsat.count(boards[1], backend=b, encoding="cnf-layered", limit=300)
            assert (r.count, r.complete) == (262, True)
            r = gridsat.check(boards[1], backend=b, encoding="cnf-layered")
            assert r.status == "ambiguous" and r.verified
    finally:
        b.close()


def test_jigsaw_defaults():
    """Jigsaw maps: the C core within a node budget then MiniCard, or minicard + cnf-reduced
    without it; another CNF backend without an encoding: cnf-layered. 17x17 to 32x32: the
    budgeted core; above 32x32: minicard + cnf-reduced."""
    jig = Sudoku(6, GIVENS6, regions=LAYOUTS6[0])
    r = gridsat.count(jig)
    assert r.count == 262 and (r.backend, r.encoding) == gridsat.default_choice(jig).pair
    assert gridsat.default_choice(jig).pair in {("native+minicard", "sudoku-native"), ("minicard", "cnf-reduced")}
    assert gridsat.check(jig, backend="cadical195").encoding == "cnf-layered"
    assert gridsat.check(jig, backend="minicard").encoding == "cnf-reduced"
    big = gridsat.solve(Sudoku.empty(25))
    assert (big.status, big.backend, big.encoding) == ("solved", "native+minicard", "sudoku-native")
    assert gridsat.default_choice(Sudoku.empty(36)).pair == ("minicard", "cnf-reduced")
    assert gridsat.check(Sudoku.empty(16), backend="minicard").encoding == "cnf-reduced"
    assert gridsat.check(Sudoku(6, GIVENS6)).encoding == gridsat.default_choice(Sudoku(6, GIVENS6)).encoding
