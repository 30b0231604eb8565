"""Agreement of gridsat's logical ratings with Sudoku Explainer ratings, and throughput.

Usage::

    python benchmarks/rating.py DATA [--limit N] [--no-uniqueness] [--extra w-wing] [--every K] [--detail]
                                     [--dump FILE] [--jobs N] [--by-technique]

DATA holds one puzzle per line: ``<81 chars, 0 or . = empty> <SE rating>`` (``#`` comments).
Prints the machine's load average, the Spearman rank correlation, the share of exact
matches among puzzles SE rates below 6, the share within 0.5 overall, and the throughput
of one process (wall clock and CPU time). ``--jobs N`` adds a row for N worker processes
(the ratings are checked to be the same); ``--dump FILE`` writes one line per puzzle
(``index puzzle SE ours hardest steps``). ``--by-technique`` prints the CPU time spent in
each technique, every call counted (a timer around each call: unlike cProfile, it does not
inflate code that calls many small built-ins). Uniqueness techniques are on by default (the
calibration puzzles have one solution, and SE uses them).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solve_logic, solver


def _ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        r = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[order[k]] = r
        i = j + 1
    return ranks


def spearman(a, b) -> float:
    """Spearman rank correlation with average ranks for ties."""
    ra, rb = _ranks(a), _ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def read(path, limit=None, every=1):
    out = []
    with open(path) as f:
        for i, line in enumerate(x for x in f if x.strip() and not x.startswith("#")):
            if i % every:
                continue
            s, r = line.split()[:2]
            out.append((s, float(r)))
            if limit and len(out) >= limit:
                break
    return out


def rate_one(s: str, uniqueness: bool = True, extra=()) -> tuple[float, str | None, int, bool, bool]:
    """Rate one 81-character puzzle: (rating, hardest technique, steps, solved, used search)."""
    p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
    res = solve_logic(p, uniqueness=uniqueness, extra=extra)
    return res.rating, res.hardest, len(res.steps), res.solved, res.used_search


def _rate_chunk(args) -> list:
    puzzles, uniqueness, extra = args
    return [rate_one(s, uniqueness, extra) for s in puzzles]


def time_techniques() -> tuple[dict, dict]:
    """Wrap every technique of the solver in a CPU timer; (seconds, calls) per technique name."""
    seconds: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)

    def timed(t):
        func, name = t.func, t.name

        def run(*a, **kw):
            c0 = time.process_time()
            try:
                return func(*a, **kw)
            finally:
                seconds[name] += time.process_time() - c0
                calls[name] += 1
        run.__wrapped__ = func  # (the C filter still stands in for the technique)
        return solver.Technique(t.name, t.rating, run, t.default, t.uniqueness, t.chain, t.top)

    solver.TECHNIQUES = tuple(timed(t) for t in solver.TECHNIQUES)
    return seconds, calls


def _path(s: str, uniqueness: bool, extra) -> list:
    p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
    return [st.to_dict() for st in solve_logic(p, uniqueness=uniqueness, extra=extra).steps]


def check_steps(items, uniqueness: bool, extra) -> None:
    """Solve every puzzle with the filter and with every technique in Python, alternating;
    print whether every step is the same, and both CPU times."""
    same = steps = 0
    cpu = [0.0, 0.0]
    for s, _ in items:
        paths = []
        for k, off in enumerate((False, True)):
            native_filter._STATE["off"] = off
            c0 = time.process_time()
            paths.append(_path(s, uniqueness, extra))
            cpu[k] += time.process_time() - c0
        native_filter._STATE["off"] = False
        same += paths[0] == paths[1]
        steps += len(paths[0])
    n = len(items)
    print(f"steps, filter vs Python      {same}/{n} paths identical ({steps} steps); "
          f"CPU {cpu[0]:.1f} s vs {cpu[1]:.1f} s = {cpu[1] / max(cpu[0], 1e-9):.2f}x")


def filter_audit(items, uniqueness: bool, extra) -> int:
    """Every C test against its Python technique on every grid along every path; 1 on a wrong "none"."""
    techs = solver._select(uniqueness, None, extra)
    total: dict[str, list[int]] = {}
    for s, _ in items:
        p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
        for name, row in native_filter.audit(solver.path_grids(p, uniqueness, extra=extra), techs).items():
            acc = total.setdefault(name, [0, 0, 0])
            for i in range(3):
                acc[i] += row[i]
    print(f"{'technique':24s} {'agree':>8s} {'wrong none':>10s} {'extra step':>10s}")
    for t in techs:
        if t.name in total:
            a, fn, fp = total[t.name]
            print(f"{t.name:24s} {a:8d} {fn:10d} {fp:10d}")
    missing = [t.name for t in techs if t.name not in total]
    print(f"not written in C: {', '.join(missing) if missing else 'none'}")
    return 1 if any(row[1] for row in total.values()) else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--every", type=int, default=1, help="take every K-th puzzle (spread over the scale)")
    ap.add_argument("--no-uniqueness", action="store_true")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--detail", action="store_true", help="per-SE-value table")
    ap.add_argument("--dump", help="write every puzzle's rating to this file")
    ap.add_argument("--jobs", type=int, default=0, help="also time N worker processes (extra row)")
    ap.add_argument("--by-technique", action="store_true", help="CPU time spent in each technique")
    ap.add_argument("--no-filter", action="store_true",
                    help="run every technique in Python (without the C filter)")
    ap.add_argument("--filter-audit", action="store_true",
                    help="compare every C test with its Python technique on every grid of every path")
    ap.add_argument("--check-steps", action="store_true",
                    help="also solve with every technique in Python: every step must be the same")
    args = ap.parse_args(argv)
    items = read(args.data, args.limit, args.every)
    if args.filter_audit:
        return filter_audit(items, not args.no_uniqueness, args.extra)
    if args.no_filter:
        native_filter._STATE["off"] = True
    on, why = native_filter.status()
    print(f"C filter                     {'on: ' + ', '.join(native_filter.techniques_in_c()) if on else 'off (' + str(why) + ')'}")
    uniq = not args.no_uniqueness
    timers = time_techniques() if args.by_technique else None
    load = os.getloadavg()
    print(f"load average (1/5/15 min)    {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}  ({os.cpu_count()} CPUs)")
    ours, theirs, rows = [], [], []
    t0 = time.perf_counter()
    c0 = time.process_time()
    unsolved = 0
    searched = 0
    for s, se in items:
        row = rate_one(s, uniq, args.extra)
        rows.append(row)
        unsolved += not row[3]
        searched += row[4]
        ours.append(row[0])
        theirs.append(se)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    n = len(items)
    low = [(a, b) for a, b in zip(ours, theirs) if b < 6]
    exact_low = sum(1 for a, b in low if abs(a - b) < 0.05)
    within = sum(1 for a, b in zip(ours, theirs) if abs(a - b) <= 0.5 + 1e-9)
    rho = spearman(ours, theirs)
    print(f"puzzles                      {n}")
    print(f"spearman                     {rho:.3f}   (target >= 0.9)")
    print(f"exact, SE < 6                {100 * exact_low / max(1, len(low)):.1f}%  ({exact_low}/{len(low)}; target >= 80%)")
    print(f"within 0.5, all              {100 * within / n:.1f}%  ({within}/{n}; target >= 70%)")
    print(f"throughput (wall clock)      {n / dt:.1f} puzzles/s  ({dt:.1f} s)")
    print(f"throughput (CPU time)        {n / cpu:.1f} puzzles/s  ({cpu:.1f} s of CPU; target >= 500; the machine may be shared)")
    print(f"used search / unsolved       {searched} / {unsolved}")
    if args.jobs:
        puzzles = [s for s, _ in items]
        size = max(1, len(puzzles) // (args.jobs * 8))
        chunks = [(puzzles[i:i + size], uniq, args.extra) for i in range(0, len(puzzles), size)]
        t1 = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as ex:
            par = [row for part in ex.map(_rate_chunk, chunks) for row in part]
        dtp = time.perf_counter() - t1
        same = [r[0] for r in par] == ours
        print(f"throughput ({args.jobs} processes, wall) {n / dtp:.1f} puzzles/s  ({dtp:.1f} s; ratings "
              f"{'identical' if same else 'DIFFERENT'})")
    if args.check_steps:
        check_steps(items, uniq, args.extra)
    if args.dump:
        with open(args.dump, "w") as f:
            for i, ((s, se), (r, hardest, nsteps, _, _)) in enumerate(zip(items, rows)):
                f.write(f"{i}\t{s}\t{se}\t{r:.1f}\t{hardest}\t{nsteps}\n")
    if timers:
        seconds, calls = timers
        print(f"\n{'technique':24s} {'calls':>7s} {'CPU s':>7s} {'share':>6s}")
        for name in sorted(seconds, key=seconds.get, reverse=True):
            print(f"{name:24s} {calls[name]:7d} {seconds[name]:7.2f} {100 * seconds[name] / cpu:5.1f}%")
        rest = cpu - sum(seconds.values())
        print(f"{'(outside techniques)':24s} {'':7s} {rest:7.2f} {100 * rest / cpu:5.1f}%")
    if args.detail:
        by = defaultdict(list)
        for a, b in zip(ours, theirs):
            by[b].append(a)
        print("\n  SE   n  exact  within0.5  mean(ours)")
        for b in sorted(by):
            xs = by[b]
            print(f"{b:5.1f} {len(xs):3d} {sum(abs(a - b) < 0.05 for a in xs):5d} {sum(abs(a - b) <= 0.5 + 1e-9 for a in xs):9d}"
                  f"  {sum(xs) / len(xs):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
