"""The peers of benchmarks/sudoku.py: each solver beside gridsat, as an adapter that the
benchmark's rows call (CP-SAT rebuilt per puzzle, puzzlekit, QQWing, hodoku-py's and
rustoku's cores, gridsat's own command line and C core). A peer that is missing is
installed where it can be (pip, apt-get) or its rows are skipped with a message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from gridsat import Sudoku

__all__ = ["cpsat_rebuilt", "puzzlekit_solve", "ensure_qqwing", "native_core", "hodoku_core", "rustoku_solver",
           "gridsat_cli", "cli_batch", "cpu_seconds", "qqwing_batch"]


def cpsat_rebuilt(p: Sudoku, limit: int) -> int:
    """A fresh CP-SAT model per puzzle, as typical tools write it; returns the count up to ``limit``."""
    from ortools.sat.python import cp_model

    n = p.n
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    for i, v in enumerate(p.givens):
        if v:
            m.Add(x[i] == v)
    for _, cells in p.units:
        m.AddAllDifferent([x[c] for c in cells])
    solver = cp_model.CpSolver()
    if limit == 1:
        st = solver.Solve(m)
        return 1 if st in (cp_model.OPTIMAL, cp_model.FEASIBLE) else 0

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1
            if self.n >= limit:
                self.StopSearch()

    cb = Stop()
    solver.parameters.enumerate_all_solutions = True
    solver.Solve(m, cb)
    return cb.n


def puzzlekit_solve(p: Sudoku) -> str:
    """puzzlekit's CP-SAT solver for the puzzle's kind; returns its status string."""
    import puzzlekit

    n = p.n
    grid = [[str(v) if v else "-" for v in row] for row in p.rows()]
    if p.is_jigsaw:
        regions = [[str(r) for r in row] for row in p.rows(p.regions)]
        s = puzzlekit.solver("jigsaw_sudoku", {"num_rows": n, "num_cols": n, "grid": grid,
                                                "region_grid": regions})
    else:
        s = puzzlekit.solver("sudoku", {"num_rows": n, "num_cols": n, "grid": grid})
    res = s.solve()
    data = res if isinstance(res, dict) else getattr(res, "solution_data", {})
    return str(data.get("status", "?"))


def ensure_qqwing() -> str | None:
    exe = shutil.which("qqwing")
    if exe:
        return exe
    try:
        subprocess.run(["apt-get", "install", "-y", "qqwing"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        return None
    return shutil.which("qqwing")


def native_core():
    """gridsat's native backend module, or ``None`` (with a message) when the C core is missing."""
    from gridsat.kinds.sudoku import backend_native as nb
    from gridsat.kinds.sudoku import encode_native as sudoku_native  # noqa: F401  (registers sudoku-native)

    if nb.load() is None:
        print(f"native: {nb.load_error()}", file=sys.stderr)
        return None
    return nb


def _pip_import(module: str, package: str):
    """Import ``module``, installing ``package`` with pip into this interpreter when missing."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        pass
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["?"])[-1]
        print(f"{package}: pip install failed ({last}); its rows are skipped", file=sys.stderr)
        return None
    importlib.invalidate_caches()
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        print(f"{package}: installed but {module} does not import ({exc}); its rows are skipped", file=sys.stderr)
        return None


def hodoku_core():
    """hodoku-py's C accelerator module (``solve_string(line) -> (count up to 2, solution)``)."""
    mod = _pip_import("hodoku.generator._gen_accel", "hodoku-py")
    if mod is not None and not hasattr(mod, "solve_string"):
        print("hodoku-py: no solve_string in its C core; its rows are skipped", file=sys.stderr)
        return None
    return mod


def rustoku_solver():
    """rustoku's ``(solve, count)`` functions on 81-character lines, or ``None``.

    ``count`` is ``len(rustoku.solve_all(line))``: rustoku has no count-up-to-2, so on a
    unique puzzle it proves uniqueness as the others do.
    """
    mod = _pip_import("rustoku", "rustoku")
    if mod is None:
        return None
    if not (hasattr(mod, "solve") and hasattr(mod, "solve_all")):
        print("rustoku: no solve/solve_all functions; its rows are skipped", file=sys.stderr)
        return None
    return mod.solve, lambda line: len(mod.solve_all(line))


def gridsat_cli() -> list[str]:
    """The command that runs gridsat's CLI in a fresh process."""
    exe = Path(sys.executable).with_name("gridsat")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "gridsat.cli"]


def cli_batch(job: str, path: str, backend: str | None = None) -> tuple[tuple[float, float], str]:
    """(wall, CPU) time of one ``gridsat JOB FILE`` process over the whole file, and its statuses."""
    args = gridsat_cli() + [job, path] + (["--backend", backend] if backend else [])
    c0, t0 = cpu_seconds(), time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True)
    dt = time.perf_counter() - t0, cpu_seconds() - c0
    if r.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({r.returncode}): {r.stderr[-500:]}")
    import re
    from collections import Counter

    # one line per puzzle: "FILE:LINE: STATUS SOLUTION TIME"
    words = [m.group(1) for m in re.finditer(r"^.*?:\d+: (\w+)", r.stdout, re.M)]
    return dt, ", ".join(f"{k} {v}" for k, v in sorted(Counter(words).items()))


def cpu_seconds() -> float:
    """CPU seconds of this process (all threads) and of its finished children."""
    t = os.times()
    return time.process_time() + t.children_user + t.children_system


def qqwing_batch(exe: str, lines: list[str], count: bool) -> tuple[tuple[float, float], int]:
    """(wall, CPU) time of one QQWing process over every puzzle, and how many it reported unique."""
    args = [exe, "--solve", "--one-line"] + (["--count-solutions"] if count else [])
    data = "\n".join(lines) + "\n"
    c0, t0 = cpu_seconds(), time.perf_counter()
    out = subprocess.run(args, input=data, capture_output=True, text=True, check=True).stdout
    dt = time.perf_counter() - t0, cpu_seconds() - c0
    return dt, out.count("is unique")
