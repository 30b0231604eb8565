"""Where ``solve``, ``check`` and ``count`` send their puzzles: the bulk route for files or
standard input of plain 9x9 lines (:mod:`gridsat.cli.block`), the plain loop in this process
(:mod:`gridsat.cli.batch`), or the batch runner (:mod:`gridsat.cli.batch_jobs`) when one of its
options is given. The runner's modules are imported only on its path, so a plain
``gridsat check`` does not pay for them at start-up."""

from __future__ import annotations

import argparse

from ..errors import GridsatError
from .outputs import fail
from .jobs import wants_runner

__all__ = ["run_puzzles"]


def run_puzzles(args: argparse.Namespace, job: str) -> int:
    """Run ``job`` (``solve``, ``check`` or ``count``) on every puzzle ``args`` names; returns
    the exit code."""
    if not wants_runner(args):
        kept: dict[str, bytes] = {}  # (the files the bulk route read: the general loop does not open them again)
        if getattr(args, "kind", None) is None and getattr(args, "format", None) is None:
            # (the bulk route takes neither option: a run that gives one does not import it)
            from .block import run_block, run_stdin

            # files or standard input of plain 9x9 lines: the C core a block at a time
            code = run_block(args, job, kept)
            if code is None:
                code = run_stdin(args, job)
            if code is not None:
                return code
        from .batch import run_batch

        return run_batch(args, job, kept)
    from .batch import Settings
    from .batch_jobs import run_batch_jobs

    try:
        settings = Settings(args, job)
    except GridsatError as e:
        return fail(e)
    return run_batch_jobs(args, job, settings)
