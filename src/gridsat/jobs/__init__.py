"""One batch runner for every batch command: crash-safe, resumable, shardable, local or on Dask.

>>> from gridsat.jobs import Task, run
>>> tasks = (Task(f"seed:{s}", s) for s in range(1, 4))
>>> recs = run(tasks, abs, jobs=1)  # doctest: +SKIP
>>> sorted(r["id"] for r in recs)  # doctest: +SKIP
['seed:1', 'seed:2', 'seed:3']

:func:`run` takes a stream of :class:`Task` (a stable id and a payload) and a task
function, and yields one record per task as it finishes; see :mod:`gridsat.jobs.runner`
for crashes, time limits, resume and shards, :mod:`gridsat.jobs.executors` for the local
pool and Dask, :mod:`gridsat.jobs.items` for the payloads, and :mod:`gridsat.jobs.tasks`
for the task functions of the commands.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .progress import ProgressInfo
    from .runner import RunError, run
    from .shards import parse_shard, shard_of
    from .store import Store, read_records
    from .items import Task

#: where each public name lives: loaded on first use, so that a command reading one task
#: class does not pay for the pools (the runner and its executors) at start-up
_WHERE = {"ProgressInfo": "progress", "RunError": "runner", "run": "runner", "parse_shard": "shards",
          "shard_of": "shards", "Store": "store", "read_records": "store", "Task": "items"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_WHERE))

__all__ = ["run", "Task", "RunError", "ProgressInfo", "parse_shard", "shard_of", "Store", "read_records"]
