"""Run puzzles across a matrix of configurations (backend x encoding, or counting method).

One row per (instance, configuration), a flat dict of plain scalars, so
``pandas.DataFrame(rows)`` works as is (pandas is not needed here).

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
import csv
import functools
import gc
import inspect
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..errors import GridsatError, ParseError, UnsupportedError

__all__ = ["Config", "Instance", "COLUMNS", "JOBS", "parse_config", "load_instances", "iter_bench",
           "run_bench", "rows_to_csv", "rows_to_jsonl", "read_rows", "summary", "summarize",
           "solved"]

#: the jobs a bench runs (as :func:`gridsat.api.run`)
JOBS = ("solve", "check", "count")

#: every row has exactly these keys, in this order (``None`` where a value is unknown)
COLUMNS = (
    "instance", "name", "file", "line", "kind", "variant", "size", "givens",
    "config", "backend", "encoding", "method", "job", "time_limit",
    "status", "solved", "count", "complete", "approximate", "verified",
    "build_time", "solve_time", "total_time",
    "variables", "clauses", "constraints", "conflicts", "decisions", "propagations", "restarts",
    "error",
)

_NUMBERS = {"instance", "line", "givens", "time_limit", "count", "build_time", "solve_time", "total_time",
            "variables", "clauses", "constraints", "conflicts", "decisions", "propagations", "restarts"}
_BOOLS = {"solved", "complete", "approximate", "verified"}


@dataclass(frozen=True)
class Config:
    """One column of the matrix: ``backend:encoding``, ``backend``, ``encoding``, ``default`` or ``method:NAME``."""

    label: str
    backend: str | None = None
    encoding: str | None = None
    method: str | None = None


@dataclass
class Instance:
    """A puzzle with where it came from (``file`` and 1-based ``line``, or ``None``)."""

    puzzle: Any
    file: str | None = None
    line: int | None = None

    @property
    def name(self) -> str | None:
        return getattr(self.puzzle, "name", None)


def parse_config(text: str) -> Config:
    """Read one configuration string; unknown backend or encoding names raise :class:`UnsupportedError`.

    ``minisat22:cnf-extended`` names both; ``cpsat`` a backend with its default encoding for
    the kind; ``cnf-minimal`` an encoding on a default backend of its target; ``default``
    the kind's default pair; ``method:NAME`` a counting method of :func:`gridsat.count`.
    """
    from ..backends import BACKENDS
    from ..encoders import list_encodings

    s = text.strip()
    if not s:
        raise UnsupportedError("empty configuration")
    head, sep, tail = s.partition(":")
    head, tail = head.strip(), tail.strip()
    encodings = {e.name for e in list_encodings()}
    if head == "method":
        if not tail:
            raise UnsupportedError(f"configuration {s!r}: give a method name, e.g. method:enum")
        return Config(s, method=tail)
    if s == "default":
        return Config(s)
    if not sep and head not in BACKENDS and head in encodings:
        return Config(s, encoding=head)
    if head not in BACKENDS:
        raise UnsupportedError(f"configuration {s!r}: no backend {head!r}; known: {', '.join(sorted(BACKENDS))}")
    if sep:
        if tail not in encodings:
            raise UnsupportedError(f"configuration {s!r}: no encoding {tail!r}; known: {', '.join(sorted(encodings))}")
        return Config(s, backend=head, encoding=tail)
    return Config(s, backend=head)


def _as_config(c: "str | Config") -> Config:
    return c if isinstance(c, Config) else parse_config(c)


def load_instances(sources: Iterable[Any], *, format: str | None = None, kind: str | None = None,
                   box: str | None = None) -> list[Instance]:
    """Puzzles, :class:`Instance` objects and files (paths) as a list of instances.

    Files are read with :func:`gridsat.formats.read_file`; the first unreadable puzzle
    raises its :class:`~gridsat.errors.ParseError` (``file:line:col: message``).
    """
    from ..formats import read_file

    out: list[Instance] = []
    for src in sources:
        if isinstance(src, Instance):
            out.append(src)
        elif isinstance(src, (str, Path)):
            for entry in read_file(src, format=format, kind=kind, box=box):
                if not entry.ok:
                    err = entry.error
                    raise ParseError(err.message, err.file or entry.file or str(src),
                                     err.line if err.line is not None else entry.line, err.col)
                out.append(Instance(entry.puzzle, entry.file, entry.line))
        elif hasattr(src, "puzzle") and hasattr(src, "error"):  # a formats.Entry
            if src.error is not None:
                raise src.error
            out.append(Instance(src.puzzle, src.file, src.line))
        elif hasattr(src, "kind"):
            out.append(Instance(src))
        else:
            raise TypeError(f"not a puzzle or a file: {src!r}")
    return out


def _fresh(puzzle):
    """A copy of ``puzzle`` without the values its ``cached_property`` attributes computed."""
    p = copy.copy(puzzle)
    d = getattr(p, "__dict__", None)
    if d is not None:
        for klass in type(p).__mro__:
            for name, attr in vars(klass).items():
                if isinstance(attr, functools.cached_property):
                    d.pop(name, None)
    return p


def _size(puzzle) -> str | None:
    if getattr(puzzle, "kind", None) == "sudoku":
        return f"{puzzle.n}x{puzzle.n}"
    if hasattr(puzzle, "rows") and hasattr(puzzle, "cols"):
        return f"{puzzle.rows}x{puzzle.cols}"
    return None


def _variant(puzzle) -> str:
    if puzzle.kind == "sudoku":
        return "jigsaw" if puzzle.is_jigsaw else "classic"
    if puzzle.kind == "hidato":
        return "numbrix" if puzzle.is_numbrix else "hidato"
    return puzzle.kind


def solved(job: str, status: str, count: int | None, complete: bool | None, limit: int | None) -> bool:
    """Whether a run answered its job: a definite status, or a count that is exact or reached ``limit``."""
    if job == "count":
        return bool(complete) or (limit is not None and count is not None and count >= limit)
    if job == "check":
        return status in ("unique", "ambiguous", "impossible")
    return status in ("solved", "unique", "impossible")


def _count_method_fn() -> Callable[..., Any]:
    """:func:`gridsat.count` if it takes ``method=``; else a clear error."""
    from .. import api

    fn = api.count
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins
        params = {}
    if "method" not in params:
        raise UnsupportedError("this gridsat.count() takes no 'method' argument, so 'method:NAME' "
                               "configurations cannot run; use backend:encoding configurations")
    return fn


def _check_methods(names: list[str]) -> None:
    """Unknown counting method names raise :class:`UnsupportedError` (when gridsat.counting lists them)."""
    try:
        from ..counting import base as counting
    except ImportError:  # no registry to check against: gridsat.count reports unknown names
        return
    known = getattr(counting, "METHODS", None)
    if not known:
        return
    for name in names:
        if name not in known:
            raise UnsupportedError(f"no counting method {name!r}; known: {', '.join(sorted(known))}")


def _stat(stats: dict, *keys):
    for k in keys:
        v = stats.get(k)
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):
            return v
    return None


def _base_row(i: int, inst: Instance, cfg: Config, job: str, time_limit: float | None) -> dict[str, Any]:
    p = inst.puzzle
    row = dict.fromkeys(COLUMNS)
    row.update(instance=i, name=inst.name, file=inst.file, line=inst.line, kind=p.kind, variant=_variant(p),
               size=_size(p), givens=getattr(p, "num_givens", None), config=cfg.label, backend=cfg.backend,
               encoding=cfg.encoding, method=cfg.method, job=job, time_limit=time_limit,
               solved=False, complete=False, approximate=False, verified=False)
    return row


def _run_one(i: int, inst: Instance, cfg: Config, *, job: str, time_limit: float | None,
             limit: int | None, cold: bool, counter: Callable | None) -> dict[str, Any]:
    from .. import api
    from ..backends import close_all

    row = _base_row(i, inst, cfg, job, time_limit)
    puzzle = _fresh(inst.puzzle) if cold else inst.puzzle
    gc.collect()  # else a full collection lands inside some runs (~0.1 s spikes on 9x9 builds)
    try:
        if cfg.method is not None:
            if job != "count":
                raise UnsupportedError(f"{cfg.label} is a counting method: it runs only with job 'count'")
            if cold:
                close_all()
            t0 = time.perf_counter()
            res = counter(puzzle, limit, method=cfg.method, time_limit=time_limit)
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
        approximate=bool(getattr(res, "approximate", False)), verified=bool(res.verified),
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


def iter_bench(puzzles: Sequence[Any], configs: Sequence["str | Config"], *, job: str = "check",
               time_limit: float | None = 10.0, limit: int | None = None, progress: bool = False,
               cold: bool = True, warmup: bool = True, format: str | None = None,
               kind: str | None = None) -> Iterator[dict[str, Any]]:
    """:func:`run_bench` one row at a time (instance-major: every configuration on puzzle 1, then 2, ...)."""
    if job not in JOBS:
        raise UnsupportedError(f"job must be one of {', '.join(JOBS)}, not {job!r}")
    if time_limit is not None and time_limit <= 0:
        raise UnsupportedError("time_limit must be positive")
    if limit is not None and limit < 1:
        raise UnsupportedError("limit must be at least 1")
    cfgs = [_as_config(c) for c in configs]
    if not cfgs:
        raise UnsupportedError("no configurations given")
    if len({c.label for c in cfgs}) != len(cfgs):
        raise UnsupportedError("a configuration is given twice")
    counter = None
    if any(c.method is not None for c in cfgs):
        if job != "count":
            raise UnsupportedError("method:NAME configurations need job 'count'")
        counter = _count_method_fn()
        _check_methods([c.method for c in cfgs if c.method is not None])
    instances = load_instances(puzzles, format=format, kind=kind)
    run = functools.partial(_run_one, job=job, time_limit=time_limit, limit=limit, cold=cold, counter=counter)
    if warmup:
        for cfg in cfgs:
            for i, inst in enumerate(instances[:5]):
                if run(i, inst, cfg)["status"] != "skipped":
                    break
    # Objects alive now (modules, the puzzles) are moved out of the collector's view, so the
    # full collection before every run costs microseconds instead of ~60 ms.
    gc.collect()
    frozen = hasattr(gc, "freeze") and gc.get_freeze_count() == 0  # leave a caller's freeze alone
    if frozen:
        gc.freeze()
    bar = None
    if progress:
        try:
            from tqdm import tqdm

            bar = tqdm(total=len(instances) * len(cfgs), file=sys.stderr, unit="run", leave=False)
        except ImportError:  # pragma: no cover - tqdm is a dependency
            bar = None
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


def run_bench(puzzles: Sequence[Any], configs: Sequence["str | Config"], *, job: str = "check",
              time_limit: float | None = 10.0, limit: int | None = None, progress: bool = False,
              cold: bool = True, warmup: bool = True, format: str | None = None,
              kind: str | None = None) -> list[dict[str, Any]]:
    """Run every puzzle under every configuration; one flat row per run.

    Parameters
    ----------
    puzzles : sequence
        Puzzles, :class:`Instance` objects, or file paths (every puzzle in the file; read
        with ``format`` / ``kind`` if given).
    configs : sequence of str
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

    Returns
    -------
    list of dict
        Rows with the keys :data:`COLUMNS`; ``status`` is a job status (``unique``, ...),
        ``timeout``, ``skipped`` (configuration does not apply; ``error`` says why) or ``error``.
    """
    return list(iter_bench(puzzles, configs, job=job, time_limit=time_limit, limit=limit, progress=progress,
                           cold=cold, warmup=warmup, format=format, kind=kind))


# ---------------------------------------------------------------------- files
def _columns(rows: Sequence[dict]) -> list[str]:
    cols = [c for c in COLUMNS if any(c in r for r in rows)] if rows else list(COLUMNS)
    extra = sorted({k for r in rows for k in r} - set(cols))
    return cols + extra


def rows_to_csv(rows: Sequence[dict], path: "str | Path") -> Path:
    """Write rows as CSV with a header (empty cells for ``None``); returns the path."""
    path = Path(path)
    cols = _columns(rows)
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in cols})
    return path


def rows_to_jsonl(rows: Sequence[dict], path: "str | Path") -> Path:
    """Write rows as JSON Lines, one object per run; returns the path."""
    path = Path(path)
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, default=str) + "\n")
    return path


def _parse_cell(key: str, text: str):
    if text == "":
        return None
    if key in _BOOLS:
        return text == "True"
    if key in _NUMBERS:
        try:
            x = float(text)
        except ValueError:
            return text
        return int(x) if x.is_integer() and "." not in text and "e" not in text.lower() else x
    return text


def read_rows(path: "str | Path") -> list[dict[str, Any]]:
    """Rows back from a file written by :func:`rows_to_csv` or :func:`rows_to_jsonl` (by suffix)."""
    path = Path(path)
    if path.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        with path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    with path.open(newline="", encoding="utf-8") as fh:
        return [{k: _parse_cell(k, v) for k, v in r.items()} for r in csv.DictReader(fh)]


# ---------------------------------------------------------------------- summary
def _run_time(r: dict) -> float:
    t = r.get("total_time")
    return float(t) if t is not None else float("nan")


def summarize(rows: Sequence[dict]) -> list[dict[str, Any]]:
    """Per configuration (in first-seen order): counts, times and PAR-2 as dicts.

    ``runs`` excludes skipped rows; ``mean``/``median``/``total`` are over those runs
    (timeouts at their measured time); ``par2`` is the mean time where an unsolved run
    (timeout, error, unknown) counts twice the time limit (twice the slowest run if no limit).
    """
    order: list[str] = []
    groups: dict[str, list[dict]] = {}
    for r in rows:
        c = r.get("config")
        if c not in groups:
            order.append(c)
            groups[c] = []
        groups[c].append(r)
    out = []
    for c in order:
        rs = groups[c]
        ran = [r for r in rs if r.get("status") != "skipped"]
        times = [_run_time(r) for r in ran if r.get("total_time") is not None]
        limits = [r.get("time_limit") for r in ran if r.get("time_limit") not in (None, "")]
        cap = float(max(limits)) if limits else (max(times) if times else 0.0)
        par = [(_run_time(r) if r.get("solved") else 2 * cap) for r in ran]
        out.append({
            "config": c,
            "runs": len(ran),
            "solved": sum(1 for r in ran if r.get("solved")),
            "unique": sum(1 for r in ran if r.get("status") == "unique"),
            "timeouts": sum(1 for r in ran if r.get("status") == "timeout"),
            "errors": sum(1 for r in ran if r.get("status") == "error"),
            "skipped": len(rs) - len(ran),
            "verified": sum(1 for r in ran if r.get("verified")),
            "mean": statistics.fmean(times) if times else None,
            "median": statistics.median(times) if times else None,
            "total": math.fsum(times) if times else None,
            "par2": statistics.fmean(par) if par else None,
        })
    return out


def summary(rows: Sequence[dict]) -> str:
    """A Markdown table, one line per configuration: runs, solved, unique, timeouts, times, PAR-2.

    Times are seconds per run (build + solve + verify, as measured around the call).
    """
    head = ["config", "runs", "solved", "unique", "timeouts", "errors", "skipped",
            "mean s", "median s", "total s", "PAR-2 s"]
    right = [False] + [True] * (len(head) - 1)

    def sec(x):
        return "-" if x is None else f"{x:.4f}" if x < 10 else f"{x:.2f}"

    body = [[s["config"], str(s["runs"]), str(s["solved"]), str(s["unique"]), str(s["timeouts"]),
             str(s["errors"]), str(s["skipped"]), sec(s["mean"]), sec(s["median"]), sec(s["total"]),
             sec(s["par2"])] for s in summarize(rows)]
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(head)]

    def line(cells):
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if r else ("-" * (w + 2)) for w, r in zip(widths, right)) + "|"
    return "\n".join([line(head), rule] + [line(b) for b in body])
