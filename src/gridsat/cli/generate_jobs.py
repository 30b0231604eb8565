"""``gridsat generate`` through the batch runner: one task per seed (id ``seed:S``), printed in order."""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass

from ..jobs.items import Task
from ..jobs.tasks import GenerateJob, WithText
from .clocked import Clocked, generate_stopped, generate_stopped_text

__all__ = ["GenerateText", "run_generate_jobs"]


@dataclass
class GenerateText:
    """What ``generate`` prints for a puzzle: its line, its board, or ``--output-format`` text."""

    board: bool = False
    output_format: str | None = None

    def __call__(self, seed: int, g) -> tuple[str, str]:
        """``(text, note)``: the puzzle, and a warning when it is not unique."""
        from ..generators.lines import puzzle_line
        from ..kinds import kind_of

        if self.output_format:
            from .outputs import write_puzzle

            return write_puzzle(g.puzzle, self.output_format), ""
        note = ""
        count = g.info.get("solutions")
        if count is not None and count != 1:
            more = "" if g.info.get("count_complete", True) else " at least"
            note = f"gridsat: this puzzle has{more} {count} solutions"
        text = kind_of(g.puzzle).board_file(g.puzzle) + "\n" if self.board else puzzle_line(g.puzzle)
        return text, note


def run_generate_jobs(args: argparse.Namespace, options: dict, seed: int, count: int | None) -> int:
    """Generate ``count`` puzzles (``None``: until stopped) from seeds ``seed, seed + 1, ...``.

    Parameters
    ----------
    args : argparse.Namespace
        The command line (``jobs`` 0 means one worker per core).
    options : dict
        The generator's options.
    seed : int
        The first seed.
    count : int or None
        How many puzzles.

    Returns
    -------
    int
        The exit code.
    """
    from .jobs import run_tasks

    seeds = itertools.count(seed) if count is None else range(seed, seed + count)
    tasks = (Task(f"seed:{s}", s) for s in seeds)
    job = GenerateJob(args.gen_kind, options)
    plain = args.json or args.out
    fn = job if plain else WithText(job, GenerateText(args.board, args.output_format))
    limit = getattr(args, "time_limit", None)
    if limit is not None:  # a seed past the limit is answered "unknown" (and the exit code is 1)
        fn = Clocked(fn, limit, generate_stopped if plain else generate_stopped_text)
    args.jobs = args.jobs or None
    return run_tasks(args, tasks, fn, total=count, ordered=True, time_limit=limit,
                     ok=lambda rec: rec.get("status") != "unknown")
