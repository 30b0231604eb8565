"""Hidato/Numbrix benchmark: every gridsat encoding against two peers, in one run.

Peers
-----
* ``ortools-example``: the model of OR-tools' ``examples/python/hidato_sat.py``,
  re-implemented here: one integer position per number, ``AddAllowedAssignments`` over
  the adjacent cell pairs for each consecutive pair of numbers, givens fixed. Uniqueness:
  solve again with the first solution forbidden (``AddForbiddenAssignments``).
* ``puzzlekit``: ``puzzlekit.solvers.hidoku.HidokuSolver`` from PyPI (integer cells,
  ``AddInverse``, division/modulo/abs for adjacency; full rectangles, king moves only).
  Uniqueness the same way, on its own model.

Both peers run with CP-SAT's default parameters (all cores). gridsat runs through
``gridsat.check`` (build + solve + uniqueness proof), with an empty formula cache per puzzle.
Times are wall clock, best of ``--repeat`` runs (jobs under ``--repeat-below`` seconds
only), the same for every solver: the benchmark machine is shared.

Cases (files under ``benchmarks/data``, native grid format; regenerate with ``--generate``)
-------------------------------------------------------------------------------------------
* ``a``: published density, ~40% givens, 7x7 .. 12x12, unique (3 per size);
* ``b``: 30x30, 30% givens, unique;
* ``c``: frontier, 20x20 and 30x30 with 10-20% givens drawn at random from random
  Hamiltonian paths (backbite moves), 1 and N included; not checked for uniqueness (the
  uniqueness proofs a generator needs are exactly what nobody can do at this density yet).
* ``c40-king``, ``c40-rook``, ``c50-king``, ``c50-rook``: the large frontier, 40x40 and
  50x50 king (Hidato) and rook (Numbrix) boards with 0%, 10% and 20% givens, three boards
  each (``benchmarks/make_hidato_frontier.py`` writes them, seeded).

The ``search`` backend (compiled local search, :mod:`gridsat.kinds.hidato.backend_search`)
proves nothing; give it as ``search:hidato-path`` in ``--encodings`` and it runs ``check``
once per solver seed (``--seeds``), beside the complete backends, through the front door
(every solution verified; its cap is 100x100, the complete backends' 40x40, past which
they are listed as refused). ``--default`` adds ``gridsat.check`` with no backend: the
kind's default, which races ``search+glucose4`` (the search, then a SAT proof with its
solutions blocked) against ``glucose4`` from 400 to 1,600 cells. ``--frontier`` runs case
c as issue 17 states it: the five frontier sets; glucose4, cpsat, the search with three
seeds, the default race and the OR-tools model; 10 s per run. ``--search-only`` runs just
the search. The last table gives, per set and solver, the answered runs (a verified
solution or a decision), the proved ones, and the median and max seconds.

Cases a and b come from :func:`gridsat.kinds.hidato.generate.generate_hidato` (carving givens
while the puzzle stays unique); the 30x30 carve stops at 30.2% and 32.7% (minimal there).

``--janko FILE`` runs the small-board comparison whole process instead: ``gridsat check``
over a file of janko.at-style puzzles against puzzlekit's ``hidoku`` in the Python given by
``--puzzlekit-python``, alternating, ``--rounds`` times (``benchmarks/_hidato_janko.py``);
``--write-janko N`` first writes N generated unique boards of each size 6x6 to 10x10 there.

Usage::

    python benchmarks/hidato.py                    # all cases, 60 s limit per job
    python benchmarks/hidato.py --cases a --time-limit 20 --peers ortools-example
    python benchmarks/hidato.py --frontier          # case c: every frontier set, 3 seeds, 10 s
    python benchmarks/hidato.py --janko boards.txt --write-janko 102 --puzzlekit-python /path/to/python
    python benchmarks/hidato.py --search-only --seeds 3 --time-limit 10 \
        --cases c,c40-king,c40-rook,c50-king,c50-rook
"""

from __future__ import annotations

import argparse
import random
import statistics
import os
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

import gridsat
from gridsat import Hidato
from gridsat.formats import read_text
from gridsat.kinds.hidato.format import write_grid
from gridsat.limits import TooLarge

