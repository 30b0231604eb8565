"""The options of ``gridsat generate ripple``."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the Ripple generator's options to its subcommand parser."""
    p.add_argument("--rows", type=int, help="rows (default 10)")
    p.add_argument("--cols", type=int, help="columns (default: rows)")
    p.add_argument("--max-region", dest="max_region", type=int,
                   help="the largest region, 2 to 36 (default 7)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"rows": args.rows, "cols": args.cols, "max_region": args.max_region}
