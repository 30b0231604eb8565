"""The native backend: the C bitset core for the Sudoku family.

Counts are checked against MiniSat on the extended CNF formula on random puzzles of every
box shape up to 16x16 and on random jigsaw layouts; every solution the core returns must
pass the independent verifier; time limits, Ctrl-C, batches and the fallback when the
extension is not built are covered too.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.kinds.sudoku import encode_native as sudoku_native  # noqa: F401  (registers sudoku-native)
from gridsat.errors import UnsupportedError
from gridsat.generators.layouts import random_layout

from cpu import cpu

ROOT = Path(__file__).resolve().parent.parent
needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

#: box shapes up to 16x16 (rows x columns of a box)
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (2, 7), (4, 4)]
#: a solution grid per size from the standard pattern, shuffled per example
UNIQUE9 = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."


def _pattern_grid(n: int, box: tuple[int, int]) -> list[int]:
    """A valid grid for ``n`` with ``box`` boxes: the shifted-rows pattern."""
    br, bc = box
    return [((r % br) * bc + r // br + c) % n + 1 for r in range(n) for c in range(n)]


@st.composite
def puzzles(draw, max_n: int = 16):
    """Classic puzzles of every box shape up to ``max_n`` and jigsaws of size 4 to 9.

    Half carve givens out of a (shuffled) valid grid, so they have solutions; the other half
    place random values, so many are impossible (boards up to 9x9 only: a hard impossible
    16x16 could take a DPLL search long to refute).
    """
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    jigsaw = draw(st.booleans())
    if jigsaw:
        n = draw(st.sampled_from([4, 5, 6, 7, 8, 9]))
        regions = random_layout(n, rng)
        board = Sudoku.empty(n, regions=regions)
    else:
        box = draw(st.sampled_from([s for s in SHAPES if s[0] * s[1] <= max_n]))
        n = box[0] * box[1]
        board = Sudoku.empty(n, box=box)
    if n > 9 or draw(st.booleans()):
        # a solution of the board: the pattern grid for boxes, the core's own for a jigsaw
        if board.is_jigsaw:
            r = gridsat.solve(board, backend="minisat22", encoding="cnf-extended")
            if r.solution is None:
                return board
            grid = list(r.solution)
        else:
            grid = _pattern_grid(n, board.box)
        perm = list(range(1, n + 1))
        rng.shuffle(perm)
        grid = [perm[v - 1] for v in grid]
        keep = rng.randint(n * n // 3, n * n * 3 // 4)
        cells = set(rng.sample(range(n * n), keep))
        givens = [v if i in cells else 0 for i, v in enumerate(grid)]
    else:
        givens = [0] * (n * n)
        for c in rng.sample(range(n * n), rng.randint(0, n)):
            givens[c] = rng.randint(1, n)
    return board.with_givens(givens)


# ---------------------------------------------------------------------------- registry
def test_registered_with_its_encoding():
    assert "native" in gridsat.list_backends()
    b = gridsat.get_backend("native")
    assert b.target == "native" and {"solve", "count", "time_limit"} <= b.supports
    enc = gridsat.get_encoding("sudoku-native", "sudoku")
    assert enc.target == "native"
    assert enc.applies(Sudoku.empty(16)) and enc.applies(Sudoku.empty(25))


@needs_core
def test_geometry_is_cached_per_board():
    a = sudoku_native.native_model(Sudoku.empty(9))
    assert sudoku_native.native_model(Sudoku(9, [1] + [0] * 80)) is a
    jig = Sudoku.empty(6, regions=random_layout(6, random.Random(3)))
    assert sudoku_native.native_model(jig) is not sudoku_native.native_model(Sudoku.empty(6))


# ---------------------------------------------------------------------------- counts
@needs_core
def test_the_1x1_board_has_its_one_solution_on_every_sudoku_backend():
    # the core's one cell starts with a single candidate, never queued: it answered impossible
    empty, given = Sudoku(1, None, box=(1, 1)), Sudoku(1, [1], box=(1, 1))
    for b in ("native", "glucose4", "cpsat"):
        r = gridsat.count(empty, backend=b, limit=5)
        assert (r.count, r.complete, r.solutions[0]) == (1, True, (1,)) and r.verified, b
        assert gridsat.check(empty, backend=b).status == "unique", b
        assert gridsat.check(given, backend=b).status == "unique", b
    assert gridsat.check(empty).status == "unique"
    assert [r.status for r in gridsat.check_many([empty, given, empty])] == ["unique"] * 3


@needs_core
def test_known_counts():
    r = gridsat.count(Sudoku.empty(4), backend="native")
    assert (r.count, r.complete, r.status) == (288, True, "ambiguous") and r.verified
    six = Sudoku(6, list(range(1, 7)) + [0] * 30)
    r = gridsat.count(six, backend="native")
    assert (r.count, r.complete) == (39168, True)
    r = gridsat.count(six, limit=7, backend="native")
    assert (r.count, r.complete, len(r.solutions)) == (7, False, 7)
    r = gridsat.count(six, limit=7, backend="native", keep=2)
    assert (r.count, r.complete, len(r.solutions)) == (7, False, 2)
    r = gridsat.check(Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE9]), backend="native")
    assert r.status == "unique" and r.verified


@needs_core
def test_statuses_and_clash_reason():
    clash = Sudoku(4, [1, 0, 0, 0, 0, 0, 0, 0, 1] + [0] * 7)
    r = gridsat.check(clash, backend="native")
    assert r.status == "impossible" and "given twice" in r.reason
    r = gridsat.check(Sudoku(4, [1, 0, 0, 0] + [0] * 12), backend="native")
    assert r.status == "ambiguous" and r.count == 2
    full = _pattern_grid(9, (3, 3))
    r = gridsat.check(Sudoku(9, full), backend="native")
    assert r.status == "unique" and r.solution == tuple(full)


@needs_core
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_counts_agree_with_minisat(puzzle):
    limit = 20 if puzzle.n <= 9 else 3
    mine = gridsat.count(puzzle, limit=limit, backend="native")
    ref = gridsat.count(puzzle, limit=limit, backend="minisat22", encoding="cnf-extended")
    assert (mine.count, mine.complete, mine.status) == (ref.count, ref.complete, ref.status)


@needs_core
@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(1, 6))
def test_every_solution_passes_the_verifier(puzzle, keep):
    """The backend itself, not the front door: nothing it returns may be wrong (a drawn
    puzzle whose search is long is cut by a time limit: what was found must still verify)."""
    b = nb.NativeBackend()
    enc = gridsat.get_encoding("sudoku-native", "sudoku")
    out = b.run(puzzle, enc, limit=10, keep=keep, time_limit=5)
    assert len(out.solutions) == min(out.count, keep)
    assert len(set(out.solutions)) == len(out.solutions)
    for sol in out.solutions:
        assert gridsat.verify(puzzle, sol) == []


# ---------------------------------------------------------------------------- limits
@needs_core
def test_time_limit_is_honoured():
    with cpu() as spent:
        r = gridsat.count(Sudoku.empty(9), backend="native", time_limit=0.3, keep=2)
    assert r.status == "ambiguous" and not r.complete and r.count > 1000
    assert spent.total < 2.0
    r = gridsat.check(Sudoku.empty(16), backend="native", time_limit=1e-6)
    assert r.status == "unknown" and "time limit" in r.reason


@needs_core
def test_ctrl_c_interrupts_a_long_count_and_keeps_the_count_so_far():
    code = ("import os, signal, threading, time, gridsat\n"
            "import gridsat.kinds.sudoku.backend_native, gridsat.kinds.sudoku.encode_native\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            # a small count first, so that what a count loads is loaded before the clock starts
            "gridsat.count(gridsat.Sudoku.empty(4), backend='native', limit=3)\n"
            "threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
            "try:\n"
            "    gridsat.count(gridsat.Sudoku.empty(9), backend='native', keep=2)\n"
            "    print('finished')\n"
            "except KeyboardInterrupt as exc:\n"
            "    r = exc.result\n"
            "    ok = all(not gridsat.verify(r.puzzle, s) for s in r.solutions)\n"
            "    print('KeyboardInterrupt', r.count, len(r.solutions),\n"
            "          r.complete, r.status, ok)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    words = r.stdout.split()
    assert words and words[0] == "KeyboardInterrupt", (r.stdout, r.stderr)
    # (how soon the interrupt lands is a matter of load: the subprocess timeout guards a hang)
    # the count the C core had reached when Ctrl-C came (one run, no rounds: nothing else to fall back on)
    assert int(words[1]) > 1000 and words[2] == "2" and words[3:] == ["False", "ambiguous", "True"], r.stdout


# ---------------------------------------------------------------------------- batches
@needs_core
def test_batch_matches_single_checks():
    rng = random.Random(5)
    grid = _pattern_grid(9, (3, 3))
    lines = [UNIQUE9, "." * 81]
    for _ in range(8):
        cells = set(rng.sample(range(81), rng.randint(20, 60)))
        lines.append("".join(str(v) if i in cells else "." for i, v in enumerate(grid)))
    lines.append("11" + "." * 79)  # clash
    res = nb.check_lines(lines)
    assert len(res) == len(lines)
    for i, line in enumerate(lines):
        p = Sudoku.classic([0 if ch == "." else int(ch) for ch in line])
        one = gridsat.check(p, backend="native")
        assert res.status(i) == one.status, (i, line)
        assert res.counts[i] == one.count
        if res.counts[i]:
            assert gridsat.verify(p, res.solution(i)) == []
        else:
            assert res.solution(i) is None
    assert res.complete[0] and not res.complete[1]  # the empty grid stops at the limit
    # a bytes block, and a spent time limit: every puzzle unknown
    block = "".join(lines).encode()
    assert nb.check_lines(block).counts == res.counts
    late = nb.check_lines(lines, time_limit=0.0)
    assert all(late.timed_out) and {late.status(i) for i in range(len(lines))} == {"unknown"}


@needs_core
def test_batch_on_a_jigsaw_board():
    board = Sudoku.empty(6, regions=random_layout(6, random.Random(9)))
    first = gridsat.solve(board, backend="native").solution
    puzzles = [first[:k] + (0,) * (36 - k) for k in (36, 30, 12, 0)]
    res = nb.check_block(board, b"".join(bytes(p) for p in puzzles), limit=3)
    for i, givens in enumerate(puzzles):
        ref = gridsat.count(board.with_givens(givens), limit=3, backend="minisat22", encoding="cnf-extended")
        assert (res.counts[i], res.complete[i]) == (ref.count, ref.complete)


# ---------------------------------------------------------------------------- the 9x9 bitboard solver
def _classic_units():
    return sudoku_native.unit_table(9, Sudoku.empty(9).regions)


@needs_core
def test_bitboard_solver_takes_exactly_the_classic_9x9_table():
    core = nb.load()
    units = _classic_units()
    assert core.uses_band(sudoku_native.native_model(Sudoku.empty(9)).geometry)
    shuffled = [list(reversed(u)) for u in reversed(units)]  # same units, any order
    assert core.uses_band(core.geometry(9, shuffled, pairs=False))
    assert not core.uses_band(core.geometry(9, units, pairs=False, band=False))
    assert not core.uses_band(core.geometry(9, units, pairs=True))
    assert not core.uses_band(core.geometry(9, units, locked=False, pairs=False))
    jig = Sudoku.empty(9, regions=random_layout(9, random.Random(4)))
    assert not core.uses_band(sudoku_native.native_model(jig).geometry)
    diagonal = units + [[10 * i for i in range(9)]]
    assert not core.uses_band(core.geometry(9, diagonal, pairs=False))
    for n in (4, 6, 16):
        assert not core.uses_band(sudoku_native.native_model(Sudoku.empty(n)).geometry)


def _random_classic(rng: random.Random, grid: list[int]) -> bytes:
    """Givens carved from a shuffled valid grid (few givens: many solutions), or random clashing values."""
    if rng.random() < 0.2:
        b = bytearray(81)
        for c in rng.sample(range(81), rng.randint(3, 25)):
            b[c] = rng.randint(1, 9)
        return bytes(b)
    perm = list(range(1, 10))
    rng.shuffle(perm)
    cells = set(rng.sample(range(81), rng.randint(12, 40)))
    return bytes(perm[v - 1] if i in cells else 0 for i, v in enumerate(grid))


@needs_core
def test_bitboard_solver_agrees_with_the_generic_search():
    """Same counts, same solutions in the same order, same node counts (the same rules and branching)."""
    core = nb.load()
    fast = core.geometry(9, _classic_units(), pairs=False)
    slow = core.geometry(9, _classic_units(), pairs=False, band=False)
    rng = random.Random(2024)
    grid = _pattern_grid(9, (3, 3))
    for _ in range(150):
        givens = _random_classic(rng, grid)
        limit = rng.choice([1, 2, 7, 100, 1000])
        keep = rng.randint(0, 5)
        a = core.solve(fast, givens, limit, keep)
        assert a == core.solve(slow, givens, limit, keep), givens
        for sol in a[3]:
            assert gridsat.verify(Sudoku(9, list(givens)), tuple(sol)) == []
    puzzles = [_random_classic(rng, grid) for _ in range(200)]
    block = b"".join(puzzles)
    assert core.batch(fast, block, 50) == core.batch(slow, block, 50)


@needs_core
def test_bitboard_counts_agree_with_minisat():
    rng = random.Random(77)
    grid = _pattern_grid(9, (3, 3))
    for _ in range(12):
        p = Sudoku(9, list(_random_classic(rng, grid)))
        limit = rng.choice([2, 30, 300])
        mine = gridsat.count(p, limit=limit, backend="native")
        ref = gridsat.count(p, limit=limit, backend="minisat22")
        assert (mine.count, mine.complete) == (ref.count, ref.complete)


@needs_core
def test_bitboard_empty_and_contradictory_grids():
    core = nb.load()
    g = sudoku_native.native_model(Sudoku.empty(9)).geometry
    count, complete, timed_out, sols, nodes = core.solve(g, bytes(81), 5000, 3)
    assert (count, complete, timed_out, len(set(sols))) == (5000, False, False, 3)
    assert all(gridsat.verify(Sudoku.empty(9), tuple(s)) == [] for s in sols)
    # no clash among the givens, but row 0 has no room for a 1: the first eight cells of row 0
    # are given 2..9 and column 8 already holds a 1
    row = bytearray(81)
    row[0:8] = bytes(range(2, 10))
    row[9 * 4 + 8] = 1
    assert core.solve(g, bytes(row), 10, 2)[:4] == (0, True, False, [])
    clash = bytearray(81)
    clash[0] = clash[80] = 5
    clash[8] = 5
    assert core.solve(g, bytes(clash), 10, 2)[:2] == (0, True)
    assert gridsat.check(Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE9]),
                         backend="native").status == "unique"


@needs_core
def test_bitboard_search_honours_the_time_limit():
    core = nb.load()
    g = sudoku_native.native_model(Sudoku.empty(9)).geometry
    with cpu() as spent:
        count, complete, timed_out, sols, nodes = core.solve(g, bytes(81), 0, 1, 0.2)
    assert timed_out and not complete and count > 1000 and nodes > count and spent.own < 1.0
    late = core.batch(g, bytes(81) * 3, 0, 0.1)
    assert list(late[1]) == [2, 2, 2]


@needs_core
def test_bad_input_is_rejected():
    core = nb.load()
    g = sudoku_native.native_model(Sudoku.empty(4)).geometry
    with pytest.raises(ValueError):
        core.solve(g, bytes(15))
    with pytest.raises(ValueError):
        core.solve(g, bytes([5] + [0] * 15))
    with pytest.raises(ValueError):
        core.batch(g, bytes(17))
    with pytest.raises(ValueError):
        core.geometry(4, [[0, 1, 2, 3], [0, 1, 2]])
    with pytest.raises(ValueError):
        core.geometry(4, [[0, 1, 2, 3]])  # cells 4..15 lie in no unit
    with pytest.raises(ValueError, match="characters"):
        nb.check_lines(["123"])


# ---------------------------------------------------------------------------- fallback
def test_unavailable_without_the_extension(monkeypatch):
    """An install without a C compiler: the backend says why, the front door refuses it."""
    had = nb.load() is not None
    monkeypatch.setitem(sys.modules, "gridsat._native", None)  # makes the import fail
    nb._reset()
    try:
        b = nb.NativeBackend()
        why = b.unavailable()
        assert why and "not built" in why
        assert "native" not in gridsat.list_backends(available=True)
        with pytest.raises(UnsupportedError, match="unavailable"):
            gridsat.check(Sudoku.empty(4), backend=b)
        with pytest.raises(UnsupportedError, match="unavailable"):
            nb.check_lines(["." * 81])
        # the rest of the portfolio is untouched
        assert gridsat.check(Sudoku.empty(4), backend="minisat22").status == "ambiguous"
    finally:
        monkeypatch.undo()
        nb._reset()
    assert (nb.load() is not None) == had


@pytest.mark.skipif(not (ROOT / "setup.py").exists(), reason="not a source checkout")
def test_build_without_a_compiler_still_succeeds(tmp_path):
    """The build step turns a failed compile into a warning, so ``pip install`` goes on."""
    pytest.importorskip("setuptools")
    env = dict(os.environ, CC="false", LDSHARED="false")
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
                        "--build-temp", str(tmp_path / "tmp")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "could not build gridsat._native" in r.stderr
    assert not list((tmp_path / "lib").rglob("_native*"))
    assert ("could not build gridsat.kinds.sudoku.logic._logic" in r.stderr
            and "the logical solver runs every technique in Python" in r.stderr)


@pytest.mark.skipif(not (ROOT / "setup.py").exists(), reason="not a source checkout")
@pytest.mark.skipif(os.name == "nt" or not shutil.which("cc"), reason="needs a POSIX shell and cc")
def test_a_compiler_without_the_tuning_flag_still_builds_the_core(tmp_path):
    """``-fno-tree-slp-vectorize`` only tunes speed: a compiler that rejects it gets the core
    built again without it. (The stand-in compiler below rejects the flag, and every other
    source than the core's, so that only the core is built.)"""
    pytest.importorskip("setuptools")
    cc = tmp_path / "cc"
    cc.write_text('#!/bin/sh\n'
                  'for a in "$@"; do\n'
                  '  case "$a" in -fno-tree-slp-vectorize) echo "cc: unknown flag $a" >&2; exit 1;; esac\n'
                  'done\n'
                  'case " $* " in *" -c "*) case "$*" in *native/core.c*) ;; *) exit 1;; esac;; esac\n'
                  f'exec {shutil.which("cc")} "$@"\n')
    cc.chmod(0o755)
    env = dict(os.environ, CC=str(cc))
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
                        "--build-temp", str(tmp_path / "tmp")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "building gridsat._native again without -fno-tree-slp-vectorize" in r.stderr
    assert "could not build gridsat._native" not in r.stderr
    assert list((tmp_path / "lib").rglob("_native*"))


#: OEIS A109252: 4x4 Sudoku puzzles with k givens and exactly one solution
A109252 = {4: 25728, 12: 522624, 13: 161280, 14: 34560, 15: 4608, 16: 288}


@needs_core
def test_a109252_by_brute_force():
    """Every 4-given and every 12-or-more-given subset of the 288 grids, checked in batches: the OEIS figures."""
    from itertools import combinations

    board = Sudoku.empty(4)
    grids = [bytes(s) for s in gridsat.count(board, backend="minisat22", keep=None).solutions]
    assert len(grids) == 288
    subsets = {k: list(combinations(range(16), k)) for k in A109252}
    for k, cells in subsets.items():
        unique = 0
        for g in grids:
            block = bytearray(16 * len(cells))
            for i, cs in enumerate(cells):
                for c in cs:
                    block[16 * i + c] = g[c]
            res = nb.check_block(board, bytes(block))
            unique += sum(1 for i in range(len(cells)) if res.status(i) == "unique")
        assert unique == A109252[k], k


@needs_core
def test_probing_keeps_every_solution_on_large_boards():
    """Above 9x9 the core probes the two-candidate cells once a search passes a few guesses:
    a value whose propagation fails is ruled out, and so is a candidate both values rule
    out. It must never lose a solution: complete counts against MiniSat on generated minimal
    puzzles with one given taken away (a hundred solutions and more each, so the search runs
    long enough to probe)."""
    from gridsat.generators import generate

    seen = []
    for size, seed in ((16, 1), (12, 2)):
        puzzle = generate("sudoku", seed=seed, size=size).puzzle
        found = 0
        for i in [i for i, v in enumerate(puzzle.givens) if v][:12]:
            q = puzzle.with_givens([0 if j == i else v for j, v in enumerate(puzzle.givens)])
            mine = gridsat.count(q, 600, backend="native")
            if not mine.complete:
                continue
            ref = gridsat.count(q, 600, backend="minisat22", encoding="cnf-extended")
            assert (mine.count, mine.complete) == (ref.count, ref.complete), (size, seed, i)
            seen.append((mine.count, mine.stats["nodes"]))
            found += 1
            if found == 2:
                break
    assert len(seen) == 4 and min(c for c, _ in seen) > 100 and min(n for _, n in seen) > 8, seen
