"""Puzzles from a text stream as the lines arrive, so that a pipe from ``gridsat generate`` streams.

A stream whose first puzzle line is in a one-line format (:data:`LINE_FORMATS`) or is a JSON
object on one line is read line by line: each line becomes its entries as soon as it is
read, in the one-line format that owns it (classic, jigsaw, Hidato and Numbrix lines may be
mixed) unless a format is forced. Any other stream is read to its end and parsed as a whole
by :func:`gridsat.formats.read_text`.
"""

from __future__ import annotations

from typing import Iterator, TextIO

from ..errors import ParseError
from . import detect_format, read_text
from .base import FORMATS, Entry
from .jsonparse import first_value

__all__ = ["read_stream", "stream_line", "decode_line", "LINE_FORMATS"]

#: one puzzle per line: a stream in these formats is read (and its puzzles yielded) line by line.
LINE_FORMATS = ("line", "jigsaw-line", "hidato-line", "numbrix-line")


def decode_line(data: bytes, name: str, lineno: int) -> str:
    """Line ``lineno`` of ``name`` as text (a byte-order mark before the first line dropped);
    :class:`~gridsat.errors.ParseError`, located, when it is not UTF-8 text or holds a NUL byte."""
    if lineno == 1 and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        col = len(data[: e.start].decode("utf-8", "replace")) + 1
        raise ParseError(f"not UTF-8 text (byte 0x{data[e.start]:02x}): binary input?", name, lineno, col) from None
    if "\x00" in text:
        raise ParseError("binary input (a NUL byte), not puzzle text", name, lineno, text.index("\x00") + 1)
    return text


def _comment_line(s: str) -> bool:
    """A ``#``/``;`` comment line (``#,0,5/...`` is a Hidato line whose first cell is a hole)."""
    return s.startswith(("#", ";")) and not s.startswith(("#,", "#/"))


def read_stream(stream: TextIO, name: str = "<stdin>", *, format: str | None = None, kind: str | None = None,
                box: "str | tuple[int, int] | None" = None) -> Iterator[Entry]:
    """The entries of ``stream``, each yielded as soon as the line that holds it has been read.

    Parameters
    ----------
    stream : text stream
        Read with ``readline()`` (and ``read()`` for a stream that is not line-oriented).
    name : str
        Source name in entries and error locations.
    format, kind, box
        As for :func:`gridsat.formats.read_text`; a forced ``format`` other than ``json`` or a
        one-line format makes the whole stream one text.

    Yields
    ------
    Entry
        One per puzzle, or per puzzle that could not be read (its ``error`` located at the
        stream's line).

    Raises
    ------
    ParseError
        When a stream that is not line-oriented cannot be read at all (as :func:`read_text`).
    """
    opts = {"format": format, "kind": kind, "box": box}
    readline = stream.readline
    head: list[str] = []
    first = None
    while True:
        raw = readline()
        if not raw:
            break
        head.append(raw)
        s = raw.strip()
        if s and not _comment_line(s):
            first = raw
            break
    fmt = None
    if first is not None and format in (None, "json") + LINE_FORMATS:
        try:
            fmt = FORMATS[format] if format else detect_format(first, kind, name)
        except ParseError:
            fmt = None
        if fmt is not None and fmt.name == "json":
            fmt = fmt if isinstance(first_value(first), dict) else None
        elif fmt is not None and (fmt.name not in LINE_FORMATS or not (format or fmt.sniff(first))):
            fmt = None  # only a line that is surely a line-format puzzle starts streaming
    if fmt is None:  # not line-oriented: read everything, then parse as a whole
        yield from read_text("".join(head) + stream.read(), name, **opts)
        return
    lineno = len(head)
    yield from _one_line(first, lineno, fmt.name, opts, name)
    while True:
        raw = readline()
        if not raw:
            return
        lineno += 1
        yield from stream_line(raw, lineno, fmt.name, name, forced=bool(format), kind=kind, box=box)


def stream_line(raw: str, lineno: int, fmt: str, name: str = "<stdin>", *, forced: bool = False,
                kind: str | None = None, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """The entries of one line of a stream that :func:`read_stream` reads line by line.

    ``fmt`` is the stream's format (that of its first puzzle line); unless it was
    ``forced``, a line it does not own goes to another one-line format that does (classic,
    jigsaw, Hidato and Numbrix lines may be mixed). Entries are located at ``name:lineno``.
    """
    use = FORMATS[fmt]
    if not forced and not use.sniff(raw):  # a mixed stream: another line format may own this line
        use = next((FORMATS[f] for f in LINE_FORMATS if f != fmt and FORMATS[f].sniff(raw)), use)
    return _one_line(raw, lineno, use.name, {"format": None, "kind": kind, "box": box}, name)


def _one_line(raw: str, lineno: int, fmt: str, opts: dict, name: str) -> list[Entry]:
    """The entries of one line read in format ``fmt``, located at ``name:lineno``."""
    s = raw.strip()
    if not s or _comment_line(s):
        return []
    o = dict(opts, format=fmt)
    try:
        entries = read_text(raw, name, **o)
    except ParseError as e:
        return [_moved_entry(None, e, name, lineno)]
    return [_moved_entry(e, e.error, name, lineno) for e in entries]


def _moved_entry(entry: Entry | None, err: ParseError | None, name: str, lineno: int) -> Entry:
    """``entry`` (or a new error entry) relocated to line ``lineno`` of ``name``."""
    if err is not None:
        err = ParseError(err.message, name, lineno, err.col)
    if entry is None:
        return Entry(None, err, name, lineno)
    entry.error, entry.line, entry.file = err, lineno, name
    return entry
