"""``gridsat backends``: list the solver backends with their target and capabilities."""

from __future__ import annotations

import argparse

from .helptext import examples_epilog

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``backends`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("backends", help="list solver backends",
                              description="List solver backends: name, encoding target, capabilities.",
                              epilog=examples_epilog("backends", first=["gridsat backends"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat backends``; returns the exit code."""
    from ..api import default_roles
    from ..backends import get_backend, list_backends

    defaults = default_roles("backend")
    names = list_backends()
    width = max(len(n) for n in names)
    backends = [get_backend(n) for n in names]
    tw = max(len(b.target) for b in backends)
    for name, b in zip(names, backends):
        mark = f"  ({defaults[name]})" if name in defaults else ""
        print(f"{name.ljust(width)}  {b.target.ljust(tw)}  {' '.join(sorted(b.supports))}{mark}")
    return 0
