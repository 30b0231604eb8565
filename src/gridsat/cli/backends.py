"""``gridsat backends``: list the solver backends with their target and capabilities."""

from __future__ import annotations

import argparse

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("backends", help="list solver backends",
                              description="List solver backends: name, encoding target, capabilities.")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from ..api import DEFAULTS
    from ..backends import get_backend, list_backends

    defaults = {b: k for k, (b, _) in DEFAULTS.items()}
    names = list_backends()
    width = max(len(n) for n in names)
    for name in names:
        b = get_backend(name)
        mark = f"  (default for {defaults[name]})" if name in defaults else ""
        print(f"{name.ljust(width)}  {b.target:<6} {' '.join(sorted(b.supports))}{mark}")
    return 0
