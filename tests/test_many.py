"""Many puzzles at once: ``gridsat.check_many`` / ``solve_many``, the native core's batch
call under them, and the command line answering a file a chunk at a time.

Each answer of the batch route must equal the one-puzzle front door's (status, count,
solutions), with the same evidence and the same verifier.
"""

from __future__ import annotations

import array
import io
import json
import random
import sys
import time

import pytest

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.cli import main
from gridsat.engine import VerificationError, run_many
from gridsat.errors import GridsatError, UnsupportedError
from gridsat.generators.layouts import random_layout

from cpu import cpu

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

UNIQUE9 = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."


def _grid(n: int, box: tuple[int, int]) -> list[int]:
    br, bc = box
    return [((r % br) * bc + r // br + c) % n + 1 for r in range(n) for c in range(n)]


def _mixed(seed: int = 3) -> list:
    """Classic puzzles of three shapes, jigsaws of their own layouts, clashes, an empty board."""
    rng = random.Random(seed)
    out: list = [Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE9]), Sudoku.empty(4)]
    for box in [(2, 2), (2, 3), (3, 3), (3, 3), (2, 3)]:
        n = box[0] * box[1]
        grid = _grid(n, box)
        cells = set(rng.sample(range(n * n), rng.randint(n * n // 4, n * n * 2 // 3)))
        out.append(Sudoku.empty(n, box=box).with_givens([v if i in cells else 0 for i, v in enumerate(grid)]))
    for _ in range(3):
        board = Sudoku.empty(6, regions=random_layout(6, rng))
        sol = gridsat.solve(board, backend="minisat22", encoding="cnf-extended").solution
        cells = set(rng.sample(range(36), 14))
        out.append(board.with_givens([v if i in cells else 0 for i, v in enumerate(sol)]))
    out.append(Sudoku.classic([1, 1] + [0] * 79))  # clashing givens
    return out


def _same(a, b) -> None:
    assert (a.status, a.count, a.complete, a.verified) == (b.status, b.count, b.complete, b.verified)
    assert set(a.solutions) == set(b.solutions)
    assert (a.backend, a.encoding) == (b.backend, b.encoding)


# ---------------------------------------------------------------------------- the front door
@pytest.mark.parametrize("job", ["check", "solve"])
def test_many_equals_one_at_a_time(job):
    puzzles = _mixed()
    one = [getattr(gridsat, job)(p) for p in puzzles]
    many = list(getattr(gridsat, f"{job}_many")(puzzles))
    assert len(many) == len(puzzles)
    for a, b, p in zip(many, one, puzzles):
        _same(a, b)
        assert a.puzzle is p
        assert a.total_time >= a.solve_time >= 0
        for s in a.solutions:
            assert gridsat.verify(p, s) == []
    statuses = {r.status for r in many}
    assert statuses == ({"unique", "ambiguous", "impossible"} if job == "check" else {"solved", "impossible"})
    clash = many[-1]
    assert clash.status == "impossible" and "row 1" in clash.reason


def test_many_on_every_backend(backend):
    """Every backend, batched or not, gives through check_many what check gives."""
    puzzles = [Sudoku.empty(4), Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE9]),
               Sudoku.empty(4).with_givens([1, 1] + [0] * 14)]
    for p in puzzles:
        try:
            ref = gridsat.check(p, backend=backend)
        except GridsatError as exc:
            got = list(gridsat.check_many([p], backend=backend, errors="return"))
            assert type(got[0]) is type(exc)
            continue
        (got,) = list(gridsat.check_many([p], backend=backend))
        assert got.status == ref.status and got.verified == ref.verified
        if got.status == "ambiguous":
            assert len(set(got.solutions)) >= 2


def test_ambiguous_rests_on_two_distinct_verified_solutions():
    puzzles = [Sudoku.empty(n) for n in (4, 6, 9)]
    for r, p in zip(gridsat.check_many(puzzles), puzzles):
        assert r.status == "ambiguous" and r.count == 2
        a, b = r.solutions[:2]
        assert a != b and gridsat.verify(p, a) == [] and gridsat.verify(p, b) == []


def test_kinds_the_core_does_not_take_run_one_at_a_time():
    h = Hidato.from_grid([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    sud = Sudoku.empty(4)
    got = list(gridsat.check_many([sud, h, sud]))
    assert [r.status for r in got] == ["ambiguous", gridsat.check(h).status, "ambiguous"]
    assert got[1].backend == gridsat.check(h).backend


def test_a_failing_puzzle_raises_in_its_place_or_is_returned():
    h = Hidato.from_grid([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    puzzles = [Sudoku.empty(4), h, Sudoku.empty(6)]
    seen = []
    with pytest.raises(UnsupportedError):
        for r in gridsat.check_many(puzzles, backend="native"):
            seen.append(r)
    assert [r.status for r in seen] == ["ambiguous"]  # the results before it came out first
    got = list(gridsat.check_many(puzzles, backend="native", errors="return"))
    assert isinstance(got[1], UnsupportedError)
    assert [got[0].status, got[2].status] == ["ambiguous", "ambiguous"]
    with pytest.raises(ValueError):
        list(run_many(puzzles, "check", errors="ignore"))


@needs_core
def test_the_verifier_stands_behind_every_batched_answer(monkeypatch):
    real = nb.NativeBackend.run_many

    def lying(self, puzzles, encoding, **kw):
        outs = real(self, puzzles, encoding, **kw)
        bad = list(outs[1].solutions[0])
        bad[0], bad[1] = bad[1], bad[0]  # two cells swapped: a row still holds 1..n, columns do not
        outs[1].solutions[0] = tuple(bad)
        return outs

    monkeypatch.setattr(nb.NativeBackend, "run_many", lying)
    puzzles = [Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE9])] * 3
    with pytest.raises(VerificationError):  # (backend named: the chunked loop, not the columnar route)
        list(gridsat.check_many(puzzles, backend="native"))
    got = list(gridsat.check_many(puzzles, backend="native", errors="return"))
    assert isinstance(got[1], VerificationError)
    assert got[0].status == got[2].status == "unique"


@needs_core
def test_time_limit_holds_for_each_puzzle():
    hard = [Sudoku.empty(16)] * 3  # counting an empty 16x16 to 10**9 outlasts any limit
    with cpu() as spent:
        got = list(run_many(hard, "count", limit=10**9, time_limit=0.2))
    assert [r.status for r in got] == ["ambiguous"] * 3  # two verified solutions, then the limit
    assert all(not r.complete for r in got)
    assert all(r.solve_time >= 0.15 for r in got)  # each puzzle had its own 0.2 s ...
    assert spent.total < 3.0  # ... and stopped there (the count itself would take years)


# ---------------------------------------------------------------------------- the C batch call
@needs_core
def test_core_batch_keeps_solutions_and_times_each_puzzle():
    core = nb.load()
    from gridsat.kinds.sudoku.encode_native import native_model

    geo = native_model(Sudoku.empty(9)).geometry
    unique = bytes(0 if ch == "." else int(ch) for ch in UNIQUE9)
    block = unique + bytes(81) + unique
    counts, flags, sols, nodes, each, secs = core.batch(geo, block, 2, -1.0, 2, False, True)
    assert counts == [1, 2, 1] and list(flags) == [1, 0, 1]
    assert sum(each) == nodes
    assert len(sols) == 3 * 2 * 81
    first, second = sols[162:243], sols[243:324]
    assert first != second and bytes(81) not in (first, second)
    assert sols[81:162] == bytes(81)  # a unique puzzle's second slot stays empty
    times = array.array("d", secs)
    assert len(times) == 3 and all(t >= 0 for t in times)
    # the old four-item form is unchanged
    assert core.batch(geo, block, 2)[:2] == (counts, flags)
    # a time limit for each puzzle, against one for the whole batch
    empties = bytes(81) * 3
    counts, flags, _, _, _, secs = core.batch(geo, empties, 0, 0.1, 1, True, True)
    assert list(flags) == [2, 2, 2] and all(c > 0 for c in counts)
    assert all(t >= 0.09 for t in array.array("d", secs))  # each puzzle ran its own 0.1 s
    counts, flags, *_ = core.batch(geo, empties, 0, 0.1, 1, False, True)
    assert list(flags) == [2, 2, 2] and counts[1] == counts[2] == 0


# ---------------------------------------------------------------------------- the command line
def _run(argv, capsys, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _lines(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    grid = _grid(9, (3, 3))
    out = []
    for _ in range(n):
        cells = set(rng.sample(range(81), rng.randint(17, 60)))
        out.append("".join(str(v) if i in cells else "." for i, v in enumerate(grid)))
    return out


def _untimed(text: str) -> list[str]:
    return [" ".join(w for w in line.split() if not w.endswith("s") or not w[:-1].replace(".", "").isdigit())
            for line in text.splitlines()]


@pytest.mark.parametrize("job", ["check", "solve"])
def test_a_file_answered_in_chunks_reads_as_one_by_one(job, tmp_path, capsys, monkeypatch):
    lines = _lines(600)
    lines[300] = "12" + "." * 78  # too short: fails alone
    lines[301] = "11" + "." * 79  # clashing givens
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _run([job, str(path)], capsys)  # a file: answered a chunk at a time
    code2, out2, err2 = _run([job, "-"], capsys, stdin=path.read_text(), monkeypatch=monkeypatch)  # streamed
    assert code == code2 == 1
    got, ref = _untimed(out), _untimed(out2)
    assert len(got) == len(ref) == 600
    assert got[300].startswith(f"{path}:301:1: error:") and ref[300].startswith("<stdin>:301:1: error:")
    del got[300], ref[300]  # (the two readers word the error differently)
    assert [g.split(":", 1)[1] for g in got] == [r.split(":", 1)[1] for r in ref]
    assert f"{path}:302: impossible" in out
    code, out, _ = _run([job, str(path), "--json", "--time-limit", "5"], capsys)
    recs = [json.loads(s) for s in out.splitlines()]
    assert len(recs) == 600 and [r["line"] for r in recs] == list(range(1, 601))
    assert recs[300]["status"] == "error" and recs[301]["status"] == "impossible"
    assert all(r["verified"] for r in recs if r["status"] in ("unique", "solved"))
