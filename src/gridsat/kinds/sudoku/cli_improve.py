"""``gridsat generate improve`` (:func:`run_improve`) through the batch runner: one task per
worker seed (id ``seed:S``), run by :class:`ImproveJob`.

Each worker of :func:`gridsat.kinds.sudoku.generate_improve.improve` is a runner task, so a worker that
dies is retried once on a fresh process and then reported, a worker past twice its time
limit is killed and reported, and the others still count: the best puzzle of the workers
that finished is printed as before (the puzzle line on standard output, the score and the
history on standard error, or one ``--json`` object). A failed worker is one line on
standard error (and a ``failed`` list in the JSON) and the exit code is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

from ...errors import GridsatError, ParseError
from ...jobs.items import Task
from ...jobs.store import is_error
from ...cli.outputs import fail
from ...cli.exitcodes import EXIT_FAILED, EXIT_OK

__all__ = ["run_improve", "run_improve_jobs", "improve_tasks", "ImproveJob", "SETUP_SECONDS"]

#: seconds a worker may take beyond its budget (making its first puzzle, the last step) before its
#: time limit; the runner kills it at twice the limit
SETUP_SECONDS = 60.0


@dataclass
class ImproveJob:
    """One worker of the improve search: the payload is an argument of
    :func:`~gridsat.kinds.sudoku.generate_improve.improve_worker` (from
    :func:`~gridsat.kinds.sudoku.generate_improve.worker_args`); the record is the worker's
    :meth:`~gridsat.kinds.sudoku.generate_improve.ImproveResult.to_record`."""

    def __call__(self, args: tuple) -> dict:
        """The record of the worker's best puzzle."""
        from .generate_improve import improve_worker

        return improve_worker(args).to_record()


def improve_tasks(worker_args: list[tuple]) -> list[Task]:
    """One task per worker: id ``seed:S``, and a time limit of the budget plus :data:`SETUP_SECONDS`
    (none with a step budget).

    Parameters
    ----------
    worker_args : list of tuple
        From :func:`gridsat.kinds.sudoku.generate_improve.worker_args`.

    Returns
    -------
    list of Task
    """
    out = []
    for a in worker_args:
        limit = None if len(a) > 7 and a[7] is not None else float(a[3]) + SETUP_SECONDS
        out.append(Task(f"seed:{a[4]}", a, time_limit=limit))
    return out


def run_improve(args: argparse.Namespace) -> int:
    """Run ``gridsat generate improve`` (its workers are batch-runner tasks); returns the exit code."""
    from ...cli.generate import check_backend, load_one, plain_sigint
    from ...formats.common import parse_box
    from .generate_improve import worker_args

    plain_sigint()
    try:
        check_backend(args)
        start = load_one(args.partial, "sudoku", parse_box(args.box)) if args.partial else None
        workers = worker_args(start=start, size=args.size, box=parse_box(args.box), time_budget=args.time,
                              jobs=args.jobs, seed=args.seed, score=args.score, steps=args.steps,
                              **({"solver": args.backend} if args.backend else {}))
    except GridsatError as e:
        return fail(e if isinstance(e, ParseError) else str(e))
    return run_improve_jobs(args, workers)


def run_improve_jobs(args: argparse.Namespace, worker_args: list[tuple],
                     job: Callable[[Any], dict] | None = None) -> int:
    """Run the improve workers through the runner and print the best puzzle of those that finished.

    Parameters
    ----------
    args : argparse.Namespace
        The ``generate improve`` command line (``json``, ``jobs`` and the runner's options).
    worker_args : list of tuple
        The workers (:func:`gridsat.kinds.sudoku.generate_improve.worker_args`).
    job : callable, optional
        The task function (default :class:`ImproveJob`).

    Returns
    -------
    int
        0, 1 (a worker failed, or none finished), 2 (usage error), 130 or 143.
    """
    from .generate_improve import ImproveResult, merge_results
    from ...jobs import read_records
    from ...jobs.shards import select
    from ...cli.jobs import run_tasks

    tasks = improve_tasks(worker_args)
    try:
        ids = {t.id for t in select(tasks, getattr(args, "shard", None))}
    except GridsatError as e:
        return fail(e)
    keep: list[dict] = []
    t0 = time.perf_counter()
    code = run_tasks(args, tasks, job or ImproveJob(), total=len(tasks), keep=keep, show=False)
    if code not in (EXIT_OK, EXIT_FAILED):
        return code
    records = [r for r in (read_records(args.out) if getattr(args, "out", None) else keep) if r.get("id") in ids]
    failed = [r for r in records if is_error(r)]
    for r in failed:
        print(f"gridsat: improve worker {r['id']} failed: {r['error']}", file=sys.stderr, flush=True)
    try:
        res = merge_results([ImproveResult.from_record(r) for r in records if r not in failed],
                            worker_args[0][4], time.perf_counter() - t0)
    except GridsatError as e:
        print(f"gridsat: {e}", file=sys.stderr, flush=True)
        return EXIT_FAILED
    except (KeyError, TypeError, ValueError) as e:
        return fail(f"{args.out}: not a record of improve workers ({type(e).__name__}: {e})")
    _print(args, res, failed)
    return EXIT_FAILED if failed or len(records) < len(ids) else EXIT_OK


def _print(args: argparse.Namespace, res, failed: list[dict]) -> None:
    """What ``generate improve`` prints (unchanged by the runner)."""
    from ...generators.lines import puzzle_line

    if args.json:
        d = res.to_dict()
        if failed:
            d["failed"] = [{"id": r["id"], "error": r["error"]} for r in failed]
        print(json.dumps(d), flush=True)
        return
    print(puzzle_line(res.puzzle), flush=True)
    print(f"score {res.score_name} {res.score}  givens {res.puzzle.num_givens}  "
          f"steps {res.steps}  time {res.time:.1f}s", file=sys.stderr)
    for t, s in res.history:
        print(f"  {t:7.2f}s  {s}", file=sys.stderr)
    sys.stdout.flush()
