#!/usr/bin/env python3
"""The eight number-placement kinds: gridsat against puzzlekit, whole process, in one run.

Kinds: killer, kenken, kakuro, skyscrapers, suguru, ripple, str8ts, samurai. Each runs over a
collection of puzzles in janko.at's text format:

* janko.at files given by path (``--janko DIR`` holding ``<kind>.txt`` files, or
  ``--janko FILE`` named ``<kind>.txt``): blocks separated by blank lines, a ``## solution``
  comment before a block making it the published solution of the puzzle before it;
* and/or ``--generate N`` puzzles per kind from ``gridsat generate KIND --seed S`` at the
  kind's common size, written once to ``--cache DIR`` (default: a ``gridsat-kinds``
  folder in the system's temporary directory). Their reference solution is the answer of
  gridsat's CP-SAT backend (``check -b cpsat``, proved unique and verified), so on them a
  matching gridsat answer cross-checks its default path against a second encoding.

Per kind and round, the two whole processes alternate, on the same puzzles-only file:

* ``gridsat check --kind KIND --json FILE`` (``--job solve`` for ``solve``): start-up, reading,
  encoding, solving, the uniqueness proof (``check``) and the verifier of every answer;
* puzzlekit 0.3.4 (OR-tools CP-SAT, one model per puzzle; it only solves): the driver
  ``benchmarks/_puzzlekit_kinds.py`` run by ``--puzzlekit-python``, which calls
  ``puzzlekit.solve(block, TYPE)`` per puzzle and prints its grid.

The table gives per kind: puzzles; gridsat's answers (verified, proved unique for ``check``)
that match the reference solution; puzzlekit's answers that match it; the median of the
rounds' wall seconds, whole process, for both, and the ratio (puzzlekit's over gridsat's, two
decimals, cut rather than rounded: a miss of a target is never printed as the target);
the same for the processes' CPU seconds (user + system, every thread: CP-SAT runs several
workers), which the load of a shared machine disturbs less than wall time. The timed
processes may write bytecode caches (``PYTHONDONTWRITEBYTECODE`` is dropped for them, and an
untimed gridsat run comes first), as an installed package has them. In-process columns:
gridsat's front door in this process over the read puzzles (cold caches, no start-up, no
reading), and puzzlekit's own time after its imports (the driver measures it). A kind whose
puzzlekit type is missing is listed without the peer.

The benchmark installs nothing. Make the peer's Python once::

    python3 -m venv /tmp/pkvenv && /tmp/pkvenv/bin/pip install puzzlekit==0.3.4

Usage::

    python benchmarks/kinds.py --janko DIR --puzzlekit-python /tmp/pkvenv/bin/python
    python benchmarks/kinds.py --generate 100 --seed 1 --kinds kenken,str8ts --repeat 3 \\
        --puzzlekit-python /tmp/pkvenv/bin/python
    python benchmarks/kinds.py --generate 2 --kinds kenken     # gridsat only, no peer
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "_puzzlekit_kinds.py"

#: kind -> (puzzlekit's type, gridsat's janko.at format, ``gridsat generate`` options of the
#: kind's common size; killers without givens, as janko.at's are and as puzzlekit reads them)
KINDS: dict[str, tuple[str, str, list[str]]] = {
    "killer": ("killer_sudoku", "janko-killer", ["--no-givens"]),
    "kenken": ("ken_ken", "kenken-janko", ["--size", "6"]),
    "kakuro": ("kakuro", "kakuro", ["--size", "12"]),
    "skyscrapers": ("skyscraper", "skyscrapers", ["--size", "6"]),
    "suguru": ("suguru", "suguru-janko", ["--rows", "8"]),
    "ripple": ("hakyuu", "ripple-janko", ["--rows", "10"]),
    "str8ts": ("str8t", "str8ts", ["--size", "9"]),
    "samurai": ("samurai_sudoku", "samurai-janko", []),
}


# ------------------------------------------------------------------------------ collections
def read_blocks(text: str) -> list[tuple[list[str], list[str] | None]]:
    """(puzzle lines, published solution lines or None) per puzzle of a janko.at text."""
    out: list[tuple[list[str], list[str] | None]] = []
    cur: list[str] = []
    solution_next = False

    def flush() -> None:
        nonlocal cur, solution_next
        if cur:
            if solution_next and out:
                out[-1] = (out[-1][0], cur)
            else:
                out.append((cur, None))
        cur, solution_next = [], False

    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            flush()
            solution_next = solution_next or s.lower().startswith("## solution")
            continue
        cur.append(line.rstrip())
    flush()
    return out


def cells(block: list[str]) -> list[int]:
    """The cells of a janko.at solution block (its header first), row by row, as numbers: 0 for
    a cell without a digit (black, hole, empty)."""
    return [int(t) if t.isdigit() else 0 for row in block[1:] for t in row.split()]


def solution_block(header: str, flat: list[int]) -> list[str]:
    """A janko.at solution block (header, rows) of an answer's ``flat`` cells in the puzzle's
    shape; a gattai answer (its board's cells only, no holes) as one row."""
    rows, cols = map(int, header.split()[:2])
    if len(flat) != rows * cols:
        rows, cols = 1, len(flat)
    lines = [flat[i:i + cols] for i in range(0, len(flat), cols)]
    return [f"{rows} {cols}"] + [" ".join(str(v) if v else "-" for v in row) for row in lines]


def child_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children."""
    t = os.times()
    return t.children_user + t.children_system


def child_env() -> dict:
    """The environment of the timed processes: this one's, with bytecode caching allowed (a
    process that may not write ``.pyc`` files compiles every module it imports, every time;
    an installed package has them)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def gridsat_cli() -> list[str]:
    """The command that runs gridsat's command line in a fresh process."""
    exe = Path(sys.executable).with_name("gridsat")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "gridsat.cli"]


