"""What the subcommands share: input options, loading, writing, and the types of numeric options.

Also the argument types every subcommand uses for numbers (:func:`positive_int`,
:func:`nonnegative_int`, :func:`positive_float`, :func:`fraction`, ...): a value out of
range is a usage error (exit 2) that names the option.
"""

from __future__ import annotations

import argparse
import math
import sys

from ..errors import GridsatError, ParseError
from ..limits import BASELINE, DEFAULT_BUDGET, DEFAULT_LIMIT, MAX_WORKERS, TimeLimitReached, format_size

__all__ = ["add_input_args", "add_solver_args", "add_list_flags", "load_entries", "iter_entries",
           "fail", "positive_int", "nonnegative_int", "positive_float", "nonnegative_float",
           "fraction", "output_format", "write_puzzle", "checked_output", "DEFAULT_COUNT_CAP"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

#: ``count`` with neither ``--limit`` nor ``--time-limit`` stops here (and says so)
DEFAULT_COUNT_CAP = 100_000


# ---------------------------------------------------------------------- option values
def _number(text: "str | int | float", cast, what: str):
    try:
        value = cast(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
    return value


def positive_int(text: "str | int") -> int:
    """An argparse type: an integer of at least 1."""
    value = _number(text, int, "an integer of at least 1")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def nonnegative_int(text: "str | int") -> int:
    """An argparse type: an integer of at least 0."""
    value = _number(text, int, "an integer of at least 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {value}")
    return value


def worker_count(text: "str | int") -> int:
    """An argparse type: a number of worker processes, 0 (one per core) to :data:`MAX_WORKERS`."""
    value = nonnegative_int(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_WORKERS} worker processes, got {value}")
    return value


def positive_worker_count(text: "str | int") -> int:
    """An argparse type: a number of worker processes, 1 to :data:`MAX_WORKERS`."""
    value = worker_count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: "str | float") -> float:
    """An argparse type: a finite number above 0 (seconds, sizes)."""
    value = _number(text, float, "a number above 0")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def nonnegative_float(text: "str | float") -> float:
    """An argparse type: a finite number of at least 0."""
    value = _number(text, float, "a number of at least 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {text}")
    return value


def fraction(text: "str | float") -> float:
    """An argparse type: a number from 0 to 1 (a density, a share of cells)."""
    value = _number(text, float, "a number from 0 to 1")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, got {text}")
    return value


def output_format(text: str) -> str:
    """An argparse type: the name of a registered text format (see ``gridsat formats``)."""
    from ..formats import get_format

    try:
        return get_format(text).name
    except ParseError as e:
        raise argparse.ArgumentTypeError(e.message) from None

def fail(err: "Exception | str") -> int:
    """Print a usage/parse error (``file:line:col: message`` when located, no traceback); return 2."""
    if isinstance(err, ParseError) and (err.file or err.line):
        text = err.located()
    else:
        text = f"gridsat: {err.message if isinstance(err, ParseError) else err}"
    print(text, file=sys.stderr, flush=True)
    return EXIT_USAGE


# ---------------------------------------------------------------------- arguments
def add_list_flags(p: argparse.ArgumentParser) -> None:
    """Add the ``--list-*`` flags (backends, encodings, examples, formats) to a parser."""
    g = p.add_argument_group("listings")
    g.add_argument("--list-backends", action="store_true", help="list solver backends and exit")
    g.add_argument("--list-encodings", action="store_true", help="list encodings and exit")
    g.add_argument("--list-examples", action="store_true", help="list bundled examples and exit")
    g.add_argument("--list-formats", action="store_true", help="list input formats and exit")


def add_input_args(p: argparse.ArgumentParser) -> None:
    """Add the input options: files, ``--example``, ``--format``, ``--kind``, ``--box``."""
    g = p.add_argument_group("input")
    g.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files ('-' or none: standard input); many puzzles per file are fine")
    g.add_argument("-e", "--example", action="append", default=[], metavar="NAME",
                   help="a bundled example (see 'gridsat examples'); may repeat")
    g.add_argument("-f", "--format", metavar="NAME",
                   help="input format (default: detected): line, grid, nonomino, vector, json, ...")
    g.add_argument("-k", "--kind", metavar="KIND", help="puzzle kind (sudoku, hidato, ...) when detection needs help")
    g.add_argument("--box", metavar="RxC", help="box shape of classic puzzles, e.g. 2x6 for 12x12 "
                                                 "(default: as square as possible, e.g. 3x4)")


class _MaxMemory(argparse.Action):
    """``--max-memory SIZE``: parse the size (or ``unlimited``) and limit this process's address
    space to it."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from ..limits import parse_limit, set_memory_limit

        try:
            size = parse_limit(values)
            set_memory_limit(size)
        except (ValueError, OSError) as exc:
            parser.error(f"--max-memory: {exc}")
        setattr(namespace, self.dest, "unlimited" if size is None else size)


def add_solver_args(p: argparse.ArgumentParser, *, limit: bool = False) -> None:
    """Add the solver options (backend, encoding, race, time limit, limit) and the output options."""
    g = p.add_argument_group("solver")
    g.add_argument("-b", "--backend", metavar="NAME", help="solver backend (see 'gridsat backends')")
    g.add_argument("--encoding", metavar="NAME", help="encoding (see 'gridsat encodings')")
    g.add_argument("--race", nargs="?", const="", metavar="B:E,...",
                   help="run several backend:encoding pairs at once, one process each; the first "
                        "answer wins (default pairs: glucose4:cnf-pos,cpsat:cpsat-bool for Hidato)")
    g.add_argument("-t", "--time-limit", type=positive_float, metavar="SECONDS",
                   help="per puzzle; when it runs out the status is 'unknown'")
    g.add_argument("--max-memory", action=_MaxMemory, metavar="SIZE",
                   help="address-space limit of the process, e.g. 4G or 1500M, or 'unlimited' "
                        f"(default: $GRIDSAT_MAX_MEMORY, else {format_size(DEFAULT_LIMIT)}: "
                        f"{format_size(DEFAULT_BUDGET)} for the encoding, {format_size(BASELINE)} "
                        "for the program); encodings estimated to need more are refused before "
                        "they are built, and a job that outgrows it ends with 'ran out of memory'")
    if limit:
        g.add_argument("-l", "--limit", type=positive_int, metavar="N",
                       help=f"stop counting at N solutions (default: all, but at most {DEFAULT_COUNT_CAP:,} "
                            "unless --time-limit is given)")
    o = p.add_argument_group("output")
    o.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle per line (file, line, name, format, status, solution, "
                        "count, ...)")
    o.add_argument("-O", "--output-format", type=output_format, metavar="FMT",
                   help="write each puzzle with its solution in this text format on standard output "
                        "(line, grid, vector, json, ...: see 'gridsat formats'); status lines go to "
                        "standard error")
    o.add_argument("--numbers", action="store_true", help="draw boards with numbers, not 1-9A-Z symbols")
    o.add_argument("-q", "--quiet", action="store_true", help="single puzzle: print the status line only")
    add_list_flags(p)


# ---------------------------------------------------------------------- loading
def load_entries(args) -> tuple[list, list[ParseError]]:
    """Entries from ``--example`` and files/stdin; source-level errors are returned, not raised."""
    entries = list(iter_entries(args))
    return entries, [e.error for e in entries if not e.ok and e.puzzle is None and e.line is None]


def iter_entries(args, kept: "dict[str, bytes] | None" = None):
    """Entries from ``--example`` NAMEs, then FILEs (``-``: stdin), lazily (``kept``: FILEs
    read or opened already, path -> bytes or a binary file at its start, read from there:
    each file is opened once).

    A source that cannot be read becomes one error entry. Every FILE and standard input is
    read the one way :func:`gridsat.formats.stream.read_stream` reads a stream of bytes: a
    source in a one-line format (``line``, ``jigsaw-line``, ``hidato-line``,
    ``numbrix-line``) or JSON lines line by line, as it is answered (so ``generate | gridsat
    check`` streams, and a file of any size is read in bounded memory), each line alone in
    the one-line format that owns it; a line that is not UTF-8 text is one located error
    and the other lines are answered; a line past
    :data:`~gridsat.formats.stream.MAX_LINE_BYTES` ends its source with one located error.
    Each entry's ``format`` names the format that read it. A FILE that is a web link
    (``https://puzz.link/p?sudoku/...``) is read as the puzzle itself. Raises
    :class:`ParseError` only when no input is given at all.
    """
    import io

    from ..formats import Entry, read_text
    from ..formats.stream import LineReader, read_stream

    opts = dict(format=args.format, kind=args.kind, box=args.box)
    files = list(getattr(args, "files", []) or [])
    examples = list(getattr(args, "example", []) or [])
    if not files and not examples:
        if sys.stdin is None or sys.stdin.isatty():
            raise ParseError("no input: give a FILE, '-' for standard input, or --example NAME "
                             "(see 'gridsat examples')")
        files = ["-"]
    for name in examples:
        from ..examples import example_text

        src = f"example:{name}"
        try:
            text = example_text(name)
            got = _tagged(read_text(text, src, **opts), lambda: text, args)
        except GridsatError as e:
            err = e if isinstance(e, ParseError) else ParseError(str(e))
            got = [Entry(None, err, err.file or src, err.line)]
        yield from got
    for path in files:
        src = "<stdin>" if path == "-" else "<link>" if _is_link(path) else path
        try:
            if path == "-":
                yield from _tagged(read_stream(_stdin(), "<stdin>", **opts), None, args)
            elif _is_link(path):  # a puzzle site's link given on the command line is the puzzle
                from ..formats import FORMATS

                if args.format is None and not any(f.sniff(path) for f in FORMATS.values()):
                    raise ParseError("not a puzzle link gridsat reads (sudokuwiki.org bd=/S9B, "
                                     "f-puzzles or SudokuPad ?load=, puzz.link p?sudoku)", "<link>", 1, 1)
                yield from _tagged(read_text(path, "<link>", **opts), lambda: path, args)
            else:
                got = kept.get(path) if kept else None  # (its bytes, or the file opened already)
                with (open_source(path) if got is None else io.BytesIO(got) if isinstance(got, bytes) else got) as fh:
                    yield from _tagged(read_stream(LineReader(fh, path), path, **opts), None, args)
        except ParseError as e:
            yield Entry(None, e, e.file or src, e.line)
        except (TimeLimitReached, MemoryError) as e:  # reading stops: name the source
            why = str(e) if isinstance(e, TimeLimitReached) else \
                "out of memory while reading the input (see --max-memory)"
            raise ReadStopped(src, why) from None


def open_source(path: str):
    """``path`` opened for reading bytes; a :class:`ParseError` says why it cannot be (no
    such file, a folder, no permission), as :func:`gridsat.formats.read_file` does."""
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise ParseError("no such file", path) from None
    except OSError as e:
        raise ParseError(f"cannot read: {e.strerror or e}", path) from None


class ReadStopped(GridsatError):
    """Reading the input stopped part way: memory ran out."""

    def __init__(self, file: str, why: str) -> None:
        super().__init__(f"{file}: error: {why}")
        self.file, self.why = file, why

    def record(self) -> dict:
        """The ``--json`` record of this error."""
        return {"file": self.file, "line": None, "col": None, "name": None, "status": "error", "error": self.why}


def _is_link(arg: str) -> bool:
    """Whether a FILE argument is a web link (``https://...``) and no file of that name exists."""
    import os

    return arg.startswith(("http://", "https://")) and not os.path.exists(arg)


def _tagged(entries, text, args):
    """``entries`` with ``format`` set: the reader's own word, else ``--format``, else the
    format detected in the source's ``text()`` (asked for once, only when needed)."""
    detected = args.format
    for e in entries:
        if e.format is None and e.ok:
            if detected is None and text is not None:
                from ..formats import detect_format

                try:
                    detected = detect_format(text(), args.kind).name
                except (GridsatError, OSError, ValueError):
                    text = None
            e.format = detected
        yield e


def _stdin():
    """Standard input for the readers: its bytes read as :class:`~gridsat.formats.stream.LineReader` does."""
    from ..formats.stream import LineReader

    raw = getattr(sys.stdin, "buffer", None)
    return sys.stdin if raw is None else LineReader(raw)


# ---------------------------------------------------------------------- writing
def write_puzzle(puzzle, fmt: str, solution=None) -> str:
    """``puzzle`` (with ``solution``) in text format ``fmt``, ending in a newline; a text of
    several lines gets a blank line after it, so that many of them read back as one file.

    Raises
    ------
    ParseError
        The format cannot hold this puzzle (another kind, a region map the format has no
        place for, a size it cannot spell).
    """
    from ..formats import write_or_refuse

    text = write_or_refuse(puzzle, fmt, solution).rstrip("\n") + "\n"
    return text + "\n" if text.count("\n") > 1 else text


def checked_output(path: str):
    """``path`` as a :class:`~pathlib.Path` that can be written, or a :class:`ParseError`
    saying why not (a folder, a missing folder, no permission)."""
    import os
    from pathlib import Path

    out = Path(path)
    parent = out.parent
    if out.is_dir():
        raise ParseError(f"cannot write {path}: it is a folder; give a file name")
    if not parent.exists():
        raise ParseError(f"cannot write {path}: no such folder {str(parent)!r}")
    if not parent.is_dir():
        raise ParseError(f"cannot write {path}: {str(parent)!r} is not a folder")
    if (out.exists() and not os.access(out, os.W_OK)) or (not out.exists() and not os.access(parent, os.W_OK)):
        raise ParseError(f"cannot write {path}: permission denied")
    return out
