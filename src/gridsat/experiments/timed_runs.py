"""Run puzzles across a matrix of configurations (backend x encoding, or counting method), timed.

One row per (instance, configuration); see :mod:`gridsat.experiments.rows` for its columns.

Fairness: by default every run starts cold. Before each run the backend's formula/model
cache is closed (so ``build_time`` is the real cost of building and loading the encoding)
and the puzzle is a fresh copy without its cached properties (units, Hidato distance
tables). Module-level state such as imported libraries stays warm; one untimed warm-up
run per configuration pays for first-call costs. A garbage collection runs (untimed)
before every run, so that the collector's pauses do not land inside some runs and not others
(objects alive when the bench starts are frozen out of it with :func:`gc.freeze`). ``cold=False`` keeps caches between
runs, which is what a real batch sees (build time is then paid once per shape).
"""

from __future__ import annotations

import copy
import functools
import gc
import sys
import time
from typing import Any, Iterator, Sequence

from tqdm import tqdm

from .. import api
from ..backends import close_all
from ..errors import UnsupportedError
from .config import JOBS, Config, parse_configs
from .instances import Instance, load_instances
from .rows import new_row

__all__ = ["iter_bench", "run_bench", "solved"]


def solved(job: str, status: str, count: int | None, complete: bool | None, limit: int | None) -> bool:
    """Whether a run answered its job: a definite status, or a count that is exact or reached ``limit``.

    Parameters
    ----------
    job : {"solve", "check", "count"}
    status : str
        The result's status (``solved``, ``unique``, ``ambiguous``, ``impossible``, ...).
    count : int or None
        Solutions found (``job="count"``).
    complete : bool or None
        Whether ``count`` is exact.
    limit : int or None
        The count limit of the run.

    Returns
    -------
    bool
    """
    if job == "count":
        return bool(complete) or (limit is not None and count is not None and count >= limit)
    if job == "check":
        return status in ("unique", "ambiguous", "impossible")
    return status in ("solved", "unique", "impossible")


def _fresh(puzzle: Any) -> Any:
    """A copy of ``puzzle`` without the values its ``cached_property`` attributes computed."""
    p = copy.copy(puzzle)
    d = getattr(p, "__dict__", None)
    if d is not None:
        for klass in type(p).__mro__:
            for name, attr in vars(klass).items():
                if isinstance(attr, functools.cached_property):
                    d.pop(name, None)
    return p


def _stat(stats: dict, *keys: str) -> int | float | None:
    """The first of ``keys`` in ``stats`` with a number (backends name their statistics differently)."""
    for k in keys:
        v = stats.get(k)
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):
            return v
    return None


def _run_one(i: int, inst: Instance, cfg: Config, *, job: str, time_limit: float | None,
             limit: int | None, cold: bool) -> dict[str, Any]:
    """One timed run as a row; a configuration that does not apply gives a ``skipped`` row."""
    row = new_row(i, inst, cfg, job, time_limit)
    puzzle = _fresh(inst.puzzle) if cold else inst.puzzle
    gc.collect()  # else a full collection lands inside some runs (~0.1 s spikes on 9x9 builds)
    try:
        if cfg.method is not None:
            if cold:  # (parse_configs has made sure that job is "count")
                close_all()
            t0 = time.perf_counter()
            res = api.count(puzzle, limit, method=cfg.method, time_limit=time_limit, keep=2)  # time the count, not keeping
            total = time.perf_counter() - t0
        else:
            b, enc = api.resolve(puzzle, cfg.backend, cfg.encoding)
            row["backend"], row["encoding"] = b.name, enc.name
            if not enc.applies(puzzle):
                raise UnsupportedError(f"encoding {enc.name} does not apply to {puzzle!r}")
            why = b.unavailable()
            if why:
                raise UnsupportedError(f"backend {b.name} is unavailable: {why}")
            if time_limit is not None and "time_limit" not in b.supports:
                raise UnsupportedError(f"backend {b.name} cannot honour a time limit")
            if cold:
                b.close()
            lim = limit if job == "count" else 1 if job == "solve" else 2
            t0 = time.perf_counter()
            res = api.run(puzzle, job, limit=lim, backend=b, encoding=enc, time_limit=time_limit)
            total = time.perf_counter() - t0
    except UnsupportedError as e:
        row["status"], row["error"] = "skipped", str(e)
        return row
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as e:  # one failing run must not end the whole bench
        if "keyboard interrupt" in str(e).lower():  # python-sat's form of Ctrl-C
            raise KeyboardInterrupt from e
        row["status"], row["error"] = "error", f"{type(e).__name__}: {e}"
        return row
    stats = res.stats or {}
    status = res.status
    if status == "unknown" and res.reason and "time limit" in res.reason:
        status = "timeout"
    row.update(
        backend=res.backend or row["backend"], encoding=res.encoding or row["encoding"],
        status=status, count=res.count, complete=bool(res.complete),
        approximate=bool(res.approximate), verified=bool(res.verified),
        build_time=float(res.build_time), solve_time=float(res.solve_time), total_time=total,
        variables=_stat(stats, "vars", "variables"), clauses=_stat(stats, "clauses"),
        constraints=_stat(stats, "constraints", "flatIntConstraints"),
        conflicts=_stat(stats, "conflicts", "failures"),
        decisions=_stat(stats, "decisions", "branches", "nodes"),
        propagations=_stat(stats, "propagations"), restarts=_stat(stats, "restarts"),
    )
    row["solved"] = (solved(job, status, res.count, res.complete, limit)
                     or (row["approximate"] and res.count is not None))  # an estimate is an answer
    if job == "count" and not row["solved"] and time_limit is not None:
        row["status"] = "timeout"  # stopped before the count was exact (it may say ambiguous)
    return row


