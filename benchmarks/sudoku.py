#!/usr/bin/env python3
"""Sudoku benchmark: gridsat against a per-puzzle CP-SAT model, a pure-Python solver, QQWing and puzzlekit.

Usage::

    .venv/bin/python benchmarks/sudoku.py PUZZLES.txt [MORE.txt ...] \\
        [--limit K] [--jigsaw N] [--big N] [--repeat R] [--backends minisat22,cpsat:cpsat-int ...]

Every competitor runs in the same process and the same run, on the same puzzles, so the
ratios hold even on a busy machine. Two jobs are timed: *solve* (one solution) and
*check* (solve plus proof of uniqueness, i.e. counting to 2). Each row gives puzzles/s,
mean ms per puzzle and the ratio of its mean to gridsat's default backend ("x slower").

* ``gridsat``: the front door (``gridsat.solve`` / ``gridsat.check``: build, solve,
  verify), cold caches at the start of each table, default backend and encoding.
* ``cpsat-rebuilt``: what typical tools do: a new ``CpModel`` per puzzle, an ``IntVar`` per
  cell, ``AddAllDifferent`` per unit, givens as equalities, default parameters; uniqueness by
  enumerating solutions with a callback that stops at 2.
* ``norvig``: constraint propagation plus search in pure Python (benchmarks/_norvig.py).
* ``qqwing``: the QQWing C++ solver (Debian package, installed with apt-get when missing)
  in batch mode, ``--solve [--count-solutions]`` with all puzzles on stdin; wall time of the
  whole process.
* ``puzzlekit``: the puzzlekit package's ``sudoku`` / ``jigsaw_sudoku`` solvers (a CP-SAT
  model built per puzzle; solving only, it has no uniqueness check).
* ``gridsat.check_many`` / ``solve_many``: the batch front door over the whole set (default
  backend; the native core takes a chunk of puzzles per call; every answer verified, one
  Result per puzzle).
* ``gridsat native``: the C bitset core (backend ``native``) through the front door, and
  ``native batch``: the same core over the whole set in one C call (``check_lines`` /
  ``check_block``, no per-puzzle Python and no verifier); the check table adds
  ``native batch, counting order``: one C call in the core's counting order (``batch(order=1)``),
  with the columns and the C verifier of the columnar route.
* ``hodoku-py C core``: hodoku-py's C accelerator (``_gen_accel.solve_string``, one call per
  puzzle; it always counts to 2, so it stands in both tables) and ``rustoku``; both are
  installed with pip into the running interpreter when missing, and skipped with a message
  when that fails.
* ``gridsat check FILE`` (process): the command line over the whole file in one process,
  start-up included, wall and CPU time, beside QQWing's process.
* ``tdoku`` (``--tdoku PATH``): t-dillon/tdoku's ``TdokuSolverDpllTriadSimd``, the published
  ceiling, run by a small driver (benchmarks/tdoku_check.c, built by hand against a tdoku
  checkout; the benchmark builds nothing) over the same file, limit 1 or 2; its row is the
  driver's solving loop alone (reading excluded). Every table then has a ``vs tdoku``
  column (a row's puzzles/s over tdoku's), its rows are medians of the rounds rather than
  bests (``--stat``), and the check tables end with the targets' ratios.

Several classic files may be given; each gets its own tables. ``--targets`` prints the
ratios the native backend is held to after each table.

``--jigsaw N``: N 9x9 jigsaw puzzles, each with its own random layout; ``--big N``: N 16x16
classic puzzles. Both sets are generated once (benchmarks/_gen.py) and cached under
benchmarks/data/. ``--a109252``: OEIS A109252 recounted on the native core by brute force
(every givens subset of every 4x4 grid, about 19 million uniqueness checks).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gridsat  # noqa: E402
from _sudoku_peers import (cli_batch, cpsat_rebuilt, cpu_seconds, ensure_qqwing, hodoku_core,  # noqa: E402
                           native_core, puzzlekit_solve, qqwing_batch, rustoku_solver)
from _tdoku import TDOKU, tdoku_batch, tdoku_targets  # noqa: E402
from gridsat import Sudoku  # noqa: E402

DATA = HERE / "data"


# ------------------------------------------------------------------------------ inputs
def read_lines(path: str | Path, limit: int | None = None) -> list[str]:
    """81-char puzzle lines ('.' or '0' for empty); '#' comments and blank lines skipped."""
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        s = line.split()[0]
        if len(s) != 81:
            raise SystemExit(f"{path}: expected 81-character lines, got {len(s)}: {s[:30]}...")
        out.append(s)
        if limit and len(out) >= limit:
            break
    return out


def line_to_puzzle(s: str, name: str | None = None) -> Sudoku:
    return Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s], name=name)


def _save(path: Path, puzzles: list[Sudoku], header: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as f:
        f.write(f"# {header}\n# one puzzle per line: n;givens;regions (space separated)\n")
        for p in puzzles:
            f.write(f"{p.n};{' '.join(map(str, p.givens))};{' '.join(map(str, p.regions))}\n")


def _load(path: Path) -> list[Sudoku]:
    out = []
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        n, g, r = line.split(";")
        out.append(Sudoku(int(n), [int(x) for x in g.split()], regions=[int(x) for x in r.split()]))
    return out


def jigsaw_set(count: int, seed: int = 1) -> list[Sudoku]:
    """``count`` unique 9x9 jigsaw puzzles, each on its own random layout (cached)."""
    path = DATA / f"jigsaw9_{count}_s{seed}.txt"
    if path.exists():
        return _load(path)
    from _gen import random_jigsaw

    rng = random.Random(seed)
    out = [random_jigsaw(9, rng) for _ in range(count)]
    _save(path, out, f"{count} 9x9 jigsaw puzzles, own layout each, unique; benchmarks/_gen.py seed {seed}")
    return out


def big_set(count: int, seed: int = 1) -> list[Sudoku]:
    """``count`` unique 16x16 classic puzzles (cached)."""
    path = DATA / f"sudoku16_{count}_s{seed}.txt"
    if path.exists():
        return _load(path)
    from _gen import make_unique, random_grid

    rng = random.Random(seed)
    board = Sudoku.empty(16)
    out = [make_unique(board, random_grid(board, rng), rng) for _ in range(count)]
    _save(path, out, f"{count} 16x16 classic puzzles, unique; benchmarks/_gen.py seed {seed}")
    return out


# ------------------------------------------------------------------------------ timing
def timed(fn, items) -> tuple[tuple[float, float], list]:
    """((wall s, CPU s), results) of ``fn`` over ``items``."""
    c0, t0 = cpu_seconds(), time.perf_counter()
    res = [fn(x) for x in items]
    return (time.perf_counter() - t0, cpu_seconds() - c0), res


def warm_up(puzzles: list[Sudoku], skip: set[str]) -> None:
    """Untimed: import every competitor and run each once, so no row pays a module import or
    a first-call set-up. gridsat's caches are cleared again afterwards (``ours``), so its rows
    still pay their formula builds."""
    p = puzzles[0]
    gridsat.check(p)
    if "cpsat" not in skip:
        cpsat_rebuilt(p, 2)
    if "puzzlekit" not in skip:
        try:
            puzzlekit_solve(p)
        except ImportError:
            pass


def ours(job: str, backend=None, encoding=None):
    """A per-puzzle function through gridsat's front door; caches cleared first."""
    def run(p):
        r = (gridsat.check if job == "check" else gridsat.solve)(p, backend=backend, encoding=encoding)
        return r.status
    for name in gridsat.list_backends():
        gridsat.get_backend(name).close()
    return run


