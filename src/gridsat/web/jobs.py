"""The long-job pool: each job in a worker process of its own, watched by one supervisor thread.

A job (improve, generating many puzzles, a count with a high limit, and the logical jobs that
have no time limit of their own) is queued with a time limit; at most ``workers`` run at
once. The worker process leads its own process group, so cancelling a job, or its time limit
running out, kills the worker and anything it started (improve's own processes) at once. A
worker that dies without an answer (a crash, ``kill -9``) is reported as the job's error:
nothing waits on it forever.

States: ``queued``, ``running``, ``done``, ``error`` (the job raised, or its worker died),
``cancelled``, ``timeout`` (its answer then has status ``unknown``).
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
import traceback
import types
from collections import OrderedDict
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any

__all__ = ["Job", "JobPool", "JobFailed", "FINAL"]

#: states a job does not leave
FINAL = ("done", "error", "cancelled", "timeout")
#: seconds a worker gets past its time limit before it is killed (start-up, answer transfer)
GRACE = 2.0


class JobFailed(Exception):
    """A job's function refused its input (the message is meant for the user: a 400)."""


@dataclass
class Job:
    """One job: what it runs, its state, the worker's pid, the latest progress and the answer."""

    id: str
    name: str
    kwargs: dict = field(repr=False)
    time_limit: float
    expected: float = 0.0
    state: str = "queued"
    pid: int | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    progress: dict = field(default_factory=dict)
    result: dict | None = None
    error: str | None = None
    user_error: bool = False
    done: threading.Event = field(default_factory=threading.Event, repr=False)
    process: Any = field(default=None, repr=False)
    conn: Any = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The job as ``GET /api/jobs/ID`` answers: id, job, state, pid, seconds, progress, result, error."""
        now = time.monotonic()
        run = (self.finished or now) - self.started if self.started else 0.0
        d = {"id": self.id, "job": self.name, "state": self.state, "pid": self.pid, "time_limit": self.time_limit,
             "seconds": round(run, 3), "progress": self.progress, "result": self.result, "error": self.error}
        if self.started and self.state == "running":
            d["progress"] = dict(self.progress, fraction=round(min(1.0, run / (self.expected or self.time_limit)), 3))
        return d


def _child(conn, name: str, kwargs: dict, progress: bool) -> None:
    """A worker process: run ``JOBS[name]`` and send its answer (progress messages first)."""
    try:
        os.setpgrp()  # its own process group: a kill reaches what it starts too
    except OSError:  # pragma: no cover
        pass
    from ..errors import GridsatError
    from .work import JOBS

    try:
        if progress:
            kwargs = dict(kwargs, progress=lambda d: conn.send(("progress", d)))
        conn.send(("done", JOBS[name](**kwargs)))
    except (GridsatError, ValueError) as e:
        conn.send(("user-error", str(e)))
    except MemoryError:
        conn.send(("error", "out of memory"))
    except BaseException as e:  # noqa: BLE001 - any failure is the job's answer, never the server's
        conn.send(("error", f"{type(e).__name__}: {e}", traceback.format_exc(limit=5)))
    finally:
        conn.close()


class JobPool:
    """Worker processes for long jobs, at most ``workers`` at a time.

    Parameters
    ----------
    workers : int
        Jobs that run at once; the others wait in order.
    keep : int
        Finished jobs remembered for ``GET /api/jobs/ID`` (the oldest are forgotten first).
    """

    def __init__(self, workers: int = 2, keep: int = 200) -> None:
        self.workers, self.keep = max(1, workers), keep
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.ids = itertools.count(1)
        self.ctx = mp.get_context("forkserver")
        try:
            self.ctx.set_forkserver_preload(["gridsat.web.work"])
        except Exception:  # pragma: no cover
            pass
        self.stopping = False
        self.thread = threading.Thread(target=self._supervise, name="gridsat-jobs", daemon=True)
        self.thread.start()

    # ------------------------------------------------------------------ the API
    def submit(self, name: str, kwargs: dict, time_limit: float, *, progress: bool = False,
               expected: float = 0.0) -> Job:
        """Queue job ``name`` (a key of :data:`gridsat.web.work.JOBS`) with ``kwargs``; ``progress``:
        the job reports progress; ``expected``: the seconds it should take (for ``fraction``)."""
        job = Job(f"j{next(self.ids)}-{os.urandom(3).hex()}", name, dict(kwargs), float(time_limit), float(expected))
        job.kwargs["__progress"] = progress
        with self.lock:
            self.jobs[job.id] = job
            self._forget()
        self.wake.set()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job of that id (``None``: unknown or forgotten)."""
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Stop a job: a queued one never starts, a running one's worker is killed."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state in FINAL:
                return job
            self._finish(job, "cancelled", error="cancelled")
        return job

    def run(self, name: str, kwargs: dict, time_limit: float) -> Job:
        """Submit and wait for the answer (at most the time limit plus the grace)."""
        job = self.submit(name, kwargs, time_limit)
        if not job.done.wait(time_limit + GRACE + 30):
            self.cancel(job.id)
        return job

    def shutdown(self) -> None:
        """Kill every running worker and stop the supervisor."""
        self.stopping = True
        with self.lock:
            for job in self.jobs.values():
                if job.state not in FINAL:
                    self._finish(job, "cancelled", error="the server stopped")
        self.wake.set()
        self.thread.join(timeout=5)

    # ------------------------------------------------------------------ the supervisor
    def _forget(self) -> None:
        finished = [k for k, j in self.jobs.items() if j.state in FINAL]
        for k in finished[: max(0, len(finished) - self.keep)]:
            del self.jobs[k]

    def _kill(self, job: Job) -> None:
        proc = job.process
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            try:
                proc.kill()
            except Exception:  # pragma: no cover
                pass

    def _finish(self, job: Job, state: str, *, result: dict | None = None, error: str | None = None) -> None:
        """Close a job (the lock is held): kill its worker if alive, set the answer, wake waiters."""
        if job.state in FINAL:
            return
        self._kill(job)
        job.state, job.result, job.error = state, result, error
        job.finished = time.monotonic()
        if job.conn is not None:
            try:
                job.conn.close()
            except OSError:  # pragma: no cover
                pass
        job.done.set()
        self.wake.set()

    def _start(self, job: Job) -> None:
        kwargs = dict(job.kwargs)
        progress = kwargs.pop("__progress", False)
        parent, child = self.ctx.Pipe(duplex=False)
        proc = self.ctx.Process(target=_child, args=(child, job.name, kwargs, progress), daemon=False)
        main = sys.modules.get("__main__")
        try:
            # the worker needs nothing of the caller's main module: without one to re-import, a
            # script (or `python -c`) that starts the server need not guard its main code
            sys.modules["__main__"] = types.ModuleType("__main__")
            proc.start()
        except Exception as e:  # noqa: BLE001 - no process, no job
            self._finish(job, "error", error=f"could not start a worker: {e}")
            return
        finally:
            sys.modules["__main__"] = main
        child.close()
        job.process, job.conn, job.pid = proc, parent, proc.pid
        job.state, job.started = "running", time.monotonic()

    def _receive(self, job: Job) -> None:
        """Read what a worker sent; a closed pipe without an answer means it died."""
        try:
            while job.conn.poll():
                msg = job.conn.recv()
                if msg[0] == "progress":
                    job.progress = msg[1]
                elif msg[0] == "done":
                    self._finish(job, "done", result=msg[1])
                    return
                elif msg[0] == "user-error":
                    job.user_error = True
                    self._finish(job, "error", error=msg[1])
                    return
                else:
                    self._finish(job, "error", error=msg[1])
                    return
        except (EOFError, OSError):
            job.process.join(timeout=1)
            code = job.process.exitcode
            why = (f"killed by signal {-code} ({signal.Signals(-code).name})" if code is not None and code < 0
                   else f"exited with code {code}")
            self._finish(job, "error", error=f"the worker process died without an answer: {why}")

    def _supervise(self) -> None:
        while not self.stopping:
            with self.lock:
                running = [j for j in self.jobs.values() if j.state == "running"]
                queued = [j for j in self.jobs.values() if j.state == "queued"]
                for job in queued[: max(0, self.workers - len(running))]:
                    self._start(job)
                running = [j for j in self.jobs.values() if j.state == "running"]
                now = time.monotonic()
                for job in running:
                    if now > job.started + job.time_limit + GRACE:
                        self._finish(job, "timeout", result={"job": job.name, "status": "unknown",
                                                             "reason": f"time limit {job.time_limit:g} s reached"},
                                     error=None)
                waiting = {j.conn: j for j in running if j.state == "running"}
            if not waiting:
                self.wake.wait(0.2)
                self.wake.clear()
                continue
            try:
                ready = wait(list(waiting), timeout=0.05)
            except (OSError, ValueError):
                ready = []
            with self.lock:
                for conn in ready:
                    job = waiting[conn]
                    if job.state == "running":
                        self._receive(job)
        for job in list(self.jobs.values()):
            self._kill(job)
