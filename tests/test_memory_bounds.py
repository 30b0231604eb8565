"""Memory that is bounded, not only estimated: the command line's default address-space limit,
``$GRIDSAT_MAX_MEMORY``, and jobs that outgrow the limit ending with one error line.

Every job here runs in a child process whose peak resident memory is read from
``getrusage(RUSAGE_CHILDREN)`` of a wrapper process that runs nothing else; each also runs
under a 3 GB address-space cap of its own, so a test can never take more than that.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from gridsat.limits import (BASELINE, DEFAULT_BUDGET, DEFAULT_LIMIT, LIMIT_ENV, default_limit, parse_limit,
                            parse_size)

#: the address-space cap every child of these tests runs under
CAP = 3 << 30

#: runs ``sys.argv[1:]`` with standard input from the file named by $STDIN (or none) and prints
#: one JSON line: exit code, standard error, peak resident memory of the job in bytes
WRAPPER = r"""
import json, os, resource, subprocess, sys
stdin = open(os.environ.pop("STDIN"), "rb") if os.environ.get("STDIN") else subprocess.DEVNULL
r = subprocess.run(sys.argv[1:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
print(json.dumps({"rc": r.returncode, "stderr": r.stderr,
                  "peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024}))
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, resource.getrlimit(resource.RLIMIT_AS)[1]))


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != LIMIT_ENV}
    env.update(extra)
    return env


def run_measured(args: list[str], *, env: dict, stdin: str | None = None, timeout: float = 180) -> dict:
    """``gridsat ARGS`` in a child under :data:`CAP`: its exit code, stderr and peak memory (bytes)."""
    if stdin is not None:
        env = dict(env, STDIN=stdin)
    out = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "gridsat.cli", *args],
                         env=env, capture_output=True, text=True, timeout=timeout, preexec_fn=_capped)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


# ---------------------------------------------------------------------- the default and its variable
def test_the_default_limit_is_the_budget_plus_the_baseline():
    assert DEFAULT_LIMIT == DEFAULT_BUDGET + BASELINE
    assert default_limit({}) == (DEFAULT_LIMIT, False)
    assert default_limit({LIMIT_ENV: "4G"}) == (4 << 30, True)
    assert default_limit({LIMIT_ENV: " unlimited "}) == (None, True)
    assert default_limit({LIMIT_ENV: ""}) == (DEFAULT_LIMIT, False)
    with pytest.raises(ValueError, match=LIMIT_ENV):
        default_limit({LIMIT_ENV: "lots"})


@pytest.mark.parametrize("text, value", [("unlimited", None), ("none", None), ("OFF", None), ("1500M", 1500 << 20)])
def test_parse_limit(text, value):
    assert parse_limit(text) == value


PROBE = ("import resource, sys; sys.argv = ['gridsat'] + sys.argv[1:]; from gridsat.cli import main; "
         "code = main(); print(resource.getrlimit(resource.RLIMIT_AS)[0]); sys.exit(code)")


def _limit_of_a_run(args: list[str], env: dict, preexec=None) -> tuple[int, str, str]:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True,
                       timeout=120, preexec_fn=preexec)
    return r.returncode, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else "", r.stderr


def test_the_program_bounds_its_memory_by_default():
    """Run as the program, every command sets the default limit (a caller of ``main(argv)`` keeps its own)."""
    job = ["solve", "-q", "-e", "sudoku-9x9"]
    assert _limit_of_a_run(job, _env())[:2] == (0, str(DEFAULT_LIMIT))
    assert _limit_of_a_run(["render", "-e", "sudoku-9x9"], _env())[:2] == (0, str(DEFAULT_LIMIT))
    assert _limit_of_a_run(job, _env(**{LIMIT_ENV: "1G"}))[:2] == (0, str(1 << 30))
    assert _limit_of_a_run(job, _env(**{LIMIT_ENV: "unlimited"}))[:2] == (0, str(resource.RLIM_INFINITY))
    assert _limit_of_a_run(job + ["--max-memory", "1500M"], _env(**{LIMIT_ENV: "1G"}))[:2] == (0, str(1500 << 20))
    assert _limit_of_a_run(job + ["--max-memory", "unlimited"], _env())[:2] == (0, str(resource.RLIM_INFINITY))
    # a limit the process already has (ulimit -v) stays when nothing is asked
    assert _limit_of_a_run(job, _env(), _capped)[:2] == (0, str(CAP))
    code, _, err = _limit_of_a_run(job, _env(**{LIMIT_ENV: "lots"}))
    assert code == 2 and err.strip() == "gridsat: error: GRIDSAT_MAX_MEMORY: not a size: 'lots' (examples: 2G, 1500M, 512K)"


def test_a_caller_of_main_keeps_its_own_limits():
    code = ("import resource; from gridsat.cli import main; main(['solve', '-q', '-e', 'sudoku-9x9']); "
            "print(resource.getrlimit(resource.RLIMIT_AS)[0])")
    r = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == str(resource.RLIM_INFINITY)


# ---------------------------------------------------------------------- jobs that outgrow the limit
@pytest.mark.slow
def test_a_search_that_outgrows_the_limit_ends_with_one_error_line(tmp_path):
    """Glucose on an empty 64x64 Sudoku: the formula is estimated well within the limit, but the
    search's learnt clauses grow without end (5.5 GB in 20 s); the limit, here lowered through
    the variable so that the test stays small, stops it with one error line, never past it."""
    board = tmp_path / "empty64.txt"
    board.write_text("\n".join(" ".join("." * 64) for _ in range(64)) + "\n")
    limit = parse_size("1200M")
    got = run_measured(["solve", "-b", "glucose4", "-t", "60", str(board)], env=_env(**{LIMIT_ENV: "1200M"}))
    lines = got["stderr"].strip().splitlines()
    assert got["rc"] == 1 and len(lines) == 1, got
    assert lines[0].startswith(f"{board}:1: error: glucose4/cnf-reduced ran out of memory"), got
    assert got["peak"] <= limit, got


@pytest.mark.slow
def test_unbounded_input_is_refused_within_the_limit():
    """An endless standard input (``/dev/zero``) under ``-t 1``: reading stops at the limit
    with one error line instead of growing until the machine has no memory left."""
    limit = parse_size("600M")
    got = run_measured(["check", "-t", "1"], env=_env(**{LIMIT_ENV: "600M"}), stdin="/dev/zero")
    lines = got["stderr"].strip().splitlines()
    assert got["rc"] in (1, 2) and len(lines) == 1 and "Traceback" not in got["stderr"], got
    assert lines[0].startswith("<stdin>"), got
    assert got["peak"] <= limit, got
