"""The job pool: every job that runs the engine, in worker processes watched by one supervisor thread.

A job (a solve, a check, a count, a rating, a hint, generating, improving, ...) is queued
with a time limit; at most ``workers`` run at once, each in a worker process of its own.
A worker leads its own process group and runs one job after another (its caches stay warm);
cancelling a job, its time limit running out, or the client that waits for it going away
kills the worker and anything it started (improve's own processes) at once, and a fresh
worker takes its place. A worker that dies without an answer (a crash, ``kill -9``, running
out of its memory limit) is reported as the job's error: nothing waits on it forever.

The queue is bounded: past ``max_queue`` jobs waiting to start, :meth:`JobPool.submit` raises
:class:`Busy` (the server answers 429 with ``Retry-After``). Jobs nobody waits for
(``background``) take at most half the queue, run on at most ``workers - 1`` workers (one
with a single worker) and start after the jobs whose clients wait for an answer.

States: ``queued``, ``running``, ``done``, ``error`` (the job raised, or its worker died),
``cancelled``, ``timeout`` (its answer then has status ``unknown``).
"""

from __future__ import annotations

import itertools
import math
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
from typing import Any, Callable

__all__ = ["Job", "JobPool", "JobFailed", "Busy", "FINAL", "GRACE"]

#: states a job does not leave
FINAL = ("done", "error", "cancelled", "timeout")
#: seconds a worker gets past its time limit before it is killed (start-up, answer transfer)
GRACE = 2.0
#: jobs a worker runs before it is replaced (its caches do not grow without end)
JOBS_PER_WORKER = 500


class JobFailed(Exception):
    """A job's function refused its input (the message is meant for the user: a 400)."""


