"""Experiments: run puzzles across encodings x backends, summarise, and plot.

>>> from gridsat.experiments import run_bench, summary
>>> from gridsat import Sudoku
>>> rows = run_bench([Sudoku.classic([1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1])],
...                  ["minisat22:cnf-extended", "cpsat:cpsat-int"], time_limit=5)
>>> [(r["config"], r["status"], r["verified"]) for r in rows]
[('minisat22:cnf-extended', 'ambiguous', True), ('cpsat:cpsat-int', 'ambiguous', True)]

Plots (:func:`cactus_plot`, :func:`scatter_plot`) need the ``plot`` extra (matplotlib),
imported only when a plot is drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .bench import (COLUMNS, JOBS, Config, Instance, iter_bench, load_instances, parse_config, read_rows,
                    rows_to_csv, rows_to_jsonl, run_bench, summarize, summary)

__all__ = ["run_bench", "iter_bench", "rows_to_csv", "rows_to_jsonl", "read_rows", "summary", "summarize",
           "cactus_plot", "scatter_plot", "parse_config", "load_instances", "Config", "Instance",
           "COLUMNS", "JOBS"]


def cactus_plot(rows: Sequence[dict], path: "str | Path | None" = None, ax: Any = None, **kw: Any) -> Any:
    """Instances solved against time per configuration; see :func:`gridsat.experiments.plots.cactus_plot`."""
    from .plots import cactus_plot as _cactus

    return _cactus(rows, path, ax, **kw)


def scatter_plot(rows: Sequence[dict], x: str, y: str, path: "str | Path | None" = None, ax: Any = None,
                 **kw: Any) -> Any:
    """Configuration ``x`` against ``y`` per instance; see :func:`gridsat.experiments.plots.scatter_plot`."""
    from .plots import scatter_plot as _scatter

    return _scatter(rows, x, y, path, ax, **kw)