def iter_bench(puzzles: Sequence[Any], configs: Sequence[str | Config], *, job: str = "check",
               time_limit: float | None = 10.0, limit: int | None = None, progress: bool = False,
               cold: bool = True, warmup: bool = True, format: str | None = None,
               kind: str | None = None) -> Iterator[dict[str, Any]]:
    """:func:`run_bench` one row at a time (instance-major: every configuration on puzzle 1, then 2, ...).

    Takes the parameters of :func:`run_bench`. Bad arguments raise at the first ``next()``,
    before any run: :class:`~gridsat.errors.UnsupportedError` for the job, limits and
    configurations, :class:`~gridsat.errors.ParseError` for an unreadable puzzle file.

    Yields
    ------
    dict
        One row per run, with the keys :data:`~gridsat.experiments.rows.COLUMNS`.
    """
    if job not in JOBS:
        raise UnsupportedError(f"job must be one of {', '.join(JOBS)}, not {job!r}")
    if time_limit is not None and time_limit <= 0:
        raise UnsupportedError("time_limit must be positive")
    if limit is not None and limit < 1:
        raise UnsupportedError("limit must be at least 1")
    cfgs = parse_configs(configs, job)
    instances = load_instances(puzzles, format=format, kind=kind)
    run = functools.partial(_run_one, job=job, time_limit=time_limit, limit=limit, cold=cold)
    if warmup:
        for cfg in cfgs:
            for i, inst in enumerate(instances[:5]):
                if run(i, inst, cfg)["status"] != "skipped":
                    break
    # Objects alive now (modules, the puzzles) are moved out of the collector's view, so the
    # full collection before every run costs microseconds instead of ~60 ms.
    gc.collect()
    frozen = gc.get_freeze_count() == 0  # leave a caller's freeze alone
    if frozen:
        gc.freeze()
    bar = tqdm(total=len(instances) * len(cfgs), file=sys.stderr, unit="run", leave=False) if progress else None
    try:
        for i, inst in enumerate(instances):
            for cfg in cfgs:
                if bar is not None:
                    bar.set_postfix_str(cfg.label, refresh=False)
                row = run(i, inst, cfg)
                if bar is not None:
                    bar.update(1)
                yield row
    finally:
        if bar is not None:
            bar.close()
        if frozen:
            gc.unfreeze()


def run_bench(puzzles: Sequence[Any], configs: Sequence[str | Config], *, job: str = "check",
              time_limit: float | None = 10.0, limit: int | None = None, progress: bool = False,
              cold: bool = True, warmup: bool = True, format: str | None = None,
              kind: str | None = None) -> list[dict[str, Any]]:
    """Run every puzzle under every configuration; one flat row per run.

    Parameters
    ----------
    puzzles : sequence
        Puzzles, :class:`Instance` objects, or file paths (every puzzle in the file; read
        with ``format`` / ``kind`` if given).
    configs : sequence of str or Config
        ``"backend:encoding"``, ``"backend"`` (its default encoding for the kind),
        ``"encoding"``, ``"default"``, or for ``job="count"`` ``"method:NAME"``.
    job : {"check", "solve", "count"}
    time_limit : float, optional
        Seconds per run (solver time; building is not limited). ``None``: no limit.
    limit : int, optional
        ``job="count"``: stop at this many solutions.
    progress : bool
        Show a tqdm bar on standard error.
    cold : bool
        Clear the backend cache and the puzzle's cached properties before every run.
    warmup : bool
        One untimed run per configuration first (imports, first-call costs).
    format, kind : str, optional
        How to read puzzle files (see :func:`gridsat.formats.read_file`).

    Returns
    -------
    list of dict
        Rows with the keys :data:`~gridsat.experiments.rows.COLUMNS`; ``status`` is a job
        status (``unique``, ...), ``timeout``, ``skipped`` (configuration does not apply;
        ``error`` says why) or ``error``.
    """
    return list(iter_bench(puzzles, configs, job=job, time_limit=time_limit, limit=limit, progress=progress,
                           cold=cold, warmup=warmup, format=format, kind=kind))
