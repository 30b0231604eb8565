"""``solve``, ``count`` and ``check`` through the batch runner (``--jobs``, ``--out``, ``--resume``,
``--shard``, ``--executor``): each puzzle read is a task whose id is ``file:line``.

The answers are the batch lines of :mod:`gridsat.cli.batch` (or the ``--json`` records
with an ``id``), printed as they finish. A puzzle that cannot be read is a task too: its
error line (``file:line:col: error: ...``) is its answer and the others go on.

A file in a one-line format (``line``, ``jigsaw-line``, ``hidato-line``, ``numbrix-line``)
is not parsed here: each of its lines is sent as it is (a
:class:`~gridsat.jobs.items.LineItem`) and the worker reads it, so the process that sends
the tasks only splits the file into lines, as the runner takes them (a file of any size is
sent in bounded memory). Other inputs are read here.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..errors import GridsatError, ParseError
from ..jobs.items import PuzzleItem, Reading, Task, Unreadable, iter_line_tasks
from ..jobs.tasks import PuzzleJob, WithText
from .inputs import iter_entries
from .outputs import fail
from .exitcodes import EXIT_FAILED, EXIT_USAGE
from .jobs import read_failed

__all__ = ["run_batch_jobs", "entry_tasks", "puzzle_tasks", "PuzzleTasks", "BatchText"]


@dataclass
class BatchText:
    """The batch line of a result (the settings :func:`gridsat.cli.batch._batch_line` reads)."""

    job: str
    limit: int | None
    capped: bool
    listing: bool
    out: str | None = None

    def __call__(self, item: PuzzleItem, res) -> tuple[str, str]:
        """``(batch line, "")``, with one line per solution when listing."""
        from ..kinds import kind_of
        from .batch import _batch_line

        lines = [_batch_line(item.where, self.job, res, self)]
        if self.listing:
            line = kind_of(res.puzzle).solution_line
            lines += [f"{item.where}: solution {i}: {line(res.puzzle, s)}" for i, s in enumerate(res.solutions, 1)]
        return "\n".join(lines), ""


def entry_tasks(entries: Iterable) -> Iterator[Task]:
    """One task per entry read (id ``file:line``): a :class:`PuzzleItem`, or an
    :class:`~gridsat.jobs.items.Unreadable` holding the entry's error line
    ``file:line:col: error: message``."""
    for entry in entries:
        where = f"{entry.file or '<input>'}:{entry.line}"
        if not entry.ok:
            err = entry.error
            if not isinstance(err, ParseError):
                err = ParseError(str(err), entry.file, entry.line)
            yield Task(where, Unreadable(err.error_line()))
            continue
        yield Task(where, PuzzleItem(entry.file, entry.line, entry.name, entry.format, entry.puzzle))


def _line_file(path: str, args: argparse.Namespace) -> "tuple[Iterable[Task] | None, object]":
    """The tasks of a FILE argument in a one-line format, of any size (not standard input or
    a link, which are read as entries), split into lines as the runner takes them and read
    as the one-process batch reads them (:func:`~gridsat.jobs.items.iter_line_tasks`); or
    ``None`` and the file opened, at its start, for the entries to read (``None`` when it
    cannot be opened here, or cannot go back to its start): the file is opened once."""
    from .inputs import _is_link

    if path == "-" or _is_link(path):
        return None, None
    try:
        fh = open(path, "rb")
        if not fh.seekable():  # (not a regular file: it is opened again, as by every reader)
            fh.close()
            return iter_line_tasks(path, format=args.format, kind=args.kind, box=args.box), None
    except OSError:
        return None, None  # (the entries say why)
    tasks = iter_line_tasks(path, format=args.format, kind=args.kind, box=args.box, fh=fh)
    return (tasks, None) if tasks is not None else (None, fh)


def _sources(args: argparse.Namespace) -> Iterator:
    """Every source's puzzles in order: the tasks of line files (:func:`_line_file`), and the
    entries of the rest, read here."""
    files = list(getattr(args, "files", None) or [])
    if getattr(args, "example", None) or not files:
        yield from iter_entries(args)
        return
    for path in files:
        lines, opened = _line_file(path, args)
        if lines is not None:
            yield from lines
        else:
            yield from iter_entries(argparse.Namespace(**{**vars(args), "files": [path]}),
                                    {path: opened} if opened is not None else None)


def _as_tasks(items: Iterable) -> Iterator[Task]:
    for x in items:
        if isinstance(x, Task):
            yield x
        else:
            yield from entry_tasks([x])


class PuzzleTasks:
    """The tasks of the puzzles ``args`` names, as the one-process batch reads them: iterate it
    for the tasks; :meth:`seen` takes each record, and :meth:`exit_code` is 2 when no task
    held a puzzle that could be read."""

    def __init__(self, first: list, rest: Iterator) -> None:
        self._tasks = _as_tasks(itertools.chain(first, rest))
        self.tasks = self.unread = 0

    def __iter__(self) -> Iterator[Task]:
        for task in self._tasks:
            self.tasks += 1
            yield task

    def seen(self, rec: dict) -> None:
        """Note a record (one that answers an unreadable puzzle counts against the tasks)."""
        self.unread += read_failed(rec)

    def exit_code(self, code: int) -> int:
        """``code``, or 2 (nothing could be read) when no task held a readable puzzle and the run ended."""
        return EXIT_USAGE if code == EXIT_FAILED and self.unread >= self.tasks else code


def puzzle_tasks(args: argparse.Namespace) -> "PuzzleTasks | int":
    """:class:`PuzzleTasks` with the first two puzzles found before anything starts, or the exit
    code of :func:`~gridsat.cli.outputs.fail` (2) when nothing can be read: no input, an unknown
    format, or a single entry that does not read (the message the one-process batch prints)."""
    try:
        items = _sources(args)
        first = next(items, None)
        second = next(items, None) if first is not None else None
    except GridsatError as e:
        return fail(e)
    if first is None:
        return fail(ParseError("empty input: no puzzle found"))
    if second is None:
        entry = first.payload.entry() if isinstance(first, Task) else first
        if not entry.ok:
            return fail(entry.error)
    return PuzzleTasks([first] + ([second] if second is not None else []), items)


def _good(job: str, limit: int | None):
    def ok(rec: dict) -> bool:
        status = rec.get("status")
        if job == "solve":
            return status in ("solved", "unique")
        if job == "check":
            return status == "unique"
        return bool(rec.get("complete") or rec.get("approximate")
                    or (limit is not None and (rec.get("count") or 0) >= limit))
    return ok


def run_batch_jobs(args: argparse.Namespace, job: str, settings) -> int:
    """Run ``job`` on every puzzle read, through the runner; returns the exit code.

    Parameters
    ----------
    args : argparse.Namespace
        The command line (input, solver and runner options).
    job : str
        ``solve``, ``check`` or ``count``.
    settings : gridsat.cli.batch.Settings
        The checked settings of the run.
    """
    from .jobs import run_tasks

    if settings.out:
        return fail(ParseError("--output-format does not combine with the batch runner's options; "
                               "use --json (or --out FILE) for its records"))
    method = getattr(args, "count_method", None)
    opts = {}
    if method is not None and getattr(method, "name", "enum") == "approx":
        opts = {"epsilon": args.epsilon, "delta": args.delta}
    spec = PuzzleJob(job, limit=settings.limit, backend=args.backend, encoding=args.encoding, time_limit=args.time_limit,
                method=getattr(method, "name", "enum"), method_options=opts,
                race=settings.race, listing=settings.listing, capped=settings.capped)
    fn = Reading(spec if args.json or args.out else WithText(spec, BatchText(job, settings.limit, settings.capped,
                                                                             settings.listing)))
    tasks = puzzle_tasks(args)
    if isinstance(tasks, int):
        return tasks
    good = _good(job, settings.limit)

    def ok(rec: dict) -> bool:
        tasks.seen(rec)
        return good(rec)
    return tasks.exit_code(run_tasks(args, tasks, fn, ok=ok, time_limit=args.time_limit))
