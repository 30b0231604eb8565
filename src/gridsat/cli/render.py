"""``gridsat render``: draw puzzles (and their solutions) as SVG, PNG or PDF."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import GridsatError, ParseError
from .argtypes import positive_float
from .inputs import load_entries
from .helptext import Later, examples_epilog, kind_words
from .options import add_input_args
from .outputs import checked_output, fail
from .exitcodes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

__all__ = ["register", "run"]


def _description() -> str:
    drawn = kind_words("render")  # what the kinds draw besides regions and values
    return ("Draw each puzzle as a picture: thick region borders, givens in bold black, solved values in blue"
            + (f", {drawn}" if drawn else "") + ". PNG and PDF need the 'render' extra (cairosvg).")


def _path_help() -> str:
    puzzles = kind_words("path", " and ")  # the puzzles that have a path
    return (f"{puzzles}: " if puzzles else "") + "draw the path through consecutive numbers (default: with --solve)"


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``render`` subcommand to ``subparsers``."""
    p = subparsers.add_parser(
        "render", help="draw puzzles as SVG, PNG or PDF (A4 printable)",
        description=Later(_description),
        epilog=examples_epilog("render", ["gridsat render puzzles.txt -o book.pdf --title '{name}'"]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_input_args(p)
    o = p.add_argument_group("picture")
    o.add_argument("-o", "--output", metavar="PATH",
                   help="output file (format from the suffix). Several puzzles: one page each in one PDF, "
                        "or files named with -1, -2, ... before the suffix for SVG and PNG (and PDF with "
                        "--separate). Default: SVG on standard output")
    o.add_argument("--separate", action="store_true", help="PDF: one file per puzzle instead of one page each")
    o.add_argument("--to", choices=("svg", "png", "pdf"), help="picture format (default: from the suffix, else svg)")
    o.add_argument("--solve", action="store_true",
                   help="draw the solution too (a solution stored in the file, else solved and verified here)")
    o.add_argument("--path", action=argparse.BooleanOptionalAction, default=None,
                   help=Later(_path_help))
    o.add_argument("--page", choices=("a4", "none"), help="page: a4 (default for PDF) or none (just the board)")
    o.add_argument("--dpi", type=positive_float, default=150, help="PNG resolution (default 150)")
    o.add_argument("--cell", type=positive_float, default=40, help="cell size in SVG pixels (default 40)")
    o.add_argument("--title", help="caption above the board ('{name}' is the puzzle's name)")
    o.add_argument("-b", "--backend", metavar="NAME", help="backend for --solve")
    o.add_argument("-t", "--time-limit", type=positive_float, metavar="SECONDS", help="time limit for --solve")
    p.set_defaults(func=run)
    return p


def _outputs(path: str, count: int) -> list[Path]:
    out = Path(path)
    if count == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(1, count + 1)]


def run(args) -> int:
    """Run ``gridsat render``; returns the exit code."""
    from .. import api
    from ..rendering import to_bytes

    try:
        fmt = args.to or (Path(args.output).suffix.lstrip(".").lower() if args.output else "svg") or "svg"
        if fmt not in ("svg", "png", "pdf"):
            raise ParseError(f"cannot tell the picture format from {args.output!r}; use --to svg|png|pdf")
        if fmt != "svg" and not args.output:
            raise ParseError(f"{fmt.upper()} output needs -o FILE")
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
    code = EXIT_OK if len(good) == len(entries) else EXIT_FAILED
    book = fmt == "pdf" and len(good) > 1 and not args.separate
    paths = _outputs(args.output, 1 if book else len(good)) if args.output else [None] * len(good)
    if book:
        paths = paths * len(good)
    page = None if args.page in (None, "none") and not (args.page is None and fmt == "pdf") else "a4"
    pages: list = []
    for entry, path in zip(good, paths):
        puzzle = entry.puzzle
        solution = None
        if args.solve:
            solution = entry.solution
            if solution is None:
                try:
                    res = api.solve(puzzle, backend=args.backend, time_limit=args.time_limit)
                except GridsatError as exc:
                    print(f"{entry.file}:{entry.line}: error: {exc}", file=sys.stderr, flush=True)
                    code = EXIT_FAILED
                    continue
                solution = res.solution
                if solution is None:
                    print(f"{entry.file}:{entry.line}: {res.status}: drawing the givens only"
                          + (f" ({res.reason})" if res.reason else ""), file=sys.stderr, flush=True)
                    code = EXIT_FAILED
        title = args.title.replace("{name}", entry.name or "") if args.title else None
        if book:
            pages.append((puzzle, solution, {"title": title}))
            continue
        try:
            data = to_bytes(puzzle, solution, fmt, page=page, dpi=args.dpi, cell=args.cell,
                            path=args.path, title=title)
        except GridsatError as exc:
            return fail(exc)
        if path is None:
            sys.stdout.write(data.decode())
            sys.stdout.flush()
        else:
            try:
                path.write_bytes(data)
            except OSError as exc:
                return fail(f"cannot write {path}: {exc.strerror or exc}")
            print(f"wrote {path}", file=sys.stderr, flush=True)
    if book:
        from ..rendering import save_pdf_pages

        try:
            n = save_pdf_pages(pages, paths[0], cell=args.cell, path=args.path)
        except GridsatError as exc:
            return fail(exc)
        except OSError as exc:
            return fail(f"cannot write {paths[0]}: {exc.strerror or exc}")
        print(f"wrote {paths[0]} ({n} pages)", file=sys.stderr, flush=True)
    return code
