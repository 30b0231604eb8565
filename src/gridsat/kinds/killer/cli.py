"""The options of ``gridsat generate killer``."""

from __future__ import annotations

import argparse

from ...formats.common import parse_box

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the killer generator's options to its subcommand parser."""
    p.add_argument("--size", type=int, default=9, help="board side, 4 to 16 (default 9)")
    p.add_argument("--box", help="box shape RxC (default: the usual one for the size)")
    p.add_argument("--max-cage", type=int, help="the largest cage, in cells (default 5, or the size when smaller)")
    p.add_argument("--no-givens", dest="allow_givens", action="store_false",
                   help="cages alone: grow new cage layouts until one is unique (else a few givens are "
                        "added where the cages leave two solutions)")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"size": args.size, "box": parse_box(args.box), "max_cage": args.max_cage, "givens": args.allow_givens}