def table(title: str, rows: list[tuple[str, int, tuple[float, float], str]]) -> None:
    """rows: (name, puzzles, (wall s, CPU s), note); the first row is the reference.

    ``vs gridsat`` compares wall times; ``CPU ms`` is the CPU time per puzzle of the whole
    process (every thread; QQWing: its process), which other sessions' load disturbs less.
    """
    ref = rows[0][2][0] / rows[0][1]
    cref = rows[0][2][1] / rows[0][1]
    td = next((r for r in rows if r[0].startswith(TDOKU)), None)
    print(f"\n### {title}\n")
    print("| solver | puzzles | total s | puzzles/s | mean ms | vs gridsat | CPU ms | CPU vs gridsat |"
          + (" vs tdoku |" if td else "") + " note |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if td else "") + "---|")
    for name, n, (sec, cpu), note in rows:
        mean, cmean = sec / n, cpu / n
        cratio = f"{cmean / cref:.1f}x" if cref > 0 else "-"
        vs = f" {td[2][0] / td[1] / mean:.2f}x |" if td else ""
        print(f"| {name} | {n} | {sec:.2f} | {n / sec:,.0f} | {mean * 1e3:.3f} | {mean / ref:.1f}x "
              f"| {cmean * 1e3:.3f} | {cratio} |{vs} {note} |")
    sys.stdout.flush()


def statuses(res) -> str:
    from collections import Counter

    return ", ".join(f"{k} {v}" for k, v in sorted(Counter(res).items()))


#: how run_rows sums up a row's rounds: "best" or "median" (main sets it from --stat)
STAT = ["best"]


def run_rows(specs: list, n: int, repeat: int) -> list[tuple[str, int, tuple[float, float], str]]:
    """Run every ``(name, thunk)`` row ``repeat`` times, round-robin, and keep each row's best
    (or median, with ``--stat median``).

    ``thunk()`` returns ``((wall s, CPU s), note)`` for the whole set. Rounds interleave the
    rows, so a change of load during the run hits every row alike; the best of the rounds
    (as ``timeit`` reports) is the least disturbed measurement, taken for wall and CPU time
    separately; the median is the one the comparison with tdoku is held to. gridsat rows
    start each round with cleared caches (``ours``).
    """
    import statistics

    seen: dict[str, list] = {}
    for _ in range(repeat):
        for name, thunk in specs:
            (wall, cpu), note = thunk()
            got = seen.setdefault(name, [[], [], note])
            got[0].append(wall)
            got[1].append(cpu)
            got[2] = note
    pick = statistics.median if STAT[0] == "median" else min
    return [(name, n, (pick(seen[name][0]), pick(seen[name][1])), seen[name][2]) for name, _ in specs]


def _ours_row(job: str, puzzles, backend=None, encoding=None):
    """A row thunk: gridsat's front door over ``puzzles`` with cold caches."""
    def thunk():
        dt, res = timed(ours(job, backend, encoding), puzzles)
        return dt, statuses(res)
    return thunk


def _many_row(job: str, puzzles):
    """A row thunk: ``gridsat.check_many`` / ``solve_many`` over the set (default backend, every
    answer verified, a Result per puzzle), cold caches."""
    def thunk():
        for name in gridsat.list_backends():
            gridsat.get_backend(name).close()
        many = gridsat.check_many if job == "check" else gridsat.solve_many
        dt, res = timed(lambda ps: [r.status for r in many(ps)], [puzzles])
        return dt, statuses(res[0])
    return thunk


def _native_batch_row(nb, board, block: bytes, limit: int):
    """A row thunk: the whole set in one C call (``check_block``), no per-puzzle Python."""
    def thunk():
        dt, res = timed(lambda blk: nb.check_block(board, blk, limit=limit), [block])
        r = res[0]
        st = [r.status(i) for i in range(len(r))]
        if limit == 1:
            st = ["solved" if c else s for c, s in zip(r.counts, st)]
        return dt, statuses(st)
    return thunk


def _counting_row(block: bytes):
    """A row thunk: the whole set in one C call in the core's counting order (``batch(order=1)``,
    see :class:`gridsat.engine.block.Block`), with the columns and the C verifier the columnar
    route uses."""
    from gridsat.engine.block import Block

    entry = Block.start("check", counting=True)

    def thunk():
        def run(blk):
            counts, flags, sols, nodes, *_ = entry.core.batch(entry.geometry, blk, 2, -1.0, 2, True, True, 0, True, 1)
            return counts, entry.core.verify_block(blk, sols, counts, 2), nodes
        dt, res = timed(run, [block])
        counts, ok, nodes = res[0]
        # a node is one child tried (tdoku's guesses count the first child of a branch only)
        return dt, (f"counts {statuses(counts)}, verified {sum(ok)}, "
                    f"{nodes / max(len(counts), 1):.1f} nodes a puzzle")
    return thunk


def _ratio(rows, slow: str, fast: str) -> str:
    """``slow``'s mean over ``fast``'s, wall and CPU, from a table's rows (names by prefix)."""
    def find(prefix):
        return next((r for r in rows if r[0].startswith(prefix)), None)
    a, b = find(slow), find(fast)
    if a is None or b is None:
        return f"{fast} vs {slow}: not measured"
    fast = b[0].split(" (")[0] if "(" in fast and ")" not in fast else fast  # (a prefix cut inside its brackets)
    return (f"{fast} vs {slow}: {a[2][0] / a[1] / (b[2][0] / b[1]):.2f}x wall, "
            f"{a[2][1] / a[1] / max(b[2][1] / b[1], 1e-12):.2f}x CPU")


def _reference(puzzle):
    """The reference row's pair: the SAT pair that serves where the C core is not built (the
    default before the core; the targets are ratios against it)."""
    from gridsat.kinds import kind_of

    ref = kind_of(puzzle).default(puzzle)
    while ref.backend == "native" and ref.fallback is not None:
        ref = ref.fallback
    return ref


def bench_classic(lines: list[str], extra: list[str], skip: set[str], repeat: int = 1,
                  title: str = "classic 9x9", targets: bool = False, tdoku: str | None = None) -> None:
    import tempfile

    puzzles = [line_to_puzzle(s) for s in lines]
    ref = _reference(puzzles[0])
    best = f"gridsat {ref.backend}/{ref.encoding}"
    from gridsat.kinds import kind_of

    default_backend = kind_of(puzzles[0]).default(puzzles[0]).backend
    qq = None if "qqwing" in skip else ensure_qqwing()
    if qq is None and "qqwing" not in skip:
        print("qqwing unavailable (apt-get install -y qqwing failed)", file=sys.stderr)
    nb = None if "native" in skip else native_core()
    hk = None if "hodoku" in skip else hodoku_core()
    rk = None if "rustoku" in skip else rustoku_solver()
    warm_up(puzzles, skip)
    block = "".join(lines).encode().translate(bytes.maketrans(b".0123456789", bytes([0, 0, *range(1, 10)])))
    tmp = None
    if "cli" not in skip or tdoku:  # the process rows (and tdoku) read exactly the puzzles timed here
        tmp = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        tmp.write("\n".join(lines) + "\n")
        tmp.close()
    if "cli" not in skip:
        for job in ("solve", "check"):  # untimed: page the executable and its modules in
            cli_batch(job, tmp.name)
    try:
        for job, limit in (("solve", 1), ("check", 2)):
            specs = [(best, _ours_row(job, puzzles, ref.backend, ref.encoding))]
            if nb is not None:
                specs.append(("gridsat native (front door)", _ours_row(job, puzzles, "native")))
                specs.append((f"gridsat.{job}_many (default, verified)", _many_row(job, puzzles)))
                specs.append(("native batch (one C call)", _native_batch_row(nb, puzzles[0], block, limit)))
                if job == "check":
                    specs.append(("native batch, counting order (one C call)", _counting_row(block)))
            for spec in extra:
                bb, _, ee = spec.partition(":")
                specs.append((f"gridsat {spec}", _ours_row(job, puzzles, bb, ee or None)))
            if hk is not None:
                def hodoku():
                    dt, res = timed(hk.solve_string, lines)
                    return dt, f"counts {statuses(r[0] for r in res)}"
                specs.append(("hodoku-py C core (counts to 2)", hodoku))
            if rk is not None:
                def rust(job=job):
                    dt, res = timed(rk[0] if job == "solve" else rk[1], lines)
                    return dt, "solved" if job == "solve" else f"counts {statuses(res)}"
                specs.append(("rustoku", rust))
            if "cpsat" not in skip:
                def cps(limit=limit):
                    dt, res = timed(lambda p: cpsat_rebuilt(p, limit), puzzles)
                    return dt, f"counts {statuses(res)}"
                specs.append(("CP-SAT rebuilt per puzzle", cps))
            if "norvig" not in skip:
                def nv(limit=limit):
                    dt, res = timed(lambda s: __import__("_norvig").count(s, limit)[0], lines)
                    return dt, f"counts {statuses(res)}"
                specs.append(("Norvig pure Python", nv))
            if qq:
                def qqw(job=job):
                    dt, uniq = qqwing_batch(qq, lines, job == "check")
                    return dt, f"{uniq} unique" if job == "check" else "solved"
                specs.append(("QQWing (one batch process)", qqw))
            if tdoku:
                specs.append((f"{TDOKU} (its solving loop, limit {limit})",
                              lambda limit=limit: tdoku_batch(tdoku, tmp.name, limit)))
            if "cli" not in skip:
                specs.append((f"gridsat {job} FILE (one process, default backend)",
                              lambda job=job: cli_batch(job, tmp.name)))
                if nb is not None and default_backend != "native":
                    specs.append((f"gridsat {job} FILE -b native (one process)",
                                  lambda job=job: cli_batch(job, tmp.name, "native")))
            rows = run_rows(specs, len(puzzles), repeat)
            table(f"{title}, {job} ({'one solution' if job == 'solve' else 'solution + uniqueness'})", rows)
            if job == "check":
                tdoku_targets(rows)
            if targets and job == "check":
                print()
                print("- " + _ratio(rows, "hodoku-py", "gridsat.check_many") + " (target >= 1.5x)")
                print("- " + _ratio(rows, "hodoku-py", "gridsat native"))
                print("- " + _ratio(rows, "hodoku-py", "native batch"))
                native_cli = ("gridsat check FILE (one process, default" if default_backend == "native"
                              else "gridsat check FILE -b native")
                print("- " + _ratio(rows, "QQWing", native_cli) + " (target >= 3x)")
                if default_backend != "native":
                    print("- " + _ratio(rows, "QQWing", "gridsat check FILE (one process, default"))
    finally:
        if tmp is not None:
            os.unlink(tmp.name)


def bench_set(title: str, puzzles: list[Sudoku], extra: list[str], skip: set[str], repeat: int = 1,
              targets: bool = False) -> None:
    ref = _reference(puzzles[0])
    best = f"gridsat {ref.backend}/{ref.encoding}"
    from gridsat.kinds import kind_of

    default_backend = kind_of(puzzles[0]).default(puzzles[0]).backend
    nb = None if "native" in skip else native_core()
    warm_up(puzzles, skip)
    one_board = len({(p.n, p.regions) for p in puzzles}) == 1
    block = b"".join(bytes(p.givens) for p in puzzles)
    path = None
    if "cli" not in skip:  # the process rows: the same puzzles in a file the command line reads
        import tempfile

        from gridsat.formats import get_format

        fmt = get_format("jigsaw-line" if puzzles[0].is_jigsaw else "line")
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tmp:
            tmp.write("".join(fmt.write(p) for p in puzzles))
        path = tmp.name
        for job in ("solve", "check"):  # untimed: page the executable and its modules in
            cli_batch(job, path)
    try:
        _bench_set_tables(title, puzzles, extra, skip, repeat, targets, best, ref, nb, one_board, block, path)
    finally:
        if path is not None:
            os.unlink(path)


def _bench_set_tables(title, puzzles, extra, skip, repeat, targets, best, ref, nb, one_board, block, path) -> None:
    for job in ("solve", "check"):
        specs = [(best, _ours_row(job, puzzles, ref.backend, ref.encoding))]
        if nb is not None:
            specs.append(("gridsat native (front door)", _ours_row(job, puzzles, "native")))
            specs.append((f"gridsat.{job}_many (default, verified)", _many_row(job, puzzles)))
        if nb is not None and one_board:
            specs.append(("native batch (one C call)",
                          _native_batch_row(nb, puzzles[0], block, 1 if job == "solve" else 2)))
        for spec in extra:
            bb, _, ee = spec.partition(":")
            try:
                ours(job, bb, ee or None)(puzzles[0])
            except gridsat.UnsupportedError as exc:
                print(f"{spec}: {exc}", file=sys.stderr)
                continue
            specs.append((f"gridsat {spec}", _ours_row(job, puzzles, bb, ee or None)))
        if "puzzlekit" not in skip:
            def pk():
                dt, res = timed(puzzlekit_solve, puzzles)
                return dt, statuses(res)
            specs.append(("puzzlekit (CP-SAT per puzzle, solve only)", pk))
        if "cpsat" not in skip:
            def cps(job=job):
                dt, res = timed(lambda p: cpsat_rebuilt(p, 1 if job == "solve" else 2), puzzles)
                return dt, f"counts {statuses(res)}"
            specs.append(("CP-SAT rebuilt per puzzle", cps))
        if path is not None:
            specs.append((f"gridsat {job} FILE (one process, default backend)",
                          lambda job=job: cli_batch(job, path)))
        rows = run_rows(specs, len(puzzles), repeat)
        table(f"{title}, {job}", rows)
        if targets and job == "check":
            print()
            print("- " + _ratio(rows, best, "gridsat.check_many") + " (target >= 10x)")
            print("- " + _ratio(rows, best, "gridsat native"))
            if path is not None:
                print("- " + _ratio(rows, best, f"gridsat {job} FILE") + " (whole process, start-up included)")


def main(argv=None) -> int:
    # the processes timed here run as an installed copy does, with its bytecode cached
    # (an environment that forbids writing it would time compiling the sources instead)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="*", help="files of 81-character classic puzzles (a table pair each)")
    ap.add_argument("--limit", type=int, default=None, help="first K puzzles only")
    ap.add_argument("--jigsaw", type=int, default=0, help="N generated 9x9 jigsaw puzzles (own layout each)")
    ap.add_argument("--big", type=int, default=0, help="N generated 16x16 classic puzzles")
    ap.add_argument("--a109252", action="store_true", help="recount A109252 (4x4 puzzles by givens) on the native core")
    ap.add_argument("--backends", default="", help="extra gridsat rows: comma list of backend[:encoding]")
    ap.add_argument("--jigsaw-backends", default=None, help="extra rows for the jigsaw table (default: --backends)")
    ap.add_argument("--skip", default="",
                    help="comma list of competitors to leave out: cpsat,norvig,qqwing,puzzlekit,native,hodoku,rustoku,cli")
    ap.add_argument("--targets", action="store_true", help="print the native backend's target ratios after each check table")
    ap.add_argument("--repeat", type=int, default=1,
                    help="rounds over every row (interleaved); each row reports its best round (see --stat)")
    ap.add_argument("--tdoku", default=None, metavar="PATH",
                    help="a tdoku driver (benchmarks/tdoku_check.c, built): a tdoku row and a vs-tdoku column")
    ap.add_argument("--stat", choices=["best", "median"], default=None,
                    help="how a row sums up its rounds (default: best; median with --tdoku)")
    args = ap.parse_args(argv)
    extra = [s for s in args.backends.split(",") if s]
    jextra = extra if args.jigsaw_backends is None else [s for s in args.jigsaw_backends.split(",") if s]
    skip = {s for s in args.skip.split(",") if s}
    STAT[0] = args.stat or ("median" if args.tdoku else "best")
    if args.tdoku and not os.access(args.tdoku, os.X_OK):
        raise SystemExit(f"--tdoku {args.tdoku}: not an executable (build benchmarks/tdoku_check.c, see its header)")
    import platform

    print(f"gridsat {gridsat.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at start")
    for path in args.data:
        lines = read_lines(path, args.limit)
        bench_classic(lines, extra, skip, args.repeat, title=f"classic 9x9, {Path(path).name} ({len(lines)} puzzles)",
                      targets=args.targets, tdoku=args.tdoku)
    if args.jigsaw:
        bench_set(f"9x9 jigsaw, {args.jigsaw} puzzles with a layout each", jigsaw_set(args.jigsaw), jextra, skip,
                  args.repeat, targets=args.targets)
    if args.big:
        bench_set(f"16x16 classic, {args.big} puzzles", big_set(args.big), extra, skip, args.repeat,
                  targets=args.targets)
    if args.a109252:
        from _a109252 import a109252

        a109252()
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
