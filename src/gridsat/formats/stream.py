"""Puzzles from a text stream as the lines arrive: the one reading of every source (a file,
standard input, a pipe from ``gridsat generate``).

A source whose first puzzle line is in a one-line format (:func:`line_formats`) or is a
JSON object on one line is read line by line: each line becomes its entries as soon as it
is read, alone, in the one-line format that owns it (classic, jigsaw, Hidato and Numbrix
lines may be mixed) unless a format is forced; a line no one-line format owns is read in
the format of the first puzzle line, after the puzzle line before it, so that its error
says what was expected. Any other source is read to its end and parsed as a whole by
:func:`gridsat.formats.detect.read_text`.

A source given as bytes (:class:`LineReader`) is decoded a line at a time: a line that is
not UTF-8 text, or that holds a NUL byte, is one located error (``file:line:col``) and the
lines after it are read on. Reading is bounded by size, not by time: a line longer than
:data:`MAX_LINE_BYTES` (longer than any puzzle line gridsat admits) is one located error
too, skipped without being kept, unless it has not ended within :data:`MAX_TEXT_BYTES`
(``/dev/zero``, an endless pipe with no newline): then it ends its source. Bad lines
before the first puzzle line are each their error when that line starts a one-line source;
otherwise (no puzzle line follows, or the source is read whole) the source is binary input
and its first bad line is its one error, as it is after :data:`HEAD_BAD_LINES` bad lines.
More than :data:`HEAD_BYTES` of blank lines and comments before the first puzzle line end
the source too. A source read as a whole may hold at most
:data:`MAX_TEXT_BYTES`; a bad byte in it is its one error.
"""

from __future__ import annotations

from typing import Iterator, TextIO

from ..errors import ParseError
from .detect import detect_format, read_text, read_told
from .base import FORMATS, Entry
from .jsonparse import first_value

__all__ = ["read_stream", "stream_line", "stream_format", "decode_line", "LineReader", "SourceEnds", "too_long",
           "line_formats", "LINE_FORMATS", "MAX_LINE_BYTES", "MAX_TEXT_BYTES", "HEAD_BYTES", "HEAD_BAD_LINES"]



def line_formats() -> tuple[str, ...]:
    """The one-line formats (``Format.one_line``), highest priority first: a stream in one of
    them is read (and its puzzles yielded) line by line; also :data:`LINE_FORMATS`."""
    return tuple(f.name for f in sorted(FORMATS.values(), key=lambda f: (-f.priority, f.name)) if f.one_line)


