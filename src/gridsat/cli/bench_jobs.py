"""``gridsat bench`` through the batch runner: each run (a puzzle under one configuration) is a
task with id ``file:line:config``; the summary table is made from every row at the end
(with ``--out FILE --resume``, the rows already in FILE too)."""

from __future__ import annotations

import argparse
from typing import Iterator, Sequence

from ..jobs.items import Task
from ..jobs.tasks import BenchJob

__all__ = ["bench_rows"]


def _tasks(instances: Sequence, cfgs: Sequence) -> Iterator[Task]:
    for i, inst in enumerate(instances):
        where = f"{inst.file or '<input>'}:{inst.line}"
        for cfg in cfgs:
            yield Task(f"{where}:{cfg.label}", (i, inst, cfg))


def bench_rows(args: argparse.Namespace, instances: Sequence, cfgs: Sequence,
               time_limit: float | None) -> tuple[int, list[dict]]:
    """Run every instance under every configuration through the runner.

    Parameters
    ----------
    args : argparse.Namespace
        The command line (``job``, ``limit``, ``warm`` and the runner's options).
    instances : sequence of Instance
    cfgs : sequence of Config
    time_limit : float or None
        Seconds per run.

    Returns
    -------
    tuple
        ``(exit code of the run, rows)``; the rows include those already in ``--out`` on ``--resume``.
    """
    from ..experiments.config import parse_configs
    from ..jobs import read_records
    from .jobs import run_tasks

    parse_configs(cfgs, args.job)  # (a configuration that cannot do the job is a usage error, before any run)
    rows: list[dict] = []
    job = BenchJob(job=args.job, time_limit=time_limit, limit=args.limit, cold=not args.warm)
    code = run_tasks(args, _tasks(instances, cfgs), job, total=len(instances) * len(cfgs), keep=rows, show=False,
                     time_limit=time_limit)
    if args.out:
        rows = list(read_records(args.out))
    return code, rows
