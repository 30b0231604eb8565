"""The search paired with a SAT proof (``search+glucose4``), blocked solutions in the SAT
backends, and the default race on large Hidato boards."""

from __future__ import annotations

import gc
import random
import time
from pathlib import Path

import pytest

import gridsat
from gridsat import Hidato
from gridsat.backends import get_backend
from gridsat.kinds.hidato import backend_paired as paired_backend, backend_search as sb
from gridsat.encoders import get_encoding
from gridsat.formats import read_text
from gridsat.kinds import get_kind
from gridsat.limits import JobInterrupted
from gridsat.kinds.hidato.puzzle import random_path
from gridsat.selection import default_choice

from cpu import cpu

needs_kernel = pytest.mark.skipif(sb.load() is None, reason="gridsat._pathsearch is not built")
FRONTIER = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "hidato_c.txt"
PAIRED = "search+glucose4"


def _sparse(n: int, density: float, seed: int, adjacency: str = "king") -> Hidato:
    path = random_path(n, n, adjacency, seed=seed)
    rng = random.Random(seed)
    ks = set(rng.sample(range(2, n * n), max(int(density * n * n) - 2, 0))) | {1, n * n}
    return Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency=adjacency)


def _frontier(name: str) -> Hidato:
    return next(e.puzzle for e in read_text(FRONTIER.read_text(), format="hidato") if e.puzzle.name == name)


# ------------------------------------------------------------------ exclude in SAT backends
@pytest.mark.parametrize("solver", ["glucose4", "minisat22", "cadical153"])
def test_exclude_blocks_the_given_solutions(solver):
    p, total = get_kind("hidato").samples()[0]  # 3x3, 30 solutions
    enc = get_encoding("cnf-pos", "hidato")
    b = get_backend(solver)
    first = b.run(p, enc, limit=3, keep=3).solutions
    out = b.run(p, enc, limit=None, keep=100, exclude=first)
    assert out.complete and out.count == total - 3
    assert not set(first) & set(out.solutions)
    # the blocking clauses are retired with the job: the next one sees every solution again
    assert b.run(p, enc, limit=None, keep=0).count == total


def test_exclude_of_the_only_solution_proves_uniqueness():
    r = gridsat.solve(_example())
    out = get_backend("glucose4").run(r.puzzle, get_encoding("cnf-pos", "hidato"), limit=1, exclude=[r.solution])
    assert out.complete and out.count == 0


def _example() -> Hidato:
    from gridsat.examples import load_example

    return load_example("hidato-8x8")


# ------------------------------------------------------------------ the pair
@needs_kernel
def test_check_of_a_unique_board_is_proven_with_the_found_solution_blocked(monkeypatch):
    # the example has 15 givens on 40 cells: past DENSE_GIVENS, SAT proves it alone
    r = gridsat.check(_example(), backend=PAIRED)
    assert r.status == "unique" and r.stats["search"].get("skipped") and r.stats["proof"]["blocked"] == 0
    monkeypatch.setattr(paired_backend, "DENSE_GIVENS", 1.01)  # the search runs first on any board
    r = gridsat.check(_example(), backend=PAIRED)
    assert r.status == "unique" and r.complete and r.verified
    assert r.stats["proof"]["blocked"] == 1 and r.stats["proof"]["backend"] == "glucose4"
    assert r.stats["second search"]["differs"] is False  # a unique board: the same solution again


@needs_kernel
def test_check_of_a_sparse_board_is_ambiguous_without_a_proof():
    p = _sparse(20, 0.1, seed=3)
    r = gridsat.check(p, backend=PAIRED, time_limit=10)
    assert r.status == "ambiguous" and len(set(r.solutions)) == 2
    assert all(not gridsat.verify(p, s) for s in r.solutions)
    assert "proof" not in r.stats  # the second solution came from the search's move


