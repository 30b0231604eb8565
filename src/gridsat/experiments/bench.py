"""The bench under its former module name: its parts now live in :mod:`.config`,
:mod:`.instances`, :mod:`.timed_runs`, :mod:`.rows` and :mod:`.tables`.

Kept so that ``gridsat.experiments.bench.run_bench`` and the like still work.
"""

from __future__ import annotations

from .config import JOBS, Config, parse_config
from .instances import Instance, load_instances
from .rows import COLUMNS, read_rows, rows_to_csv, rows_to_jsonl
from .timed_runs import iter_bench, run_bench, solved
from .tables import summarize, summary

__all__ = ["Config", "Instance", "COLUMNS", "JOBS", "parse_config", "load_instances", "iter_bench",
           "run_bench", "rows_to_csv", "rows_to_jsonl", "read_rows", "summary", "summarize",
           "solved"]
