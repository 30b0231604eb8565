"""Generator throughput and quality: Sudoku 9x9 against QQWing, jigsaw 9x9, Hidato 10x10 to 40x40.

Usage: ``python benchmarks/generate.py [--quick] [--sudoku N] [--sudoku-only] [--skip-big | --big-only]``
or ``python benchmarks/generate.py --peers --tdoku PATH --qqwing PATH [--count 300] [--rounds 5]``

``--peers`` runs only the whole-process table (``benchmarks/_gen_peers.py``): gridsat's
command line, tdoku's generator program and QQWing, alternating, each puzzle then proved
unique and minimal by MiniSat on gridsat's CNF (a backend apart from the C core). The
benchmark builds nothing: ``--tdoku`` is tdoku's ``generate`` program (``src/generate.cc``
built with its library), ``--qqwing`` a QQWing executable.

The 9x9 table has QQWing and hodoku-py's generator (when installed; ``benchmarks/sudoku.py``
installs hodoku-py) beside gridsat on its C core and on the SAT route (the core left aside,
the same puzzles), so before and after come from one run.

Every puzzle counted here was proven unique while it was carved and re-checked through
``gridsat.check``; the timings include both. Wall-clock and CPU rates are printed: the
machine is shared, so CPU time is the fairer comparison (QQWing's CPU time is its child
process's user + system time). Scores are computed after the timed runs: the SE rating of
``gridsat.kinds.sudoku.logic.rate`` for the Sudoku family, and fresh-solver conflicts + decisions for Hidato.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter

from gridsat import Sudoku
from gridsat.generators import stream
from gridsat.kinds.sudoku.generate_native import sat_route
from gridsat.kinds.hidato.generate import hidato_score


def _timed(fn):
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - t, time.process_time() - c


def _grades(ratings) -> str:
    from gridsat.kinds.sudoku.logic import grade

    c = Counter(grade(r) for r in ratings)
    order = ["easy", "medium", "hard", "expert", "extreme"]
    return ", ".join(f"{g} {c[g]}" for g in order if c[g])


def _rate_all(puzzles):
    from gridsat.kinds.sudoku.logic import rate

    return [rate(p, figures=False).rating for p in puzzles]


def _row(*cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def qqwing(n: int, exe: str | None = None):
    exe = exe or shutil.which("qqwing")
    if exe is None:
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([exe, "--generate", str(n), "--one-line"], capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [x.strip() for x in out.splitlines() if len(x.strip()) == 81]
    puzzles = [Sudoku.classic([0 if ch == "." else int(ch) for ch in x]) for x in lines]
    return puzzles, wall, cpu


def hodoku_generator(n: int):
    """hodoku-py's generator (``SudokuGenerator.generate_sudoku(symmetric=False)``: one removal pass
    in random order, so minimal unless it stops at 17 givens), or ``None`` when it is not installed."""
    try:
        from hodoku.generator.generator import SudokuGenerator
    except ImportError:
        return None
    import random as _random

    gen = SudokuGenerator(_random.Random(1))
    t, c = time.perf_counter(), time.process_time()
    lines = [gen.generate_sudoku(symmetric=False) for _ in range(n)]
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    return [Sudoku.classic([int(ch) for ch in x]) for x in lines], wall, cpu


def _big(a) -> None:
    """Hidato 20x20 to 40x40 and Numbrix 30x30, one puzzle per seed (timed with the final re-check)."""
    print("\n## Big Hidato (one puzzle per seed)\n")
    print(_row("puzzle", "seed", "wall s", "CPU s", "givens", "density"))
    print(_row(*["---"] * 6))
    big = [("hidato", 20, [1, 2, 3]), ("hidato", 30, [1, 2]), ("hidato", 40, [1, 2]), ("numbrix", 30, [1])]
    for kind, size, seeds in big if not a.quick else [("hidato", 20, [1]), ("hidato", 30, [1])]:
        for s in seeds:
            (g,), wall, cpu = _timed(lambda: list(stream(kind, 1, seed=s, rows=size, cols=size, score=False)))
            print(_row(f"{kind} {size}x{size}", s, f"{wall:.1f}", f"{cpu:.1f}", g.givens,
                       f"{g.info['density']:.3f}"), flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small counts (a smoke run)")
    ap.add_argument("--sudoku", type=int, default=None, help="9x9 puzzles per generator (default 300; quick 50)")
    ap.add_argument("--skip-big", action="store_true", help="skip Hidato and Numbrix 20x20 to 40x40")
    ap.add_argument("--big-only", action="store_true", help="only Hidato and Numbrix 20x20 to 40x40")
    ap.add_argument("--sudoku-only", action="store_true", help="only the 9x9 Sudoku table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--peers", action="store_true", help="only the whole-process table against tdoku and QQWing")
    ap.add_argument("--tdoku", metavar="PATH", help="tdoku's generate program (for --peers)")
    ap.add_argument("--qqwing", metavar="PATH", help="a QQWing executable (default: qqwing on PATH)")
    ap.add_argument("--count", type=int, default=300, help="--peers: puzzles a process (default 300)")
    ap.add_argument("--rounds", type=int, default=5, help="--peers: rounds, alternating (default 5)")
    ap.add_argument("--no-proof", action="store_true", help="--peers: skip the MiniSat proofs")
    ap.add_argument("--prove-first", action="store_true", help="--peers: prove the first round's puzzles only")
    a = ap.parse_args(argv)
    if a.peers:
        from _gen_peers import run_peers

        run_peers(a.count, a.rounds, a.tdoku, a.qqwing or shutil.which("qqwing"), prove=not a.no_proof,
                  first_only=a.prove_first)
        return 0
    if a.big_only:
        _big(a)
        return 0
    n9 = a.sudoku or (50 if a.quick else 300)
    nj = 10 if a.quick else 50
    nh = 5 if a.quick else 20
    print(f"# gridsat generator benchmark  (cores: {os.cpu_count()}, load: {os.getloadavg()[0]:.1f})\n")

    # ------------------------------------------------------------------ Sudoku 9x9 vs QQWing
    print(f"## Sudoku 9x9: {n9} puzzles each\n")
    print(_row("generator", "wall/s", "CPU/s", "mean givens", "min", "max", "minimal", "SE grades"))
    print(_row(*["---"] * 8))
    qq = qqwing(n9, a.qqwing)
    if qq is not None:
        qp, qwall, qcpu = qq
        giv = [p.num_givens for p in qp]
        print(_row("qqwing --generate", f"{len(qp) / qwall:.0f}", f"{len(qp) / qcpu:.0f}",
                   f"{statistics.mean(giv):.2f}", min(giv), max(giv), "?", _grades(_rate_all(qp))), flush=True)
    else:
        print(_row("qqwing", "not installed", "", "", "", "", "", ""), flush=True)
    hk = hodoku_generator(n9)
    rates = {}
    if hk is not None:
        hp, hwall, hcpu = hk
        giv = [p.num_givens for p in hp]
        rates["hodoku"] = (len(hp) / hwall, len(hp) / hcpu)
        print(_row("hodoku-py SudokuGenerator (symmetric=False)", f"{rates['hodoku'][0]:.0f}",
                   f"{rates['hodoku'][1]:.0f}", f"{statistics.mean(giv):.2f}", min(giv), max(giv), "?",
                   _grades(_rate_all(hp))), flush=True)
    if qq is not None:
        rates["qqwing"] = (len(qp) / qwall, len(qp) / qcpu)
    # the same generator with the C core left aside: every removal test a SAT call (the same puzzles)
    variants = [("gridsat (minimal, default: polish 4 at 25+ givens)", {}, False),
                ("gridsat, SAT route (core left aside)", {}, True),
                ("gridsat (minimal, polish 0)", {"polish": 0}, False),
                ("gridsat rot180", {"symmetry": "rot180"}, False)]
    for label, opts, sat in variants:
        with (sat_route() if sat else contextlib.nullcontext()):
            gs, wall, cpu = _timed(lambda: list(stream("sudoku", n9, seed=a.seed, score=False, **opts)))
        rates[label] = (n9 / wall, n9 / cpu)
        giv = [g.givens for g in gs]
        mins = sum(1 for g in gs if g.info.get("minimal"))
        print(_row(label, f"{n9 / wall:.0f}", f"{n9 / cpu:.0f}", f"{statistics.mean(giv):.2f}", min(giv), max(giv),
                   f"{mins}/{n9}", _grades(_rate_all([g.puzzle for g in gs]))), flush=True)
    gs, wall, cpu = _timed(lambda: list(stream("sudoku", n9, seed=a.seed, score=False, jobs=2)))
    print(_row("gridsat --jobs 2", f"{n9 / wall:.0f}", f"{n9 / cpu:.0f} (parent only)",
               f"{statistics.mean(g.givens for g in gs):.2f}", "", "", "", ""), flush=True)
    default = rates["gridsat (minimal, default: polish 4 at 25+ givens)"]
    print()
    for key, label in (("gridsat, SAT route (core left aside)", "the SAT route (target >= 5x)"),
                       ("qqwing", "QQWing"), ("hodoku", "hodoku-py")):
        if key in rates:
            print(f"- gridsat default vs {label}: {default[0] / rates[key][0]:.2f}x wall, "
                  f"{default[1] / rates[key][1]:.2f}x CPU")
    if a.sudoku_only:
        return 0

    # ------------------------------------------------------------------ other Sudoku sizes
    print("\n## Other sizes (minimal puzzles)\n")
    print(_row("puzzle", "count", "s/puzzle (wall)", "s/puzzle (CPU)", "mean givens", "min"))
    print(_row(*["---"] * 6))
    for kind, size, count in [("sudoku", 4, 200), ("sudoku", 6, 200), ("sudoku", 12, 3 if a.quick else 10),
                              ("sudoku", 16, 1 if a.quick else 3), ("jigsaw", 6, 100), ("jigsaw", 9, nj),
                              ("jigsaw", 12, 2 if a.quick else 5)]:
        gs, wall, cpu = _timed(lambda: list(stream(kind, count, seed=a.seed, size=size, score=False)))
        giv = [g.givens for g in gs]
        label = f"{kind} {size}x{size}" + (" (fresh layout each)" if kind == "jigsaw" else "")
        print(_row(label, count, f"{wall / count:.4f}", f"{cpu / count:.4f}", f"{statistics.mean(giv):.2f}",
                   min(giv)), flush=True)
    gs = list(stream("jigsaw", nj, seed=a.seed, size=9, score=False))
    print(f"\njigsaw 9x9 SE grades: {_grades(_rate_all([g.puzzle for g in gs]))}")

    # ------------------------------------------------------------------ Hidato / Numbrix
    print("\n## Hidato / Numbrix (1 and N kept; removal until minimal)\n")
    print(_row("puzzle", "count", "puzzles/s (wall)", "puzzles/s (CPU)", "mean givens", "mean density",
               "effort median (min-max)"))
    print(_row(*["---"] * 7))
    for kind, r, c in [("hidato", 10, 10), ("numbrix", 10, 10), ("hidato", 8, 8)]:
        gs, wall, cpu = _timed(lambda: list(stream(kind, nh, seed=a.seed, rows=r, cols=c, score=False)))
        eff = [sum(hidato_score(g.puzzle, g.solution).get(k, 0) for k in ("conflicts", "decisions")) for g in gs]
        print(_row(f"{kind} {r}x{c}", nh, f"{nh / wall:.2f}", f"{nh / cpu:.2f}",
                   f"{statistics.mean(g.givens for g in gs):.1f}",
                   f"{statistics.mean(g.info['density'] for g in gs):.3f}",
                   f"{statistics.median(eff):.0f} ({min(eff)}-{max(eff)})"), flush=True)
    for shape in ("heart", "ring", "diamond"):
        gs, wall, cpu = _timed(lambda: list(stream("hidato", 5, seed=a.seed, shape=shape, rows=10, score=False)))
        print(_row(f"hidato {shape} ({gs[0].puzzle.num_cells} cells)", 5, f"{5 / wall:.2f}", f"{5 / cpu:.2f}",
                   f"{statistics.mean(g.givens for g in gs):.1f}",
                   f"{statistics.mean(g.info['density'] for g in gs):.3f}", ""), flush=True)
    if not a.skip_big:
        _big(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
