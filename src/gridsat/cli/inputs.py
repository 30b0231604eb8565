"""The input of every command: where the puzzles are read from, lazily, one entry each.

:func:`iter_entries` reads ``--example`` NAMEs, then FILEs (``-``: standard input, a web
link: the puzzle itself) and yields one entry per puzzle or per error; :func:`load_entries`
collects them. Reading that stops part way (memory ran out, the time limit passed) is a
:class:`ReadStopped` naming the source.
"""

from __future__ import annotations

import sys

from ..errors import GridsatError, ParseError
from ..limits.clocks import TimeLimitReached

__all__ = ["load_entries", "iter_entries", "open_source", "ReadStopped"]


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
                    links = ", ".join(f.link for _, f in sorted(FORMATS.items()) if f.link)
                    raise ParseError(f"not a puzzle link gridsat reads ({links})", "<link>", 1, 1)
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