def generated(kind: str, n: int, seed: int, cache: Path) -> Path:
    """A janko.at file of ``n`` generated puzzles, each with its reference solution (cached)."""
    _, fmt, opts = KINDS[kind]
    path = cache / f"{kind}-n{n}-s{seed}.txt"
    if path.exists():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    gen = subprocess.run(gridsat_cli() + ["generate", kind, "-n", str(n), "--seed", str(seed), "-O", fmt,
                                          "--no-progress"] + opts, capture_output=True, text=True)
    if gen.returncode != 0:
        raise SystemExit(f"gridsat generate {kind} failed: {gen.stderr.strip()[-500:]}")
    puzzles = [p for p, _ in read_blocks(gen.stdout)]
    tmp = path.with_suffix(".puzzles")
    tmp.write_text("\n\n".join("\n".join(p) for p in puzzles) + "\n")
    answers = run_gridsat(kind, tmp, "check", ["--backend", "cpsat"], len(puzzles))[1]
    tmp.unlink()
    parts = []
    for i, (p, (status, flat)) in enumerate(zip(puzzles, answers)):
        if status != "unique" or flat is None:
            raise SystemExit(f"generated {kind} puzzle {i} (seed {seed + i}) is {status} on cpsat")
        parts.append(f"## puzzle {kind} seed {seed + i}\n" + "\n".join(p)
                     + "\n\n## solution (gridsat cpsat)\n" + "\n".join(solution_block(p[0], flat)))
    path.write_text("\n\n".join(parts) + "\n")
    return path


def collection(kind: str, janko: list[Path], n: int, seed: int, cache: Path):
    """(puzzle blocks, reference solutions as cells or None) of one kind."""
    puzzles, refs = [], []
    files = [f / f"{kind}.txt" if f.is_dir() else f for f in janko]
    files = [f for f in files if f.name == f"{kind}.txt" and f.exists()]
    if n:
        files.append(generated(kind, n, seed, cache))
    for f in files:
        for p, sol in read_blocks(f.read_text()):
            puzzles.append(p)
            refs.append(cells(sol) if sol else None)
    return puzzles, refs