def __getattr__(name: str):
    if name == "LINE_FORMATS":  # (read from the format records: see :func:`line_formats`)
        return line_formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the longest line read (bytes): far past any puzzle line gridsat admits (a 64x64 jigsaw or a
#: 1600-cell Hidato in JSON with its solution is under 100 kB); a longer one is refused at once
MAX_LINE_BYTES = 1 << 20
#: the most blank lines and comments read before a source's first puzzle line (bytes)
HEAD_BYTES = 1 << 18
#: the most lines that are not text read before a source's first puzzle line (past it: binary input)
HEAD_BAD_LINES = 16
#: the most a source read as a whole (not line by line) may hold (bytes)
MAX_TEXT_BYTES = 1 << 25


class SourceEnds(ParseError):
    """A :class:`~gridsat.errors.ParseError` after which its source is not read on (a line
    past :data:`MAX_LINE_BYTES`, a text past :data:`MAX_TEXT_BYTES`)."""


def _mib(n: int) -> str:
    """``n`` bytes as ``1 MiB`` or ``256 KiB``."""
    return f"{n >> 20} MiB" if n >= 1 << 20 else f"{n >> 10} KiB"


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


class LineReader:
    """A binary stream read as text lines (lines end at ``\\n`` only), each decoded by
    :func:`decode_line`: ``readline`` raises a located :class:`~gridsat.errors.ParseError`
    for a line that is not UTF-8 text or is longer than :data:`MAX_LINE_BYTES` (that line
    is consumed: the next call reads on; see :func:`too_long`); ``read`` the rest, at most
    :data:`MAX_TEXT_BYTES` read in all. Memory stays bounded whatever the stream holds.
    """

    def __init__(self, raw, name: str = "<stdin>") -> None:
        self.raw, self.name, self.lineno, self.taken = raw, name, 0, 0

    def readline(self) -> str:
        """The next line as text (``""`` at the end)."""
        data = self.raw.readline(MAX_LINE_BYTES + 1)
        if not data:
            return ""
        self.lineno += 1
        self.taken += len(data)
        if len(data) > MAX_LINE_BYTES and not data.endswith(b"\n"):
            raise too_long(self.name, self.lineno, self._skip())
        return decode_line(data, self.name, self.lineno)

    def _skip(self) -> bool:
        """Skip the rest of a line that is too long; False (and nothing more is read) when it
        has not ended within :data:`MAX_TEXT_BYTES`."""
        skipped = 0
        while skipped <= MAX_TEXT_BYTES:
            chunk = self.raw.readline(1 << 16)
            if not chunk or chunk.endswith(b"\n"):
                return True
            skipped += len(chunk)
        self.raw = _Ended()
        return False

    def read(self) -> str:
        """The rest of the input as text; :class:`SourceEnds` past :data:`MAX_TEXT_BYTES` read
        in all, a located :class:`~gridsat.errors.ParseError` at a byte that is not UTF-8 text."""
        left = MAX_TEXT_BYTES - self.taken
        data = self.raw.read(left + 1) if left >= 0 else b"?"
        if len(data) > left:
            self.raw = _Ended()
            raise SourceEnds(f"input longer than {_mib(MAX_TEXT_BYTES)} that is not one puzzle per line: "
                             "split it, or write it one puzzle per line (the rest is not read)", self.name)
        self.taken += len(data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            start = data.rfind(b"\n", 0, e.start) + 1
            decode_line(data[start:data.find(b"\n", e.start) + 1 or len(data)], self.name,
                        self.lineno + data.count(b"\n", 0, e.start) + 1)
            raise  # (not reached: decode_line raises the located error)
        nul = text.find("\x00")
        if nul >= 0:
            start = text.rfind("\n", 0, nul) + 1
            raise ParseError("binary input (a NUL byte), not puzzle text", self.name,
                             self.lineno + text.count("\n", 0, nul) + 1, nul - start + 1)
        self.lineno += text.count("\n") + (0 if not text or text.endswith("\n") else 1)
        return text


def too_long(name: str, lineno: int, ended: bool) -> ParseError:
    """The error of line ``lineno`` of ``name``, longer than :data:`MAX_LINE_BYTES`: its own
    (the lines after it are read on) when it ``ended``, else :class:`SourceEnds`."""
    if ended:
        return ParseError(f"a line longer than {_mib(MAX_LINE_BYTES)}, longer than any puzzle this tool reads: "
                          "not puzzle text?", name, lineno, 1)
    return SourceEnds(f"a line longer than {_mib(MAX_TEXT_BYTES)}, with no end in sight: not puzzle text "
                      "(the rest of the input is not read)", name, lineno, 1)


class _Ended:
    """What a :class:`LineReader` reads after :class:`SourceEnds`: nothing."""

    def readline(self, size: int = -1) -> bytes:
        return b""

    def read(self, size: int = -1) -> bytes:
        return b""


def stream_format(first: str, format: str | None = None, kind: str | None = None,
                  name: str | None = None):
    """The format a source whose first puzzle line is ``first`` is read in line by line: a
    one-line format that claims the line (``format``, when forced, if it is one), or
    ``json`` for a JSON object on one line; ``None`` when the source is read as a whole."""
    if format not in (None, "json") and not (_known(format) and FORMATS[format].one_line):
        return None
    try:
        fmt = FORMATS[format] if format else detect_format(first, kind, name)
    except ParseError:
        return None
    if fmt.name == "json":
        return fmt if isinstance(first_value(first), dict) else None
    if not fmt.one_line or not (format or fmt.sniff(first)):
        return None  # only a line that is surely a line-format puzzle starts streaming
    return fmt


def _known(format: str) -> bool:
    """Whether a format is called ``format`` (its own kind's formats loaded first, see
    :meth:`~gridsat.formats.base._Formats.named`)."""
    try:
        FORMATS.named(format)
    except KeyError:
        return False
    return True


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
        As for :func:`gridsat.formats.detect.read_text`; a forced ``format`` other than ``json`` or a
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
    bad: list[ParseError] = []  # lines before the first puzzle line that are not text
    size = 0
    first = None
    while True:
        try:
            raw = readline()
        except ParseError as e:
            bad.append(e)
            if isinstance(e, SourceEnds) or len(bad) > HEAD_BAD_LINES:
                break
            head.append("\n")  # (its place in the text)
            continue
        if not raw:
            break
        head.append(raw)
        s = raw.strip()
        if s and not _comment_line(s):
            first = raw
            break
        size += len(raw)
        if size > HEAD_BYTES:  # (blank lines and comments only, so far)
            if not bad:
                bad.append(SourceEnds(f"no puzzle in the first {_mib(HEAD_BYTES)}, only blank lines and "
                                      "comments (the rest is not read)", name, len(head), 1))
            break
    fmt = None if first is None or (bad and isinstance(bad[-1], SourceEnds)) else \
        stream_format(first, format, kind, name)
    if fmt is None and bad:  # binary input, not puzzle text: its first bad line is its one error
        yield Entry(None, bad[0], name, bad[0].line)
        return
    if fmt is None:  # not line-oriented: read everything, then parse as a whole
        text = "".join(head) + stream.read()
        entries, told = read_told(text, name, **opts)
        yield from _tagged(entries, text, format or told.name, kind)  # (the format is told once)
        return
    for e in bad:  # (a puzzle line follows: each is the error of its own line)
        yield Entry(None, e, name, e.line)
    lineno = len(head)
    before = None
    got = _one_line(first, lineno, fmt.name, opts, name)
    before = first if got else None
    yield from got
    while True:
        try:
            raw = readline()
        except SourceEnds as e:
            yield Entry(None, e, name, e.line)
            return
        except ParseError as e:
            lineno += 1
            yield Entry(None, e, name, e.line)
            continue
        if not raw:
            return
        lineno += 1
        got = stream_line(raw, lineno, fmt.name, name, forced=bool(format), kind=kind, box=box, before=before)
        before = raw if got else before
        yield from got


def _tagged(entries: list[Entry], text: str, format: str | None, kind: str | None) -> list[Entry]:
    """``entries`` read from ``text`` as a whole, each naming its format (the forced one, or
    the one detected in ``text``, asked for only when a reader did not say)."""
    detected = format
    for e in entries:
        if e.format is None and e.ok:
            if detected is None:
                try:
                    detected = detect_format(text, kind).name
                except ParseError:
                    detected = ""
            e.format = detected or None
    return entries


def stream_line(raw: str, lineno: int, fmt: str, name: str = "<stdin>", *, forced: bool = False,
                kind: str | None = None, box: "str | tuple[int, int] | None" = None,
                before: str | None = None) -> list[Entry]:
    """The entries of one line of a stream that :func:`read_stream` reads line by line.

    ``fmt`` is the stream's format (that of its first puzzle line); unless it was
    ``forced``, a line it does not own goes to another one-line format that does (classic,
    jigsaw, Hidato and Numbrix lines may be mixed), or to ``json`` when it is one JSON object. A line that does not read is read again
    after ``before``, the last line of the stream that was not blank or a comment, and when
    that one reads, the line's error is the one it has there (such as "expected 81 like the
    puzzle before").
    Entries are located at ``name:lineno``.
    """
    use = FORMATS[fmt]
    if not forced and not use.sniff(raw):  # a mixed stream: another line format may own this line,
        # or the line is one JSON object (as `gridsat generate --json` appends)
        use = next((FORMATS[f] for f in line_formats() if f != fmt and FORMATS[f].sniff(raw)), None) \
            or (FORMATS["json"] if fmt != "json" and isinstance(first_value(raw), dict) else use)
    opts = {"format": None, "kind": kind, "box": box}
    got = _one_line(raw, lineno, use.name, opts, name)
    if before is not None and len(got) == 1 and not got[0].ok and use.sniff(before):
        again = _one_line(before.rstrip("\r\n") + "\n" + raw, lineno, use.name, opts, name)
        if len(again) == 2 and again[0].ok and not again[1].ok:
            got = [_moved_entry(None, again[1].error, name, lineno)]
    return got


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
