"""The ``search`` backend (compiled path-cover local search): verified solutions, no proofs."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gridsat
from gridsat import Hidato
from gridsat.kinds.hidato import backend_search as sb
from gridsat.encoders import get_encoding
from gridsat.errors import PuzzleError, UnsupportedError
from gridsat.kinds.hidato.puzzle import random_path

from cpu import cpu

needs_kernel = pytest.mark.skipif(sb.load() is None, reason="gridsat._pathsearch is not built")


def _sparse(rows, cols, adjacency, density, seed, ends=True):
    path = random_path(rows, cols, adjacency, seed=seed)
    n = rows * cols
    rng = random.Random(seed)
    ks = set(rng.sample(range(2, n), max(int(density * n) - 2, 0))) | ({1, n} if ends else set())
    return Hidato(rows, cols, givens={path[k - 1]: k for k in ks}, adjacency=adjacency)


def _trap(n):
    """Impossible, but no two consecutive givens are too far apart: the corner cell's three
    neighbours hold 10, 20 and 30, so it can be neither an end nor between two of them."""
    return Hidato(n, n, givens={(0, 1): 10, (1, 0): 20, (1, 1): 30, (3, 3): 1, (5, 5): n * n})


def _small_board(rng: random.Random):
    """A small random board: king or rook, sometimes holes, random givens (maybe without 1 or N)."""
    rows, cols = rng.randint(4, 6), rng.randint(4, 6)
    adjacency = rng.choice(["king", "rook"])
    style = rng.random()
    if style < 0.6:  # givens from a Hamiltonian path: solvable
        path = random_path(rows, cols, adjacency, seed=rng.randrange(10**6), moves=200)
        n = rows * cols
        ks = set(rng.sample(range(1, n + 1), rng.randint(0, n // 3)))
        if rng.random() < 0.3:
            ks -= {1, n}
        givens = {path[k - 1]: k for k in ks}
        if style < 0.1 and len(givens) >= 2:  # swap two numbers: often impossible
            a, b = rng.sample(sorted(givens), 2)
            givens[a], givens[b] = givens[b], givens[a]
        return Hidato(rows, cols, givens=givens, adjacency=adjacency)
    while True:  # holes and random givens: solvable or not
        cells = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
        n = len(cells)
        if n < 3:
            continue
        nums = rng.sample(range(1, n + 1), rng.randint(0, 3))
        try:
            return Hidato(rows, cols, cells=cells, givens=dict(zip(rng.sample(cells, len(nums)), nums)),
                          adjacency=adjacency)
        except PuzzleError:  # not connected
            continue


@needs_kernel
def test_never_wrong_and_finds_what_sat_finds():
    """200 small boards against a complete solver: the front door verifies every answer."""
    rng = random.Random(17)
    solvable = impossible = 0
    for _ in range(200):
        p = _small_board(rng)
        truth = gridsat.solve(p, backend="minisat22", encoding="cnf-pos")
        if truth.status == "solved":
            r = gridsat.solve(p, backend="search", time_limit=2.0)
            assert r.status == "solved" and r.verified, (p, r.status)
            solvable += 1
        else:
            assert truth.status == "impossible"
            r = gridsat.solve(p, backend="search", time_limit=0.05)
            assert r.status in ("impossible", "unknown"), (p, r.status)
            impossible += 1
    assert solvable >= 100 and impossible >= 20


@needs_kernel
def test_time_limit_is_honoured_on_an_impossible_board():
    p = _trap(8)
    assert get_encoding("hidato-path", "hidato").build(p).refuted is None  # not refuted: it must run
    with cpu() as spent:
        out = sb.SearchBackend().run(p, get_encoding("hidato-path", "hidato"), time_limit=1.0)
    assert out.timed_out and not out.complete and not out.solutions
    assert spent.total < 1.2, spent.total


@needs_kernel
def test_a_refuted_board_is_impossible_at_once():
    p = Hidato(6, 6, givens={(0, 0): 1, (5, 5): 3})  # 5 steps apart, 2 allowed
    r = gridsat.solve(p, backend="search", time_limit=5)
    assert r.status == "impossible"


@needs_kernel
def test_same_seed_same_solution():
    p = _sparse(20, 20, "king", 0.1, 4)
    enc = get_encoding("hidato-path", "hidato")
    a = sb.SearchBackend(seed=3).run(p, enc, time_limit=10)
    b = sb.SearchBackend(seed=3).run(p, enc, time_limit=10)
    assert a.solutions and a.solutions == b.solutions
    assert not gridsat.verify(p, a.solutions[0])


@needs_kernel
@pytest.mark.parametrize("kick_long", [True, False])
def test_kicks_keep_the_state_a_path(kick_long):
    """Kicked at every check (no stall needed), the state stays one path through the givens in
    order, its cost is the sum of the length errors, and a seed still gives one answer;
    with the kick aimed at a gap too long first (the default) or not."""
    p = _sparse(16, 16, "king", 0.2, 8)
    model = get_encoding("hidato-path", "hidato").build(p)
    core = sb.load()
    runs = []
    for _ in range(2):
        st = sb.searcher(model, seed=5, kick_every=5_000, kick_after=0, restart_work=10**12, kick_long=kick_long)
        for _ in range(40):
            if core.run(st, 20_000):
                break
            pos = core.current(st)
            stats = core.stats(st)
            on = sorted((v, c) for c, v in enumerate(pos) if v is not None)
            assert [v for v, _ in on] == list(range(1, len(on) + 1))
            cells = [p.cells[c] for _, c in on]
            assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(cells, cells[1:]))
            given = sorted((v, pos[c]) for c, v in zip(model.anchor_cells, model.anchor_values))
            steps = [0] + [x for _, x in given] + [len(on) + 1]
            want = [0] + [v for v, _ in given] + [model.n + 1]
            assert stats["cost"] == sum(abs((steps[i + 1] - steps[i]) - (want[i + 1] - want[i]))
                                        for i in range(len(want) - 1))
        stats = core.stats(st)
        assert stats["kicks"] > 0
        runs.append((stats["work"], core.current(st)))
    assert runs[0] == runs[1]


@needs_kernel
def test_the_kicks_aim_is_an_option_that_changes_the_course():
    """``kick_long`` (a gap too long kicked first) is read: the same seed takes another course."""
    p = _sparse(16, 16, "king", 0.2, 8)
    model = get_encoding("hidato-path", "hidato").build(p)
    core = sb.load()
    ends = []
    for kick_long in (True, False):
        st = sb.searcher(model, seed=5, kick_every=5_000, kick_after=0, restart_work=10**12, kick_long=kick_long)
        core.run(st, 300_000)
        ends.append((core.stats(st)["work"], core.current(st)))
    assert ends[0] != ends[1]


@needs_kernel
def test_king_boards_kick_sooner():
    """A stall is kicked after ``KICK_AFTER_KING`` units on king boards (``KICK_AFTER`` on rook
    boards); the defaults are read: with them a king run kicks within a million units where the
    rook settings do not, and it takes another course."""
    enc = get_encoding("hidato-path", "hidato")
    king, rook = enc.build(_sparse(20, 20, "king", 0.2, 1)), enc.build(_sparse(12, 12, "rook", 0.15, 5))
    assert sb._defaults(king, {})["kick_after"] == sb.KICK_AFTER_KING < sb.KICK_AFTER
    assert sb._defaults(rook, {})["kick_after"] == sb.KICK_AFTER
    assert sb._defaults(king, {"kick_after": None, "kick_every": 7})["kick_every"] == 7
    core = sb.load()
    ends = []
    for opts in ({}, {"kick_every": sb.KICK_EVERY, "kick_after": sb.KICK_AFTER}):
        st = sb.searcher(king, seed=1, **opts)
        core.run(st, 1_000_000)
        ends.append((core.stats(st)["kicks"], core.current(st)))
    assert ends[0][0] > 0 and ends[1][0] == 0
    assert ends[0][1] != ends[1][1]


@needs_kernel
def test_rook_and_no_ends_given():
    for p in (_sparse(12, 12, "rook", 0.15, 5), _sparse(12, 12, "king", 0.1, 6, ends=False)):
        r = gridsat.solve(p, backend="search", time_limit=10)
        assert r.status == "solved" and r.verified


@needs_kernel
def test_second_solution_makes_check_ambiguous():
    p = _sparse(20, 20, "king", 0.05, 7)
    r = gridsat.check(p, backend="search", time_limit=10)
    assert r.status == "ambiguous" and r.verified
    first = gridsat.solve(p, backend="search", time_limit=10).solution
    other = sb.alternative(p, first)
    assert other is not None and other != tuple(first) and not gridsat.verify(p, other)


@needs_kernel
def test_alternative_rejects_a_non_solution():
    p = Hidato(3, 3)
    with pytest.raises(ValueError):
        sb.alternative(p, [1, 2, 3, 4, 5, 6, 7, 8, 9])  # 3 and 4 are not adjacent


@needs_kernel
@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery")
def test_ctrl_c_stops_a_real_process_quickly(tmp_path):
    f = tmp_path / "trap.txt"
    f.write_text(str(_trap(30)) + "\n")
    exe = Path(sys.executable).parent / "gridsat"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "gridsat.cli"]
    p = subprocess.Popen(cmd + ["solve", "-b", "search", "-t", "30", str(f)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as from a shell
    try:
        time.sleep(1.0)
        assert p.poll() is None
        p.send_signal(signal.SIGINT)
        p.wait(timeout=10)  # (a hang fails here)
    finally:
        if p.poll() is None:
            p.kill()
    err = p.stderr.read()
    assert p.returncode == 130, err
    assert "Traceback" not in err


def test_unavailable_without_the_extension(monkeypatch):
    """An install without a C compiler: the backend says why, the front door refuses it."""
    monkeypatch.setitem(sys.modules, "gridsat._pathsearch", None)  # makes the import fail
    sb._reset()
    try:
        b = sb.SearchBackend()
        why = b.unavailable()
        assert why and "not built" in why
        assert "search" not in gridsat.list_backends(available=True)
        with pytest.raises(UnsupportedError, match="unavailable"):
            gridsat.solve(Hidato(3, 3), backend=b, time_limit=1)
        assert gridsat.solve(Hidato(3, 3), backend="minisat22").status == "solved"
    finally:
        monkeypatch.undo()
        sb._reset()
