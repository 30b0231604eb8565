"""The output file of a batch: one JSON line per finished task, written as it finishes.

The records of a chunk are written with one ``write`` and flushed, so a run killed at any
moment leaves whole lines and at most one cut last line. :class:`Store` opened with
``resume=True`` cuts that line off, reads the ids already answered and appends after them;
without ``resume`` it starts the file afresh.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Iterator

__all__ = ["Store", "answered", "read_records", "error_record", "is_error", "json_lines"]

#: seconds between two ``fsync`` calls of an open store (a flush follows every record)
SYNC_EVERY = 2.0


def error_record(tid: str, text: str) -> dict:
    """The record of a task that failed: ``{"id", "status": "error", "error": text}``."""
    return {"id": tid, "status": "error", "error": text}


def is_error(rec: dict) -> bool:
    """Whether a record answers its task with an error (``"status": "error"`` and its ``error`` text)."""
    return rec.get("status") == "error" and "error" in rec


def json_lines(records) -> str:
    """The JSON lines of ``records``, each ``"\n"`` ended, as one string (``TypeError`` or
    ``ValueError`` for a record that is not JSON-ready)."""
    dumps = json.dumps
    return "".join([dumps(r) + "\n" for r in records])


def read_records(path: "str | os.PathLike") -> Iterator[dict[str, Any]]:
    """The whole JSON records of a store file with an ``id`` (a cut last line is left out).

    Parameters
    ----------
    path : str or path-like

    Yields
    ------
    dict
    """
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return
    with fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                return  # a line cut by a crash: not a record
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if isinstance(rec, dict) and "id" in rec:
                yield rec


def answered(rec: dict) -> bool:
    """Whether a stored record answers its task, so ``resume`` does not run it again: not one
    of a job stopped part way (``interrupted``, or ``unknown`` for a "time limit of None s",
    which earlier versions wrote for a solve that a signal stopped)."""
    return not rec.get("interrupted") and "time limit of None s" not in str(rec.get("reason", ""))


class Store:
    """Append-only JSON-lines output of a batch, with the ids it already holds.

    Parameters
    ----------
    path : str or path-like
        The output file.
    resume : bool
        Keep the records already in the file (the ids of those that answer their task are
        :attr:`done`, see :func:`answered`; read once: the
        ids written later are not added, so memory stays bounded) and append; otherwise the
        file is started afresh.
    """

    def __init__(self, path: "str | os.PathLike", resume: bool = False) -> None:
        self.path = Path(path)
        self.done: set[str] = set()
        if resume and self.path.exists():
            self._cut_partial_line()
            self.done = {str(r["id"]) for r in read_records(self.path) if answered(r)}
        self._fh = open(self.path, "a" if resume else "w", encoding="utf-8")
        self._synced = time.monotonic()

    def _cut_partial_line(self) -> None:
        """Drop a last line that has no newline (a write cut short by a crash)."""
        with open(self.path, "rb+") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            if size == 0:
                return
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                return
            pos = size
            while pos > 0:
                step = min(65536, pos)
                fh.seek(pos - step)
                block = fh.read(step)
                nl = block.rfind(b"\n")
                if nl >= 0:
                    fh.truncate(pos - step + nl + 1)
                    return
                pos -= step
            fh.truncate(0)

    def write(self, *records: dict[str, Any], lines: str | None = None) -> None:
        """Append records as JSON lines, in one write, and flush them.

        Parameters
        ----------
        *records : dict
            JSON-ready records, each with an ``id``.
        lines : str, optional
            Their JSON lines, made already (by the worker that ran them).
        """
        self._fh.write(json_lines(records) if lines is None else lines)
        self._fh.flush()
        now = time.monotonic()
        if now - self._synced > SYNC_EVERY:
            os.fsync(self._fh.fileno())
            self._synced = now

    def close(self) -> None:
        """Flush, sync and close the file."""
        if self._fh.closed:
            return
        self._fh.flush()
        try:
            os.fsync(self._fh.fileno())
        except OSError:  # pragma: no cover - e.g. a pipe
            pass
        self._fh.close()
