"""Counting benchmark: every counting method on instances with known counts, in one run.

Methods: ``enum`` (the default backend enumerates with blocking clauses), ``cpsat`` (CP-SAT
enumeration), ``d4`` and ``ganak`` (exact projected #SAT), ``approx`` (ApproxMC, epsilon 0.8,
delta 0.2). Each job runs once through ``gridsat.count(puzzle, method=...)`` with a time
limit; times are wall clock on a shared machine.

Instances (known counts)
------------------------
* ``4x4 empty``: 288;
* ``6x6, first row fixed``: 39,168 (2x3 boxes, first row 1..6);
* ``Latin squares, order 5``: 161,280 (A002860), a jigsaw whose regions are its rows;
* ``Numbrix 5x5``: 8,648 (A096969), an open 5x5 board with rook moves;
* ``A172478 n=5``: 11,762,160 jigsaw grids summed over the 4,006 region layouts (A172477).
  Every exact method first counts a sample of layouts; the fastest on the sample then counts
  all 4,006 (``--layouts all``), or the sample only (``--layouts sample``), or none.

Usage::

    python benchmarks/counting.py                       # everything, 120 s per job
    python benchmarks/counting.py --time-limit 30 --layouts sample
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from importlib.metadata import PackageNotFoundError, version

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.counting import get_method
from gridsat.generators.layouts import enumerate_layouts

METHODS = ["enum", "cpsat", "d4", "ganak", "approx"]
EXACT = ["enum", "cpsat", "d4", "ganak"]


def instances():
    """(name, puzzle, known count)."""
    return [
        ("4x4 empty", Sudoku.empty(4), 288),
        ("6x6, first row fixed", Sudoku.classic([1, 2, 3, 4, 5, 6] + [0] * 30), 39168),
        ("Latin squares, order 5", Sudoku.jigsaw([0] * 25, regions=[r for r in range(5) for _ in range(5)]), 161280),
        ("Numbrix 5x5", Hidato(5, 5, adjacency="rook"), 8648),
    ]


def cell(res, expected: int | None, elapsed: float) -> str:
    """``count in time``; ``~`` marks an estimate, ``!`` a wrong exact count."""
    if res is None:
        return "error"
    if res.count is None or (not res.complete and not res.approximate):
        return f"timeout ({elapsed:.0f} s)" if res.count is None else f">= {res.count:,} ({elapsed:.0f} s, stopped)"
    mark = "~" if res.approximate else ("" if expected is None or res.count == expected else "!")
    return f"{mark}{res.count:,} in {elapsed:.2f} s"


def timed(puzzle, method: str, time_limit: float):
    t0 = time.perf_counter()
    try:
        res = gridsat.count(puzzle, method=method, time_limit=time_limit)
    except gridsat.GridsatError as exc:
        print(f"  {method}: {exc}", file=sys.stderr)
        res = None
    return res, time.perf_counter() - t0


def layouts_run(methods, time_limit: float, mode: str, sample_every: int) -> list[list[str]]:
    """Rows for the A172478 n=5 table: per-method sample timings, then the full sum."""
    layouts = list(enumerate_layouts(5))
    sample = layouts[::sample_every]
    rows = []
    per = {}
    for m in methods:
        t0 = time.perf_counter()
        total, ok = 0, True
        for lay in sample:
            res = gridsat.count(Sudoku.empty(5, regions=lay), method=m, time_limit=time_limit)
            if not res.complete:
                ok = False
                break
            total += res.count
        el = time.perf_counter() - t0
        if ok:
            per[m] = el / len(sample)
            rows.append([f"sample of {len(sample)} layouts", m, f"{total:,}", f"{el:.2f} s ({per[m]:.3f} s/layout)"])
        else:
            rows.append([f"sample of {len(sample)} layouts", m, "incomplete", f"{el:.2f} s"])
    if mode == "all" and per:
        best = min(per, key=per.get)
        t0 = time.perf_counter()
        total = sum(gridsat.count(Sudoku.empty(5, regions=lay), method=best).count for lay in layouts)
        el = time.perf_counter() - t0
        mark = "" if total == 11762160 else "!"
        rows.append([f"all {len(layouts):,} layouts", best, f"{mark}{total:,}", f"{el:.1f} s"])
    return rows


def table(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    line = lambda r: "| " + " | ".join(str(x).ljust(w) for x, w in zip(r, widths)) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per job (default 120)")
    ap.add_argument("--methods", default=",".join(METHODS), help="comma-separated subset of " + ",".join(METHODS))
    ap.add_argument("--layouts", choices=["all", "sample", "none"], default="all",
                    help="A172478 n=5: sample timings then the full sum with the fastest (all), sample only, or skip")
    ap.add_argument("--sample-every", type=int, default=200, help="layout sample: every k-th of the 4,006")
    args = ap.parse_args(argv)
    methods = [m for m in args.methods.split(",") if m]
    missing = {m: get_method(m).unavailable() for m in methods}
    methods = [m for m in methods if not missing[m]]
    for m, why in missing.items():
        if why:
            print(f"skipped {m}: {why}")

    pkgs = []
    for p in ("ortools", "python-sat", "d4solver", "pyganak", "pyapproxmc"):
        try:
            pkgs.append(f"{p} {version(p)}")
        except PackageNotFoundError:
            pass
    print(f"# gridsat counting benchmark, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start; " + ", ".join(pkgs))
    print(f"# time limit {args.time_limit:g} s per job; '~' estimate, '!' wrong count\n")

    rows = []
    for name, puzzle, expected in instances():
        row = [name, f"{expected:,}"]
        for m in methods:
            res, el = timed(puzzle, m, args.time_limit)
            row.append(cell(res, expected, el))
            print(f"  {name} / {m}: {row[-1]}", file=sys.stderr, flush=True)
        rows.append(row)
    print(table(["instance", "known count"] + methods, rows), flush=True)

    if args.layouts != "none":
        exact = [m for m in methods if m in EXACT]
        lrows = layouts_run(exact, args.time_limit, args.layouts, args.sample_every)
        print("\nA172478 n=5: jigsaw 5x5 grids summed over region layouts (known total 11,762,160)\n")
        print(table(["layouts", "method", "sum of counts", "time"], lrows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
