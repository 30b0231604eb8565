"""What a task carries: :class:`Task` (an id and a payload), the puzzle payloads, and how a
chunk of them travels to a worker.

* :class:`PuzzleItem`: a puzzle read, with where it was read;
* :class:`LineItem`: a line of a one-line file not read yet: the worker reads it
  (:func:`line_tasks` makes them), so the process that sends a file's lines parses nothing;
* :class:`Unreadable`: an entry that could not be read, answered by its error line;
* :class:`Reading`: wraps a task function over puzzles so it takes all three; a worker
  reads a chunk's lines (:meth:`Reading.prepare`), each as the one-process reader reads it;
* :func:`compact` / :func:`expand`: a chunk's items in a form that pickles fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, BinaryIO, Callable, Iterator

__all__ = ["Task", "PuzzleItem", "LineItem", "line_tasks", "iter_line_tasks", "Unreadable", "Reading", "compact", "expand"]


@dataclass(frozen=True)
class Task:
    """One unit of work: a stable ``id``, the ``payload`` the task function takes, and an
    optional time limit of its own (seconds; the run's ``time_limit`` otherwise)."""

    id: str
    payload: Any = None
    time_limit: float | None = None


@dataclass
class PuzzleItem:
    """A puzzle read from a batch input, with where it was read."""

    file: str | None
    line: int | None
    name: str | None
    format: str | None
    puzzle: Any

    @property
    def where(self) -> str:
        """``file:line`` (the task id of a puzzle)."""
        return f"{self.file or '<input>'}:{self.line}"


@dataclass
class LineItem:
    """A puzzle line not read yet: the worker that runs its task reads it (:meth:`read`), so
    the process that sends a file's lines does not parse them.

    ``format`` is the one-line format of the whole file (``line``, ``jigsaw-line``,
    ``hidato-line``, ``numbrix-line``) and ``box`` the reader's option. ``before`` is the
    line before it in the file that is not blank or a comment: a line that does not read is
    read again after it, so that its error says what the one-process reader says (such as
    "expected 81 like the puzzle before").

    ``stream``: the line is read alone, as the one-process reader reads every line
    (:func:`gridsat.formats.stream.stream_line`): in the one-line format that owns it
    (classic, jigsaw, Hidato and Numbrix lines may be mixed) unless the format was
    ``forced``, with the reader's ``kind`` option (:func:`iter_line_tasks` makes every
    item so; without it, a run of lines is read as one text after ``before``).
    """

    file: str
    line: int
    text: str
    format: str
    box: "str | tuple[int, int] | None" = None
    before: str | None = None
    stream: bool = False
    forced: bool = False
    kind: str | None = None

    def read(self) -> PuzzleItem:
        """The puzzle of the line, or :class:`~gridsat.errors.GridsatError` with its error line
        ``file:line:col: error: message``."""
        from ..errors import GridsatError

        got = _item(self, self.entry())
        if type(got) is Unreadable:
            raise GridsatError(got.error)
        return got

    def entry(self):
        """The :class:`~gridsat.formats.base.Entry` of the line (its puzzle, or its located error)."""
        from ..errors import ParseError
        from ..formats.base import Entry

        got = _entries([self])
        if got is None:
            return Entry(None, ParseError("not one puzzle on this line", self.file, self.line), self.file, self.line)
        return got[0]


def _reader(format: str, box: "str | tuple[int, int] | None") -> Callable:
    """The reader of ``format`` with the ``box`` option, on any text (a comment alone too)."""
    from ..formats import FORMATS
    from ..formats.common import parse_box

    fmt = FORMATS[format]
    if box is None or "box" not in fmt.options:
        return fmt.read
    shape = parse_box(box)
    return lambda text, file: fmt.read(text, file, box=shape)


def line_tasks(path: str, format: str | None = None, kind: str | None = None,
               box: "str | tuple[int, int] | None" = None) -> "list[Task] | None":
    """The tasks of a file in a one-line format, as a list (see :func:`iter_line_tasks`)."""
    got = iter_line_tasks(path, format, kind, box)
    return None if got is None else list(got)


def iter_line_tasks(path: str, format: str | None = None, kind: str | None = None,
                    box: "str | tuple[int, int] | None" = None, *, fh: "BinaryIO | None" = None
                    ) -> "Iterator[Task] | None":
    """The tasks of a file in a one-line format, one per puzzle line (id ``file:line``), each
    a :class:`LineItem` that its worker reads; ``None`` when the file is in another format or
    its head cannot be read (then read it as entries, which report why).

    The file is read as every source is (:func:`gridsat.formats.stream.read_stream`): its
    format is the one-line format its first puzzle line is in (``format`` forces it), and
    each line is read by its worker alone, in the one-line format that owns it (classic,
    jigsaw, Hidato and Numbrix lines may be mixed), with the line before it for its error's
    hint. ``kind`` and ``box`` are the reader's options. Blank lines and comments make no
    task. The lines are read as the tasks are taken, so a file of any size is sent in
    bounded memory; a line that is not UTF-8 text (or holds a NUL byte) is answered by its
    located error line and the lines after it are read on; a line past
    :data:`~gridsat.formats.stream.MAX_LINE_BYTES` is answered by its error line and ends
    the file.

    ``fh``: the file opened already (binary, seekable, at its start), which the tasks then
    read, so that the file is opened once; it is left open, back at its start, when the
    result is ``None``.
    """
    from ..errors import GridsatError
    from ..formats.stream import LINE_FORMATS, LineReader, _comment_line, stream_format

    if format not in (None,) + LINE_FORMATS:
        return None
    given = fh is not None
    try:
        fh = fh if given else open(path, "rb")
    except OSError:
        return None
    try:
        reader = LineReader(fh, path)
        while True:
            first = reader.readline()
            if not first:
                return _not_lines(fh, given)
            s = first.strip()
            if s and not _comment_line(s):
                break
        fmt = stream_format(first, format, kind, path)
        if fmt is None or fmt.name not in LINE_FORMATS or (kind and fmt.kind != kind):
            return _not_lines(fh, given)
        _reader(fmt.name, box)  # (a bad box: the entries say so)
        fh.seek(0)
    except (OSError, GridsatError):
        return _not_lines(fh, given)
    forced = bool(format)
    from ..formats.stream import stream_line

    def read(raw: str, lineno: int) -> list:
        return stream_line(raw, lineno, fmt.name, path, forced=forced, kind=kind, box=box)
    return _line_tasks(path, fmt.name, box, read, (True, forced, kind), fh)


def _not_lines(fh: "BinaryIO", given: bool) -> None:
    """``None`` for :func:`iter_line_tasks`: ``fh`` closed when it was opened there, else back at its start."""
    if given:
        fh.seek(0)
    else:
        fh.close()
    return None


def _line_tasks(path: str, format: str, box: "str | tuple[int, int] | None", read: Callable,
                stream: tuple = (True, False, None), opened: "BinaryIO | None" = None) -> Iterator[Task]:
    """The tasks of :func:`iter_line_tasks`, read from the file (``opened``: opened already,
    at its start; closed at the end) as they are taken; ``stream`` is each
    :class:`LineItem`'s ``(stream, forced, kind)``, and ``read(line, lineno)`` the entries of
    a line that may be a comment."""
    from ..errors import ParseError
    from ..formats.stream import LineReader, SourceEnds

    before = None
    with (open(path, "rb") if opened is None else opened) as fh:
        reader = LineReader(fh, path)
        while True:
            try:
                raw = reader.readline()
            except ParseError as e:  # its error line; the file goes on, unless the line has no end
                yield Task(f"{path}:{e.line}", Unreadable(e.error_line()))
                if isinstance(e, SourceEnds):
                    return
                continue
            if not raw:
                return
            i = reader.lineno
            raw = raw[:-1] if raw.endswith("\n") else raw
            raw = raw[:-1] if raw.endswith("\r") else raw
            s = raw.lstrip()
            if not s or s.startswith(("#", ";")) and not s.startswith(("#,", "#/")):
                continue  # (blank and comment lines: every one-line reader skips them)
            if not s[0].isalnum() and s[0] not in ".-_" and not read(raw, i):
                continue  # (what some reader takes for a comment: // ...)
            yield Task(f"{path}:{i}", LineItem(path, i, raw, format, box, before, *stream))
            before = raw


@dataclass
class Unreadable:
    """The payload of an entry that could not be read: its error line is its answer."""

    error: str


@dataclass
class Reading:
    """A task function over puzzles that reads them first: a :class:`LineItem` is read in the
    worker, an :class:`Unreadable` entry answers with its error line (``GridsatError``), and
    a :class:`PuzzleItem` goes to ``fn`` as it is."""

    fn: Any

    def __call__(self, payload: Any) -> Any:
        """``fn`` of the puzzle read."""
        if type(payload) is LineItem:
            payload = payload.read()
        elif type(payload) is Unreadable:
            from ..errors import GridsatError

            raise GridsatError(payload.error)
        return self.fn(payload)

    def many(self, payloads: list) -> "list | None":
        """``fn``'s records of many payloads at once, when ``fn`` has ``many`` (the lines
        already read by :meth:`prepare`; a line still unread is read here, an unreadable
        entry answers with its error); ``None``: one at a time."""
        many = getattr(self.fn, "many", None)
        if many is None:
            return None
        from ..errors import GridsatError

        out: list = [None] * len(payloads)
        todo = []
        for i, p in enumerate(payloads):
            try:
                if type(p) is LineItem:
                    p = p.read()
                elif type(p) is Unreadable:
                    raise GridsatError(p.error)
            except GridsatError as e:
                out[i] = e
                continue
            todo.append((i, p))
        got = many([p for _, p in todo]) if todo else []
        if got is None:
            return None
        for (i, _), r in zip(todo, got):
            out[i] = r
        return out

    def prepare(self, items: list) -> list:
        """A chunk's ``(id, payload)`` items with their lines read (a worker calls this once
        per chunk): each run of :class:`LineItem` of one file is read (see :func:`_entries`),
        and each line becomes its :class:`PuzzleItem` or its :class:`Unreadable` error line.
        A run whose lines do not come back one entry each is left to :meth:`__call__`, line
        by line."""
        out = list(items)
        i = 0
        while i < len(out):
            p = out[i][1]
            if type(p) is not LineItem:
                i += 1
                continue
            j = i + 1
            while (j < len(out) and type(out[j][1]) is LineItem and out[j][1].file == p.file
                   and out[j][1].format == p.format and out[j][1].box == p.box):
                j += 1
            run = [x[1] for x in out[i:j]]
            got = _read_run(run)
            if got is not None:
                out[i:j] = [(tid, g) for (tid, _), g in zip(out[i:j], got)]
            i = j
        return out


def _read_run(run: list) -> list | None:
    """The items of consecutive lines of one file read as one text (see :meth:`Reading.prepare`),
    or ``None`` when they do not come back one entry per line."""
    entries = _entries(run)
    return None if entries is None else [_item(x, e) for x, e in zip(run, entries)]


def _entries(run: list) -> list | None:
    """The entries of consecutive :class:`LineItem` of one file, each placed at its own line:
    each line alone when the items ``stream`` (as the one-process reader reads it), else read
    as one text after the line before the first; ``None`` when they do not come back one
    entry per line."""
    from ..errors import ParseError
    from ..formats.base import Entry

    first = run[0]
    if first.stream:  # each line alone, as the one-process reader of a large file reads it
        from ..formats.stream import stream_line

        got = [stream_line(x.text, x.line, x.format, x.file, forced=x.forced, kind=x.kind, box=x.box, before=x.before)
               for x in run]
        return [e[0] for e in got] if all(len(e) == 1 for e in got) else None
    head = [] if first.before is None else [first.before]
    try:
        entries = _reader(first.format, first.box)("\n".join(head + [x.text for x in run]), first.file)
    except ParseError as e:  # (a reader that refuses the whole text: for one line, its error)
        if len(run) > 1:
            return None
        entries = [Entry(None, e, first.file, len(head) + 1)]
    if head and entries and entries[0].line == 1:
        entries = entries[1:]
    if [e.line for e in entries] != list(range(len(head) + 1, len(head) + len(run) + 1)):
        return None
    for x, e in zip(run, entries):
        e.file, e.line = x.file, x.line
        if e.error is not None:
            e.error = ParseError(e.error.message, x.file, x.line, e.error.col)
    return entries


def _item(x: LineItem, e) -> "PuzzleItem | Unreadable":
    """The payload of line ``x`` read as entry ``e``: its puzzle, or its error line."""
    if e.ok:
        return PuzzleItem(x.file, x.line, e.name, e.format or x.format, e.puzzle)
    return Unreadable(e.error.error_line())


def compact(items: list) -> list:
    """A chunk's ``(id, payload)`` items in a form that pickles several times faster: a
    :class:`PuzzleItem` whose puzzle pickles as a function and its arguments (a Sudoku) is
    sent as one flat tuple. :func:`expand` gives the items back."""
    out = []
    for tid, p in items:
        if type(p) is LineItem:
            out.append((tid, (p.file, p.line, p.text, p.format, p.box, p.before, p.stream, p.forced, p.kind), None))
            continue
        if type(p) is PuzzleItem:
            try:
                red = p.puzzle.__reduce__()
            except Exception:  # noqa: BLE001 - left to the pickler, which says what is wrong
                red = ()
            if len(red) == 2:
                out.append((tid, p.file, p.line, p.name, p.format, red[0], red[1]))
                continue
        out.append((tid, p))
    return out


def expand(items: list) -> list:
    """The ``(id, payload)`` items :func:`compact` was given."""
    return [(x[0], PuzzleItem(x[1], x[2], x[3], x[4], x[5](*x[6]))) if len(x) == 7 else
            (x[0], LineItem(*x[1])) if len(x) == 3 else x for x in items]
