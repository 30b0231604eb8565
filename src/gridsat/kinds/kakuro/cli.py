"""The options of ``gridsat generate kakuro`` (the Kakuro kind's generator)."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the generator's options to its subcommand parser."""
    p.add_argument("--size", type=int, default=12, help="the rows, clue row included, 3 to 32 (default 12)")
    p.add_argument("--cols", type=int, default=None, help="the columns, clue column included (default: --size)")
    p.add_argument("--black", type=float, default=0.3,
                   help="about which share of the inner board is black, 0.15 to 0.5 (default 0.3: about 85 "
                        "white cells at 12x12)")
    p.add_argument("--max-run", dest="max_run", type=int, default=9,
                   help="the longest run of white cells, 5 to 9 (default 9)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"size": args.size, "cols": args.cols, "black": args.black, "max_run": args.max_run}
