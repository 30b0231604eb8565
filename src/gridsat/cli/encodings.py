"""``gridsat encodings``: list the encodings per puzzle kind."""

from __future__ import annotations

import argparse

from .helptext import examples_epilog

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``encodings`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("encodings", help="list encodings",
                              description="List encodings: puzzle kind, name, target, description.",
                              epilog=examples_epilog("encodings", first=["gridsat encodings"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat encodings``; returns the exit code."""
    from ..api import default_roles
    from ..encoders import list_encodings

    encs = list_encodings()
    roles = default_roles("encoding")
    width = max(len(e.name) for e in encs)
    kw = max(len(e.kind) for e in encs)
    tw = max(len(e.target) for e in encs)
    for e in encs:
        role = roles.get((e.kind, e.name))
        mark = f" ({role})" if role else ""
        print(f"{e.kind.ljust(kw)}  {e.name.ljust(width)}  {e.target.ljust(tw)}  {e.description}{mark}")
    return 0
