"""The gap-colour SAT model of Numbrix with lazy cycle cuts (``gridsat.kinds.hidato.encode_gaps``).

Small rook boards only, solved by glucose4 (deterministic; no clock): every answer is
verified, and checked against the kind's own backends (the same solution where the board is
unique, *impossible* where they find none).
"""

from __future__ import annotations

import random

import pytest

import gridsat
from gridsat import Hidato
from gridsat.errors import UnsupportedError
from gridsat.limits import TooLarge
from gridsat.kinds.hidato.puzzle import random_path
from gridsat.verifier import verify




@pytest.fixture(scope="module")
def gaps():
    from gridsat.kinds.hidato import encode_gaps

    return encode_gaps


def solve_gaps(p, **kw):
    from gridsat.kinds.hidato.backend_gapsat import solve_gaps

    return solve_gaps(p, solver="glucose4", time_limit=60, **kw)


def _board(n: int, count: int, seed: int, ends: bool = True) -> Hidato:
    """A rook board with ``count`` givens drawn from a random path (1 and N among them when ``ends``)."""
    path = random_path(n, n, "rook", seed=seed)
    rng = random.Random(seed)
    ks = set(rng.sample(range(2, n * n), count))
    if ends:
        ks |= {1, n * n}
    return Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency="rook")


@pytest.mark.parametrize("n,count,seed,ends", [(5, 4, 1, True), (6, 5, 2, True), (8, 8, 3, True),
                                               (8, 6, 4, False), (10, 10, 5, True), (7, 3, 6, False)])
def test_solutions_verify_and_match_the_unique_answer(gaps, n, count, seed, ends):
    p = _board(n, count, seed, ends)
    r = solve_gaps(p)
    assert r["status"] == "solved"
    assert verify(p, r["solution"]) == []
    ref = gridsat.check(p, backend="glucose4", encoding="cnf-pos")
    if ref.status == "unique":
        assert tuple(r["solution"]) == tuple(ref.solution)


def test_a_cycle_is_cut(gaps):
    # on this board the first model holds cycles of open cells: the cuts remove them
    p = _board(10, 8, 3)
    r = solve_gaps(p)
    assert r["cuts"] >= 1 and r["rounds"] >= 2
    assert r["status"] == "solved" and verify(p, r["solution"]) == []


def test_the_cut_leaves_the_path_and_removes_the_cycle(gaps):
    p = _board(10, 8, 3)
    model = gaps.build(p)
    from pysat.solvers import Solver

    with Solver(name="glucose4", bootstrap_with=model.clauses) as s:
        assert s.solve()
        truth = {lit for lit in s.get_model() if lit > 0}
        comps = gaps.cycles(model, gaps.used(model, truth))
        assert comps, "the first model of this board has a cycle"
        for comp in comps:
            assert not set(comp) & model.anchors
            clauses = gaps.cut(model, comp, truth)
            # the model violates each cut (the cycle's own cells)...
            assert all(not any(lit in truth for lit in clause) for clause in clauses[:1])
            for clause in clauses:
                s.add_clause(clause)
        # ...and the known solution satisfies them: the board stays solvable
        assert s.solve()


@pytest.mark.parametrize("givens", [{(0, 0): 1, (0, 1): 3},  # parity: one step apart, two numbers
                                    {(0, 0): 1, (3, 3): 4},  # too far apart
                                    {(0, 0): 1, (1, 1): 16}])  # 16 cells: the ends differ in colour
def test_impossible_boards(gaps, givens):
    p = Hidato(4, 4, givens=givens, adjacency="rook")
    r = solve_gaps(p)
    assert r["status"] == "complete" and not r["solutions"]
    assert gridsat.check(p, backend="glucose4", encoding="cnf-pos").status == "impossible"


def test_rook_boards_with_givens_only(gaps):
    with pytest.raises(UnsupportedError):
        gaps.build(Hidato(4, 4, givens={(0, 0): 1}))  # king adjacency
    with pytest.raises(UnsupportedError):
        gaps.build(Hidato.numbrix(4, 4))  # no given


def test_the_backend_counts_like_glucose4():
    p = _board(6, 4, 2)
    want = gridsat.count(p, backend="glucose4", encoding="cnf-pos")
    r = gridsat.count(p, backend="gapsat")
    assert want.count > 1 and (r.count, r.status) == (want.count, want.status)
    assert all(verify(p, s) == [] for s in r.solutions)


@pytest.mark.parametrize("n,count,seed", [(8, 20, 3), (10, 30, 3)])
def test_the_backend_checks_like_glucose4(n, count, seed):
    p = _board(n, count, seed)
    assert gridsat.check(p, backend="gapsat").status == gridsat.check(p, backend="glucose4", encoding="cnf-pos").status


def test_boards_the_model_does_not_take_go_to_glucose4():
    r = gridsat.count(Hidato.numbrix(3, 3), backend="gapsat")
    assert (r.count, r.complete) == (40, True) and r.stats["delegated"] == "glucose4/cnf-pos"
    with pytest.raises(TooLarge, match="estimated"):  # (an empty board: its estimate is checked first)
        gridsat.solve(Hidato.numbrix(41, 41), backend="gapsat")
    with pytest.raises(UnsupportedError):  # past cnf-pos's cap
        gridsat.solve(Hidato.numbrix(51, 51), backend="gapsat")


def test_the_gapsat_races_are_declared_but_not_the_default():
    from gridsat.kinds.hidato import choices

    assert choices.default(_board(20, 40, 1)) is choices.RACE
    assert choices.default(_board(50, 250, 1)) is choices.RACE_NUMBRIX
    assert choices.default(_board(51, 250, 1)) is choices.LARGE
    assert choices.default(Hidato.numbrix(50, 50)) is choices.LARGE  # no givens: nothing for SAT
    assert choices.default(Hidato(50, 50, givens={(0, 0): 1})) is choices.LARGE  # king moves
    assert ("gapsat", "hidato-path") in choices.RACE_ROOK.race + choices.LARGE_ROOK.race
    assert choices.default(Hidato.numbrix(20, 20)) is choices.RACE  # no givens: the search's
    king = Hidato(20, 20, givens={(0, 0): 1})
    assert choices.default(king) is choices.RACE


def test_numbrix_with_givens_past_40x40_is_raced_with_cnf_pos():
    """``cnf-pos`` takes Numbrix boards up to 50x50 (its estimate guarding the rest), and the
    default check races it there against the search: the same decision as SAT alone."""
    from gridsat.kinds.hidato import choices

    p = _board(42, 700, 5)
    assert choices.default(p) is choices.RACE_NUMBRIX
    alone = gridsat.check(p, backend="glucose4", encoding="cnf-pos", time_limit=60)
    assert alone.status in ("unique", "ambiguous") and alone.verified
    raced = gridsat.check(p, time_limit=60)
    assert raced.status == alone.status and raced.verified
    with pytest.raises(TooLarge, match="estimated"):  # an empty board: refused by its estimate
        gridsat.check(Hidato.numbrix(42, 42), backend="glucose4", encoding="cnf-pos")
