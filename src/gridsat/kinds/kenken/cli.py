"""The options of ``gridsat generate kenken`` (the KenKen kind's generator)."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the generator's options to its subcommand parser."""
    p.add_argument("--size", type=int, default=6, help="the side, 1 to 9 (default 6)")
    p.add_argument("--max-cage", type=int, default=4, help="the largest cage, 1 to 4 (default 4)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"size": args.size, "max_cage": args.max_cage}
