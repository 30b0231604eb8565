"""Dominance of the defaults: every installed backend and the default on a diverse set.

The question: is there an instance on which some installed backend beats the kind's
default (the pair ``gridsat.check`` picks with no backend named) by more than 5x? The
instance set is generated here from seeds, nothing is read from outside the repository:

* classic Sudoku: empty 4x4 .. 16x16 and 25x25; dense (a generated puzzle with one
  solution), sparse (the same with most givens removed: many solutions) and impossible (a
  generated puzzle with one given changed so that no given clashes, yet nothing fits);
* jigsaw Sudoku: empty boards on random region layouts (``random_layout(n, seed)``) of
  sizes 4 to 12, several seeds each, the unsolvable layouts among them (8x8 seed 77 is
  one), and generated jigsaw puzzles with givens;
* Hidato and Numbrix templates: empty rectangles and generated puzzles with givens, up to
  20x20 (400 cells, where the default becomes a race of two processes).

Every backend runs with its default encoding (:func:`gridsat.selection.resolve`), one job
at a time, under a time limit, with every cached formula dropped before each run
(:func:`gridsat.backends.close_all`), so each run builds what it needs as a fresh process
would. The order of the backends rotates from one instance to the next, so a slow spell of
a shared machine does not fall on one backend. Times are wall clock (a race runs in two
processes, so CPU time of one process would undercount it).

Columns: the instance, the default's pair, its status and time, the best other backend's
time and name, the ratio default / best (the best over backends with a decisive answer,
i.e. not ``unknown``; ``-`` when only the default decided), then every backend's
``status-letter time``. Status letters: ``u`` unique, ``a`` ambiguous, ``i`` impossible,
``s`` solved, ``?`` unknown (the time limit), ``!`` error. Ratios under a small floor
(:data:`FLOOR` seconds added to both sides) are not counted: a run of 2 ms against one of
0.5 ms is noise of process start-up, not dominance.

Usage::

    python benchmarks/dominance.py                      # the whole set, 10 s per run
    python benchmarks/dominance.py -t 5 --only jigsaw   # one family
    python benchmarks/dominance.py --backends native,minicard,glucose4
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path
from typing import Iterator

try:
    import gridsat
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import gridsat

from gridsat import Hidato, Sudoku
from gridsat.backends import close_all, list_backends
from gridsat.errors import GridsatError
from gridsat.selection import default_choice, resolve

#: seconds added to both sides of a ratio (start-up noise is not dominance)
FLOOR = 0.05
#: the worst ratio allowed
BOUND = 5.0
LETTER = {"unique": "u", "ambiguous": "a", "impossible": "i", "solved": "s", "unknown": "?"}


# ---------------------------------------------------------------------------- the set
def _hidden_impossible(q) -> bool:
    """Whether ``q`` has no solution though no clash scan sees it (SAT proves it)."""
    return not q.conflicts() and gridsat.check(q, backend="glucose4", time_limit=30).status == "impossible"


def _impossible_from(puzzle: Sudoku, solution, seed: int) -> Sudoku | None:
    """``puzzle`` with one given changed to a value that clashes with no given, when that
    leaves no solution (checked with a SAT solver); ``None`` when no change does."""
    rng = random.Random(seed)
    n = puzzle.n
    cells = [c for c, v in enumerate(puzzle.givens) if v]
    rng.shuffle(cells)
    for c in cells:
        for v in rng.sample(range(1, n + 1), n):
            if v == puzzle.givens[c]:
                continue
            g = list(puzzle.givens)
            g[c] = v
            q = puzzle.with_givens(g)
            if _hidden_impossible(q):
                return q
    return None


def sudoku_set() -> Iterator[tuple[str, object]]:
    """Classic boards: empty, dense, sparse, impossible."""
    from gridsat.kinds.sudoku.generate import generate_sudoku

    for n in (4, 6, 9, 12, 16, 25):
        yield f"sudoku {n}x{n} empty", Sudoku.empty(n)
    for n, seed in ((9, 1), (9, 2), (12, 1), (16, 1)):
        g = generate_sudoku(n, seed=seed, score=False)
        yield f"sudoku {n}x{n} dense s{seed}", g.puzzle
        rng = random.Random(seed)
        keep = [c for c, v in enumerate(g.puzzle.givens) if v]
        rng.shuffle(keep)
        sparse = [0] * (n * n)
        for c in keep[: max(1, len(keep) // 3)]:
            sparse[c] = g.puzzle.givens[c]
        yield f"sudoku {n}x{n} sparse s{seed}", g.puzzle.with_givens(sparse)
        bad = _impossible_from(g.puzzle, g.solution, seed)
        if bad is not None:
            yield f"sudoku {n}x{n} impossible s{seed}", bad
    # 25x25: givens drawn from a solved grid (generating a 25x25 puzzle takes minutes)
    full = gridsat.solve(Sudoku.empty(25), backend="minicard").solution
    rng = random.Random(25)
    for share, label in ((0.3, "sparse"), (0.6, "dense")):
        keep = set(rng.sample(range(625), int(share * 625)))
        yield f"sudoku 25x25 {label} s25", Sudoku.empty(25).with_givens([v if c in keep else 0 for c, v in enumerate(full)])


#: jigsaw layout seeds per size (77 at 8x8: the layout of the report, which has no solution)
JIGSAW_SEEDS = {4: (1, 2, 3), 5: (1, 2, 3), 6: (1, 2, 3), 7: (1, 2, 3), 8: (77, 1, 2, 3), 9: (1, 2, 3),
                10: (1, 2), 11: (1, 2), 12: (1, 2)}


def jigsaw_set() -> Iterator[tuple[str, object]]:
    """Empty boards on random layouts of sizes 4-12, then generated puzzles with givens."""
    from gridsat.generators.layouts import random_layout
    from gridsat.kinds.sudoku.generate import generate_jigsaw

    for n, seeds in JIGSAW_SEEDS.items():
        for seed in seeds:
            yield f"jigsaw {n}x{n} layout s{seed}", Sudoku(n, None, regions=random_layout(n, seed))
    for n, seed in ((6, 1), (9, 1), (9, 2), (12, 1)):
        g = generate_jigsaw(n, seed=seed, score=False)
        yield f"jigsaw {n}x{n} dense s{seed}", g.puzzle


def hidato_set() -> Iterator[tuple[str, object]]:
    """Hidato and Numbrix templates: empty, and generated puzzles with givens."""
    from gridsat.kinds.hidato.generate import generate_hidato, generate_numbrix

    for r, c in ((5, 5), (8, 8), (12, 12), (20, 20)):
        yield f"hidato {r}x{c} empty", Hidato.empty(r, c)
        yield f"numbrix {r}x{c} empty", Hidato.numbrix(r, c)
    yield "hidato 100x4 empty", Hidato.empty(100, 4)
    for r, seed in ((7, 1), (10, 1), (15, 1)):
        h = generate_hidato(r, r, seed=seed, score=False).puzzle
        yield f"hidato {r}x{r} givens s{seed}", h
        yield f"numbrix {r}x{r} givens s{seed}", generate_numbrix(r, r, seed=seed, score=False).puzzle
        bad = _hidato_impossible(h)
        if bad is not None:
            yield f"hidato {r}x{r} impossible s{seed}", bad


def _hidato_impossible(puzzle: Hidato) -> Hidato | None:
    """``puzzle`` with two givens' numbers swapped where no clash scan sees it, when SAT finds
    no solution then; ``None`` when no swap does."""
    given = sorted(puzzle.givens.items())
    for (a, va), (b, vb) in zip(given, given[1:]):
        if va in (1, puzzle.num_cells) or vb in (1, puzzle.num_cells):
            continue
        g = dict(puzzle.givens)
        g[a], g[b] = vb, va
        q = puzzle.with_givens(g)
        if _hidden_impossible(q):
            return q
    return None


FAMILIES = {"sudoku": sudoku_set, "jigsaw": jigsaw_set, "hidato": hidato_set}


def instances(only: "str | None" = None) -> list[tuple[str, object]]:
    """The whole set (or one family), in a fixed order."""
    return [x for name, make in FAMILIES.items() if only in (None, name) for x in make()]


# ---------------------------------------------------------------------------- runs
def backends_for(puzzle, names: "list[str] | None" = None) -> list[str]:
    """Installed backends that take ``puzzle`` (with their default encoding)."""
    out = []
    for name in names or list_backends(available=True):
        try:
            resolve(puzzle, name, None)
        except GridsatError:
            continue
        out.append(name)
    return out


def measure(puzzle, backend: "str | None", time_limit: float, job: str = "check") -> tuple[str, float, str, float]:
    """``(status, wall seconds, backend/encoding, CPU seconds)`` of one job, caches dropped
    first; the CPU time is this process's and its children's (a race's or a killed child's)."""
    close_all()
    run = gridsat.check if job == "check" else gridsat.solve
    c0 = _cpu()
    t0 = time.perf_counter()
    try:
        res = run(puzzle, backend=backend, time_limit=time_limit)
        status, who = res.status, f"{res.backend}/{res.encoding}"
    except GridsatError as exc:
        status, who = "error", type(exc).__name__
    return status, time.perf_counter() - t0, who, _cpu() - c0


def _cpu() -> float:
    """CPU seconds of this process and its waited-for children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def ratio(default: float, best: float) -> float:
    """default / best with :data:`FLOOR` added to both."""
    return (default + FLOOR) / (best + FLOOR)


