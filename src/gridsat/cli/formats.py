"""``gridsat formats``: list the input/output formats."""

from __future__ import annotations

import argparse

from .helptext import examples_epilog

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``formats`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("formats", help="list puzzle text formats",
                              description="List the formats read by --format (detected when omitted) and "
                                          "written by --output-format and 'gridsat convert --to'.",
                              epilog=examples_epilog("formats", first=["gridsat formats"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat formats``; returns the exit code."""
    from ..formats import list_formats

    fmts = list_formats()
    width = max(len(f.name) for f in fmts)
    for f in fmts:
        kind = "any" if f.kind == "*" else f.kind
        print(f"{f.name.ljust(width)}  {kind:<7} {'many' if f.many else 'one '}  {f.description}")
    return 0
