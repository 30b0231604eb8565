"""The batch runner's scaling: ``check`` over a puzzle file and ``generate`` of 9x9 puzzles,
with 1 and 2 local workers, and the same through a Dask ``LocalCluster`` (its overhead per task).

Usage::

    python benchmarks/batch.py [PUZZLES ...] [--check N] [--generate N] [--jobs 1,2] [--no-dask]
                               [--check-backends default,minisat22] [--parsed]

PUZZLES are puzzle files for ``check`` (default: ``N`` 9x9 puzzles generated once with
seeds 1.. into a temporary file). Their tasks are those ``gridsat check FILE --jobs N``
makes: the lines of a one-line file, each read by the worker that checks it
(:func:`gridsat.jobs.items.line_tasks`); ``--parsed`` adds rows for puzzles read in the
sending process (the tasks of any other input). Every row is a run through :func:`gridsat.jobs.run` on a
pool started and warmed first (``start s``: starting it and a first run of two tasks per
worker). The local rows run in rounds (at least three, then more up to twelve seconds):
each round runs the plain loop in this process, the loop split over 1 and 2 forked
processes (``forked``: the machine's ceiling at that moment) and the runner with 1 and 2
workers, in turn; the speed-up is the median of each round's ratio to one worker. The
Dask rows follow, repeated until they add up to three seconds, with the overhead per task
(Dask wall - local wall) x workers / tasks, in worker milliseconds. ``check`` runs with the
kind's default backend (the C core on 9x9, about 0.1 ms a puzzle) and with ``minisat22``
(the SAT route, several times the work per puzzle).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from gridsat.formats import read_file
from gridsat.jobs import Task, run
from gridsat.jobs.items import PuzzleItem, Reading, line_tasks
from gridsat.jobs.store import is_error
from gridsat.jobs.tasks import GenerateJob, PuzzleJob


def _check_tasks(paths: list[str], n: int, parsed: bool = False) -> list[Task]:
    """The first ``n`` puzzles of ``paths`` as ``gridsat check FILE --jobs N`` makes its tasks:
    the lines of a one-line file, read by the workers (``parsed``, or another format: the
    puzzles read here, as :class:`PuzzleItem` tasks)."""
    out = []
    for path in paths:
        lines = None if parsed else line_tasks(path)
        if lines is not None:
            out += lines[: n - len(out)]
        else:
            out += [Task(f"{e.file}:{e.line}", PuzzleItem(e.file, e.line, e.name, e.format, e.puzzle))
                    for e in read_file(path) if e.ok][: n - len(out)]
        if len(out) >= n:
            break
    return out


def _puzzles(n: int) -> str:
    """A temporary file of ``n`` generated 9x9 puzzles (seeds 1..n), made with the runner."""
    fd, path = tempfile.mkstemp(suffix=".txt", prefix="gridsat-batch-")
    os.close(fd)
    recs = sorted(run((Task(f"seed:{s}", s) for s in range(1, n + 1)), GenerateJob("sudoku"), jobs=os.cpu_count()),
                  key=lambda r: r["seed"])
    with open(path, "w", encoding="utf-8") as fh:
        fh.writelines(r["puzzle"] + "\n" for r in recs)
    return path


def _timed(tasks, fn, **kw) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    n = errors = 0
    for rec in run(tasks, fn, **kw):
        n += 1
        errors += is_error(rec)
    return time.perf_counter() - t0, n, errors


def _plain(tasks, fn) -> float:
    """The tasks run in this process as a worker runs a chunk of them: a task function with
    ``prepare`` has it called on all of them first, and one with ``many`` answers them all
    at once (else a loop calls it on each)."""
    t0 = time.perf_counter()
    items = [(t.id, t.payload) for t in tasks]
    prepare = getattr(fn, "prepare", None)
    if prepare is not None:
        items = prepare(items)
    many = getattr(fn, "many", None)
    if many is None or many([p for _, p in items]) is None:
        for _, payload in items:
            fn(payload)
    return time.perf_counter() - t0


#: a run shorter than this is repeated (up to REPEATS times in all) and its median reported
SHORT = 3.0
REPEATS = 5


def _repeated(once) -> tuple[float, int, int]:
    """``once()`` -> (wall, n, errors); a short run is repeated and the median wall kept (one
    0.1 s run on a shared machine says little)."""
    runs = [once()]
    while sum(r[0] for r in runs) < SHORT and len(runs) < REPEATS:
        runs.append(once())
    walls = sorted(r[0] for r in runs)
    return walls[len(walls) // 2], runs[0][1], max(r[2] for r in runs)


class _Pool:
    """A started, warmed pool: ``local`` worker processes or a Dask ``LocalCluster``."""

    def __init__(self, executor: str, jobs: int) -> None:
        from gridsat.jobs.executors import DaskPool, LocalPool

        self.closing = []
        if executor == "dask":
            import distributed

            cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                               dashboard_address=None)
            client = distributed.Client(cluster)
            self.closing = [client, cluster]
            self.pool = DaskPool(client=client)
        else:
            self.pool = LocalPool(jobs)
            self.closing = [self.pool]

    def close(self) -> None:
        import logging

        # a Dask worker's heartbeat racing the scheduler's shutdown is logged as an error
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        for thing in self.closing:
            thing.close()


def _forked(tasks, fn, procs: int) -> float:
    """Wall time of ``procs`` forked processes, each running the plain loop over its share of
    ``tasks`` (no runner, no pickling): the most that many cores give on this machine now."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    t0 = time.perf_counter()
    ps = [ctx.Process(target=_plain, args=(tasks[i::procs], fn)) for i in range(procs)]
    for p in ps:
        p.start()
    for p in ps:
        p.join()
    return time.perf_counter() - t0


