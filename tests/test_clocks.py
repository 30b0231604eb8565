"""Every job has a clock: ``-t`` covers loading the backend and building the model, and the
commands of the logical solver and the generators take it too.

No test here asserts how long anything took: a slow step is made slower than the limit on
purpose (a sleep far past it), or the work is bounded by a time limit far below what it
needs and the test only checks that it answered, with a generous guard against a hang.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from gridsat.cli import main

CLI = [sys.executable, "-m", "gridsat.cli"]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_loading_the_backend_counts_against_the_first_puzzles_limit(tmp_path, capsys, monkeypatch):
    import gridsat.backends as backends

    real, calls = backends.get_backend, []

    def slow(name):  # a backend whose loading (an import, the first time) outlasts the limit
        if not calls:
            time.sleep(0.6)
        calls.append(name)
        return real(name)
    monkeypatch.setattr(backends, "get_backend", slow)
    board = tmp_path / "two.txt"
    board.write_text("1...........4..1\n" * 2)
    code, out, err = run(["solve", "-t", "0.5", "-b", "glucose4", "--json", str(board)], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["status"] == "unknown" and first["reason"] == "time limit of 0.5 s reached"
    assert first["backend"] == "glucose4"
    assert second["status"] == "solved"  # the limit is per puzzle: the next one has its own
    assert code == 1


TEMPLATE = "\n".join(["0000"] * 150) + "\n"  # a 150x4 Hidato template, no givens: the logical solver searches on


def cli(args, stdin: str = "", guard: float = 120.0):
    """``gridsat ARGS`` in a fresh process; ``guard`` only fails a hang."""
    try:
        return subprocess.run(CLI + args, input=stdin, capture_output=True, text=True, timeout=guard)
    except subprocess.TimeoutExpired:
        pytest.fail(f"gridsat {' '.join(args)} did not answer within {guard} s")


@pytest.mark.parametrize("command", ["rate", "hint", "explain"])
def test_the_logical_solver_commands_answer_within_their_time_limit(command):
    r = cli([command, "-t", "1", "--format", "hidato-template", "-"], TEMPLATE)
    assert r.returncode == 1, r.stderr
    assert r.stdout.strip() == "unknown: time limit of 1.0 s reached"
    r = cli([command, "-t", "1", "--json", "--format", "hidato-template", "-"], TEMPLATE)
    assert json.loads(r.stdout) == {"status": "unknown", "reason": "time limit of 1.0 s reached"}


def test_a_time_limit_leaves_a_puzzle_that_is_answered_in_time_as_it_was():
    plain = cli(["rate", "--example", "sudoku-9x9"])
    timed = cli(["rate", "-t", "60", "--example", "sudoku-9x9"])
    assert timed.returncode == plain.returncode == 0 and timed.stdout == plain.stdout


def test_candidates_takes_a_time_limit():
    r = cli(["candidates", "-t", "60", "--example", "sudoku-9x9"])
    assert r.returncode == 0 and r.stdout.startswith("r")


def test_rate_through_the_runner_answers_within_its_time_limit(tmp_path):
    board = tmp_path / "long.txt"
    board.write_text(TEMPLATE)
    r = cli(["rate", "-t", "1", "--jobs", "1", "--json", "--format", "hidato-template", str(board)])
    assert r.returncode == 1, r.stderr
    rec = json.loads(r.stdout)
    assert rec["status"] == "unknown" and rec["reason"] == "time limit of 1.0 s reached" and not rec["solved"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_generate_answers_each_seed_within_its_time_limit(jobs):
    # a unique 30x30 Hidato takes far longer than a second to make
    r = cli(["generate", "hidato", "--rows", "30", "-t", "1", "-n", "2", "--seed", "1", "--json", "--jobs", jobs])
    assert r.returncode == 1, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(x["seed"], x["status"], x["reason"]) for x in recs] == [(1, "unknown", "time limit of 1.0 s reached"),
                                                                     (2, "unknown", "time limit of 1.0 s reached")]
