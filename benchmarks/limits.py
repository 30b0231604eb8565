"""Limits benchmark: time limits, Ctrl-C and peak memory, measured on real ``gridsat`` processes.

Three measurements, one process at a time (run nothing else heavy meanwhile):

* ``time``: ``gridsat solve -t 1`` on a sparse 30x30 Hidato (1 and 900 in opposite corners)
  and ``gridsat count -t 1`` on an empty 25x25 Sudoku, with every backend, ``--runs`` times
  each. The table gives the wall time of the job after start-up (the process's wall time
  less the start-up time of ``gridsat --version``): max and median. Target: at most 1.5 s.
* ``ctrl-c``: ``gridsat count`` on an empty 9x9 (and ``solve`` on the sparse 30x30 Hidato)
  per backend, SIGINT after ``--delay`` seconds; the time from the signal to the exit, and
  the exit codes seen (target: 130 within 0.5 s). The child starts with SIGINT at its default
  action, as a terminal starts it (a shell's background job would ignore it).
* ``memory``: peak resident memory (``/usr/bin/time -v``) of ``gridsat solve`` on the largest
  board each kind and encoding admits, under an address-space limit (``prlimit --as``) so a
  wrong estimate cannot eat the machine.

Usage::

    python benchmarks/limits.py time --runs 10
    python benchmarks/limits.py ctrl-c --runs 10
    python benchmarks/limits.py memory
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from gridsat.limits import parse_size  # (prlimit takes bytes, not "6G")

GRIDSAT = [sys.executable, "-m", "gridsat.cli"]
BACKENDS = ["cadical103", "cadical153", "cadical195", "glucose3", "glucose4", "glucose42", "lingeling",
            "maplechrono", "maplecm", "maplesat", "mergesat3", "minicard", "minisat22", "cpsat", "lns",
            "minizinc", "native"]


def sparse_hidato(n: int = 30) -> str:
    """An n x n Hidato with 1 and n*n in opposite corners, in the grid format."""
    rows = [["."] * n for _ in range(n)]
    rows[0][0], rows[n - 1][n - 1] = "1", str(n * n)
    return "\n".join(" ".join(f"{x:>4}" for x in r) for r in rows) + "\n"


def empty_sudoku(n: int) -> str:
    """An empty n x n Sudoku in the grid format (``.`` per cell, one row per line)."""
    return "\n".join(" ".join("." * n) for _ in range(n)) + "\n"


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wall(args: list[str], timeout: float = 120) -> tuple[float, int, str]:
    """Run ``gridsat ARGS``; (wall seconds, exit code, last stderr line)."""
    t0 = time.perf_counter()
    r = subprocess.run(GRIDSAT + args, capture_output=True, text=True, timeout=timeout,
                       preexec_fn=_default_sigint)
    err = (r.stderr.strip().splitlines() or [""])[-1]
    return time.perf_counter() - t0, r.returncode, err


def startup(runs: int = 5) -> float:
    """Median wall time of ``gridsat --version`` plus loading the solver modules."""
    code = "import gridsat.cli, gridsat.backends.pysat_backend, gridsat.backends.cpsat_backend"
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def measure_time(runs: int, backends: list[str], folder: str, max_memory: str | None = None) -> None:
    """The ``-t 1`` table (``max_memory``: passed as ``--max-memory``, so boards the default
    memory budget refuses are attempted too)."""
    hid, sud = os.path.join(folder, "h30.txt"), os.path.join(folder, "s25.txt")
    with open(hid, "w") as fh:
        fh.write(sparse_hidato(30))
    with open(sud, "w") as fh:
        fh.write(empty_sudoku(25))
    base = startup()
    print(f"start-up (import gridsat with the solver modules): {base:.2f} s; times below are after it")
    print(f"{'backend':<12} {'case':<24} {'max':>6} {'median':>7}  exit codes / note")
    for b in backends:
        extra = ["--max-memory", max_memory] if max_memory else []
        for case, args in (("hidato 30x30 solve", ["solve", "-t", "1", "-q", "-b", b, hid] + extra),
                           ("sudoku 25x25 count", ["count", "-t", "1", "-q", "-b", b, sud] + extra)):
            times, codes, note = [], set(), ""
            for _ in range(runs):
                t, code, err = wall(args)
                times.append(max(t - base, 0.0))
                codes.add(code)
                if "error:" in err or code == 2:
                    note = err[err.find("error:"):][:90]
                    break
            print(f"{b:<12} {case:<24} {max(times):6.2f} {statistics.median(times):7.2f}  "
                  f"{sorted(codes)} {note}", flush=True)


def measure_ctrl_c(runs: int, backends: list[str], delay: float, folder: str, job: str = "count") -> None:
    """The Ctrl-C table: time from SIGINT to exit (``job``: ``count`` on an empty 9x9 Sudoku,
    or ``solve`` on a sparse 20x20 Hidato, whose build and search both take seconds)."""
    e9 = os.path.join(folder, "e9.txt")
    with open(e9, "w") as fh:
        fh.write("." * 81 + "\n" if job == "count" else sparse_hidato(20))
    cmd = ["count", "-l", "100000000"] if job == "count" else ["solve"]
    print(f"{'backend':<12} {'max':>6} {'median':>7}  exit codes  partial count printed  last stderr line ({job})")
    for b in backends:
        times, codes, last, printed = [], set(), "", 0
        for _ in range(runs):
            p = subprocess.Popen(GRIDSAT + cmd + ["-b", b, e9], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
            time.sleep(delay)
            t0 = time.perf_counter()
            p.send_signal(signal.SIGINT)
            try:
                out, err = p.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                _, err = p.communicate()
                codes.add("hung")
                times.append(20.0)
                continue
            times.append(time.perf_counter() - t0)
            codes.add(p.returncode)
            last = (err.strip().splitlines() or [""])[-1][:60]
            printed += "(interrupted)" in out
        print(f"{b:<12} {max(times):6.2f} {statistics.median(times):7.2f}  {sorted(map(str, codes))}  "
              f"{printed}/{runs}  {last}", flush=True)


#: (kind, encoding, backend, board text maker, label): the largest boards the caps and budgets admit
MEMORY_CASES = [
    ("sudoku", "sudoku-native", "native", lambda: empty_sudoku(64), "64x64 empty"),
    ("sudoku", "cpsat-int", "cpsat", lambda: empty_sudoku(36), "36x36 empty"),
    ("sudoku", "cnf-extended", "minisat22", lambda: empty_sudoku(36), "36x36 empty"),
    ("sudoku", "cnf-minimal", "minisat22", lambda: empty_sudoku(36), "36x36 empty"),
    ("sudoku", "cnf-reduced", "minicard", lambda: empty_sudoku(36), "36x36 empty"),
    ("hidato", "cnf-pos", "glucose4", lambda: sparse_hidato(30), "30x30, 1 and 900"),
    ("hidato", "cnf-pos", "cadical153", lambda: sparse_hidato(28), "28x28, 1 and 784"),
    ("hidato", "cpsat-bool", "cpsat", lambda: sparse_hidato(28), "28x28, 1 and 784"),
    ("hidato", "mzn", "minizinc", lambda: sparse_hidato(30), "30x30, 1 and 900"),
    ("sudoku", "mzn", "minizinc", lambda: empty_sudoku(49), "49x49 empty"),
]


def peak_memory(args: list[str], limit: str, timeout: float) -> tuple[float, int, float, str]:
    """(peak resident MB, exit code, wall seconds, last stderr line) of ``gridsat ARGS``."""
    prefix = ["prlimit", f"--as={parse_size(limit)}"] if shutil.which("prlimit") else []
    cmd = prefix + ["/usr/bin/time", "-v"] + GRIDSAT + args
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    kb = 0.0
    for line in r.stderr.splitlines():
        if "Maximum resident set size" in line:
            kb = float(line.split(":")[1])
    lines = [x for x in r.stderr.splitlines() if not x.startswith("\t") and "Command" not in x]
    return kb / 1000, r.returncode, time.perf_counter() - t0, (lines or [""])[-1][:80]


def _tree_rss_kb(root: int) -> int:
    """Resident memory (kB) of process ``root`` and all its descendants, from /proc."""
    parent, rss = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as fh:
                parent[int(d)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{d}/status") as fh:
                rss[int(d)] = next((int(x.split()[1]) for x in fh if x.startswith("VmRSS:")), 0)
        except (OSError, ValueError, IndexError):
            continue
    tree, grew = {root}, True
    while grew:
        more = {p for p, pp in parent.items() if pp in tree and p not in tree}
        tree |= more
        grew = bool(more)
    return sum(rss.get(p, 0) for p in tree)


def peak_tree_memory(args: list[str], limit: str, timeout: float) -> float:
    """Peak resident MB of ``gridsat ARGS`` *with its child processes* (a solver it starts, such
    as MiniZinc's), sampled from /proc every 0.1 s."""
    prefix = ["prlimit", f"--as={parse_size(limit)}"] if shutil.which("prlimit") else []
    p = subprocess.Popen(prefix + GRIDSAT + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak, end = 0, time.perf_counter() + timeout
    while p.poll() is None and time.perf_counter() < end:
        peak = max(peak, _tree_rss_kb(p.pid))
        time.sleep(0.1)
    if p.poll() is None:
        p.kill()
    p.wait()
    return peak / 1000


def measure_memory(folder: str, limit: str, time_limit: float, only: str | None = None) -> None:
    """The memory table: the process's own peak (``/usr/bin/time``) and, sampled, its whole tree."""
    print(f"{'kind':<7} {'encoding':<14} {'backend':<11} {'board':<18} {'peak MB':>8} {'tree MB':>8} {'exit':>5} "
          f"{'wall s':>7}")
    wanted = set(only.split(",")) if only else None
    for kind, enc, backend, make, label in MEMORY_CASES:
        if wanted is not None and not wanted & {enc, backend}:
            continue
        path = os.path.join(folder, f"m-{kind}.txt")
        with open(path, "w") as fh:
            fh.write(make())
        args = ["solve", "-q", "-t", str(time_limit), "-b", backend, "--encoding", enc, "-k", kind, path]
        mb, code, secs, err = peak_memory(args, limit, time_limit + 120)
        tree = peak_tree_memory(args, limit, time_limit + 120)
        print(f"{kind:<7} {enc:<14} {backend:<11} {label:<18} {mb:8.0f} {tree:8.0f} {code:5d} {secs:7.1f}  "
              f"{err if code else ''}", flush=True)


def main() -> None:
    """Run the measurement named on the command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["time", "ctrl-c", "memory"])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--backends", default=",".join(BACKENDS))
    ap.add_argument("--delay", type=float, default=1.5, help="ctrl-c: seconds before SIGINT")
    ap.add_argument("--job", choices=["count", "solve"], default="count", help="ctrl-c: the job interrupted")
    ap.add_argument("--as-limit", default="6G", help="memory: address-space limit of each run")
    ap.add_argument("--time-limit", type=float, default=600, help="memory: -t of each run")
    ap.add_argument("--cases", help="memory: only the cases whose encoding or backend is in this list")
    ap.add_argument("--max-memory", help="time: pass --max-memory to every run (e.g. 6G)")
    a = ap.parse_args()
    backends = [b for b in a.backends.split(",") if b]
    with tempfile.TemporaryDirectory(prefix="gridsat-limits-") as folder:
        if a.what == "time":
            measure_time(a.runs, backends, folder, a.max_memory)
        elif a.what == "ctrl-c":
            measure_ctrl_c(a.runs, backends, a.delay, folder, a.job)
        else:
            measure_memory(folder, a.as_limit, a.time_limit, a.cases)


if __name__ == "__main__":
    main()
