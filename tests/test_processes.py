"""No process outlives its job: a race's children and their build children end with the job.

Each run starts ``gridsat`` as the leader of a new session, so every process of the run (the
command, the race's children, a child's build child) is in that process group; after the
command's output closes, no live member of the group may be left. The time limits are long
(60 s) and the communicate timeouts below them only guard against a hang: a process left
behind holds the output open until the limit.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

CLI = [sys.executable, "-m", "gridsat.cli"]

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self") or not hasattr(os, "killpg"),
                                reason="reads process groups from /proc")


def hidato_line(n: int, every: int = 0) -> str:
    """An ``n`` x ``n`` Hidato on one line, with a serpentine solution: 1 and ``n*n`` at the
    ends of the first column, and (``every`` > 0) every ``every``-th number of the path."""
    grid = [[0] * n for _ in range(n)]
    k = 1
    for r in range(n):
        for c in (range(n) if r % 2 == 0 else range(n - 1, -1, -1)):
            if k in (1, n * n) or (every and k % every == 0):
                grid[r][c] = k
            k += 1
    grid[n - 1][0] = n * n  # (the path ends there when n is even)
    return "/".join(",".join(map(str, row)) for row in grid) + "\n"


def members(pgid: int) -> list[int]:
    """The live (not zombie) processes of process group ``pgid``."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:  # it ended while we looked
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(name))
    return out


def gone(pgid: int, guard: float = 20.0) -> list[int]:
    """The group's live members once none is left, or after ``guard`` seconds (a kill by the
    kernel lands at once; the guard is only against a hang)."""
    end = time.monotonic() + guard
    left = members(pgid)
    while left and time.monotonic() < end:
        time.sleep(0.1)
        left = members(pgid)
    return left


def start(args: list[str], text: str) -> subprocess.Popen:
    """``gridsat ARGS`` reading ``text`` on standard input, as the leader of a new session,
    with Python's own SIGINT handler (as a shell starts it)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    p = subprocess.Popen(CLI + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True, env=env)
    p.stdin.write(text)
    p.stdin.close()
    p.stdin = None  # (communicate has nothing more to send)
    return p


def cleanup(p: subprocess.Popen) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        pass


def test_a_raced_solve_closes_its_output_with_the_answer_and_leaves_no_process():
    # 30x30, 900 cells: the kind's race (the local search with SAT, against SAT alone, whose
    # formula is built in a child under a time limit; --race skips the default's short search
    # alone before it); the search answers within a second
    p = start(["solve", "-t", "60", "-", "--race"], hidato_line(30, every=97))
    try:
        try:
            out, err = p.communicate(timeout=45)  # EOF on both pipes: no process holds them
        except subprocess.TimeoutExpired:
            pytest.fail("the output stayed open towards the 60 s limit: a process of the run outlived the answer")
        assert p.returncode == 0, err
        assert out.startswith("solved") and "race: " in out, out[:300]
        assert gone(p.pid) == []
    finally:
        cleanup(p)


def _wait_for_build_child(p: subprocess.Popen, guard: float = 45.0) -> None:
    """Until the race's child has forked its build child (three processes in the group)."""
    end = time.monotonic() + guard
    while len(members(p.pid)) < 3:
        if p.poll() is not None or time.monotonic() > end:
            pytest.fail(f"the race did not start its build child: {p.communicate()[1][-300:]}")
        time.sleep(0.05)


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_a_race_stopped_from_outside_takes_its_build_children_with_it(how):
    # SAT alone on an empty 30x30 board: the build child runs towards the limit
    p = start(["solve", "-t", "60", "--race", "glucose4:cnf-pos", "-"], hidato_line(30))
    try:
        _wait_for_build_child(p)
        if how == "ctrl-c":  # what the terminal does: SIGINT to the whole foreground group
            os.killpg(p.pid, signal.SIGINT)
        else:  # the command itself killed (a supervisor, the OOM killer)
            os.kill(p.pid, signal.SIGKILL)
        try:
            p.communicate(timeout=45)
        except subprocess.TimeoutExpired:
            pytest.fail("the output stayed open after the command stopped: a process of the run outlived it")
        assert p.returncode == (130 if how == "ctrl-c" else -signal.SIGKILL)
        assert gone(p.pid) == []
    finally:
        cleanup(p)


def test_a_race_that_reaches_its_time_limit_leaves_no_process():
    p = start(["solve", "-t", "3", "--race", "glucose4:cnf-pos", "-"], hidato_line(30))
    try:
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("the output stayed open long past the 3 s limit")
        assert p.returncode == 1, err
        assert out.startswith("unknown") and "time limit of 3.0 s reached" in out, out[:300]
        assert gone(p.pid) == []
    finally:
        cleanup(p)
