"""Whole-process 9x9 generation against tdoku and QQWing, every puzzle proved by an independent check.

Used by ``benchmarks/generate.py --peers``. Each round runs, in turn (the order rotating from
round to round), one whole process of each generator making ``count`` puzzles:

* ``gridsat generate sudoku --minimal -n COUNT --seed S`` (``python -m gridsat.cli``);
* tdoku's generator program (``src/generate.cc``, given as ``--tdoku PATH``) with
  ``-p0 -d81 -e0 -s0 -a1 -l COUNT``: vanilla puzzles, every clue dropped before each
  puzzle, so each is a fresh ``TdokuConstrain`` (random clues until unique) then
  ``TdokuMinimize`` (every clue tried in random order), with no guess-count evaluation;
* QQWing (``--qqwing PATH``) with ``--generate COUNT --one-line``.

Wall time and CPU time (the child's user + system) are taken per process; the table gives
the medians over the rounds. Every puzzle of every round (``first_only``: of the first
round) is then checked by python-sat's MiniSat on gridsat's ``cnf-extended`` CNF, a backend
that shares nothing with the C core that makes gridsat's puzzles: unique (no second
solution) and minimal (each given, removed alone, lets a second solution in).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

from gridsat import Sudoku
from gridsat.encoders import get_encoding
from gridsat.generators.oracle import CnfOracle

__all__ = ["run_peers", "proved"]


def _run(cmd: list[str]) -> tuple[list[str], float, float]:
    """The 81-character lines a process printed, its wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [x.split()[0] for x in out.splitlines() if x.strip() and len(x.split()[0]) == 81]
    return lines, wall, cpu


def proved(lines: list[str], minimal: bool = True) -> tuple[int, int]:
    """How many puzzles MiniSat proves unique, and how many unique and minimal (``minimal``)."""
    oracle = CnfOracle(get_encoding("cnf-extended", "sudoku").build(Sudoku.empty(9)), "minisat22")
    unique = both = 0
    for line in lines:
        vals = [int(ch) if ch.isdigit() and ch != "0" else 0 for ch in line]
        lits = {c: int(oracle.var[c, v]) for c, v in enumerate(vals) if v}
        if not oracle.sat(list(lits.values())):
            continue
        sol = oracle.model_values()
        if oracle.differs(list(lits.values()), [(c, sol[c]) for c in range(81) if not vals[c]]):
            continue
        unique += 1
        if minimal and all(oracle.differs([x for d, x in lits.items() if d != c], [(c, sol[c])]) for c in lits):
            both += 1
    oracle.delete()
    return unique, both


def _compiled() -> bool:
    """Whether every module of the gridsat package being run has an up-to-date compiled file
    (else, with ``PYTHONDONTWRITEBYTECODE`` set, each start compiles the others again)."""
    import importlib.util
    import pathlib
    import struct

    import gridsat

    for src in pathlib.Path(gridsat.__file__).parent.rglob("*.py"):
        pyc = pathlib.Path(importlib.util.cache_from_source(str(src)))
        try:
            mtime, size = struct.unpack("<8xII", pyc.read_bytes()[:16])
        except (OSError, struct.error):
            return False
        st = src.stat()
        if mtime != int(st.st_mtime) & 0xFFFFFFFF or size != st.st_size & 0xFFFFFFFF:
            return False
    return True


def _gridsat(count: int, seed: int) -> list[str]:
    return [sys.executable, "-m", "gridsat.cli", "generate", "sudoku", "--minimal", "-n", str(count),
            "--seed", str(seed)]


def run_peers(count: int, rounds: int, tdoku: str | None, qqwing: str | None, prove: bool = True,
              first_only: bool = False) -> dict:
    """Print the whole-process table; returns ``{name: (puzzles/s CPU, puzzles/s wall)}``."""
    env_note = "PYTHONDONTWRITEBYTECODE" in os.environ and not _compiled()
    makers = [("gridsat generate sudoku --minimal", lambda r: _gridsat(count, 1 + r * count))]
    if tdoku:
        makers.append(("tdoku generate (constrain + minimize)",
                       lambda r: [tdoku, "-p0", "-d81", "-e0", "-s0", "-a1", f"-l{count}"]))
    if qqwing:
        makers.append(("qqwing --generate", lambda r: [qqwing, "--generate", str(count), "--one-line"]))
    start = _run([sys.executable, "-m", "gridsat.cli", "generate", "sudoku", "--minimal", "-n", "1", "--seed", "1"])
    times: dict = {name: [] for name, _ in makers}
    made: dict = {name: [] for name, _ in makers}
    for r in range(rounds):
        for k in range(len(makers)):
            name, cmd = makers[(k + r) % len(makers)]
            lines, wall, cpu = _run(cmd(r))
            times[name].append((len(lines), wall, cpu))
            if r == 0 or not first_only:
                made[name] += lines
    print(f"\n## Sudoku 9x9, whole process: {count} minimal puzzles a run, {rounds} rounds alternating "
          f"(load {os.getloadavg()[0]:.1f})\n")
    if env_note:
        print("(PYTHONDONTWRITEBYTECODE is set and some of gridsat's modules have no up-to-date compiled "
              "file: it compiles them at every start)\n")
    print("| generator | puzzles | wall s (median) | CPU s (median) | puzzles/s CPU | puzzles/s wall | mean givens "
          f"| unique (MiniSat, {'first round' if first_only else 'every round'}) | minimal (MiniSat) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    rates = {}
    for name, _ in makers:
        n = statistics.median(x[0] for x in times[name])
        wall = statistics.median(x[1] for x in times[name])
        cpu = statistics.median(x[2] for x in times[name])
        rates[name] = (n / cpu, n / wall)
        lines = made[name]
        giv = statistics.mean(sum(ch not in ".0" for ch in x) for x in lines) if lines else 0
        u, m = proved(lines) if prove else ("", "")
        print(f"| {name} | {n:.0f} | {wall:.3f} | {cpu:.3f} | {n / cpu:.0f} | {n / wall:.0f} | {giv:.2f} "
              f"| {u}/{len(lines)} | {m}/{len(lines)} |", flush=True)
    g = rates[makers[0][0]]
    print(f"\n- gridsat start-up (one puzzle, whole process): {start[1]:.3f} s wall, {start[2]:.3f} s CPU")
    for name, _ in makers[1:]:
        print(f"- gridsat vs {name}: {g[0] / rates[name][0]:.2f}x CPU, {g[1] / rates[name][1]:.2f}x wall")
    return rates
