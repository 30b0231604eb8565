"""What ``solve``, ``count`` and ``check`` share: input options, loading, the batch loop, output."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import GridsatError, ParseError
from ..kinds import kind_of

__all__ = ["add_input_args", "add_solver_args", "add_list_flags", "load_entries",
           "run_batch", "fail"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

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


def add_solver_args(p: argparse.ArgumentParser, *, limit: bool = False) -> None:
    """Add the solver options (backend, encoding, race, time limit, limit) and the output options."""
    g = p.add_argument_group("solver")
    g.add_argument("-b", "--backend", metavar="NAME", help="solver backend (see 'gridsat backends')")
    g.add_argument("--encoding", metavar="NAME", help="encoding (see 'gridsat encodings')")
    g.add_argument("--race", nargs="?", const="", metavar="B:E,...",
                   help="run several backend:encoding pairs at once, one process each; the first "
                        "answer wins (default pairs: glucose4:cnf-pos,cpsat:cpsat-bool for Hidato)")
    g.add_argument("-t", "--time-limit", type=float, metavar="SECONDS",
                   help="per puzzle; when it runs out the status is 'unknown'")
    if limit:
        g.add_argument("-l", "--limit", type=int, metavar="N", help="stop counting at N solutions (default: all)")
    o = p.add_argument_group("output")
    o.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle per line (file, line, name, status, solution, count, ...)")
    o.add_argument("--numbers", action="store_true", help="draw boards with numbers, not 1-9A-Z symbols")
    o.add_argument("-q", "--quiet", action="store_true", help="single puzzle: print the status line only")
    add_list_flags(p)


# ---------------------------------------------------------------------- loading
def load_entries(args) -> tuple[list, list[ParseError]]:
    """Entries from ``--example`` and files/stdin; source-level errors are returned, not raised."""
    entries = list(iter_entries(args))
    return entries, [e.error for e in entries if not e.ok and e.puzzle is None and e.line is None]


def iter_entries(args):
    """Entries from ``--example`` NAMEs, then FILEs (``-``: stdin), lazily.

    A source that cannot be read becomes one error entry. Standard input in a one-line
    format (``line``, ``jigsaw-line``, ``hidato-line``, ``numbrix-line``) or JSON lines is read
    line by line, so ``generate | gridsat check`` streams.
    Raises :class:`ParseError` only when no input is given at all.
    """
    from ..formats import Entry, read_file, read_text
    from ..formats.stream import read_stream

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
            got = read_text(example_text(name), src, **opts)
        except GridsatError as e:
            err = e if isinstance(e, ParseError) else ParseError(str(e))
            got = [Entry(None, err, err.file or src, err.line)]
        yield from got
    for path in files:
        try:
            got = read_stream(sys.stdin, "<stdin>", **opts) if path == "-" else read_file(path, **opts)
            yield from got
        except ParseError as e:
            yield Entry(None, e, e.file or ("<stdin>" if path == "-" else path), e.line)


# ---------------------------------------------------------------------- the batch
def _good(job: str, res, limit: int | None) -> bool:
    if job == "solve":
        return res.status in ("solved", "unique")
    if job == "check":
        return res.status == "unique"
    return res.complete or res.approximate or (limit is not None and (res.count or 0) >= limit)


def _error_line(err: ParseError) -> str:
    """``file:line:col: error: message``."""
    where = err.located()[: -len(err.message) - 2] if err.located().endswith(err.message) else "<input>"
    return f"{where}: error: {err.message}"


def _emit(line: str, stream=None) -> None:
    print(line, file=stream or sys.stdout, flush=True)


def _error_obj(entry, err: ParseError) -> dict:
    return {"file": err.file or entry.file, "line": err.line if err.line is not None else entry.line,
            "col": err.col, "name": entry.name, "status": "error", "error": err.message}


def _status_text(job: str, res, limit: int | None) -> str:
    if job == "count":
        if res.approximate:
            return f"about {res.count} solutions"
        if res.complete:
            return f"{res.count} solution{'s' if res.count != 1 else ''}"
        if res.count:
            return f"at least {res.count} solution{'s' if res.count != 1 else ''}" + \
                (" (limit reached)" if limit is not None and res.count >= limit else "")
        return "count unknown"
    return res.status


def run_batch(args, job: str) -> int:
    """Load every input, run ``job`` on each puzzle, print each result as soon as it is known."""
    from .. import api
    from ..backends import get_backend
    from ..encoders import list_encodings
    from ..formats import parse_box

    try:
        if args.box is not None:
            parse_box(args.box)
        if args.format is not None:
            from ..formats import get_format

            get_format(args.format)
        backend = get_backend(args.backend) if args.backend else None
        def check_encoding(name: str | None) -> None:
            if not name:
                return
            known = {e.name for e in list_encodings()}  # (loads the encoders only when a name is given)
            if name not in known:
                raise ParseError(f"no encoding {name!r}; known: {', '.join(sorted(known))}")

        check_encoding(args.encoding)
        if args.time_limit is not None and args.time_limit <= 0:
            raise ParseError("--time-limit must be positive")
        race_configs = None
        if getattr(args, "race", None) is not None:
            from ..portfolio import parse_configs

            if args.backend or args.encoding:
                raise ParseError("--race takes its own backend:encoding pairs; drop --backend/--encoding")
            if getattr(getattr(args, "count_method", None), "name", "enum") != "enum":
                raise ParseError("--race enumerates; it does not combine with --method")
            race_configs = parse_configs(args.race) if args.race else []
            for b, e in race_configs:
                if b != "default":
                    get_backend(b)
                check_encoding(None if e == "default" else e)
        limit = getattr(args, "limit", None)
        if limit is not None and limit < 1:
            raise ParseError("--limit must be at least 1")
        entries = iter_entries(args)
        first = next(entries, None)
        second = next(entries, None) if first is not None else None
    except GridsatError as e:
        return fail(e)
    if first is None:
        return fail(ParseError("empty input: no puzzle found"))
    single = second is None
    if single and not first.ok:
        return fail(first.error)

    def all_entries():
        yield first
        if second is not None:
            yield second
        yield from entries

    code = EXIT_OK
    loaded = 0
    for entry in all_entries():
        if not entry.ok:
            code = EXIT_FAILED
            if args.json:
                _emit(json.dumps(_error_obj(entry, entry.error)))
            else:
                _emit(_error_line(entry.error))
            continue
        loaded += 1
        puzzle = entry.puzzle
        where = f"{entry.file or '<input>'}:{entry.line}"
        try:
            if race_configs is not None:
                from ..portfolio import race

                res = race(puzzle, job, race_configs or None, limit=limit, time_limit=args.time_limit)
            elif job == "count":
                res = api.count(puzzle, limit, method=getattr(args, "count_method", "enum"), backend=backend,
                                encoding=args.encoding, time_limit=args.time_limit)
            else:
                res = api.run(puzzle, job, limit=(1 if job == "solve" else 2),
                              backend=backend, encoding=args.encoding, time_limit=args.time_limit)
        except GridsatError as exc:
            code = EXIT_FAILED
            err = ParseError(str(exc), entry.file, entry.line)
            if args.json:
                _emit(json.dumps(_error_obj(entry, err)))
            elif single:
                print(f"{where}: error: {exc}", file=sys.stderr, flush=True)
            else:
                _emit(f"{where}: error: {exc}")
            continue
        if not _good(job, res, limit):
            code = EXIT_FAILED
        if args.json:
            d = res.to_dict()
            obj = {"file": entry.file, "line": entry.line, "name": entry.name, "kind": puzzle.kind}
            obj.update(d)
            obj["name"] = entry.name
            _emit(json.dumps(obj))
        elif single:
            _print_single(args, job, res, limit)
        else:
            _emit(_batch_line(where, job, res, limit))
    return code if loaded else EXIT_USAGE


def _batch_line(where: str, job: str, res, limit) -> str:
    parts = [f"{where}: {res.status}"]
    if job == "count":
        parts.append(f"count={'~' if res.approximate else ''}{res.count}{'' if res.complete or res.approximate else '+'}")
        if res.method not in ("", "enum"):
            parts.append(f"method={res.method}")
    if res.solution is not None and res.status in ("solved", "unique") or (job == "count" and res.solution is not None
                                                                          and res.count == 1):
        parts.append(kind_of(res.puzzle).solution_line(res.puzzle, res.solution))
    elif res.reason:
        parts.append(f"({res.reason})")
    parts.append(f"{res.total_time:.3f}s")
    name = getattr(res.puzzle, "name", None)
    if name:
        parts.append(f"# {name}")
    return " ".join(parts)


def _print_single(args, job: str, res, limit) -> None:
    who = f"{res.backend}/{res.encoding}" if res.method in ("", "enum") else f"method {res.method}, {res.encoding}"
    info = f"[{who}, {res.total_time:.3f} s{', verified' if res.verified else ''}]"
    head = _status_text(job, res, limit)
    if job == "count" and res.status in ("unique", "ambiguous", "impossible"):
        head = f"{res.status}: {head}"
    name = getattr(res.puzzle, "name", None)
    named = f", {json.dumps(name)}" if name else ""
    _emit(f"{head}: {kind_of(res.puzzle).describe(res.puzzle)}{named} {info}")
    if res.reason and (res.status in ("impossible", "unknown") or res.approximate):
        _emit(f"reason: {res.reason}")
    if "race" in res.stats:
        _emit("race: " + ", ".join(f"{k} {v}" for k, v in res.stats["race"].items()))
    if res.status == "ambiguous" and len(res.solutions) >= 2 and hasattr(res.puzzle, "cell_name"):
        a, b = res.solutions[0], res.solutions[1]
        diff = [res.puzzle.cell_name(i) for i, (x, y) in enumerate(zip(a, b)) if x != y]
        more = f" ... ({len(diff)} cells)" if len(diff) > 12 else ""
        _emit(f"two solutions differ at {' '.join(diff[:12])}{more}")
    if args.quiet:
        return
    if res.solution is not None and (res.status in ("solved", "unique") or job == "count"):
        _emit(kind_of(res.puzzle).board(res.puzzle, res.solution, numbers=args.numbers or None))