DATA = Path(__file__).parent / "data"
ENCODINGS = [("cpsat", "cpsat-bool"), ("cpsat", "cpsat-circuit"), ("cpsat", "cpsat-seg"), ("minisat22", "cnf-pos"),
             ("cadical153", "cnf-pos"), ("cadical195", "cnf-pos"), ("glucose4", "cnf-pos"),
             ("minisat22", "cnf-arcs"), ("cadical195", "cnf-arcs")]
#: the solvers of the frontier run (--frontier): the two complete backends and the search
FRONTIER_ENCODINGS = "glucose4:cnf-pos,cpsat:cpsat-bool,search:hidato-path"
CASES = {"a": "hidato_a.txt", "b": "hidato_b.txt", "c": "hidato_c.txt",
         "c40-king": "hidato_c40_king.txt", "c40-rook": "hidato_c40_rook.txt",
         "c50-king": "hidato_c50_king.txt", "c50-rook": "hidato_c50_rook.txt"}


# ---------------------------------------------------------------------------- peers
def _finish(model, xs, solver_params, first, t_build, deadline):
    """Second solve with ``first`` forbidden: ``unique`` when infeasible."""
    model.AddForbiddenAssignments(xs, [first])
    s = cp_model.CpSolver()
    left = deadline - time.perf_counter()
    if left <= 0:
        return "solved"
    s.parameters.max_time_in_seconds = left
    st = s.Solve(model)
    if st == cp_model.INFEASIBLE:
        return "unique"
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "ambiguous"
    return "solved"  # uniqueness not proven in time


def ortools_example(p: Hidato, time_limit: float) -> tuple[str, float, float]:
    """OR-tools' hidato_sat.py model; returns (status, build, total)."""
    t0 = time.perf_counter()
    n = p.num_cells
    m = cp_model.CpModel()
    x = [m.NewIntVar(0, n - 1, f"p{k}") for k in range(n)]  # cell of number k + 1
    m.AddAllDifferent(x)
    pairs = [(c, d) for c in range(n) for d in p.neighbours[c]]
    for k in range(n - 1):
        m.AddAllowedAssignments([x[k], x[k + 1]], pairs)
        if time.perf_counter() - t0 > time_limit:  # (on 50x50 the build alone takes minutes)
            return "unknown", time.perf_counter() - t0, time.perf_counter() - t0
    for c, v in p.givens.items():
        m.Add(x[v - 1] == c)
    t_build = time.perf_counter() - t0
    deadline = t0 + time_limit
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = time_limit
    st = s.Solve(m)
    if st == cp_model.INFEASIBLE:
        return "impossible", t_build, time.perf_counter() - t0
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "unknown", t_build, time.perf_counter() - t0
    first = [s.Value(v) for v in x]
    status = _finish(m, x, None, first, t_build, deadline)
    return status, t_build, time.perf_counter() - t0


def puzzlekit_peer(p: Hidato, time_limit: float) -> tuple[str, float, float]:
    """puzzlekit's HidokuSolver; returns (status, build, total)."""
    from puzzlekit.solvers.hidoku import HidokuSolver

    if not p.full or p.is_numbrix:
        return "n/a", 0.0, 0.0
    t0 = time.perf_counter()
    grid = [["-" if v == 0 else str(v) for v in row] for row in p.grid()]
    solver = HidokuSolver(p.rows, p.cols, grid)
    res = solver.solve(solver_options={"time_limit_sec": time_limit})
    t_build = res.solution_data.get("build_time", 0.0)
    st = res.solution_data.get("status")
    if st == "Infeasible":
        return "impossible", t_build, time.perf_counter() - t0
    if st not in ("Optimal", "Feasible"):
        return "unknown", t_build, time.perf_counter() - t0
    xs = [solver.x[r, c] for r in range(p.rows) for c in range(p.cols)]
    first = [solver.solver.Value(v) for v in xs]
    status = _finish(solver.model, xs, None, first, t_build, t0 + time_limit)
    return status, t_build, time.perf_counter() - t0


