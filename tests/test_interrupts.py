"""SIGINT stops a job whatever disposition the process inherited, and a stopped search is
never an answer (no "time limit of None s reached")."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

import pytest

from gridsat import Sudoku
from gridsat.backends import Backend, Outcome
from gridsat.engine import run
from gridsat.limits import JobInterrupted

CLI = [sys.executable, "-m", "gridsat.cli"]


#: run in a child process (a SIGINT sent in the test process itself could reach a handler
#: other than the one under test and stop the test run): patch CP-SAT's progress hook to send
#: the process SIGINT at the first solution, count with ``HANDLER`` installed, print the outcome
_SIGINT_AT_FIRST_SOLUTION = """
import os, signal
import gridsat.backends.cpsat_backend as cb
from gridsat import Sudoku
from gridsat.engine import run
from gridsat.limits import JobInterrupted

sent = []
def hook(state):
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIGINT)
cb.report_progress = hook
signal.signal(signal.SIGINT, HANDLER)
try:
    res = run(Sudoku.empty(9), "count", limit=LIMIT, backend="cpsat")
    print("answer", bool(sent), res.count, res.verified, res.complete, bool(res.stats.get("interrupted")))
except JobInterrupted as exc:
    print("interrupted", bool(sent), bool(exc.result.stats.get("interrupted")), exc.result.reason)
except KeyboardInterrupt:
    print("bare KeyboardInterrupt", bool(sent))
"""


def _sigint_at_first_solution(handler: str, limit: int) -> list[str]:
    code = _SIGINT_AT_FIRST_SOLUTION.replace("HANDLER", handler).replace("LIMIT", str(limit))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_cpsat_in_a_process_that_ignores_sigint_is_not_cut_short():
    # a batch worker or a race's child ignores SIGINT (its parent stops it): CP-SAT's own
    # handler must not stop its search and hand back a truncated count as an answer
    got = _sigint_at_first_solution("signal.SIG_IGN", 40)
    assert got == ["answer", "True", "40", "True", "False", "False"], got


def test_cpsat_stopped_by_sigint_with_python_handler_is_an_interruption():
    got = _sigint_at_first_solution("signal.default_int_handler", 10**9)
    assert got == ["interrupted", "True", "True", "interrupted"], got


class _StoppedEarly(Backend):
    """A backend whose search a signal stopped: it reports a time-out with no time limit."""

    name, target = "stopped-early", "cnf"

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2):
        """Stop at once, as a solver that caught a signal does."""
        return Outcome(timed_out=True)


def test_a_search_stopped_without_a_time_limit_is_an_interruption_not_an_answer():
    with pytest.raises(JobInterrupted) as info:
        run(Sudoku.empty(4), "solve", backend=_StoppedEarly(), encoding="cnf-extended")
    res = info.value.result
    assert res.status == "unknown" and res.stats["interrupted"]
    assert "None" not in (res.reason or "")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell starts a background job of a script


def test_the_cli_started_with_sigint_ignored_stops_on_kill_int(tmp_path):
    board = tmp_path / "e9.txt"
    board.write_text("." * 81 + "\n" + "." * 81 + "\n")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    p = subprocess.Popen(CLI + ["count", "-b", "cpsat", "-l", "100000000", str(board)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=_ignore_sigint, env=env)
    guard = threading.Timer(90, p.kill)  # (against a hang only: the command never prints progress)
    guard.start()
    try:
        line = p.stderr.readline()  # the count's first progress line: the solve is under way
        assert "counting" in line, line
        p.send_signal(signal.SIGINT)
        try:
            stdout, err = p.communicate(timeout=60)  # (a guard against a hang only)
        except subprocess.TimeoutExpired:
            pytest.fail("gridsat started with SIGINT ignored did not stop on SIGINT")
        assert p.returncode == 130, err
        assert "None s" not in stdout + err and "Traceback" not in err
    finally:
        guard.cancel()
        if p.poll() is None:
            p.kill()
            p.wait()


def test_resume_runs_again_what_a_stopped_job_stored(tmp_path):
    from gridsat.jobs.store import Store

    path = tmp_path / "out.jsonl"
    path.write_text('{"id": "a:1", "status": "unique"}\n'
                    '{"id": "a:2", "status": "unknown", "reason": "time limit of None s reached"}\n'
                    '{"id": "a:3", "status": "ambiguous", "count": 12, "interrupted": true}\n'
                    '{"id": "a:4", "status": "unknown", "reason": "time limit of 5.0 s reached"}\n')
    store = Store(path, resume=True)
    try:
        assert store.done == {"a:1", "a:4"}
    finally:
        store.close()


_OS_HANDLER_KEPT = """
import ctypes, signal
from gridsat import Sudoku
from gridsat.engine import run

class Action(ctypes.Structure):
    _fields_ = [("handler", ctypes.c_void_p), ("mask", ctypes.c_ulong * 16), ("flags", ctypes.c_int),
                ("restorer", ctypes.c_void_p)]

def disposition():
    act = Action()
    assert ctypes.CDLL(None).sigaction(signal.SIGINT, None, ctypes.byref(act)) == 0
    return act.handler

import gridsat.backends.cpsat_backend as cb

seen = []
cb.report_progress = lambda state: seen.append(disposition())  # called during the search
before = disposition()
run(Sudoku.empty(4), "solve", backend="cpsat")
run(Sudoku.empty(4), "count", limit=5, backend="cpsat")
print(before == disposition(), len(seen) == 5 and set(seen) == {before}, before is not None)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process's SIGINT action with sigaction")
def test_cpsat_leaves_the_process_sigint_action_alone():
    # CP-SAT's own handler resets SIGINT to the default action when a solve ends (a Ctrl-C
    # just then killed Python with no cleanup) and logs from inside the handler (a deadlock
    # when the signal lands in malloc): it is never installed
    r = subprocess.run([sys.executable, "-c", _OS_HANDLER_KEPT], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "True", "True"], r.stdout


_CTRL_C_AS_THE_SOLVE_STARTS = """
import threading
import gridsat.backends.cpsat_backend as cb
from gridsat import Sudoku
from gridsat.engine import run
from gridsat.limits import JobInterrupted

class LateStart(threading.Thread):
    def start(self):
        super().start()
        raise KeyboardInterrupt  # as a Ctrl-C landing while start() waits for the thread

cb.threading = type("T", (), {"Thread": LateStart, "Event": threading.Event,
                              "current_thread": threading.current_thread, "main_thread": threading.main_thread})
try:
    run(Sudoku.empty(9), "count", limit=10**9, backend="cpsat")
    print("answer")
except JobInterrupted as exc:
    print("interrupted", [t.name for t in threading.enumerate() if t.name == "cp-sat solve"])
"""


def test_ctrl_c_as_a_cpsat_solve_starts_stops_it():
    # a stop asked before CP-SAT has made its solve is lost: the solve ran on and the process
    # aborted at exit ("terminate called without an active exception") with it still running
    r = subprocess.run([sys.executable, "-c", _CTRL_C_AS_THE_SOLVE_STARTS], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["interrupted", "[]"], r.stdout