class Busy(Exception):
    """The queue is full: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class Job:
    """One job: what it runs, its state, the worker's pid, the latest progress and the answer."""

    id: str
    name: str
    kwargs: dict = field(repr=False)
    time_limit: float
    expected: float = 0.0
    background: bool = False
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
    callbacks: list = field(default_factory=list, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The job as ``GET /api/jobs/ID`` answers: id, job, state, pid, seconds, progress, result, error."""
        now = time.monotonic()
        run = (self.finished or now) - self.started if self.started else 0.0
        d = {"id": self.id, "job": self.name, "state": self.state, "pid": self.pid, "time_limit": self.time_limit,
             "seconds": round(run, 3), "progress": self.progress, "result": self.result, "error": self.error}
        if self.started and self.state == "running":
            d["progress"] = dict(self.progress, fraction=round(min(1.0, run / (self.expected or self.time_limit)), 3))
        return d


def _worker(conn, memory: int | None) -> None:
    """A worker process: run the jobs it is sent, one at a time, and send each answer."""
    try:
        os.setpgrp()  # its own process group: a kill reaches what it starts too
    except OSError:  # pragma: no cover
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    if memory:
        from ..limits import set_memory_limit

        try:
            set_memory_limit(memory)
        except (OSError, ValueError):  # pragma: no cover
            pass
    from ..errors import GridsatError
    from .work import JOBS

    while True:
        try:
            name, kwargs, progress = conn.recv()
        except (EOFError, OSError):
            return
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


class _Worker:
    """One worker process, its pipe, the job it runs (``None``: idle) and how many it ran."""

    def __init__(self, process, conn) -> None:
        self.process, self.conn = process, conn
        self.job: Job | None = None
        self.ran = 0


class JobPool:
    """Worker processes for the engine's jobs, at most ``workers`` at a time.

    Parameters
    ----------
    workers : int
        Jobs that run at once; the others wait in order.
    keep : int
        Finished jobs remembered for ``GET /api/jobs/ID`` (the oldest are forgotten first).
    max_queue : int
        Jobs that may wait to start; past it :meth:`submit` raises :class:`Busy`.
    memory : int, optional
        Each worker's address-space limit in bytes (``None``: what the server has).
    """

    def __init__(self, workers: int = 2, keep: int = 200, *, max_queue: int = 64, memory: int | None = None) -> None:
        self.workers, self.keep, self.max_queue, self.memory = max(1, workers), keep, max(1, max_queue), memory
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()
        self.ids = itertools.count(1)
        self.idle: list[_Worker] = []
        self.busy: list[_Worker] = []
        self.ctx = mp.get_context("forkserver")
        try:
            self.ctx.set_forkserver_preload(["gridsat.web.work"])
        except Exception:  # pragma: no cover
            pass
        self._wake_r: int | None
        self._wake_w: int | None
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        os.set_blocking(self._wake_r, False)
        self.stopping = False
        self.thread = threading.Thread(target=self._supervise, name="gridsat-jobs", daemon=True)
        self.thread.start()

    # ------------------------------------------------------------------ the API
    def submit(self, name: str, kwargs: dict, time_limit: float, *, progress: bool = False,
               expected: float = 0.0, background: bool = False) -> Job:
        """Queue job ``name`` (a key of :data:`gridsat.web.work.JOBS`) with ``kwargs``; ``progress``:
        the job reports progress; ``expected``: the seconds it should take (for ``fraction``);
        ``background``: nobody waits for it (answered with its id).

        Raises
        ------
        Busy
            The queue is full.
        """
        job = Job(f"j{next(self.ids)}-{os.urandom(3).hex()}", name, dict(kwargs), float(time_limit), float(expected),
                  background)
        job.kwargs["__progress"] = progress
        with self.lock:
            queued = [j for j in self.jobs.values() if j.state == "queued"]
            behind = [j for j in queued if j.background]
            if self.stopping or len(queued) >= self.max_queue or (background and len(behind) >= self.max_queue // 2):
                raise Busy(f"the server is busy: {len(queued)} jobs are waiting to start",
                           self._retry_after(queued))
            self.jobs[job.id] = job
            self._forget()
        self._wake()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job of that id (``None``: unknown or forgotten)."""
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job_id: str, why: str = "cancelled") -> Job | None:
        """Stop a job: a queued one never starts, a running one's worker is killed."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state in FINAL:
                return job
            self._finish(job, "cancelled", error=why)
        self._wake()
        return job

    def on_done(self, job: Job, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (from the supervisor's thread) once the job has ended (at once if it has)."""
        with self.lock:
            if job.state not in FINAL:
                job.callbacks.append(callback)
                return
        callback()

    def run(self, name: str, kwargs: dict, time_limit: float) -> Job:
        """Submit and wait for the answer: the job's clock starts when a worker takes it, and the
        supervisor ends it at the time limit plus :data:`GRACE`."""
        job = self.submit(name, kwargs, time_limit)
        job.done.wait()
        return job

    def load(self) -> dict[str, int]:
        """Jobs ``queued`` and ``running`` now, and ``workers``."""
        with self.lock:
            states = [j.state for j in self.jobs.values()]
        return {"queued": states.count("queued"), "running": states.count("running"), "workers": self.workers}

    def shutdown(self) -> None:
        """Kill every worker and stop the supervisor."""
        with self.lock:
            self.stopping = True
            for job in self.jobs.values():
                if job.state not in FINAL:
                    self._finish(job, "cancelled", error="the server stopped")
        self._wake()
        self.thread.join(timeout=5)

    # ------------------------------------------------------------------ the supervisor
    def _wake(self) -> None:
        fd = self._wake_w
        if fd is None:  # stopped: its pipe is closed (and its number may be another file's now)
            return
        try:
            os.write(fd, b"x")
        except (BlockingIOError, OSError):
            pass

    def _retry_after(self, queued: list[Job]) -> int:
        """Seconds until the queue has room, at worst: the queued jobs' time limits spread over the workers."""
        total = sum(j.time_limit + GRACE for j in queued[: len(queued) // 2 + 1])
        return int(min(600, max(1, math.ceil(total / self.workers))))

    def _forget(self) -> None:
        finished = [k for k, j in self.jobs.items() if j.state in FINAL]
        for k in finished[: max(0, len(finished) - self.keep)]:
            del self.jobs[k]

    def _kill(self, worker: _Worker) -> None:
        """Kill a worker's process group and forget the worker."""
        proc = worker.process
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            try:
                proc.kill()
            except Exception:  # pragma: no cover
                pass
        try:
            worker.conn.close()
        except OSError:  # pragma: no cover
            pass
        for group in (self.idle, self.busy):
            if worker in group:
                group.remove(worker)
        worker.job = None

    def _finish(self, job: Job, state: str, *, result: dict | None = None, error: str | None = None,
                keep_worker: bool = False) -> None:
        """Close a job (the lock is held): kill its worker unless ``keep_worker``, set the answer, wake waiters."""
        if job.state in FINAL:
            return
        for worker in list(self.busy):
            if worker.job is job:
                if keep_worker and worker.ran < JOBS_PER_WORKER and not self.stopping:
                    worker.job = None
                    self.busy.remove(worker)
                    self.idle.append(worker)
                else:
                    self._kill(worker)
        job.state, job.result, job.error = state, result, error
        job.finished = time.monotonic()
        job.done.set()
        callbacks, job.callbacks = job.callbacks, []
        for callback in callbacks:
            try:
                callback()
            except Exception:  # pragma: no cover - a waiter's loop that is gone
                pass

    def _new_worker(self) -> _Worker | None:
        parent, child = self.ctx.Pipe(duplex=True)
        proc = self.ctx.Process(target=_worker, args=(child, self.memory), daemon=False)
        main = sys.modules.get("__main__")
        try:
            # the worker needs nothing of the caller's main module: without one to re-import, a
            # script (or `python -c`) that starts the server need not guard its main code
            sys.modules["__main__"] = types.ModuleType("__main__")
            proc.start()
        except Exception:  # noqa: BLE001 - no process, no worker
            parent.close()
            return None
        finally:
            sys.modules["__main__"] = main
            child.close()
        return _Worker(proc, parent)

    def _dispatch(self) -> None:
        """Start queued jobs (the lock is held) on idle workers or new ones: those a client waits
        for first, then the background ones, each in order."""
        queued = sorted((j for j in self.jobs.values() if j.state == "queued"), key=lambda j: j.background)
        behind = sum(1 for w in self.busy if w.job is not None and w.job.background)
        for job in queued:
            if len(self.busy) >= self.workers:
                return
            if job.background and behind >= max(1, self.workers - 1):
                continue
            worker = self.idle.pop(0) if self.idle else self._new_worker()
            if worker is None:
                self._finish(job, "error", error="could not start a worker process")
                continue
            kwargs = dict(job.kwargs)
            progress = kwargs.pop("__progress", False)
            try:
                worker.conn.send((job.name, kwargs, progress))
            except (OSError, ValueError, EOFError):  # a worker that died while idle
                self._kill(worker)
                worker = self._new_worker()
                if worker is None:
                    self._finish(job, "error", error="could not start a worker process")
                    continue
                worker.conn.send((job.name, kwargs, progress))
            worker.job, worker.ran = job, worker.ran + 1
            self.busy.append(worker)
            behind += job.background
            job.pid, job.state, job.started = worker.process.pid, "running", time.monotonic()

    def _receive(self, worker: _Worker) -> None:
        """Read what a worker sent; a closed pipe means it died (with its job, if it had one)."""
        job = worker.job
        try:
            while worker.conn.poll():
                msg = worker.conn.recv()
                if job is None:
                    continue
                if msg[0] == "progress":
                    job.progress = msg[1]
                elif msg[0] == "done":
                    self._finish(job, "done", result=msg[1], keep_worker=True)
                    return
                elif msg[0] == "user-error":
                    job.user_error = True
                    self._finish(job, "error", error=msg[1], keep_worker=True)
                    return
                else:
                    self._finish(job, "error", error=msg[1])
                    return
        except (EOFError, OSError):
            if job is None:
                self._kill(worker)
                return
            worker.process.join(timeout=1)
            code = worker.process.exitcode
            why = (f"killed by signal {-code} ({signal.Signals(-code).name})" if code is not None and code < 0
                   else f"exited with code {code}")
            self._finish(job, "error", error=f"the worker process died without an answer: {why}")

    def _supervise(self) -> None:
        for _ in range(self.workers):  # started now: the first jobs need not wait for a process
            worker = self._new_worker()
            with self.lock:
                if worker is None or self.stopping:
                    if worker is not None:
                        self._kill(worker)
                    break
                self.idle.append(worker)
        while True:
            with self.lock:
                if self.stopping:
                    break
                self._dispatch()
                now = time.monotonic()
                deadline = now + 1.0
                for worker in list(self.busy):
                    job = worker.job
                    end = job.started + job.time_limit + GRACE
                    if now > end:
                        self._finish(job, "timeout", result={"job": job.name, "status": "unknown",
                                                             "reason": f"time limit {job.time_limit:g} s reached"})
                    else:
                        deadline = min(deadline, end)
                waiting = {w.conn: w for w in self.busy + self.idle}
            try:
                ready = wait([*waiting, self._wake_r], timeout=max(0.0, deadline - time.monotonic()))
            except (OSError, ValueError):
                ready = []
            if self._wake_r in ready:
                try:
                    while os.read(self._wake_r, 4096):
                        pass
                except (BlockingIOError, OSError):
                    pass
            with self.lock:
                for conn in ready:
                    worker = waiting.get(conn)
                    if worker is not None and (worker in self.busy or worker in self.idle):
                        self._receive(worker)
        with self.lock:
            for worker in self.busy + self.idle:
                self._kill(worker)
            fds, self._wake_r, self._wake_w = (self._wake_r, self._wake_w), None, None
        for fd in fds:
            try:
                os.close(fd)
            except OSError:  # pragma: no cover
                pass
