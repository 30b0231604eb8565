"""``gridsat export``: write a puzzle as DIMACS CNF, CP-SAT text protobuf or MiniZinc data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import GridsatError
from .inputs import load_entries
from .helptext import examples_epilog
from .options import add_input_args
from .outputs import checked_output, fail
from .exitcodes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

__all__ = ["register", "run"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``export`` subcommand to ``subparsers``."""
    p = subparsers.add_parser(
        "export", help="write puzzles as DIMACS CNF, CP-SAT text proto or MiniZinc data",
        description="Write each puzzle for another tool: 'dimacs' (any CNF encoding; givens as unit "
                    "clauses or on a 'c assumptions' line), 'cpsat' (the CP-SAT model as text protobuf, "
                    "givens fixed) or 'dzn' (data for the MiniZinc models in models/).",
        epilog=examples_epilog("export"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_input_args(p)
    o = p.add_argument_group("export")
    o.add_argument("--to", required=True, choices=("dimacs", "cpsat", "dzn"), help="what to write")
    o.add_argument("--encoding", metavar="NAME",
                   help="dimacs/cpsat: the encoding (default: the kind's default of that target; "
                        "see 'gridsat encodings')")
    o.add_argument("--givens", choices=("units", "assumptions"), default="units",
                   help="dimacs: givens as unit clauses (default) or on a 'c assumptions ... 0' line")
    o.add_argument("-o", "--output", metavar="PATH",
                   help="output file; several puzzles get -1, -2, ... before the suffix. Default: standard "
                        "output (one puzzle only)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat export``; returns the exit code."""
    from ..exports import model_path, to_cpsat_text, to_dimacs, to_dzn

    try:
        if args.output:
            checked_output(args.output)
        entries, _ = load_entries(args)
    except GridsatError as e:
        return fail(e)
    good = [e for e in entries if e.ok]
    for e in entries:
        if not e.ok:
            print(e.error.located(), file=sys.stderr, flush=True)
    if not good:
        return EXIT_USAGE
    if len(good) > 1 and not args.output:
        return fail(f"{len(good)} puzzles read: give -o FILE (they are written as FILE-1, FILE-2, ...)")
    code = EXIT_OK if len(good) == len(entries) else EXIT_FAILED
    for i, entry in enumerate(good, 1):
        p = entry.puzzle
        try:
            if args.to == "dimacs":
                text = to_dimacs(p, args.encoding, givens=args.givens)
            elif args.to == "cpsat":
                text = to_cpsat_text(p, args.encoding)
            else:
                text = to_dzn(p)
        except GridsatError as exc:
            return fail(exc)
        if not args.output:
            sys.stdout.write(text)
            sys.stdout.flush()
            continue
        out = Path(args.output)
        if len(good) > 1:
            out = out.with_name(f"{out.stem}-{i}{out.suffix}")
        try:
            out.write_text(text)
        except OSError as exc:
            return fail(f"cannot write {out}: {exc.strerror or exc}")
        print(f"wrote {out}", file=sys.stderr, flush=True)
    if args.to == "dzn":
        try:
            print(f"model: {model_path(good[0].puzzle)}", file=sys.stderr, flush=True)
        except GridsatError:
            pass
    return code
