"""One batch runner for every batch command: crash-safe, resumable, shardable, local or on Dask.

>>> from gridsat.jobs import Task, run
>>> tasks = (Task(f"seed:{s}", s) for s in range(1, 4))
>>> recs = run(tasks, abs, jobs=1)  # doctest: +SKIP
>>> sorted(r["id"] for r in recs)  # doctest: +SKIP
['seed:1', 'seed:2', 'seed:3']

:func:`run` takes a stream of :class:`Task` (a stable id and a payload) and a task
function, and yields one record per task as it finishes; see :mod:`gridsat.jobs.runner`
for crashes, time limits, resume and shards, :mod:`gridsat.jobs.executors` for the local
pool and Dask, and :mod:`gridsat.jobs.tasks` for the task functions of the commands.
"""

from __future__ import annotations

from .progress import ProgressInfo
from .runner import RunError, run
from .shards import parse_shard, shard_of
from .store import Store, read_records
from .tasks import Task

__all__ = ["run", "Task", "RunError", "ProgressInfo", "parse_shard", "shard_of", "Store", "read_records"]