@needs_kernel
@pytest.mark.parametrize("seed", range(20))
def test_counts_agree_with_sat_on_small_boards(seed):
    rng = random.Random(seed)
    n, adjacency = rng.choice([4, 5]), rng.choice(["king", "rook"])
    path = random_path(n, n, adjacency, seed=seed)
    ks = set(rng.sample(range(1, n * n + 1), rng.randint(2, n * n // 3)))
    p = Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency=adjacency)
    want = gridsat.count(p, backend="glucose4", time_limit=60)
    got = gridsat.count(p, backend=PAIRED, time_limit=60)
    assert want.complete and got.complete and got.count == want.count
    assert gridsat.check(p, backend=PAIRED).status == gridsat.check(p, backend="glucose4").status


@needs_kernel
def test_the_search_failing_hands_over_to_sat(monkeypatch):
    """Where the search finds nothing in its share, the prover solves alone."""
    p = _sparse(7, 0.3, seed=1)
    monkeypatch.setattr(paired_backend, "SEARCH_SECONDS", 0.0)
    r = gridsat.check(p, backend=PAIRED)
    assert r.status in ("unique", "ambiguous") and r.verified
    assert r.stats["proof"]["blocked"] == 0


@needs_kernel
def test_ctrl_c_in_the_proof_keeps_the_search_solution(monkeypatch):
    glucose = get_backend("glucose4")

    def interrupted(*args, **kwargs):
        raise JobInterrupted()
    monkeypatch.setattr(glucose, "run", interrupted)
    monkeypatch.setattr(paired_backend, "DENSE_GIVENS", 1.01)  # the search runs first on the dense example
    with pytest.raises(JobInterrupted) as e:
        gridsat.check(_example(), backend=PAIRED)
    res = e.value.result
    assert res.solution is not None and res.verified and res.stats.get("interrupted")


@needs_kernel
def test_a_proof_over_the_memory_budget_keeps_the_solution(monkeypatch):
    p = _example()
    # the proof's formula is estimated past any budget: it is not built
    monkeypatch.setattr(type(get_encoding("hidato-path", "hidato")), "estimate",
                        lambda self, puzzle: 0 if self.name == "hidato-path" else 10**15)
    monkeypatch.setattr(paired_backend, "DENSE_GIVENS", 1.01)  # the search runs first on the dense example
    r = gridsat.check(p, backend=PAIRED)
    assert r.status == "unknown" and r.solution is not None and not r.complete
    assert r.stats["proof"].startswith("not attempted")


# ------------------------------------------------------------------ the default race
def test_small_boards_are_not_raced():
    assert not default_choice(_sparse(12, 0.3, seed=0)).race


@needs_kernel
def test_the_default_for_a_large_board_is_the_race():
    choice = default_choice(_sparse(20, 0.1, seed=0))
    assert choice.race and choice.race[0] == (PAIRED, "hidato-path")


@needs_kernel
def test_check_of_the_frontier_king30x30_d10_is_ambiguous_within_10_s():
    p = _frontier("king30x30_d10_random")
    r = gridsat.check(p, time_limit=10)
    assert r.status == "ambiguous" and len(set(r.solutions)) == 2  # (past the limit it would be unknown)
    assert all(not gridsat.verify(p, s) for s in r.solutions)
    # the default's short search alone answers it, or else the race (whose pair wins)
    assert r.backend == "search" or ("race" in r.stats and r.backend == PAIRED), (r.backend, r.stats)


@needs_kernel
def test_the_race_decides_a_dense_board_the_search_stalls_on():
    """A 20x20 board at 45% givens: whoever wins, the answer is proven and agrees with SAT alone."""
    p = _sparse(20, 0.45, seed=11)
    r = gridsat.check(p, time_limit=60)
    assert r.status in ("unique", "ambiguous") and r.verified
    want = gridsat.check(p, backend="glucose4", time_limit=60)
    assert r.status == want.status


@needs_kernel
@pytest.mark.parametrize("backend", [PAIRED, None], ids=["pair", "race"])
def test_the_time_limit_holds_within_0_2_s(backend):
    """A 40x40 Numbrix neither the search nor SAT answers in 2 s: the prover's 120 MB formula
    builds in a child killed at the limit, and the race's two processes stop on time."""
    text = (FRONTIER.parent / "hidato_c40_rook.txt").read_text()
    p = next(e.puzzle for e in read_text(text, format="hidato") if e.puzzle.name == "rook40x40_d10_s2")
    with cpu() as spent:
        r = gridsat.check(p, backend=backend, time_limit=2.0)
    # every process of the job stopped at the limit: at most two cores' worth of 2 s (and a
    # little for forking and reading the answers); the build alone, unbounded, takes far more
    assert r.status in ("unknown", "ambiguous", "unique")
    assert spent.total < 2 * 2.0 + 1.0, spent.total


@pytest.mark.parametrize("limit", [0.1, 0.2])
def test_the_gap_model_build_stops_within_a_step_of_its_deadline(limit):
    """The build checks its deadline inside its loops, not only between them: a loop over a
    40x40 board's cells or gaps takes up to 0.4 s (the build about 0.6 s), so a deadline
    that falls in one is passed by at most one cell's or one gap's clauses.

    One whole build runs first, so that the measured one does the build's work only (not the
    first use of the cardinality encoder, which shifts where the deadline falls). The objects
    the test process already holds are frozen out of the collector while it runs: with the
    heap of a long test run, one full collection during the build took 0.2 s on its own
    (measured), which no deadline check can cut short and which is not the build's work. The
    build's own collections still run."""
    from gridsat.kinds.hidato import encode_gaps

    text = (FRONTIER.parent / "hidato_c40_rook.txt").read_text()
    p = next(e.puzzle for e in read_text(text, format="hidato") if e.puzzle.name == "rook40x40_d10_s2")
    encode_gaps.build(p)
    gc.collect()
    gc.freeze()
    try:
        with cpu() as spent:
            with pytest.raises(encode_gaps.BuildTimeout):
                encode_gaps.build(p, deadline=time.perf_counter() + limit)
    finally:
        gc.unfreeze()
    assert spent.own < limit + 0.25, spent.own


def test_the_gap_model_keeps_a_short_limit_while_it_builds():
    """The gap-colour model of a 40x40 Numbrix takes about a second to build and to hand to
    the solver: a limit shorter than that holds (the build and the clauses stop at it)."""
    text = (FRONTIER.parent / "hidato_c40_rook.txt").read_text()
    p = next(e.puzzle for e in read_text(text, format="hidato") if e.puzzle.name == "rook40x40_d10_s2")
    # a first run loads and sets up what the backend uses (0.1-0.2 s of CPU, not the build's work)
    gridsat.check(_frontier("rook20x20_d15_random"), backend="gapsat", time_limit=0.3)
    with cpu() as spent:
        r = gridsat.check(p, backend="gapsat", time_limit=0.3)
    assert r.status == "unknown"
    assert spent.total < 0.3 + 0.5, (spent.own, spent.children)