#: address space a peer may use (bytes): OR-tools' table model of a 50x50 Numbrix board
#: (24.5 million tuples) took all 24 GB of the machine in CP-SAT's presolve
PEER_MEMORY = 6 << 30


def _bounded(fn, p: Hidato, time_limit: float) -> tuple[str, float, float]:
    """``fn(p, time_limit)`` in a forked process with at most :data:`PEER_MEMORY` of address
    space; ``out of memory`` when it runs out (or dies), ``unknown`` when it overstays."""
    import multiprocessing as mp
    import resource

    ctx = mp.get_context("fork")
    rd, wr = ctx.Pipe(duplex=False)

    def child() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (PEER_MEMORY, PEER_MEMORY))
        try:
            wr.send(fn(p, time_limit))
        except MemoryError:
            wr.send(("out of memory", 0.0, time.perf_counter() - t0))

    t0 = time.perf_counter()
    proc = ctx.Process(target=child)
    proc.start()
    wr.close()
    got = None
    try:
        if rd.poll(10 * time_limit + 60):
            got = rd.recv()
    except EOFError:  # it died without an answer
        pass
    if got is None:
        proc.kill()
    proc.join()
    if got is None:
        return ("out of memory" if proc.exitcode not in (0, -9) else "unknown"), 0.0, time.perf_counter() - t0
    return got


PEERS = {"ortools-example": lambda p, tl: _bounded(ortools_example, p, tl), "puzzlekit": puzzlekit_peer}


# ---------------------------------------------------------------------------- gridsat
def run_gridsat(p: Hidato, backend: str, encoding: str, time_limit: float) -> tuple[str, float, float]:
    b = gridsat.get_backend(backend)
    b.close()  # count the build: no formula from an earlier run
    try:
        r = gridsat.check(p, backend=backend, encoding=encoding, time_limit=time_limit)
    except TooLarge:
        return "refused", 0.0, 0.0  # past the backend's size cap (40x40 for the complete backends)
    return _answered(r), r.build_time, r.total_time


def _answered(r) -> str:
    """The status, with ``solved`` for an ``unknown`` that holds a verified solution."""
    return "solved" if r.status == "unknown" and r.solution is not None else r.status


def run_search(p: Hidato, seed: int, time_limit: float) -> tuple[str, float, float]:
    """``check`` through the front door with the ``search`` backend and one solver seed (every
    solution verified there): ``ambiguous`` when its second-solution move applies, else ``solved``."""
    from gridsat.kinds.hidato.backend_search import SearchBackend

    r = gridsat.check(p, backend=SearchBackend(seed=seed), time_limit=time_limit)
    return _answered(r), r.build_time, r.total_time


def run_default(p: Hidato, time_limit: float) -> tuple[str, float, float]:
    """``gridsat.check`` with no backend: the kind's default (the race of ``search+glucose4`` and
    ``glucose4`` from 400 to 1,600 cells, the search alone past that, except on Numbrix boards
    with givens up to 2,500 cells: the search alone raced with ``glucose4`` there)."""
    gridsat.backends.close_all()  # the forked children must not inherit a built formula
    t0 = time.perf_counter()
    r = gridsat.check(p, time_limit=time_limit)
    return _answered(r), r.build_time, time.perf_counter() - t0


#: statuses that answer a run (a verified solution or a decision); not "unknown", "refused" or "n/a"
ANSWERED = ("solved", "unique", "ambiguous", "impossible")
REFUSED = "refused"


def set_table(runs: dict) -> str:
    """Per set and solver: answered runs (a verified solution or a decision), proved runs
    (unique, ambiguous or impossible), median and max seconds (a run that found nothing counts
    its time; refused runs are left out)."""
    lines = ["| set | solver | answered / runs | proved | median s | max s |", "|---|---|---|---|---|---|"]
    for (case, label), rs in runs.items():
        rs = [(st, t) for st, t in rs if st != "refused"]
        if not rs:
            lines.append(f"| {case} | {label} | refused (past its size cap) | | | |")
            continue
        ts = [t for _, t in rs]
        ok = sum(st in ANSWERED for st, _ in rs)
        proved = sum(st in ("unique", "ambiguous", "impossible") for st, _ in rs)
        lines.append(f"| {case} | {label} | {ok}/{len(rs)} | {proved} | {statistics.median(ts):.3f} | {max(ts):.3f} |")
    return "\n".join(lines)


