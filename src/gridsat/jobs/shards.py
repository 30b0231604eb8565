"""Deterministic shards of a task stream: ``--shard i/N`` keeps the tasks whose id hashes to ``i``.

A task's shard depends on its id alone (a CRC-32 of the id's UTF-8 bytes), so the N shards
of a run are disjoint, their union is the whole run, and a shard holds the same tasks
whatever order they come in or which machine reads them.
"""

from __future__ import annotations

import re
import zlib
from typing import Iterable, Iterator

from ..errors import ParseError
from .items import Task

__all__ = ["parse_shard", "shard_of", "select"]

_SHARD = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


def parse_shard(text: "str | tuple[int, int] | None") -> tuple[int, int] | None:
    """``"i/N"`` (1-based) as ``(i, N)``; ``None`` stays ``None``.

    Parameters
    ----------
    text : str or tuple or None
        ``"2/3"`` for the second of three shards, or a ``(2, 3)`` pair.

    Returns
    -------
    tuple of int or None

    Raises
    ------
    ParseError
        Not of the form ``i/N`` with ``1 <= i <= N``.
    """
    if text is None:
        return None
    if isinstance(text, tuple):
        i, n = text
    else:
        m = _SHARD.fullmatch(str(text))
        if not m:
            raise ParseError(f"--shard: expected i/N such as 1/3, got {text!r}")
        i, n = int(m.group(1)), int(m.group(2))
    if n < 1 or not 1 <= i <= n:
        raise ParseError(f"--shard: i/N needs 1 <= i <= N, got {i}/{n}")
    return i, n


def shard_of(task_id: str, n: int) -> int:
    """The shard (1 to ``n``) of the task with id ``task_id``.

    Parameters
    ----------
    task_id : str
        The task's stable id.
    n : int
        The number of shards.

    Returns
    -------
    int
    """
    return zlib.crc32(task_id.encode("utf-8", "surrogateescape")) % n + 1


def select(tasks: Iterable[Task], shard: "str | tuple[int, int] | None") -> Iterator[Task]:
    """The tasks of shard ``shard`` (all of them when ``shard`` is ``None``), lazily.

    Parameters
    ----------
    tasks : iterable of Task
    shard : str or tuple or None
        ``"i/N"`` or ``(i, N)``.

    Yields
    ------
    Task
    """
    got = parse_shard(shard)
    if got is None or got[1] == 1:
        yield from tasks
        return
    i, n = got
    for t in tasks:
        if shard_of(t.id, n) == i:
            yield t
