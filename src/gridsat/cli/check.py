"""``gridsat check``: decide whether each puzzle has exactly one solution."""

from __future__ import annotations

import argparse

from .dispatch import run_puzzles
from .helptext import examples_epilog
from .jobs import add_runner_args
from .options import add_input_args, add_solver_args

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``check`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("check", help="decide whether each puzzle has exactly one solution",
                              description="Decide whether each puzzle has exactly one solution.",
                              epilog=examples_epilog("check", ["gridsat check puzzles.txt --json --time-limit 5"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_args(p)
    add_solver_args(p)
    add_runner_args(p)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat check``; returns the exit code."""
    return run_puzzles(args, "check")
