"""``gridsat rate`` through the batch runner: each puzzle read is a task (id ``file:line``);
its line is ``file:line: <rating text>``, or its ``--json`` record with ``id`` and ``where``;
under ``-t`` a puzzle past the limit is ``file:line: unknown: time limit of T s reached``."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..jobs.items import PuzzleItem, Reading
from ..jobs.tasks import RateJob, WithText
from .batch_jobs import puzzle_tasks
from .clocked import Clocked, rate_stopped, rate_stopped_text

__all__ = ["RateText", "run_rate_jobs"]


@dataclass
class RateText:
    """The text line of a rating: ``file:line: <text>``."""

    def __call__(self, item: PuzzleItem, got: tuple) -> tuple[str, str]:
        """``(line, "")``."""
        return f"{item.where}: {got[1]}", ""


def run_rate_jobs(args: argparse.Namespace) -> int:
    """Rate every puzzle read through the runner; returns the exit code (1 if some puzzle was
    not solved or could not be read)."""
    from .jobs import run_tasks

    job = RateJob(uniqueness=args.uniqueness, extra=tuple(args.extra), search=not args.no_search,
                figures=not args.no_figures, kit=args.kit)
    plain = args.json or args.out
    inner = job if plain else WithText(job, RateText())
    limit = getattr(args, "time_limit", None)
    fn = Reading(inner if limit is None else Clocked(inner, limit, rate_stopped if plain else rate_stopped_text))
    tasks = puzzle_tasks(args)
    if isinstance(tasks, int):
        return tasks

    def ok(rec: dict) -> bool:
        tasks.seen(rec)
        return bool(rec.get("solved", True))
    return tasks.exit_code(run_tasks(args, tasks, fn, ok=ok, time_limit=limit))