def row(name: str, puzzle, names: "list[str] | None", time_limit: float, job: str, turn: int) -> dict:
    """Every backend and the default on one instance, in an order rotated by ``turn``."""
    backends = backends_for(puzzle, names)
    order = backends + [None]
    k = turn % len(order)
    order = order[k:] + order[:k]
    runs = {}
    for b in order:
        runs[b] = measure(puzzle, b, time_limit, job)
    decisive = {b: r for b, r in runs.items() if b is not None and r[0] not in ("unknown", "error")}
    d_status, d_time, d_who, _ = runs[None]
    best = min(decisive, key=lambda b: decisive[b][1]) if decisive else None
    r = ratio(d_time, decisive[best][1]) if best else (1.0 if d_status != "unknown" else float("inf"))
    if d_status in ("unknown", "error") and decisive:
        r = float("inf")
    return {"name": name, "default": default_choice(puzzle).pair, "status": d_status, "time": d_time,
            "who": d_who, "best": best, "best_time": decisive[best][1] if best else None, "ratio": r,
            "runs": {b: runs[b] for b in backends}}


def _cell(status: str, seconds: float) -> str:
    return f"{LETTER.get(status, '!')}{seconds:.2f}"


def print_table(rows: list[dict], file=sys.stdout) -> None:
    """The table (Markdown), then the worst ratio."""
    names = sorted({b for r in rows for b in r["runs"]})
    head = ["instance", "default", "status", "default s", "best s", "best", "ratio"] + names
    print("| " + " | ".join(head) + " |", file=file)
    print("|" + "|".join("---" for _ in head) + "|", file=file)
    for r in rows:
        cells = [r["name"], r["who"], r["status"], f"{r['time']:.2f}",
                 "-" if r["best"] is None else f"{r['best_time']:.2f}", r["best"] or "-",
                 "inf" if r["ratio"] == float("inf") else f"{r['ratio']:.2f}"]
        cells += [_cell(*r["runs"][b][:2]) if b in r["runs"] else "" for b in names]
        print("| " + " | ".join(cells) + " |", file=file, flush=True)
    worst = max(rows, key=lambda r: r["ratio"])
    print(f"\nworst ratio default/best: {worst['ratio']:.2f} ({worst['name']}; bound {BOUND})", file=file)


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-t", "--time-limit", type=float, default=10.0, help="seconds per run (default 10)")
    ap.add_argument("--only", choices=sorted(FAMILIES), help="one family of instances")
    ap.add_argument("--backends", help="comma-separated backends (default: every installed one)")
    ap.add_argument("--match", help="only instances whose name contains this text")
    ap.add_argument("--job", choices=("check", "solve"), default="check")
    args = ap.parse_args(argv)
    names = args.backends.split(",") if args.backends else None
    rows = []
    set_ = [(n, p) for n, p in instances(args.only) if not args.match or args.match in n]
    print(f"# gridsat {gridsat.__version__}, {args.job}, {args.time_limit} s per run, {len(set_)} instances",
          file=sys.stderr)
    for turn, (name, puzzle) in enumerate(set_):
        rows.append(row(name, puzzle, names, args.time_limit, args.job, turn))
        r = rows[-1]
        print(f"{name}: default {r['status']} {r['time']:.2f} s, best {r['best']} "
              f"{r['best_time'] if r['best_time'] is None else round(r['best_time'], 2)}, ratio {r['ratio']:.2f}",
              file=sys.stderr, flush=True)
    print_table(rows)
    return 0 if max(r["ratio"] for r in rows) <= BOUND else 1


if __name__ == "__main__":
    raise SystemExit(main())
