"""Listing solutions: ``gridsat.count(..., keep=)``, ``gridsat count --solutions``, the default
cap, progress on standard error, and Ctrl-C keeping the count so far (in-process and in a
real process)."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.cli import main
from gridsat.counting import CountInterrupted
from gridsat.counting.enumeration import FIRST_BATCH, GROWTH, enumerate_in_rounds
from gridsat.examples import load_example
from gridsat.formats import read_text
from gridsat.result import Result

P4 = "1...........4..1"  # 4x4 with 3 givens


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def assert_all_verified(puzzle, solutions):
    assert len(set(map(tuple, solutions))) == len(solutions), "a solution is listed twice"
    for s in solutions:
        assert gridsat.verify(puzzle, s) == [], s


# ------------------------------------------------------------------ Python API
def test_count_keeps_every_solution_by_default():
    res = gridsat.count(Sudoku.empty(4))
    assert res.complete and res.count == len(res.solutions)
    assert_all_verified(res.puzzle, res.solutions)


@pytest.mark.parametrize("keep", [0, 1, 5])
def test_count_keep_n_keeps_n(keep):
    res = gridsat.count(Sudoku.empty(4), keep=keep)
    assert res.complete and len(res.solutions) == keep < res.count
    assert_all_verified(res.puzzle, res.solutions)


def test_count_with_limit_keeps_up_to_the_limit():
    res = gridsat.count(Sudoku.empty(4), 7)
    assert res.count == 7 and not res.complete and len(res.solutions) == 7
    assert_all_verified(res.puzzle, res.solutions)


def test_negative_keep_is_refused():
    with pytest.raises(ValueError):
        gridsat.count(Sudoku.empty(4), keep=-1)


def test_hidato_report_example_has_five_distinct_verified_solutions():
    p = load_example("hidato-6x5")
    res = gridsat.count(p)
    assert res.complete and res.count == len(res.solutions) == 5
    assert_all_verified(p, res.solutions)


def test_long_count_reports_progress_in_rounds():
    seen = []
    res = gridsat.count(Sudoku.empty(9), FIRST_BATCH * GROWTH + 10, keep=2,
                        progress=lambda n, s: seen.append(n))
    assert res.count == FIRST_BATCH * GROWTH + 10 and not res.complete
    assert seen == [FIRST_BATCH, FIRST_BATCH * GROWTH]
    assert res.stats["rounds"] == 3 and len(res.solutions) == 2


def _fake_rounds(fail_at):
    """A ``once`` that finds ``limit`` solutions per round and is interrupted in round ``fail_at``."""
    calls = []

    def once(limit, keep, time_limit):
        calls.append(limit)
        if len(calls) == fail_at:
            raise KeyboardInterrupt
        return Result(job="count", status="ambiguous", count=limit, solutions=[(1,)] * min(keep, 2))
    return once, calls


def test_ctrl_c_keeps_the_last_finished_round():
    once, calls = _fake_rounds(3)
    with pytest.raises(CountInterrupted) as info:
        enumerate_in_rounds("p", once, None, 2, None, progress=lambda n, s: None)
    res = info.value.result
    assert calls == [FIRST_BATCH, FIRST_BATCH * GROWTH, FIRST_BATCH * GROWTH ** 2]
    assert res.count == FIRST_BATCH * GROWTH and not res.complete and res.stats["interrupted"]
    assert isinstance(info.value, KeyboardInterrupt)


def test_ctrl_c_while_the_progress_line_is_printed_keeps_the_finished_round():
    # the signal lands between two rounds, inside the progress callback (a real-process
    # Ctrl-C sent just after the progress line was seen did exactly this)
    once, calls = _fake_rounds(99)

    def progress(n, s):
        raise KeyboardInterrupt

    with pytest.raises(CountInterrupted) as info:
        enumerate_in_rounds("p", once, None, 2, None, progress=progress)
    res = info.value.result
    assert calls == [FIRST_BATCH] and res.count == FIRST_BATCH and not res.complete
    assert res.stats["interrupted"] and res.reason == "interrupted"


def test_ctrl_c_in_the_first_round_knows_nothing():
    once, _ = _fake_rounds(1)
    with pytest.raises(CountInterrupted) as info:
        enumerate_in_rounds("p", once, None, None, None)
    res = info.value.result
    assert res.count == 0 and res.status == "unknown" and res.puzzle == "p"


def test_pysat_keyboard_interrupt_error_counts_as_ctrl_c():
    def once(limit, keep, time_limit):
        raise RuntimeError("Caught keyboard interrupt")
    with pytest.raises(CountInterrupted):
        enumerate_in_rounds("p", once, None, None, None)


# ------------------------------------------------------------------ the command line
def test_cli_solutions_single_puzzle_prints_each_board(capsys):
    code, out, err = run(["count", "--solutions", "--example", "hidato-6x5"], capsys)
    assert code == 0, err
    assert out.startswith("ambiguous: 5 solutions: Hidato 6x5")
    assert [line for line in out.splitlines() if line.startswith("solution ")] == \
        [f"solution {i}:" for i in range(1, 6)]


def test_cli_solutions_json_lists_every_solution_verified(capsys):
    code, out, _ = run(["count", "--solutions", "--json", "--example", "hidato-6x5"], capsys)
    rec = json.loads(out)
    assert code == 0 and rec["count"] == 5 and len(rec["solutions"]) == 5
    assert rec["kind"] == "hidato" and rec["format"] == "hidato"
    assert_all_verified(load_example("hidato-6x5"), [tuple(s) for s in rec["solutions"]])


def test_cli_solutions_in_output_format_read_back_verified(capsys, monkeypatch):
    code, out, _ = run(["count", "--solutions", "--output-format", "line", "-"], capsys, P4 + "\n", monkeypatch)
    entries = read_text(out, format="line")
    assert code == 0 and len(entries) == 6
    puzzle = read_text(P4)[0].puzzle
    assert_all_verified(puzzle, [e.solution for e in entries])


def test_cli_solutions_in_a_batch_are_one_line_each(capsys, monkeypatch):
    code, out, _ = run(["count", "--solutions", "-"], capsys, P4 + "\n" + P4 + "\n", monkeypatch)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 * (1 + 6)
    assert lines[0].startswith("<stdin>:1: ambiguous count=6")
    sols = [ln.split(": ")[-1] for ln in lines[1:7]]
    assert [ln.split(": ")[1] for ln in lines[1:7]] == [f"solution {i}" for i in range(1, 7)]
    puzzle = read_text(P4)[0].puzzle
    assert_all_verified(puzzle, [tuple(int(c) for c in s) for s in sols])


def test_cli_solutions_respect_the_limit(capsys, monkeypatch):
    code, out, _ = run(["count", "--solutions", "--limit", "2", "--json", "-"], capsys, P4 + "\n", monkeypatch)
    rec = json.loads(out)
    assert code == 0 and rec["count"] == 2 and len(rec["solutions"]) == 2 and not rec["complete"]


def test_default_cap_is_stated(capsys, monkeypatch):
    import gridsat.cli.batch as batch

    monkeypatch.setattr(batch, "DEFAULT_COUNT_CAP", 50)
    code, out, _ = run(["count", "-q", "-"], capsys, "." * 81 + "\n", monkeypatch)
    assert code == 0
    assert "at least 50 solutions (default cap; use --limit N or --time-limit)" in out
    code, out, _ = run(["count", "--json", "-"], capsys, "." * 81 + "\n", monkeypatch)
    rec = json.loads(out)
    assert rec["count"] == 50 and rec["limit"] == 50 and rec["default_cap"] is True and not rec["complete"]


def test_an_explicit_limit_is_not_the_default_cap(capsys, monkeypatch):
    code, out, _ = run(["count", "-q", "--limit", "30", "-"], capsys, "." * 81 + "\n", monkeypatch)
    assert "at least 30 solutions (limit reached)" in out and "default cap" not in out


def test_progress_goes_to_stderr(capsys, monkeypatch):
    code, out, err = run(["count", "--limit", str(FIRST_BATCH * GROWTH), "-"], capsys, "." * 81 + "\n",
                         monkeypatch)
    assert code == 0
    assert f"counting: at least {FIRST_BATCH:,} solutions so far" in err
    assert "so far" not in out


def test_ctrl_c_in_process_prints_partial_count(capsys, monkeypatch):
    import gridsat.api as api

    def interrupted(puzzle, *a, **k):
        res = Result(job="count", status="ambiguous", puzzle=puzzle, count=4000,
                     solutions=[], stats={"interrupted": True})
        raise CountInterrupted(res)

    monkeypatch.setattr(api, "count", interrupted)
    code, out, err = run(["count", "-q", "-"], capsys, P4 + "\n", monkeypatch)
    assert code == 130 and "at least 4000 solutions (interrupted)" in out and "interrupted" in err
    code, out, err = run(["count", "--json", "-"], capsys, P4 + "\n", monkeypatch)
    rec = json.loads(out)
    assert code == 130 and rec["interrupted"] is True and rec["count"] == 4000 and not rec["complete"]


@pytest.mark.parametrize("extra", [[], ["--json"]], ids=["text", "json"])
def test_ctrl_c_real_process_prints_partial_count_and_exits_130(tmp_path, extra):
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "count", "-b", "minisat22", "--limit", "1000000000", str(empty),
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as from a shell
    deadline = time.time() + 60
    err_lines = []
    while time.time() < deadline:  # wait for the first progress line: a round has finished
        line = proc.stderr.readline()
        err_lines.append(line)
        if "so far" in line or not line:
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)  # (a hang fails here)
    assert proc.returncode == 130, (out, "".join(err_lines) + err)
    if extra:
        rec = json.loads(out.splitlines()[0])
        assert rec["interrupted"] is True and rec["count"] >= FIRST_BATCH and rec["complete"] is False
    else:
        assert "solutions (interrupted)" in out.splitlines()[0]
    assert "Traceback" not in err
