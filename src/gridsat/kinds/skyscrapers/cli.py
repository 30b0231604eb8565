"""The options of ``gridsat generate skyscrapers``."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the generator's options to its subcommand parser."""
    p.add_argument("--size", type=int, default=6, help="the board's side (default 6)")
    p.add_argument("--max-height", type=int, dest="max_height",
                   help="the tallest building (default: the side); lower leaves empty cells in every line")
    p.add_argument("--givens", type=int, default=0, help="cells given besides the clues (default 0)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"size": args.size, "max_height": args.max_height, "givens": args.givens}
