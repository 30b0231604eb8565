"""The columnar route of ``check_many`` / ``solve_many`` and the C verifier it stands on.

Plain classic 9x9 puzzles go to the C core as one byte buffer a block and their answers
through ``verify_block`` (native/verify9.h, written apart from the searches); the results
are made lazily. These tests hold the route to the general engine's answers, the verifier
to the rules (it rejects every kind of broken grid), and the lazy results to the plain
ones' behaviour.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

import gridsat
from gridsat import Result, Sudoku
from gridsat.cli import main
from gridsat.engine.block import LineResult
from gridsat.kinds.sudoku import backend_native as nb

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

DATA = Path(__file__).resolve().parent / "data"
GRID = bytes([(3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)])  # a correct grid


def _lines() -> list[str]:
    out = []
    for line in (DATA / "se_calibration_sample.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            out.append(line.split()[0])
    return out


def _puzzles(seed: int = 5) -> list:
    """Unique puzzles, with ambiguous ones (givens taken away), impossible ones (a clash, or a
    wrong given that clashes with nothing) and a few of other boards between them."""
    rng = random.Random(seed)
    out: list = []
    for i, line in enumerate(_lines()):
        g = [int(ch) for ch in line]
        if i % 7 == 1:  # ambiguous: most givens gone
            g = [v if rng.random() < 0.3 else 0 for v in g]
        elif i % 7 == 2:  # clashing givens
            v = next(v for v in g if v)
            j = g.index(v)
            g[j - j % 9 + (j + 1) % 9] = v  # (its row's next cell)
        elif i % 7 == 3:  # a wrong given that clashes with nothing: no solution
            open_ = [j for j in range(81) if not g[j]]
            j = rng.choice(open_)
            seen = {g[k] for k in range(81) if k != j and (k // 9 == j // 9 or k % 9 == j % 9
                                                           or (k // 27, k % 9 // 3) == (j // 27, j % 9 // 3))}
            free = [v for v in range(1, 10) if v not in seen]
            if free:
                g[j] = free[0]
        out.append(Sudoku.classic(g))
        if i % 40 == 5:
            out.append(Sudoku.empty(4))  # another board between the classic runs
    return out


def _fields(r) -> dict:
    d = r.to_dict()
    d.pop("time")
    return d


# ---------------------------------------------------------------------------- the route
@needs_core
@pytest.mark.parametrize("job", ["check", "solve"])
def test_the_columnar_route_agrees_with_the_engine_one_puzzle_at_a_time(job, monkeypatch):
    core = nb.load()
    calls = []
    real = core.verify_block
    monkeypatch.setattr(core, "verify_block", lambda *a: calls.append(len(a[2])) or real(*a))
    puzzles = _puzzles()
    many = gridsat.check_many if job == "check" else gridsat.solve_many
    one = gridsat.check if job == "check" else gridsat.solve
    got = list(many(puzzles))
    assert sum(calls) == sum(1 for p in puzzles if p.n == 9)  # every classic puzzle went by the block
    statuses = set()
    for p, r in zip(puzzles, got, strict=True):
        want = one(p)
        assert _fields(r) == _fields(want)
        assert r.solutions == want.solutions and r.puzzle is p
        statuses.add(r.status)
    assert statuses >= ({"unique", "ambiguous", "impossible"} if job == "check" else {"solved", "impossible"})


@needs_core
def test_an_answer_the_c_verifier_rejects_is_run_again_by_the_engine(monkeypatch):
    core = nb.load()
    real = core.batch

    def lying(geometry, givens, *a, **kw):
        counts, flags, sols, *rest = real(geometry, givens, *a, **kw)
        bad = bytearray(sols)
        stride = len(sols) // len(counts)
        bad[stride], bad[stride + 9] = bad[stride + 9], bad[stride]  # puzzle 1: two cells of a column swapped
        return (counts, flags, bytes(bad), *rest)

    puzzles = [Sudoku.classic([int(ch) for ch in line]) for line in _lines()[:5]]
    monkeypatch.setattr(core, "batch", lying)
    got = list(gridsat.check_many(puzzles))
    monkeypatch.undo()
    assert [r.status for r in got] == ["unique"] * 5
    assert type(got[1]) is Result and type(got[0]) is not Result  # (the engine answered puzzle 1 itself)
    assert not gridsat.verify(puzzles[1], got[1].solution)


@needs_core
def test_gridsat_check_file_goes_through_the_c_verifier(tmp_path, capsys, monkeypatch):
    core = nb.load()
    calls = []
    real = core.verify_block
    monkeypatch.setattr(core, "verify_block", lambda *a: calls.append(len(a[2])) or real(*a))
    path = tmp_path / "p.txt"
    path.write_text("\n".join(_lines()[:30]) + "\n")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 30 and all(": unique " in line for line in out)
    assert sum(calls) == 30


# ---------------------------------------------------------------------------- the C verifier
def _verify(givens: bytes, grids: list[bytes], count: int | None = None, keep: int = 2) -> int:
    core = nb.load()
    answers = b"".join(grids).ljust(81 * keep, b"\0")
    return core.verify_block(givens, answers, bytes([len(grids) if count is None else count]), keep)[0]


def _swap(grid: bytes, i: int, j: int) -> bytes:
    g = bytearray(grid)
    g[i], g[j] = g[j], g[i]
    return bytes(g)


@needs_core
def test_the_c_verifier_passes_a_correct_grid_and_rejects_every_broken_one():
    givens = bytes(v if i % 4 == 0 else 0 for i, v in enumerate(GRID))
    assert _verify(givens, [GRID]) == 1
    assert _verify(bytes(81), [GRID]) == 1
    assert _verify(givens, [], count=0) == 1  # (nothing to check)
    broken = {
        "two cells of a row swapped (the row is still 1..9)": _swap(GRID, 1, 2),
        "two cells of a column swapped": _swap(GRID, 0, 9),
        "rows and columns right, boxes wrong": bytes((r + c) % 9 + 1 for r in range(9) for c in range(9)),
        "an empty cell": GRID[:40] + b"\0" + GRID[41:],
        "a value above 9": GRID[:40] + b"\x0a" + GRID[41:],
        "a value wrapping to a valid bit": GRID[:40] + bytes([GRID[40] + 16]) + GRID[41:],
    }
    for why, grid in broken.items():
        assert _verify(bytes(81), [grid]) == 0, why
    assert _verify(bytes(81), [GRID, GRID]) == 0, "the same solution twice"
    moved = bytes(givens[:4]) + bytes([givens[0]]) + givens[5:]  # a given the grid does not keep
    assert _verify(moved, [GRID]) == 0
    assert _verify(givens, [GRID, _swap(GRID, 1, 2)]) == 0, "a broken second solution"
    with pytest.raises(ValueError):
        nb.load().verify_block(bytes(81), bytes(81), b"\x01\x01", 1)


@needs_core
def test_the_c_verifier_agrees_with_the_python_verifier_on_random_damage():
    rng = random.Random(11)
    puzzle = Sudoku.classic(list(GRID))
    for _ in range(300):
        g = bytearray(GRID)
        for _ in range(rng.randint(0, 3)):
            g[rng.randrange(81)] = rng.randint(0, 11)
        assert _verify(bytes(81), [bytes(g)]) == (not gridsat.verify(Sudoku.empty(9), tuple(g))), bytes(g)
        assert _verify(bytes(GRID), [bytes(g)]) == (not gridsat.verify(puzzle, tuple(g)))


@needs_core
def test_pack_lays_the_givens_end_to_end_as_bytes_would():
    core = nb.load()
    puzzles = [p.givens for p in _puzzles()[:50] if p.n == 9] + [list(GRID), GRID]
    assert core.pack(puzzles, 81) == b"".join(bytes(g) for g in puzzles)
    assert core.pack((), 81) == b""
    for bad, error in (([(1,) * 80], ValueError), ([(0,) * 80 + (256,)], ValueError), ([(0,) * 80 + (-1,)], ValueError),
                       ([(0,) * 80 + ("1",)], TypeError), ([7], TypeError), (5, TypeError)):
        with pytest.raises(error):
            core.pack(bad, 81)


# ---------------------------------------------------------------------------- the lazy results
@needs_core
def test_lazy_results_behave_like_plain_ones():
    p = Sudoku.classic([int(ch) for ch in _lines()[0]], name="first")
    lazy = next(iter(gridsat.check_many([p])))
    plain = gridsat.check(p)
    assert type(lazy) is not Result and isinstance(lazy, Result)
    assert repr(lazy).startswith("Result(job='check', status='unique', solution=(")
    assert repr(lazy).split(", build_time")[0] == repr(plain).split(", build_time")[0]
    assert lazy.puzzle is p and lazy.to_dict()["name"] == "first"
    assert type(lazy.solution) is tuple and all(type(v) is int for v in lazy.solution)
    assert lazy.solutions == [lazy.solution] and lazy.stats == {"nodes": plain.stats["nodes"]}
    for f in ("build_time", "solve_time", "total_time"):
        setattr(plain, f, getattr(lazy, f))
    assert lazy == plain and plain == lazy and lazy != gridsat.check(Sudoku.empty(4))
    back = pickle.loads(pickle.dumps(lazy))
    assert type(back) is Result and back == lazy
    assert lazy.to_json() == Result.to_json(back)
    lazy.status = "changed"
    assert '"status": "changed"' in lazy.to_json()
    with pytest.raises(TypeError):
        hash(lazy)


@needs_core
def test_a_line_result_reads_its_solution_from_the_block():
    from gridsat.engine.block import Block

    line = _lines()[3].encode()
    res = next(Block.start("check").run([line]))
    assert type(res) is LineResult
    want = gridsat.check(Sudoku.classic([int(ch) for ch in line.decode()]))
    assert res.digits == "".join(map(str, want.solution)) and res.solution == want.solution


# ---------------------------------------------------------------------------- the counting order
@needs_core
def test_the_counting_order_counts_as_the_usual_order_with_fewer_branches():
    from gridsat.engine.block import Block

    block = Block.start("check")
    givens = b"".join(bytes(p.givens) for p in _puzzles() if p.n == 9)
    k = len(givens) // 81
    usual = block.core.batch(block.geometry, givens, 2, -1.0, 2, True, True, 0, True, 0)
    busiest = block.core.batch(block.geometry, givens, 2, -1.0, 2, True, True, 0, True, 1)
    assert usual[0] == busiest[0] and usual[1] == busiest[1]  # counts and flags
    assert set(usual[0]) == {0, 1, 2}
    for i in range(k):
        if usual[0][i] == 1:  # a unique puzzle's solution, whatever the order
            assert usual[2][i * 162:i * 162 + 81] == busiest[2][i * 162:i * 162 + 81]
    for limit in (10, 100):  # and counts further up agree too
        amb = b"".join(givens[i * 81:(i + 1) * 81] for i in range(k) if usual[0][i] == 2)
        a = block.core.batch(block.geometry, amb, limit, -1.0, 1, True, True, 0, True, 0)
        b = block.core.batch(block.geometry, amb, limit, -1.0, 1, True, True, 0, True, 1)
        assert a[0] == b[0]
    assert busiest[3] < usual[3]  # branches in all


@needs_core
def test_a_counting_block_answers_as_the_usual_one():
    from gridsat.engine.block import Block

    lines = [line.encode() for line in _lines()]
    usual = list(Block.start("check", counting=False).run(lines))
    counting = list(Block.start("check").run(lines))
    assert [(r.status, r.solution) for r in usual] == [(r.status, r.solution) for r in counting]


@needs_core
def test_every_route_of_a_check_takes_the_counting_order_and_the_usual_answers(tmp_path, capsys):
    """A check on the classic board runs the core's counting order by every route (the front
    door, check_many by the block and by the backend's batch, ``gridsat check FILE``): the
    same ``nodes`` everywhere, the counting order's on a unique puzzle, and the usual
    order's answers (a puzzle of two solutions is asked again in that order)."""
    core = nb.load()
    puzzles = [p for p in _puzzles() if p.n == 9]
    from gridsat.kinds.sudoku.encode_native import native_model

    geo = native_model(puzzles[0]).geometry
    front = [gridsat.check(p) for p in puzzles]
    routes = {"block": list(gridsat.check_many(puzzles)),
              "batch": list(gridsat.check_many(puzzles, backend="native", encoding="sudoku-native"))}
    path = tmp_path / "p.txt"
    path.write_text("".join("".join(map(str, p.givens)) + "\n" for p in puzzles))
    assert main(["check", "--json", str(path)]) in (0, 1)
    routes["file"] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for name, got in routes.items():
        for r, want in zip(got, front, strict=True):
            r = r if isinstance(r, dict) else r.to_dict()
            want_fields = (want.status, want.stats, want.to_dict()["solution"])
            assert (r["status"], r["stats"], r["solution"]) == want_fields, name
    usual = counting = 0
    for p, r in zip(puzzles, front):
        fast = core.solve(geo, bytes(p.givens), 2, 2, -1.0, 0, None, 1)
        slow = core.solve(geo, bytes(p.givens), 2, 2, -1.0, 0, None, 0)
        assert [tuple(s) for s in slow[3]] == r.solutions  # the usual order's answers
        if r.status != "ambiguous":
            assert r.stats["nodes"] == fast[4]  # the counting order's branches
            usual, counting = usual + slow[4], counting + fast[4]
    assert {r.status for r in front} == {"unique", "ambiguous", "impossible"}
    assert 5 * counting < 4 * usual  # (586 against 804 branches)


def test_without_the_c_core_the_route_hands_every_puzzle_to_the_general_loop(monkeypatch):
    from gridsat.engine import block as bulk

    monkeypatch.setattr(bulk.Block, "start", classmethod(lambda cls, *a, **kw: None))
    puzzles = _puzzles()[:60]
    got = list(gridsat.check_many(puzzles))
    assert [type(r) for r in got] == [Result] * len(puzzles)
    assert [r.status for r in got] == [gridsat.check(p).status for p in puzzles]
