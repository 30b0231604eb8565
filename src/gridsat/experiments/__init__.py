"""Experiments: run puzzles across encodings x backends, summarise, and plot.

>>> from gridsat.experiments import run_bench, summary
>>> from gridsat import Sudoku
>>> rows = run_bench([Sudoku.classic([1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1])],
...                  ["minisat22:cnf-extended", "cpsat:cpsat-int"], time_limit=5)
>>> [(r["config"], r["status"], r["verified"]) for r in rows]
[('minisat22:cnf-extended', 'ambiguous', True), ('cpsat:cpsat-int', 'ambiguous', True)]

Modules: :mod:`.config` (jobs and configurations), :mod:`.instances` (the puzzles),
:mod:`.timed_runs` (timed runs), :mod:`.rows` (row columns, CSV and JSON Lines files),
:mod:`.tables` (per-configuration aggregates) and :mod:`.plots`. Plots
(:func:`cactus_plot`, :func:`scatter_plot`) need the ``plot`` extra (matplotlib),
imported only when a plot is drawn.
"""

from __future__ import annotations

from . import bench  # noqa: F401  (the former module name, so gridsat.experiments.bench.* still works)
from .config import JOBS, Config, parse_config
from .instances import Instance, load_instances
from .plots import cactus_plot, scatter_plot
from .rows import COLUMNS, read_rows, rows_to_csv, rows_to_jsonl
from .timed_runs import iter_bench, run_bench
from .tables import summarize, summary

__all__ = ["run_bench", "iter_bench", "rows_to_csv", "rows_to_jsonl", "read_rows", "summary", "summarize",
           "cactus_plot", "scatter_plot", "parse_config", "load_instances", "Config", "Instance",
           "COLUMNS", "JOBS"]
