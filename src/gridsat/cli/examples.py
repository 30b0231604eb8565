"""``gridsat examples``: list the bundled example puzzles (use them with ``--example NAME``)."""

from __future__ import annotations

import argparse

from .helptext import examples_epilog

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``examples`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("examples", help="list bundled example puzzles",
                              description="List the bundled examples; solve one with 'gridsat solve --example NAME'.",
                              epilog=examples_epilog("examples", first=["gridsat examples"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", nargs="?", help="print this example's text instead")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat examples``; returns the exit code."""
    from ..examples import example_text, list_examples
    from ..errors import GridsatError
    from .outputs import fail

    name = getattr(args, "name", None)
    if name:
        try:
            print(example_text(name), end="", flush=True)
        except GridsatError as e:
            return fail(e)
        return 0
    items = list_examples()
    width = max(len(n) for n, _ in items)
    for n, desc in items:
        print(f"{n.ljust(width)}  {desc}".rstrip())
    return 0
