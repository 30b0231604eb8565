"""The options of ``gridsat generate samurai``."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the Samurai generator's options to its subcommand parser."""
    p.add_argument("--layout", help="the layout: samurai (default), butterfly, sohei, windmill, "
                                    "gattai-8, shogun or sumo")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"layout": args.layout}
