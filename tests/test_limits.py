"""Limits that hold: size caps, memory estimates, --max-memory, time limits in a child, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.engine import CHILD_BYTES, check_limits
from gridsat.errors import GridsatError
from gridsat.kinds import get_kind
from gridsat.limits import (ChildTimeout, JobInterrupted, TooLarge, check_memory, memory_budget, parse_size,
                            report_progress, run_in_child)
from gridsat.selection import resolve

from cpu import cpu

CLI = [sys.executable, "-m", "gridsat.cli"]


def sparse_hidato(n: int) -> Hidato:
    return Hidato(n, n, givens={(0, 0): 1, (n - 1, n - 1): n * n})


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# ---------------------------------------------------------------------- sizes
@pytest.mark.parametrize("text, value", [("2G", 2 << 30), ("1500M", 1500 << 20), ("512k", 512 << 10),
                                         ("1000", 1000), ("1.5G", int(1.5 * (1 << 30))), ("2GiB", 2 << 30)])
def test_parse_size(text, value):
    assert parse_size(text) == value


@pytest.mark.parametrize("text", ["", "G", "-1G", "2X", "0", "1e9", "two"])
def test_parse_size_refuses(text):
    with pytest.raises(ValueError):
        parse_size(text)


# ---------------------------------------------------------------------- caps and estimates
def test_every_kind_declares_a_cap_and_estimates():
    for name in gridsat.list_kinds():
        kind = get_kind(name)
        assert kind.max_cells > 0 and kind.max_board
        assert kind.memory and kind.size_units is not None


def test_64x64_cnf_minimal_is_refused_before_building():
    with cpu() as spent:
        with pytest.raises(TooLarge, match="cnf-minimal.*estimated"):
            gridsat.solve(Sudoku.empty(64), backend="minisat22", encoding="cnf-minimal")
    assert spent.total < 1.0  # (building it takes minutes)


def test_32x32_with_the_c_core_is_admitted():
    b, enc = resolve(Sudoku.empty(32), "native", None)
    assert check_limits(Sudoku.empty(32), b, enc) < memory_budget()


def test_hidato_past_the_cap_is_refused_with_the_cap_named():
    cap = get_kind("hidato")
    side = int(cap.max_cells ** 0.5) + 1
    with cpu() as spent:
        with pytest.raises(TooLarge, match=f"{cap.max_board}; hidato-path takes up to 100x100"):
            gridsat.solve(sparse_hidato(side), backend="glucose4")
        with pytest.raises(TooLarge, match="100x100"):  # past the search's own cap too
            gridsat.solve(Hidato(101, 101, givens={(0, 0): 1}))
    assert spent.total < 2.0


def test_past_the_complete_backends_cap_the_default_is_the_search():
    """The search keeps a few arrays per cell: its cap is far above the SAT encodings' one."""
    p = Hidato(45, 45, givens={(0, 0): 1, (44, 44): 45 * 45})
    r = gridsat.solve(p, time_limit=20)
    assert (r.status, r.backend, r.encoding) == ("solved", "search", "hidato-path") and r.verified


def test_estimate_grows_with_the_open_literals():
    small, big = sparse_hidato(10), sparse_hidato(20)
    b, enc = resolve(big, None, None)
    assert enc.estimate(big) > 8 * enc.estimate(small) > 0
    snake = [(r, c if r % 2 == 0 else 19 - c) for r in range(20) for c in range(20)]
    clued = Hidato(20, 20, givens={cell: k + 1 for k, cell in enumerate(snake) if k % 10 == 0})
    assert enc.estimate(clued) < enc.estimate(big) / 4


def test_check_memory_against_a_lowered_budget(monkeypatch):
    import gridsat.limits.caps as limits

    monkeypatch.setattr(limits, "memory_limit", lambda: 600_000_000)
    assert memory_budget() == 100_000_000
    check_memory(50_000_000, "small")
    with pytest.raises(TooLarge, match="--max-memory"):
        check_memory(200_000_000, "big")


