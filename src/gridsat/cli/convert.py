"""``gridsat convert``: write puzzles in another text format, without solving them."""

from __future__ import annotations

import argparse
import sys

from ..errors import GridsatError, ParseError
from .argtypes import output_format
from .helptext import Later, examples_epilog, format_names
from .inputs import iter_entries
from .options import add_input_args
from .outputs import checked_output, fail, write_puzzle
from .exitcodes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

__all__ = ["register", "run"]

EXAMPLES = examples_epilog("convert", ["gridsat convert --to json puzzles.txt > puzzles.jsonl"], """\
A stored solution (a line's second field, a JSON "solution") is written too. A puzzle that
cannot be read is reported on standard error and the others are still written (exit 1);
exit 2 when nothing could be read, or the format cannot hold a puzzle's kind.""")


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``convert`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("convert", help="write puzzles in another text format (no solving)",
                              description="Read puzzles in any format and write them in the format given "
                                          "by --to (see 'gridsat formats').",
                              epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_args(p)
    o = p.add_argument_group("output")
    o.add_argument("--to", required=True, type=output_format, metavar="FMT",
                   help=Later(lambda: f"the format to write: {format_names()} (see 'gridsat formats')"))
    o.add_argument("-o", "--output", metavar="FILE", help="write to this file (default: standard output)")
    o.add_argument("--no-solution", action="store_true", help="leave out solutions stored with the puzzles")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run ``gridsat convert``; returns the exit code."""
    try:
        target = checked_output(args.output) if args.output else None
        entries = iter_entries(args)
        texts: list[str] = []
        code, read = EXIT_OK, 0
        for entry in entries:
            if not entry.ok:
                print(entry.error.located(), file=sys.stderr, flush=True)
                code = max(code, EXIT_FAILED)
                continue
            read += 1
            try:
                text = write_puzzle(entry.puzzle, args.to, None if args.no_solution else entry.solution)
            except ParseError as e:
                print(f"{entry.file}:{entry.line}: error: {e.message}", file=sys.stderr, flush=True)
                code = EXIT_USAGE
                continue
            if target is None:
                sys.stdout.write(text)
                sys.stdout.flush()
            else:
                texts.append(text)
    except GridsatError as e:
        return fail(e)
    if not read:
        return EXIT_USAGE
    if target is not None:
        try:
            target.write_text("".join(texts), encoding="utf-8")
        except OSError as e:
            return fail(f"cannot write {args.output}: {e.strerror or e}")
        print(f"wrote {target} ({read} puzzle{'s' if read != 1 else ''})", file=sys.stderr, flush=True)
    return code
