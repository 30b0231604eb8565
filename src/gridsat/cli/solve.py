"""``gridsat solve``: find one solution of each puzzle."""

from __future__ import annotations

import argparse

from .dispatch import run_puzzles
from .helptext import examples_epilog
from .jobs import add_runner_args
from .options import add_input_args, add_solver_args

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``solve`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("solve", help="find one solution of each puzzle", description="Find one solution of each puzzle.",
                              epilog=examples_epilog("solve", [
                                  "gridsat solve puzzles.txt --json",
                                  "gridsat solve hard.txt --backend cadical153 --time-limit 10"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_args(p)
    add_solver_args(p)
    add_runner_args(p)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat solve``; returns the exit code."""
    return run_puzzles(args, "solve")
