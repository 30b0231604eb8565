"""The options of ``gridsat generate str8ts``."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the generator's options to its subcommand parser."""
    p.add_argument("--size", type=int, default=9, help="the board's side (default 9)")
    p.add_argument("--blacks", type=int, help="about how many black cells (default: a fifth of the board)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"size": args.size, "blacks": args.blacks}