# ------------------------------------------------------------------------------ runs
def run_gridsat(kind: str, path: Path, job: str, extra: list[str], n: int):
    """((wall s, CPU s), [(status, cells or None)] in file order) of one gridsat process over
    ``path`` (``--json``: one object per puzzle; an answer counts only when the verifier passed it)."""
    args = gridsat_cli() + [job, "--kind", kind, "--json", str(path)] + extra
    c0, t0 = child_cpu(), time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=child_env())
    wall = time.perf_counter() - t0, child_cpu() - c0
    if r.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({r.returncode}): {r.stderr.strip()[-500:]}")
    answers = []
    for line in r.stdout.splitlines():
        o = json.loads(line)
        sol = o.get("solution")
        answers.append((o.get("status", "error"), sol if sol and o.get("verified") else None))
    if len(answers) != n:
        raise SystemExit(f"{' '.join(args)}: {len(answers)} answers for {n} puzzles:\n{r.stdout[-800:]}"
                         f"{r.stderr[-800:]}")
    return wall, answers


def run_puzzlekit(python: str, ptype: str, path: Path, n: int):
    """((wall s, CPU s), in-process s, [(status, cells or None)]) of one puzzlekit process over ``path``."""
    c0, t0 = child_cpu(), time.perf_counter()
    r = subprocess.run([python, str(DRIVER), ptype, str(path)], capture_output=True, text=True, env=child_env())
    wall = time.perf_counter() - t0, child_cpu() - c0
    if r.returncode != 0:
        raise SystemExit(f"puzzlekit driver failed ({r.returncode}): {r.stderr.strip()[-500:]}")
    answers, inproc = [], float("nan")
    for line in r.stdout.splitlines():
        if line.startswith("# time "):
            inproc = float(line.split()[2])
            continue
        status, _, grid = line.partition(" ")
        ok = status in ("Optimal", "Feasible") and grid not in ("", "-")
        answers.append((status, [int(t) if t.isdigit() else 0 for t in grid.replace("/", " ").split()]
                        if ok else None))
    if len(answers) != n:
        raise SystemExit(f"puzzlekit: {len(answers)} answers for {n} puzzles")
    return wall, inproc, answers


def puzzlekit_types(python: str | None) -> set[str] | None:
    """The puzzle types the peer's puzzlekit has; None without a peer (no ``python``, or no
    puzzlekit in it)."""
    if not python:
        return None
    try:
        r = subprocess.run([python, str(DRIVER), "--types"], capture_output=True, text=True)
    except OSError:
        return None
    return set(r.stdout.split()) if r.returncode == 0 else None


def in_process(kind: str, path: Path, job: str) -> float:
    """Seconds of gridsat's front door over the file's puzzles in this process (read first, not
    timed; cold caches)."""
    import gridsat
    from gridsat.formats import read_text

    puzzles = [e.puzzle for e in read_text(path.read_text(), kind=kind)]
    for name in gridsat.list_backends():
        gridsat.get_backend(name).close()
    fn = gridsat.check if job == "check" else gridsat.solve
    t0 = time.perf_counter()
    for p in puzzles:
        r = fn(p)
        if r.solution is not None and not r.verified:
            raise SystemExit(f"{kind}: an unverified answer in process: {r}")
    return time.perf_counter() - t0


def same(answer: "list[int] | None", ref: list[int]) -> bool:
    """Whether an answer's cells (row by row) are the reference's. gridsat's JSON lists only a
    board's cells, puzzlekit's grid and janko.at's rows the whole rectangle: where the lengths
    differ (a gattai board's holes), the empty cells of both are dropped first (every cell of
    such a board holds a digit)."""
    if answer is None:
        return False
    if len(answer) != len(ref):
        return [v for v in answer if v] == [v for v in ref if v]
    return answer == ref


def matching(answers, refs) -> str:
    """``k/m``: answers equal to the reference, of the puzzles that have one; then how many
    puzzles the solver could not read (puzzlekit's killer reader takes sums and cages, not
    the region and givens blocks gridsat writes for a killer with givens)."""
    pairs = [(a, ref) for (_, a), ref in zip(answers, refs) if ref is not None]
    unread = sum(st == "error" for st, _ in answers)
    return f"{sum(same(a, ref) for a, ref in pairs)}/{len(pairs)}" + (f" ({unread} unread)" if unread else "")


