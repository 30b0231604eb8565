"""``gridsat count``: count the solutions of each puzzle (up to --limit), by a chosen method."""

from __future__ import annotations

import argparse

from .dispatch import run_puzzles
from .helptext import examples_epilog
from .jobs import add_runner_args
from .argtypes import positive_float
from .options import DEFAULT_COUNT_CAP, add_input_args, add_solver_args
from .outputs import fail

__all__ = ["register", "run"]

METHOD_HELP = ("enum: the backend enumerates (default; stops at --limit); cpsat: CP-SAT enumeration; "
               "d4, ganak: exact projected #SAT on the CNF encoding (ignore --limit); "
               "approx: ApproxMC estimate (see --epsilon, --delta). d4/ganak/approx need "
               "pip install 'gridsat[count]'")


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``count`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("count", help="count the solutions of each puzzle (up to --limit)",
                              description="Count the solutions of each puzzle (up to --limit). Without --limit "
                                          "and --time-limit an enumeration stops at "
                                          f"{DEFAULT_COUNT_CAP:,} solutions and says so; a long count reports "
                                          "its progress on standard error, and Ctrl-C prints the count so far.",
                              epilog=examples_epilog("count", ["gridsat count puzzle.txt --limit 1000000",
                                                                "gridsat count puzzle.txt --method d4"]),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_args(p)
    add_solver_args(p, limit=True)
    add_runner_args(p)
    p.add_argument_group("output").add_argument(
        "-s", "--solutions", action="store_true",
        help="print every solution found (up to --limit): each as a board, one line each in a batch, "
             "in --output-format, or as \"solutions\" in --json records")
    g = p.add_argument_group("counting method")
    g.add_argument("-m", "--method", default="enum", choices=["enum", "cpsat", "d4", "ganak", "approx"],
                   help=METHOD_HELP)
    g.add_argument("--epsilon", type=positive_float, default=0.8, metavar="E",
                   help="approx: tolerance, the estimate is within a factor 1+E (default 0.8)")
    g.add_argument("--delta", type=positive_float, default=0.2, metavar="D",
                   help="approx: the tolerance holds with probability at least 1-D (default 0.2)")
    from ..kinds import KINDS

    runs = [kind.cli_count(p) for kind in KINDS.values() if kind.cli_count is not None]  # (the kinds' own options)
    p.set_defaults(func=run, kind_counts=runs)
    return p


def run(args) -> int:
    """Run ``gridsat count``; returns the exit code."""
    from ..counting import get_method
    from ..errors import GridsatError

    try:
        opts = {"epsilon": args.epsilon, "delta": args.delta} if args.method == "approx" else {}
        method = get_method(args.method, **opts)
        method.require()
    except GridsatError as e:
        return fail(e)
    args.count_method = method
    for kind_count in getattr(args, "kind_counts", ()):  # (a kind's own option, e.g. --layouts, runs the command)
        code = kind_count(args, method)
        if code is not None:
            return code
    return run_puzzles(args, "count")