def run_race(p: Hidato, configs: str, time_limit: float) -> tuple[str, float, float]:
    gridsat.backends.close_all()  # the forked children must not inherit a built formula
    r = gridsat.race(p, "check", configs, time_limit=time_limit)
    return _answered(r), r.build_time, r.total_time


# ---------------------------------------------------------------------------- instances
def generate(out: Path, quick: bool = False) -> None:
    """Write the case files (uses gridsat.generators; case c falls back to random givens)."""
    from gridsat.kinds.hidato.generate import generate_hidato
    from gridsat.kinds.hidato.puzzle import random_path

    out.mkdir(parents=True, exist_ok=True)

    def emit(f, p):
        f.write(write_grid(p, None, "native") + "\n")
        f.flush()

    with open(out / CASES["a"], "w") as f:
        for n in range(7, 13):
            for s in range(3):
                g = generate_hidato(n, n, density=0.4, seed=1000 * n + s, score=False)
                g.puzzle.name = f"king{n}x{n}_d40_s{s}"
                emit(f, g.puzzle)
    with open(out / CASES["b"], "w") as f:
        for s in range(2):
            g = generate_hidato(30, 30, density=0.3, seed=30000 + s, score=False)
            g.puzzle.name = f"king30x30_d30_s{s}"
            emit(f, g.puzzle)
    with open(out / CASES["c"], "w") as f:
        for n, dens, adj in [(20, 0.2, "king"), (20, 0.15, "king"), (20, 0.1, "king"), (30, 0.2, "king"),
                             (30, 0.15, "king"), (30, 0.1, "king"), (20, 0.15, "rook"), (30, 0.15, "rook")]:
            seed = 7 * n + int(100 * dens)
            path = random_path(n, n, adj, seed=seed)
            rng = random.Random(seed)
            ks = set(rng.sample(range(2, n * n), int(dens * n * n) - 2)) | {1, n * n}
            p = Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency=adj,
                       name=f"{adj}{n}x{n}_d{int(100 * dens)}_random")
            emit(f, p)


def load(case: str) -> list[Hidato]:
    text = (DATA / CASES[case]).read_text()
    return [e.puzzle for e in read_text(text, format="hidato")]


def assumptions_table(case: str = "a", solver: str = "glucose4") -> str:
    """Given-independent CNF (the open board's formula, givens as assumptions) vs pruned ``cnf-pos``."""
    from pysat.solvers import Solver

    from gridsat.kinds.hidato.encode_cnf import positions

    rows: dict[str, list] = {}
    for p in load(case):
        t = time.perf_counter()
        base = positions(p.with_givens({}))
        s = Solver(name=solver, bootstrap_with=base.clauses)
        tb = time.perf_counter() - t
        t = time.perf_counter()
        ass = [int(base.var[c, v]) for c, v in p.givens.items()]
        s.solve(assumptions=ass)
        sol = base.decode(s.get_model())
        act = base.nvars + 1
        s.add_clause([-act] + [-lit for lit in base.primary_true(sol)])
        s.solve(assumptions=ass + [act])
        ts = time.perf_counter() - t
        s.delete()
        gridsat.get_backend(solver).close()
        r = gridsat.check(p, backend=solver, encoding="cnf-pos")
        rows.setdefault(f"{p.rows}x{p.cols}", []).append((tb, ts, len(base.clauses), r.total_time, r.stats["clauses"]))
    out = ["| size | open-board formula: clauses | its build + load s (once per board) | solve + proof s per puzzle "
           "| pruned cnf-pos: clauses | pruned: total s per puzzle |", "|---|---|---|---|---|---|"]
    for sz, v in rows.items():
        m = lambda i: statistics.mean(x[i] for x in v)  # noqa: E731
        out.append(f"| {sz} | {int(m(2))} | {m(0):.4f} | {m(1):.4f} | {int(m(4))} | {m(3):.4f} |")
    return "\n".join(out)