def ratio(theirs: float, ours: float) -> str:
    """``theirs / ours`` as ``9.97x``: two decimals, cut rather than rounded, so that a ratio
    just under a target is never printed as the target (9.996 reads 9.99x, not 10.00x).

    >>> ratio(4.275, 0.429), ratio(9.996, 1.0), ratio(1.0, 0.0)
    ('9.96x', '9.99x', 'infx')
    """
    if ours <= 0:
        return "infx"
    return f"{math.floor(theirs / ours * 100) / 100:.2f}x"


# ------------------------------------------------------------------------------ main
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--janko", action="append", type=Path, default=[],
                    help="a folder of <kind>.txt janko.at files, or one such file (repeatable)")
    ap.add_argument("--generate", type=int, default=0, metavar="N", help="N generated puzzles per kind")
    ap.add_argument("--seed", type=int, default=1, help="first seed of the generated puzzles")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "gridsat-kinds",
                    help="folder of the generated collections (written once)")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds")
    ap.add_argument("--puzzlekit-python", default=None, metavar="PATH",
                    help="a Python with puzzlekit installed (none: gridsat only)")
    ap.add_argument("--job", choices=("check", "solve"), default="check")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; medians are reported")
    args = ap.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            raise SystemExit(f"unknown kind {k!r} (one of {', '.join(KINDS)})")
    import gridsat

    types = puzzlekit_types(args.puzzlekit_python)
    if args.puzzlekit_python and types is None:
        print(f"# no puzzlekit in {args.puzzlekit_python}: gridsat only")
    print(f"# gridsat {gridsat.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f} at start; job {args.job}; {args.repeat} rounds, medians")
    print("\n| kind | puzzles | gridsat matching | puzzlekit matching | gridsat s | puzzlekit s | ratio "
          "| gridsat CPU s | puzzlekit CPU s | CPU ratio | gridsat in-process s | puzzlekit in-process s "
          "| in-process ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="gridsat-kinds-") as tmp:
        for kind in kinds:
            puzzles, refs = collection(kind, args.janko, args.generate, args.seed, args.cache)
            if not puzzles:
                print(f"| {kind} | 0 |" + " |" * 11)
                continue
            path = Path(tmp) / f"{kind}.txt"
            path.write_text("\n\n".join("\n".join(p) for p in puzzles) + "\n")
            ptype = KINDS[kind][0]
            peer = types is not None and ptype in types
            run_gridsat(kind, path, args.job, [], len(puzzles))  # untimed: writes the bytecode caches
            ours, theirs, ours_in, theirs_in = [], [], [], []
            for _ in range(args.repeat):  # alternating: a change of load hits both alike
                t, answers = run_gridsat(kind, path, args.job, [], len(puzzles))
                ours.append(t)
                if peer:
                    t, pin, panswers = run_puzzlekit(args.puzzlekit_python, ptype, path, len(puzzles))
                    theirs.append(t)
                    theirs_in.append(pin)
                ours_in.append(in_process(kind, path, args.job))
            g, gc, gi = (statistics.median(x[0] for x in ours), statistics.median(x[1] for x in ours),
                         statistics.median(ours_in))
            row = [kind, str(len(puzzles)), matching(answers, refs)]
            if peer:
                p, pc, pi = (statistics.median(x[0] for x in theirs), statistics.median(x[1] for x in theirs),
                             statistics.median(theirs_in))
                row += [matching(panswers, refs), f"{g:.3f}", f"{p:.3f}", ratio(p, g), f"{gc:.3f}", f"{pc:.3f}",
                        ratio(pc, gc), f"{gi:.3f}", f"{pi:.3f}", ratio(pi, gi)]
            else:
                why = "no peer" if types is None else f"puzzlekit has no {ptype}"
                row += [why, f"{g:.3f}", "-", "-", f"{gc:.3f}", "-", "-", f"{gi:.3f}", "-", "-"]
            print("| " + " | ".join(row) + " |")
            sys.stdout.flush()
    print(f"\n# load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
