"""The batch runner's options on every batch command, and how its records are printed.

``--jobs N --out FILE --resume --shard i/N --executor local|dask --scheduler ADDRESS``:
when any is given, a command sends its tasks through :func:`gridsat.jobs.run` and prints
each task's answer as it finishes (in the command's text format, or a JSON line with the
task's ``id`` under ``--json``); with ``--out FILE`` the JSON lines go to FILE instead and
standard output stays quiet. A progress bar with rate and time left goes to standard error
when it is a terminal. Ctrl-C or SIGTERM stops the run (exit 130 or 143); what is in FILE
then resumes with ``--resume``.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import GridsatError
from .argtypes import nonnegative_int, worker_count
from .outputs import fail
from .exitcodes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any, Callable, Iterable

__all__ = ["add_runner_args", "wants_runner", "run_tasks", "read_failed"]


def add_runner_args(p: argparse.ArgumentParser, *, jobs: bool = True, progress: bool = True) -> None:
    """Add the runner's options (``jobs``/``progress`` false: the command has its own
    ``--jobs``/``--no-progress``)."""
    g = p.add_argument_group("batch runner")
    if jobs:
        g.add_argument("-j", "--jobs", type=worker_count, metavar="N",
                       help="run the tasks in N worker processes (0: one per core)")
    g.add_argument("--out", metavar="FILE", help="write one JSON line per task (with its id) to FILE as it finishes")
    g.add_argument("--resume", action="store_true", help="with --out: skip the task ids FILE already holds")
    g.add_argument("--shard", metavar="i/N", help="run only the i-th of N deterministic shards of the tasks")
    g.add_argument("--executor", choices=("local", "dask"), default=None,
                   help="local worker processes (default) or a Dask cluster (pip install 'gridsat[dask]')")
    g.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --executor dask: the scheduler, e.g. tcp://HOST:8786 (default: a local cluster)")
    if progress:
        g.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")


def wants_runner(args: argparse.Namespace, jobs_default: int | None = None) -> bool:
    """Whether the command line asks for the runner (any of its options is given)."""
    jobs = getattr(args, "jobs", None)
    return (jobs is not None and jobs != jobs_default) or any(
        getattr(args, k, None) for k in ("out", "resume", "shard", "executor", "scheduler"))


def _bar(args: argparse.Namespace, total: int | None):
    """A tqdm bar on standard error (a terminal only), and the callback that moves it."""
    if getattr(args, "no_progress", False) or getattr(args, "quiet", False) or not sys.stderr.isatty():
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None, None
    bar = tqdm(total=total, file=sys.stderr, unit="task", leave=False, dynamic_ncols=True)

    def show(info) -> None:
        bar.total = None if info.total is None else info.total
        bar.n = info.done
        bar.set_postfix_str(f"errors {info.errors}" + (f", skipped {info.skipped}" if info.skipped else ""),
                            refresh=False)
        bar.refresh()
    return bar, show


class _Terminated(BaseException):
    """SIGTERM arrived."""


def _on_sigterm(signum, frame) -> None:
    raise _Terminated()


def read_failed(rec: dict) -> bool:
    """Whether a record answers a puzzle that could not be read (its error is the located
    error line ``file:line:col: error: ...`` of its id)."""
    return rec.get("status") == "error" and str(rec.get("error", "")).startswith(f"{rec['id']}:")


def print_record(rec: dict, as_json: bool, flush: bool = True) -> None:
    """Print a record: its JSON line (without ``text``/``note``), or its text (errors as one
    line); ``flush=False`` leaves standard output to be flushed later."""
    out = sys.stdout
    if as_json:
        import json  # (loaded by the first JSON record: not at every command's start)

        out.write(json.dumps({k: v for k, v in rec.items() if k not in ("text", "note")}) + "\n")
    elif "error" in rec and rec.get("status") == "error":
        err = str(rec["error"])
        out.write((err if read_failed(rec) else f"{rec['id']}: error: {err}") + "\n")
    else:
        if rec.get("note"):
            out.flush()
            print(rec["note"].rstrip("\n"), file=sys.stderr, flush=True)
        if rec.get("text"):
            text = rec["text"]
            out.write(text if text.endswith("\n") else text + "\n")
    if flush:
        out.flush()


def run_tasks(args: argparse.Namespace, tasks: Iterable, fn: Callable, *, ok: Callable[[dict], bool] | None = None,
              total: int | None = None, ordered: bool = False, time_limit: float | None = None,
              keep: list | None = None, show: bool = True) -> int:
    """Run ``tasks`` through the runner with the command line's options; print each record.

    Parameters
    ----------
    args : argparse.Namespace
        Holds ``jobs``, ``out``, ``resume``, ``shard``, ``executor``, ``scheduler`` and ``json``.
    tasks : iterable of Task
    fn : callable
        The task function (its records carry ``text`` for the text output).
    ok : callable, optional
        Whether a record is an answer as asked (else the exit code is 1); called on every record.
    total : int, optional
        The number of tasks, for the progress bar.
    ordered : bool
        Print in the order of the tasks.
    time_limit : float, optional
        Seconds per task (a task past twice this is killed).
    keep : list, optional
        Every record is appended to it too (for a summary at the end).
    show : bool
        Print the records (``False``: only ``keep`` them).

    Returns
    -------
    int
        0, 1 (some task failed or was not answered as asked), 2 (usage error), 130 or 143.
    """
    from ..jobs import run
    from ..jobs.store import is_error

    jobs = getattr(args, "jobs", None)
    executor = getattr(args, "executor", None) or "local"
    out = getattr(args, "out", None)
    as_json = bool(getattr(args, "json", False))
    bar, show_bar = _bar(args, total)
    # the JSON lines are written by the runner, a chunk at a time, as the workers made them
    # (with no bar on the terminal to keep clear of them); other output is flushed a few
    # times a second and at the end, not after every record
    echo = sys.stdout if as_json and out is None and show and bar is None and not ordered else None

    def callback(info) -> None:
        if show and out is None:
            sys.stdout.flush()
        if show_bar is not None:
            show_bar(info)
    import signal

    code = EXIT_OK
    old = signal.getsignal(signal.SIGTERM)
    try:
        signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread
        old = None
    try:
        records = run(tasks, fn, executor=executor, jobs=jobs, scheduler=getattr(args, "scheduler", None),
                      out=out, resume=bool(getattr(args, "resume", False)), shard=getattr(args, "shard", None),
                      time_limit=time_limit, ordered=ordered, total=total, progress=callback, echo=echo)
        for rec in records:
            if keep is not None:
                keep.append(rec)
            answered = ok is None or ok(rec)  # (called on every record, errors included)
            if not answered or is_error(rec):
                code = EXIT_FAILED
            if out is None and show and echo is None:
                if bar is not None:
                    bar.clear()
                print_record(rec, as_json, flush=bar is not None)
        if show and out is None:
            sys.stdout.flush()
    except GridsatError as e:
        return fail(e)
    except KeyboardInterrupt:
        _stopped(out, "interrupted")
        return EXIT_INTERRUPTED
    except _Terminated:
        _stopped(out, "terminated")
        return EXIT_TERMINATED
    finally:
        if bar is not None:
            bar.close()
        if old is not None:
            signal.signal(signal.SIGTERM, old)
    return code


def _stopped(out: Any, how: str) -> None:
    hint = f"; run again with --out {out} --resume to finish" if out else ""
    print(f"gridsat: {how}{hint}", file=sys.stderr, flush=True)