# ---------------------------------------------------------------------------- report
def table(title: str, rows: list[tuple]) -> str:
    head = ("puzzle", "cells", "givens", "status", "build s", "total s")
    w = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    lines = [f"### {title}", "", "| " + " | ".join(h.ljust(w[i]) for i, h in enumerate(head)) + " |",
             "|" + "|".join("-" * (x + 2) for x in w) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(str(v).ljust(w[i]) for i, v in enumerate(r)) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", default="a,b,c")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--peer-time-limit", type=float, default=None, help="default: --time-limit")
    ap.add_argument("--encodings", default=",".join(f"{b}:{e}" for b, e in ENCODINGS),
                    help="backend:encoding list")
    ap.add_argument("--race", action="append", default=[], metavar="B:E,B:E",
                    help="also race these pairs in parallel processes (gridsat.race); repeatable")
    ap.add_argument("--peers", default="ortools-example,puzzlekit")
    ap.add_argument("--peer-cases", default="a,b,c", help="cases the peers run on")
    ap.add_argument("--limit", type=int, default=None, help="first N puzzles of each case")
    ap.add_argument("--generate", action="store_true", help="rewrite benchmarks/data first")
    ap.add_argument("--assumptions", action="store_true",
                    help="also compare a given-independent CNF with givens as assumptions (case a)")
    ap.add_argument("--repeat", type=int, default=3, help="best of R runs per puzzle and solver (all alike)")
    ap.add_argument("--repeat-below", type=float, default=5.0, help="repeat only jobs faster than this (s)")
    ap.add_argument("--seeds", type=int, default=3, help="solver seeds per board for the search backend")
    ap.add_argument("--search-only", action="store_true",
                    help="run only the search backend (seeds 0 .. --seeds - 1); no peers, one run per seed")
    ap.add_argument("--default", action="store_true",
                    help="also run gridsat.check with no backend (the kind's default: the race on large boards)")
    ap.add_argument("--frontier", action="store_true",
                    help="case c as the issue states it: the five frontier sets, glucose4, cpsat, the search "
                         "(--seeds seeds), the default race and the OR-tools model, one run each, 10 s")
    ap.add_argument("--janko", type=Path, default=None, metavar="FILE",
                    help="whole process on this file of janko.at-style boards against puzzlekit (nothing else runs)")
    ap.add_argument("--write-janko", type=int, default=0, metavar="N",
                    help="first write N generated unique boards of each size 6x6..10x10 to the --janko file")
    ap.add_argument("--puzzlekit-python", default=None, metavar="PATH", help="a Python with puzzlekit (for --janko)")
    ap.add_argument("--rounds", type=int, default=3, help="whole-process rounds, alternating (for --janko)")
    args = ap.parse_args(argv)
    if args.janko:
        sys.path.insert(0, str(Path(__file__).parent))
        import _hidato_janko

        if args.write_janko:
            _hidato_janko.write_boards(args.janko, args.write_janko)
        print(f"# gridsat {gridsat.__version__}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start\n")
        print(_hidato_janko.run(args.janko, args.puzzlekit_python, args.rounds))
        return 0
    if args.frontier:
        given = " ".join(sys.argv[1:] if argv is None else argv)
        if "--cases" not in given:
            args.cases = "c,c40-king,c40-rook,c50-king,c50-rook"
        if "--time-limit" not in given:
            args.time_limit = 10.0
        args.encodings, args.peers, args.peer_cases = FRONTIER_ENCODINGS, "ortools-example", args.cases
        args.default, args.repeat = True, 1
    if args.search_only:
        args.encodings, args.peers, args.race, args.default, args.repeat = "search:hidato-path", "", [], False, 1
    if args.generate:
        generate(DATA)
    print(f"# gridsat {gridsat.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at start")
    combos = [tuple(x.split(":")) for x in args.encodings.split(",") if x]
    peers = [x for x in args.peers.split(",") if x]
    peer_tl = args.peer_time_limit or args.time_limit
    summary = []
    per_size: dict = {}
    set_runs: dict = {}
    for case in args.cases.split(","):
        puzzles = load(case)[: args.limit]
        print(f"\n## case {case}: {len(puzzles)} puzzles ({CASES[case]}), limit {args.time_limit:g} s per job\n")
        solvers = [(f"gridsat {e} / {b}", lambda p, b=b, e=e: run_gridsat(p, b, e, args.time_limit))
                   for b, e in combos if b != "search"]
        solvers += [(f"gridsat {e} / search seed {s}", lambda p, s=s: run_search(p, s, args.time_limit))
                    for b, e in combos if b == "search" for s in range(args.seeds)]
        solvers += [(f"gridsat race {r}", lambda p, r=r: run_race(p, r, args.time_limit)) for r in args.race]
        if args.default:
            solvers.append(("gridsat default", lambda p: run_default(p, args.time_limit)))
        if case in args.peer_cases.split(","):
            solvers += [(name, lambda p, f=PEERS[name]: f(p, peer_tl)) for name in peers]
        for label, fn in solvers:
            rows, totals, statuses = [], [], []
            by_size = per_size.setdefault((case, label), {})
            for p in puzzles:
                status, tb, tt = fn(p)
                if status == "n/a":
                    continue
                for _ in range(args.repeat - 1):  # best of R: the machine is shared
                    if tt > args.repeat_below:
                        break
                    _, tb2, tt2 = fn(p)
                    if tt2 < tt:
                        tb, tt = tb2, tt2
                rows.append((p.name, p.num_cells, p.num_givens, status, f"{tb:.3f}", f"{tt:.3f}"))
                set_runs.setdefault((case, label.split(" seed ")[0]), []).append((status, tt))
                totals.append(tt)
                statuses.append(status)
                if status != "refused":
                    by_size.setdefault(f"{p.rows}x{p.cols}", []).append(tt)
                sys.stdout.flush()
            if not rows:
                continue
            print(table(f"{label} (case {case})", rows))
            done = sum(s in ("unique", "ambiguous", "impossible") for s in statuses)
            print(f"\nproved {done}/{len(rows)}, solved {sum(s in ANSWERED for s in statuses)}/{len(rows)}"
                  f"{f', refused {statuses.count(REFUSED)}' if REFUSED in statuses else ''}, "
                  f"mean {statistics.mean(totals):.3f} s, max {max(totals):.3f} s\n", flush=True)
            summary.append((case, label, done, len(rows), statistics.mean(totals), max(totals)))
    print("\n## summary (proved = uniqueness or impossibility decided)\n")
    print("| case | solver | proved | mean total s | max total s |")
    print("|---|---|---|---|---|")
    for case, label, done, n, mean, mx in summary:
        print(f"| {case} | {label} | {done}/{n} | {mean:.3f} | {mx:.3f} |")
    if set_runs:
        print(f"\n## per set: every board once per solver ({args.seeds} solver seeds for the search), "
              f"limit {args.time_limit:g} s\n")
        print(set_table(set_runs))
    if args.assumptions:
        print("\n## given-independent formula + assumptions vs pruned formula (case a, glucose4)\n")
        print(assumptions_table())
    for case in args.cases.split(","):
        labels = [l for (c, l) in per_size if c == case]
        peer_labels = [l for l in labels if l in PEERS]
        if not peer_labels:
            continue
        sizes = list(dict.fromkeys(sz for l in labels for sz in per_size[(case, l)]))
        print(f"\n## case {case}: mean total seconds by size, and speed-up of each gridsat encoding over each peer\n")
        print("| solver | " + " | ".join(sizes) + " |")
        print("|---|" + "---|" * len(sizes))
        for l in labels:
            cells = []
            for sz in sizes:
                ts = per_size[(case, l)].get(sz)
                if not ts:
                    cells.append("-")
                    continue
                mine = statistics.mean(ts)
                text = f"{mine:.4f}"
                if l not in PEERS:
                    ups = [statistics.mean(per_size[(case, pl)][sz]) / mine for pl in peer_labels
                           if per_size[(case, pl)].get(sz)]
                    text += " (" + ", ".join(f"{u:.1f}x" for u in ups) + ")"
                cells.append(text)
            print(f"| {l} | " + " | ".join(cells) + " |")
        print(f"\nspeed-ups in brackets: over {', '.join(peer_labels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
