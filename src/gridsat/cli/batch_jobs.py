"""``solve``, ``count`` and ``check`` through the batch runner (``--jobs``, ``--out``, ``--resume``,
``--shard``, ``--executor``): each puzzle read is a task whose id is ``file:line``.

The answers are the batch lines of :mod:`gridsat.cli.batch` (or the ``--json`` records
with an ``id``), printed as they finish. A puzzle that cannot be read is a task too: its
error line (``file:line:col: error: ...``) is its answer and the others go on.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..errors import GridsatError, ParseError
from ..jobs.tasks import PuzzleItem, PuzzleJob, Task, WithText
from .common import EXIT_FAILED, EXIT_USAGE, fail, iter_entries

__all__ = ["run_batch_jobs", "entry_tasks", "puzzle_tasks", "PuzzleTasks", "BatchText", "BadEntry"]


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


@dataclass
class BadEntry:
    """The payload of a puzzle that could not be read: its error line is its answer."""

    error: str


@dataclass
class _Job(PuzzleJob):
    """:class:`PuzzleJob` that answers a :class:`BadEntry` by its error."""

    def result(self, item):
        """The result, or the read error raised."""
        if isinstance(item, BadEntry):
            raise GridsatError(item.error)
        return super().result(item)


def entry_tasks(entries: Iterable) -> Iterator[Task]:
    """One task per entry read (id ``file:line``): a :class:`PuzzleItem`, or a :class:`BadEntry`
    holding the entry's error line ``file:line:col: error: message``."""
    from .batch import _error_line

    for entry in entries:
        where = f"{entry.file or '<input>'}:{entry.line}"
        if not entry.ok:
            err = entry.error
            if not isinstance(err, ParseError):
                err = ParseError(str(err), entry.file, entry.line)
            yield Task(where, BadEntry(_error_line(err)))
            continue
        yield Task(where, PuzzleItem(entry.file, entry.line, entry.name, entry.format, entry.puzzle))


class PuzzleTasks:
    """The tasks of the puzzles ``args`` names, as the one-process batch reads them: iterate it
    for the tasks; :attr:`read` counts the entries that held a puzzle (none: exit 2)."""

    def __init__(self, first: list, rest: Iterator) -> None:
        self._entries = itertools.chain(first, rest)
        self.read = 0

    def __iter__(self) -> Iterator[Task]:
        for task in entry_tasks(self._entries):
            self.read += not isinstance(task.payload, BadEntry)
            yield task

    def exit_code(self, code: int) -> int:
        """``code``, or 2 (nothing could be read) when no entry held a puzzle and the run ended."""
        return EXIT_USAGE if code == EXIT_FAILED and not self.read else code


def puzzle_tasks(args: argparse.Namespace) -> "PuzzleTasks | int":
    """:class:`PuzzleTasks` with the first two entries read before anything starts, or the exit
    code of :func:`~gridsat.cli.common.fail` (2) when nothing can be read: no input, an unknown
    format, or a single entry that does not read (the message the one-process batch prints)."""
    try:
        entries = iter_entries(args)
        first = next(entries, None)
        second = next(entries, None) if first is not None else None
    except GridsatError as e:
        return fail(e)
    if first is None:
        return fail(ParseError("empty input: no puzzle found"))
    if second is None and not first.ok:
        return fail(first.error)
    return PuzzleTasks([first] + ([second] if second is not None else []), entries)


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
    settings : gridsat.cli.batch._Job
        The checked settings of the run.
    """
    from .runner import run_tasks

    if settings.out:
        return fail(ParseError("--output-format does not combine with the batch runner's options; "
                               "use --json (or --out FILE) for its records"))
    method = getattr(args, "count_method", None)
    opts = {}
    if method is not None and getattr(method, "name", "enum") == "approx":
        opts = {"epsilon": args.epsilon, "delta": args.delta}
    spec = _Job(job, limit=settings.limit, backend=args.backend, encoding=args.encoding, time_limit=args.time_limit,
                method=getattr(method, "name", "enum"), method_options=opts,
                race=settings.race, listing=settings.listing, capped=settings.capped)
    fn = spec if args.json or args.out else WithText(spec, BatchText(job, settings.limit, settings.capped,
                                                                     settings.listing))
    tasks = puzzle_tasks(args)
    if isinstance(tasks, int):
        return tasks
    return tasks.exit_code(run_tasks(args, tasks, fn, ok=_good(job, settings.limit), time_limit=args.time_limit))
