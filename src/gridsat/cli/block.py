"""The bulk route of ``check`` and ``solve``: plain 9x9 lines, answered a block at a time.

The commonest input of a bulk run (the 17-clue list, top1465, a generator's output) is
classic 9x9 puzzles, one per line: 81 symbols, ``1-9`` given and ``.``, ``0``, ``_`` or
``-`` empty, with blank lines and ``#`` comment lines between them. Such files
(:func:`run_block`) and such standard input (:func:`run_stdin`, a block of what has
arrived at a time) go as raw lines to the engine's bulk entry
(:class:`gridsat.engine.block.Block`: the C core, at most :data:`BLOCK` puzzles a call,
every answer verified), which returns one :class:`~gridsat.result.Result` per puzzle; each
line printed is the general loop's (:mod:`gridsat.cli.batch`), byte for byte apart from
the timings: a status line, or with ``--json`` the same JSON record
(:meth:`~gridsat.result.Result.to_json`). Start-up pays for none of the package's puzzle,
encoder or backend objects.

The puzzles the bulk entry does not answer from its block (no solution, two solutions,
clashing givens, a block the verifier does not pass whole) it runs through the general
loop's job, one by one, and the general loop prints them. Any other
input or option (``--time-limit``, ``--output-format``, another backend, a file that is
not all plain lines, files and standard input together, a single puzzle, more than
:data:`MAX_BYTES` of files in all) leaves the whole run to the general loop, which this
route decides before it prints anything."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys

from ..engine.block import BLOCK, SYMBOLS, Block, LineResult, bulk_kind
from ..result import Result

__all__ = ["run_block", "run_stdin", "plain_lines", "BLOCK", "MAX_BYTES"]

#: inputs larger than this (bytes, all files together) are left to the general loop, which streams them
MAX_BYTES = 64 << 20

#: options that keep a run on the general loop unless they have these values
_PLAIN = {"example": [], "format": None, "kind": None, "box": None, "encoding": None, "race": None,
          "time_limit": None, "output_format": None}
#: standard input kept for the general loop before this route takes it (bytes): past it, the
#: input is handed to the general loop, whose reader bounds what it keeps
#: (:data:`gridsat.formats.stream.HEAD_BYTES`, the same figure)
_KEEP_BYTES = 1 << 18
#: the longest line of standard input taken whole (:data:`gridsat.formats.stream.MAX_LINE_BYTES`,
#: the same figure: that module is not imported before it is needed)
_LINE_CAP = 1 << 20
#: the most of a line past :data:`_LINE_CAP` skipped before the input is given up
#: (:data:`gridsat.formats.stream.MAX_TEXT_BYTES`, the same figure)
_SKIP_CAP = 1 << 25
#: what a line is (:func:`_line_kind`)
_PUZZLE, _SKIP, _OTHER = 0, 1, 2


def _line_kind(line: bytes) -> int:
    """:data:`_PUZZLE` (81 plain symbols), :data:`_SKIP` (blank, or a ``#`` comment that is
    not a Hidato line ``#,``/``#/``) or :data:`_OTHER`; ``line`` without its ``\n``/``\r\n``."""
    if len(line) == 81 and not line.translate(None, SYMBOLS):  # (:func:`gridsat.engine.block.plain_symbols`)
        return _PUZZLE
    bare = line.strip(b" \t")
    if not bare or bare.startswith(b"#") and not bare.startswith((b"#,", b"#/")):
        return _SKIP
    return _OTHER


def plain_lines(data: bytes) -> list[tuple[int, bytes]] | None:
    """The puzzles of a file of plain 9x9 lines, as ``(line number, 81 symbols)``, or ``None``.

    A plain file holds only lines of exactly 81 symbols (``1-9``, ``.0_-`` empty), blank
    lines and ``#`` comment lines, with ``\n`` or ``\r\n`` line ends; anything else (a
    name after a puzzle, another size, a stray byte) gives ``None``.
    """
    out = []
    for lineno, line in enumerate(data.split(b"\n"), 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        kind = _line_kind(line)
        if kind == _PUZZLE:
            out.append((lineno, line))
        elif kind == _OTHER:
            return None
    return out


def _options_suit(args: argparse.Namespace, job: str) -> bool:
    """Whether the job and options leave the run to this route (the input decides the rest)."""
    if job not in ("check", "solve") or getattr(args, "backend", None) not in (None, "native"):
        return False
    return all(getattr(args, k, v) == v for k, v in _PLAIN.items())


def _eligible(args: argparse.Namespace, job: str) -> bool:
    """Whether the run reads files only and its options suit the route."""
    files = list(getattr(args, "files", None) or [])
    return bool(files) and "-" not in files and _options_suit(args, job)


def _read(files: list[str], kept: "dict[str, bytes] | None" = None) -> list[tuple[str, list[tuple[int, bytes]]]] | None:
    """Every file's plain puzzles, or ``None`` when one is not a plain file of this route
    (``kept`` gets the bytes of each file read whole, for the general loop: each file is
    opened once)."""
    out, left = [], MAX_BYTES
    for path in files:
        try:
            if not os.path.isfile(path) or os.path.getsize(path) > left:
                return None
            with open(path, "rb") as fh:
                data = fh.read(left + 1)
        except OSError:
            return None  # (the general loop reports it)
        left -= len(data)
        if left < 0:
            return None
        if kept is not None:
            kept[path] = data
        got = plain_lines(data)
        if got is None:
            return None
        out.append((path, got))
    return out


def run_block(args: argparse.Namespace, job: str, kept: "dict[str, bytes] | None" = None) -> int | None:
    """Run ``job`` (``check`` or ``solve``) on plain 9x9 files through the C core in blocks.

    Returns the exit code, or ``None`` when the route does not apply (nothing has been
    printed then, and the general loop runs the command; ``kept`` then holds the bytes of
    the files read, path -> bytes, which the general loop reads instead of opening them again).
    """
    if not _eligible(args, job):
        return None
    read = _read(list(args.files), kept)
    total = 0 if read is None else sum(len(got) for _, got in read)
    if total < 2:
        return None
    route = _Route.start(args, job, total)
    if route is None:
        return None
    if kept is not None:
        kept.clear()  # (the route answers the files: the general loop will not read them)
    for path, puzzles in read:
        for start in range(0, len(puzzles), BLOCK):
            route.answer(path, puzzles[start:start + BLOCK])
    return route.code


class _Route:
    """One run of the route: the engine's bulk entry, the lines printed."""

    @classmethod
    def start(cls, args: argparse.Namespace, job: str, puzzles: int = 1) -> "_Route | None":
        """The route with the C core's board compiled, or ``None`` without the extension
        (``puzzles``: how many share the board's build time)."""
        block = Block.start(job, puzzles)
        return None if block is None else cls(args, job, block)

    def __init__(self, args: argparse.Namespace, job: str, block: Block):
        self.args, self.job, self.block = args, job, block
        self.code = 0
        self._general = None
        self._out: list[str] = []  # (lines not yet written)
        self._last = None  # (the puzzle the general loop's job ran last)
        self.before: "str | bytes | None" = None  # (the last line read that was not blank or a comment)
        self._kind: "str | None" = None  # (the puzzles' kind as JSON, looked up for the first record)

    def answer(self, path: str, puzzles: list[tuple[int, bytes]]) -> None:
        """Answer one block of ``path``'s puzzles, in order, and flush the lines."""
        out = self._out
        where = json.dumps(path) if self.args.json else path
        results = self.block.run([line for _, line in puzzles], one=self._run, errors="return")
        for (lineno, _), res in zip(puzzles, results):
            if type(res) is not LineResult:  # (run by the general loop's job: printed as it prints)
                from ..formats import Entry

                puzzle = res.puzzle if isinstance(res, Result) else self._last
                self.entry(Entry(puzzle, None, path, lineno, None, "line"), res)
            elif self.args.json:  # the general loop's record: Result.to_dict() with the entry's fields
                if self._kind is None:
                    self._kind = json.dumps(bulk_kind().name)
                out.append(res.to_json(f'"file": {where}, "line": {lineno}, "name": null, "kind": {self._kind}',
                                       '"format": "line"') + "\n")
            else:
                out.append(f"{where}:{lineno}: {res.status} {res.digits} {res.total_time:.3f}s\n")
        self._write()

    def _write(self) -> None:
        sys.stdout.write("".join(self._out))
        self._out.clear()
        sys.stdout.flush()

    def _run(self, puzzle, job: str, **_) -> object:
        """The general loop's job on one puzzle the bulk entry did not answer (the lines
        before it are written first)."""
        self._write()
        self._last = puzzle
        return self._answer().settings.run(puzzle, "")

    def stream_line(self, raw: bytes, lineno: int, src: "_Input | None" = None) -> bool:
        """A line of standard input that is not plain, read and answered as the general loop
        does (a line that is not UTF-8 text, or is too long, is its error, and the input goes
        on); False when it ends the input (a line too long that does not end: see
        :func:`gridsat.formats.stream.too_long`)."""
        from ..errors import ParseError
        from ..formats import Entry
        from ..formats.stream import LineReader, SourceEnds, stream_line, too_long

        try:
            if src is not None and src.cut:  # (the rest of the line is skipped, not kept)
                src.cut = False
                raise too_long("<stdin>", lineno, src.skip_line())
            text = LineReader(io.BytesIO(raw), "<stdin>")
            text.lineno = lineno - 1  # (its error, if any, is located at this line)
            decoded = text.readline()
        except ParseError as e:
            self.entry(Entry(None, e, e.file, e.line))
            return not isinstance(e, SourceEnds)
        before = self.before.decode("ascii") if isinstance(self.before, bytes) else self.before
        got = stream_line(decoded, lineno, "line", "<stdin>", before=before)
        self.before = decoded if got else self.before
        for entry in got:
            self.entry(entry)
        return True

    def _answer(self):
        """The general loop's answerer (made on first use)."""
        if self._general is None:
            from .batch import Answer, Settings

            self._general = Answer(self.args, self.job, Settings(self.args, self.job))
        return self._general

    def entry(self, entry, done=None) -> None:
        """One entry of the general readers (a puzzle, or the error of a line that is not
        one) answered as the general loop answers it in a batch (``done``: its result or
        error, already computed)."""
        general = self._answer()
        general(entry, done)
        self.code = max(self.code, general.code)
        sys.stdout.flush()


# ---------------------------------------------------------------------- standard input
def _stdin_fd(args: argparse.Namespace, job: str) -> int | None:
    """Standard input's descriptor when the run reads it alone and the options suit the route."""
    files = list(getattr(args, "files", None) or [])
    if files not in ([], ["-"]) or sys.stdin is None or not _options_suit(args, job):
        return None
    try:
        if not files and sys.stdin.isatty():
            return None  # (the general loop says there is no input)
        return sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return None


class _Input:
    """Standard input's lines as bytes, read with ``os.read``; what was read is kept until
    :attr:`keep` is turned off, so that the general loop can be handed all of it."""

    def __init__(self, fd: int):
        self.fd, self.buf, self.eof, self.keep, self.kept = fd, bytearray(), False, True, bytearray()
        self.cut = False

    def line(self) -> bytes | None:
        """The next line with its ``\n`` (the last one may lack it); ``None`` at the end. A
        line past :data:`_LINE_CAP` is cut there (:attr:`cut` is set: :meth:`skip_line` skips
        the rest of it), so that memory stays bounded."""
        while True:
            end = self.buf.find(b"\n")
            if end < 0 and len(self.buf) > _LINE_CAP:
                got = bytes(self.buf[:_LINE_CAP + 1])
                del self.buf[:_LINE_CAP + 1]
                self.cut = True
                return got
            if end >= 0 or (self.eof and self.buf):
                end = len(self.buf) - 1 if end < 0 else end
                got = bytes(self.buf[:end + 1])
                del self.buf[:end + 1]
                return got
            if self.eof:
                return None
            self._more()

    def _more(self) -> None:
        data = os.read(self.fd, 1 << 16)
        if self.keep:
            self.kept += data
        self.buf += data
        self.eof = not data

    def skip_line(self) -> bool:
        """Skip the rest of a line that was :attr:`cut`; False (and the input ends) when it has
        not ended within :data:`_SKIP_CAP` bytes."""
        skipped = 0
        while skipped <= _SKIP_CAP:
            end = self.buf.find(b"\n")
            if end >= 0:
                del self.buf[:end + 1]
                return True
            skipped += len(self.buf)
            self.buf.clear()
            if self.eof:
                return True
            self._more()
        self.buf.clear()
        self.eof = True
        return False

    def ready(self) -> bool:
        """Whether a line can be had without waiting for the producer."""
        if b"\n" in self.buf or self.eof:
            return True
        import select

        try:
            return bool(select.select([self.fd], [], [], 0)[0])
        except (OSError, ValueError):
            return False


class _Replay(io.RawIOBase):
    """Standard input again from its start: the bytes already read, then the rest."""

    def __init__(self, head: bytes, fd: int, source=None):
        self.head, self.fd = head, fd
        self.source = source  # (the stream that owns ``fd``: kept open while this one reads it)

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        if self.head:
            n = min(len(b), len(self.head))
            b[:n], self.head = self.head[:n], self.head[n:]
            return n
        data = os.read(self.fd, len(b))
        b[:len(data)] = data
        return len(data)


def _hand_back(src: _Input) -> None:
    """Give the general loop a standard input that starts again where this route started."""
    sys.stdin = io.TextIOWrapper(io.BufferedReader(_Replay(bytes(src.kept), src.fd, sys.stdin)), encoding="utf-8")


def run_stdin(args: argparse.Namespace, job: str) -> int | None:
    """Run ``job`` on plain 9x9 lines from standard input, a block at a time, as they come.

    Lines are answered in blocks of what has arrived (at most :data:`BLOCK`), whenever the
    producer has nothing more ready, so a slow pipe (``gridsat generate | gridsat check``)
    still gets each answer as soon as its line is in. A line that is not plain before two
    puzzles have come, or an input of fewer than two puzzles, hands the whole input back to
    the general loop (``None``); after that, such a line is read and answered by the general
    stream reader's rules (:func:`gridsat.formats.stream.stream_line`) and the route goes
    on. A line that is not UTF-8 text, or is too long, is answered by its error and the input
    goes on, as there.
    """
    fd = _stdin_fd(args, job)
    if fd is None:
        return None
    route = _Route.start(args, job)
    if route is None:
        return None
    src, pending, lineno = _Input(fd), [], 0

    def flush() -> None:  # answer what is pending; from then on nothing is handed back
        route.answer("<stdin>", pending)
        pending.clear()
        src.keep = False
        src.kept.clear()

    while True:
        if pending and (not src.keep or len(pending) >= 2) and (len(pending) >= BLOCK or not src.ready()):
            flush()
            continue
        raw = src.line()
        if raw is None:
            break
        lineno += 1
        if src.keep and len(src.kept) > _KEEP_BYTES:  # (no puzzles yet: the general reader bounds it)
            _hand_back(src)
            return None
        line = raw[:-1] if raw.endswith(b"\n") else raw
        line = line[:-1] if line.endswith(b"\r") else line
        kind = _line_kind(line)
        if kind == _PUZZLE:
            pending.append((lineno, line))
            route.before = line
        elif kind == _OTHER:
            if src.keep and len(pending) < 2:
                _hand_back(src)
                return None
            if pending:
                flush()
            if not route.stream_line(raw, lineno, src):
                return route.code
    if src.keep and len(pending) < 2:
        _hand_back(src)
        return None
    if pending:
        flush()
    return route.code