def test_max_memory_option():
    ok = subprocess.run(CLI + ["solve", "--max-memory", "3G", "-q", "-e", "sudoku-9x9"], capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0 and "Traceback" not in ok.stderr
    bad = subprocess.run(CLI + ["solve", "--max-memory", "lots", "-e", "sudoku-9x9"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "--max-memory" in bad.stderr and "Traceback" not in bad.stderr
    # a budget too small for the job: one clean error line
    small = subprocess.run(CLI + ["solve", "--max-memory", "600M", "-b", "glucose4", "-e", "sudoku-25x25",
                                  "--encoding", "cnf-minimal"], capture_output=True, text=True, timeout=60)
    assert small.returncode != 0 and "Traceback" not in small.stderr
    assert "estimated" in small.stderr and len(small.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------------- the child
def _count_to(n: int, pause: float) -> int:
    class State:
        count = 0
        solutions: list = []

    s = State()
    for i in range(n):
        s.count = i + 1
        s.solutions = [(i,)][:1]
        report_progress(s)
        time.sleep(pause)
    return n


def _fail() -> None:
    raise TooLarge("nope")


def test_run_in_child_returns_times_out_and_reports_progress():
    assert run_in_child(_count_to, (3, 0.0), time_limit=10) == 3
    with pytest.raises(ChildTimeout) as info:
        run_in_child(_count_to, (1000, 0.02), time_limit=0.5)
    # killed at the limit: 0.5 s of 0.02 s steps is at most 25 of the 1000 (fewer on a loaded machine)
    assert info.value.progress is not None and 1 <= info.value.progress[0] <= 26
    with pytest.raises(TooLarge, match="nope"):
        run_in_child(_fail)


def test_a_heavy_build_runs_in_a_child_killed_at_the_limit():
    p = sparse_hidato(20)
    b, enc = resolve(p, "maplecm", None)
    assert enc.estimate(p) > CHILD_BYTES  # the case the child is for
    with cpu() as spent:
        res = gridsat.solve(p, backend="maplecm", time_limit=0.5)
    # the child's build alone takes seconds of CPU: killed at the limit, it spent at most 0.5 s
    assert res.status in ("unknown", "solved") and spent.children < 0.7, spent.children
    assert res.stats.get("child")


def test_maplecm_runs_in_a_child_under_a_time_limit():
    assert not gridsat.get_backend("maplecm").stops_on_time
    res = gridsat.solve(Sudoku.empty(9), backend="maplecm", time_limit=5)
    assert res.status == "solved" and res.stats.get("child") and res.verified


# ---------------------------------------------------------------------- Ctrl-C
def test_cadical_in_process_interrupt_leaves_the_backend_usable():
    code = ("import os, signal, threading, time, gridsat\n"
            "from gridsat import Sudoku\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "gridsat.check(Sudoku.empty(9), backend='cadical153')\n"  # (loaded before the clock starts)
            "threading.Timer(2.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
            "try:\n"
            "    gridsat.engine.run(Sudoku.empty(9), 'count', limit=None, backend='cadical153')\n"
            "except KeyboardInterrupt as e:\n"
            "    print('interrupted', e.result.count)\n"
            "print(gridsat.check(Sudoku.empty(4), backend='cadical153').status)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    words = r.stdout.split()
    # (how soon the interrupt lands is a matter of load: the subprocess timeout guards a hang)
    assert words[0] == "interrupted" and int(words[1]) > 0
    assert words[-1] == "ambiguous"


@pytest.mark.parametrize("backend", ["cadical153", "cadical195", "cpsat", "minisat22"])
def test_ctrl_c_during_count_exits_130_promptly(backend, tmp_path):
    board = tmp_path / "e9.txt"
    board.write_text("." * 81 + "\n")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for _ in range(2):
        p = subprocess.Popen(CLI + ["count", "-l", "100000000", "-b", backend, str(board)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint, env=env)
        time.sleep(1.5)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=20)  # (a hang fails here)
        assert p.returncode == 130, err
        assert "invalid API usage" not in err and "Traceback" not in err


def test_job_interrupted_is_a_keyboard_interrupt():
    assert issubclass(JobInterrupted, KeyboardInterrupt)
    assert not issubclass(TooLarge, KeyboardInterrupt) and issubclass(TooLarge, GridsatError)


def test_out_of_memory_in_a_backend_is_one_clean_error():
    from gridsat.backends import Backend

    class Hungry(Backend):
        """A backend that runs out of memory."""

        name, target = "hungry", "cnf"

        def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2):
            """Fail as an allocation past the address-space limit does."""
            raise MemoryError

    with pytest.raises(TooLarge, match="ran out of memory"):
        gridsat.solve(Sudoku.empty(4), backend=Hungry(), encoding="cnf-extended")


def test_exports_and_model_counters_check_the_estimate_too():
    from gridsat.counting import cnf_formula

    with cpu() as spent:
        with pytest.raises(TooLarge, match="cnf-minimal"):
            cnf_formula(Sudoku.empty(64), "cnf-minimal")
    assert spent.total < 1.0
    assert cnf_formula(Sudoku.empty(4)).show  # a small board is built as before


def test_a_backend_named_without_an_encoding_gets_one_within_the_budget():
    small = resolve(sparse_hidato(6), "cpsat", None)[1].name
    big = resolve(sparse_hidato(30), "cpsat", None)[1].name
    assert small == "cpsat-bool" and big == "cpsat-seg"  # cpsat-bool is estimated at 2.3 GB there
    # nothing of its target fits: the usual choice stays, and the front door refuses it by name
    assert resolve(sparse_hidato(30), "cadical153", None)[1].name == "cnf-pos"
    with pytest.raises(TooLarge, match="cnf-pos on cadical153"):
        gridsat.solve(sparse_hidato(30), backend="cadical153", time_limit=1)