#: rounds of the local runs: at least MIN_ROUNDS, then more until they add up to ROUND_SECONDS
MIN_ROUNDS, MAX_ROUNDS, ROUND_SECONDS = 3, 9, 12.0


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def measure(name: str, tasks: list[Task], fn, jobs: list[int], dask: bool) -> list[list[str]]:
    """The rows of one job: plain loop, forked plain loops, the local runner per worker count,
    then Dask per worker count.

    The local pools are started and warmed together (one run of two tasks per worker, its
    time is the ``start s`` column). Then every local configuration runs once per round, in
    turn, so a change in the machine's load from outside falls on all of them alike; the
    speed-up is the median over the rounds of each round's ratio to one worker, and the
    wall time the median over the rounds. ``forked`` rows are the ceiling: the same plain
    loop split over that many processes with nothing else between them."""
    pools, start = {}, {}
    try:
        for j in jobs:
            t0 = time.perf_counter()
            pools[j] = _Pool("local", j)
            _timed(tasks[: 2 * j], fn, executor=pools[j].pool)
            start[j] = time.perf_counter() - t0
        walls: dict[tuple[str, int], list[float]] = {}
        errors = 0
        t_begin = time.perf_counter()
        rounds = 0
        while rounds < MIN_ROUNDS or (time.perf_counter() - t_begin < ROUND_SECONDS and rounds < MAX_ROUNDS):
            walls.setdefault(("plain loop", 1), []).append(_plain(tasks, fn))
            for j in jobs:
                walls.setdefault(("forked", j), []).append(_forked(tasks, fn, j))
                wall, n, err = _timed(tasks, fn, executor=pools[j].pool)
                walls.setdefault(("local", j), []).append(wall)
                errors = max(errors, err)
            rounds += 1
    finally:
        for pool in pools.values():
            pool.close()
    n = len(tasks)
    rows = []
    for (executor, j), ws in walls.items():
        base = walls.get((executor, jobs[0]))
        ratio = _median([b / w for b, w in zip(base, ws)]) if base and executor != "plain loop" else None
        rows.append([name, executor, str(j), str(n), f"{start[j]:.2f}" if executor == "local" else "",
                     f"{_median(ws):.2f}", f"{n / _median(ws):.0f}", f"{ratio:.2f}x" if ratio else "", ""])
    order = {"plain loop": 0, "forked": 1, "local": 2}
    rows.sort(key=lambda r: (order[r[1]], int(r[2])))
    rows[0][0] += f" ({rounds} rounds)"
    if errors:
        rows[-1][0] += f" ({errors} errors)"
    if dask:
        local = {j: _median(walls[("local", j)]) for j in jobs}
        base = None
        for j in jobs:
            t0 = time.perf_counter()
            pool = _Pool("dask", j)
            try:
                _timed(tasks[: 2 * j], fn, executor=pool.pool)
                st = time.perf_counter() - t0
                wall, n, err = _repeated(lambda: _timed(tasks, fn, executor=pool.pool))
            finally:
                pool.close()
            base = base or wall
            over = (wall - local[j]) / n * 1000 * j
            rows.append([name, "dask", str(j), str(n), f"{st:.2f}", f"{wall:.2f}", f"{n / wall:.0f}",
                         f"{base / wall:.2f}x", f"{over:.2f}"])
            if err:
                rows[-1][0] += f" ({err} errors)"
    return rows


def table(rows: list[list[str]]) -> str:
    """A Markdown table of the rows."""
    head = ["job", "executor", "workers", "tasks", "start s", "wall s", "tasks/s", "speed-up", "Dask overhead ms/task"]
    cols = list(zip(head, *rows))
    width = [max(len(c) for c in col) for col in cols]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, width)) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in width) + "|"] + [line(r) for r in rows])


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", nargs="*", help="puzzle files for check (default: generated)")
    ap.add_argument("--check", type=int, default=2000, help="puzzles to check (default 2000)")
    ap.add_argument("--generate", type=int, default=2000, help="9x9 puzzles to generate (default 2000)")
    ap.add_argument("--jobs", default="1,2", help="worker counts (default 1,2)")
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask LocalCluster rows")
    ap.add_argument("--check-backends", default="default,minisat22",
                    help="check with each of these backends ('default': the kind's; default: default,minisat22)")
    ap.add_argument("--parsed", action="store_true",
                    help="also check puzzles parsed in the sending process (the tasks of an input that is "
                         "not a one-line file) with the default backend")
    args = ap.parse_args(argv)
    jobs = [int(x) for x in args.jobs.split(",")]
    dask = not args.no_dask
    if dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print("Dask distributed is not installed: no Dask rows (pip install 'gridsat[dask]')", file=sys.stderr)
            dask = False
    paths = args.puzzles or [_puzzles(args.check)]
    rows = []
    if args.check:
        tasks = _check_tasks(paths, args.check)
        for b in args.check_backends.split(","):
            name = "check" if b == "default" else f"check {b}"
            rows += measure(name, tasks, Reading(PuzzleJob("check", backend=None if b == "default" else b)), jobs,
                            dask)
        if args.parsed:
            rows += measure("check, parsed", _check_tasks(paths, args.check, parsed=True), PuzzleJob("check"), jobs,
                            dask)
    if args.generate:
        tasks = [Task(f"seed:{s}", s) for s in range(1, args.generate + 1)]
        rows += measure("generate 9x9", tasks, GenerateJob("sudoku"), jobs, dask)
    if not args.puzzles:
        os.unlink(paths[0])
    print(f"{os.cpu_count()} cores")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
