"""``gridsat count``: count the solutions of each puzzle (up to --limit)."""

from __future__ import annotations

import argparse

from .common import add_input_args, add_solver_args, run_batch

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("count", help="count the solutions of each puzzle (up to --limit)", description="Count the solutions of each puzzle (up to --limit).")
    add_input_args(p)
    add_solver_args(p, limit=True)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    return run_batch(args, "count")
