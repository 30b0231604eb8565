"""The batch runner: tasks in, one record per task out, as each finishes.

:func:`run` sends a lazily read stream of tasks to a pool of workers in chunks, with
backpressure (at most a few chunks per worker in flight), and yields one record per task
as it finishes: the task function's dict with the task's ``id`` first. With ``out`` the
records are also appended to a JSON-lines file as they come, and ``resume`` skips the ids
that file already holds. ``shard="i/N"`` keeps the i-th of N deterministic shards.

When a worker process dies, every task that was in flight is sent again; the tasks that
were running at that moment are suspects and run again one at a time on a fresh pool, so
the task that killed its worker twice is found and answered by an error record while the
others are answered as usual. A task that runs past twice its time limit has its worker
killed and is answered by an error record. The batch always finishes.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import queue
import time
from collections import deque
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, TextIO

from ..errors import GridsatError, ParseError
from ..limits import MAX_WORKERS
from .executors import BROKEN, encode_records, error_record, make_pool, unpack
from .progress import Progress, ProgressInfo
from .shards import parse_shard, select
from .store import Store, is_error
from .items import Task

__all__ = ["run", "RunError"]

#: seconds a chunk should take (tasks are grouped to amortise the round trip to a worker)
CHUNK_SECONDS = {"local": 0.1, "dask": 0.5}
#: the largest chunk
MAX_CHUNK = 256
#: chunks in flight per worker
CHUNKS_PER_WORKER = 2
#: chunks of tasks read from the source ahead of those sent (so the tail of the run is seen coming)
LOOKAHEAD = 4
#: the smallest chunk at the tail of a run
TAIL_CHUNK = 4
#: seconds between two looks at the running tasks (time limits) and the progress
POLL = 0.1
#: the pool may break this many times in a row without any task answered before the run gives up
MAX_BREAKS = 8


class RunError(GridsatError):
    """The run cannot go on (the worker pool keeps breaking without answering anything)."""


@dataclass
class _Chunk:
    tasks: list
    sent: float = field(default_factory=time.monotonic)
    limited: bool = False   # some task has a time limit of its own


def run(tasks: Iterable[Task], fn: Callable[[Any], Any], *, executor: Any = "local", jobs: int | None = None,
        scheduler: str | None = None, out: "str | os.PathLike | None" = None, resume: bool = False,
        shard: "str | tuple[int, int] | None" = None, time_limit: float | None = None,
        chunk_size: int | None = None, ordered: bool = False, total: int | None = None,
        progress: "Callable[[ProgressInfo], None] | None" = None, echo: "TextIO | None" = None) -> Iterator[dict]:
    """Run ``fn`` on every task's payload in worker processes; yield each task's record.

    Parameters
    ----------
    tasks : iterable of Task
        Read lazily, as workers become free (a generator of a million tasks is fine).
        Ids must be unique.
    fn : callable
        The task function: payload -> JSON-ready dict (another value becomes ``{"result": value}``).
        It must be picklable (a module-level function or a small object).
    executor : str or object
        ``"local"`` (worker processes here), ``"dask"`` (a Dask cluster: ``scheduler``, else a
        local one), or a ``distributed.Client`` the caller already has.
    jobs : int or None
        Local workers (``None``: one per core).
    scheduler : str or None
        The Dask scheduler's address (``tcp://HOST:8786``).
    out : str or path-like, optional
        Append every record to this JSON-lines file as it comes.
    resume : bool
        Keep ``out``'s records and skip the task ids it holds.
    shard : str or tuple, optional
        ``"i/N"``: run only the i-th of N shards (by a hash of the id).
    time_limit : float, optional
        Seconds per task (a :class:`Task` may set its own). The task function should stop
        by itself; one that runs past twice the limit is killed and answered by an error record.
    chunk_size : int, optional
        Tasks per chunk (default: grown until a chunk takes about 0.1 s).
    ordered : bool
        Yield the records in the order of the tasks (default: as they finish).
    total : int, optional
        The number of tasks, for the progress callback's rate and time left.
    progress : callable, optional
        Called with a :class:`~gridsat.jobs.progress.ProgressInfo` a few times a second.
    echo : text stream, optional
        Also write every record's JSON line to this stream (such as ``sys.stdout``) as it
        comes, a chunk's lines in one write, then flush. The lines of ``out`` and ``echo``
        are made by the workers, beside the records.

    Yields
    ------
    dict
        ``{"id": ..., **record}``; a task that failed gives ``{"id": ..., "status": "error",
        "error": "..."}``. Tasks already in ``out`` (``resume``) are not yielded.

    Raises
    ------
    ParseError
        A bad ``shard``, executor name or scheduler address, or an output file that cannot be written.
    UnsupportedError
        ``executor="dask"`` without Dask installed.
    """
    got_shard = parse_shard(shard)
    if resume and out is None:
        raise ParseError("--resume needs --out FILE")
    if out is not None:
        _check_writable(out)
    if time_limit is not None and time_limit <= 0:
        raise ParseError("time_limit must be positive")
    if jobs is not None and jobs > MAX_WORKERS:
        raise ParseError(f"--jobs: at most {MAX_WORKERS} worker processes, got {jobs}")
    if chunk_size is not None and chunk_size < 1:
        raise ParseError("chunk_size must be at least 1")
    if isinstance(executor, str) and executor not in ("local", "dask"):
        raise ParseError(f"--executor: expected local or dask, got {executor!r}")
    if executor == "local" and scheduler:
        raise ParseError("--scheduler goes with --executor dask")
    if got_shard is not None and got_shard[1] > 1:
        total = None
    return _Run(tasks, fn, executor, jobs, scheduler, out, resume, got_shard, time_limit, chunk_size, ordered,
                total, progress, echo).records()


def _check_writable(path: "str | os.PathLike") -> None:
    from pathlib import Path

    p = Path(path)
    if p.is_dir():
        raise ParseError(f"cannot write {path}: it is a folder; give a file name")
    parent = p.parent
    if not parent.is_dir():
        raise ParseError(f"cannot write {path}: no such folder {str(parent)!r}")
    if (p.exists() and not os.access(p, os.W_OK)) or (not p.exists() and not os.access(parent, os.W_OK)):
        raise ParseError(f"cannot write {path}: permission denied")


class _Run:
    """The state of one run (see :func:`run`)."""

    def __init__(self, tasks, fn, executor, jobs, scheduler, out, resume, shard, time_limit, chunk_size, ordered,
                 total, progress, echo) -> None:
        self.tasks, self.fn, self.executor, self.jobs, self.scheduler = tasks, fn, executor, jobs, scheduler
        self.out, self.resume, self.shard, self.time_limit = out, resume, shard, time_limit
        self.fixed_chunk, self.ordered = chunk_size, ordered
        self.progress = Progress(progress, total)
        self.echo = echo
        self.encode = out is not None or echo is not None  # (the workers make the JSON lines)
        self.retry: deque = deque()      # tasks to send again (a worker died while they were in flight)
        self.isolate: deque = deque()    # suspects: sent one at a time, alone in the pool
        self.singles: deque = deque()    # tasks of a failed Dask chunk: sent one per chunk
        self.crashes: dict[str, int] = {}
        self.killed: dict[str, float] = {}  # task id -> its limit: killed for running too long
        self.inflight: dict[cf.Future, _Chunk] = {}
        self.finished: queue.SimpleQueue = queue.SimpleQueue()  # futures as they finish (their callbacks)
        self.seq: dict[str, int] = {}
        self.buffer: dict[int, dict] = {}  # ordered: records by their task's place
        self.waiting: deque = deque()       # not ordered: records in the order they came
        self.next_seq = self.next_out = 0
        self.mean = None
        self.breaks = 0
        self.source_done = False
        self.ahead: deque = deque()      # tasks read from the source and not sent yet

    # ------------------------------------------------------------------ the loop
    def records(self) -> Iterator[dict]:
        """Yield the records (the generator :func:`run` returns)."""
        store = Store(self.out, self.resume) if self.out is not None else None
        self.store = store
        done = store.done if store is not None else set()
        self.source = self._unanswered(select(self.tasks, self.shard), done)
        self.pool, owned = make_pool(self.executor, jobs=self.jobs, scheduler=self.scheduler)
        kind = "local" if self.pool.tracks_tasks else "dask"
        self.target = CHUNK_SECONDS[kind]
        self.window = CHUNKS_PER_WORKER * self.pool.workers + 1
        self.chunk = self.fixed_chunk or 1
        try:
            while True:
                self._fill()
                if not self.inflight:
                    break
                try:
                    f = self.finished.get(timeout=POLL)
                    while True:
                        if f in self.inflight:  # (not a chunk given up after a break)
                            self._collect(f)
                        f = self.finished.get_nowait()
                except queue.Empty:
                    pass
                self._watch()
                self.progress.tick()
                yield from self._ready()
            yield from self._ready()
            self.progress.tick(final=True)
        finally:
            if owned:
                self.pool.close(idle=not self.inflight)
            if store is not None:
                store.close()

    def _unanswered(self, tasks: Iterable[Task], done: set) -> Iterator[Task]:
        for t in tasks:
            if t.id in done:
                self.progress.skip()
            else:
                yield t

    def _take(self, k: int) -> list:
        """Up to ``k`` new tasks (fewer at the end of the source, or when ``ordered`` and the
        oldest record awaited is too far behind).

        The source is read up to :data:`LOOKAHEAD` chunks ahead of what has been sent, so
        the run knows how many tasks are left once the source is at its end; the last
        chunks then shrink (guided self-scheduling: a chunk takes a ``2 x workers``-th of
        what is left), and the workers finish together instead of one waiting on the
        other's last large chunk."""
        if k <= 0:
            return []
        if self.ordered:
            k = min(k, self.window * MAX_CHUNK - (self.next_seq - self.next_out))
            if k <= 0:
                return []  # backpressure: the oldest record is still awaited
        ahead = self.ahead
        want = k + LOOKAHEAD * self.chunk
        if not self.source_done and len(ahead) < want:
            more = list(islice(self.source, want - len(ahead)))
            ahead.extend(more)
            if len(ahead) < want:
                self.source_done = True
        if self.source_done and self.fixed_chunk is None:
            k = min(k, max(TAIL_CHUNK, -(-len(ahead) // (2 * self.pool.workers))))
        got = [ahead.popleft() for _ in range(min(k, len(ahead)))]
        if self.ordered:
            self.seq.update(zip((t.id for t in got), range(self.next_seq, self.next_seq + len(got))))
        self.next_seq += len(got)
        return got

    def _fill(self) -> None:
        """Send chunks while there is room in the pool and work to do.

        At the tail of the run (the source is at its end, every task left is in hand), the
        rest is sent at once in shrinking chunks, whatever is in flight: the workers then
        never wait for the sending process to wake up between their last chunks."""
        while len(self.inflight) < self.window or self._tail():
            if self.isolate:  # a suspect runs alone
                if not self.inflight:
                    self._send([self.isolate.popleft()])
                return
            if self.singles:
                self._send([self.singles.popleft()])
                continue
            chunk = []
            while self.retry and len(chunk) < self.chunk:
                chunk.append(self.retry.popleft())
            chunk += self._take(self.chunk - len(chunk))
            if not chunk:
                return
            self._send(chunk)

    def _tail(self) -> bool:
        return (self.source_done and self.fixed_chunk is None and bool(self.ahead) and not self.ordered
                and not (self.isolate or self.singles or self.retry))

    def _send(self, tasks: list) -> None:
        items = [(t.id, t.payload) for t in tasks]
        f = self.pool.submit(self.fn, items, self.encode)
        self.inflight[f] = _Chunk(tasks, limited=any(t.time_limit for t in tasks))
        f.add_done_callback(self.finished.put)

    def _limit(self, t: Task) -> float | None:
        return t.time_limit if t.time_limit is not None else self.time_limit

    # ------------------------------------------------------------------ results
    def _collect(self, f: cf.Future) -> None:
        chunk = self.inflight.pop(f)
        try:
            results = unpack(f.result())
        except cf.CancelledError:
            return
        except BROKEN as e:
            self._broken(chunk, e)
            return
        except Exception as e:  # noqa: BLE001 - e.g. Dask's KilledWorker, or a payload that does not pickle
            self._failed(chunk, e)
            return
        self.breaks = 0
        recs, secs, errors, lines = results
        self._done(*recs, errors=errors, lines=lines)
        if recs and self.fixed_chunk is None:
            per = secs / len(recs)
            self.mean = per if self.mean is None else 0.7 * self.mean + 0.3 * per
            self.chunk = max(1, min(MAX_CHUNK, int(self.target / max(self.mean, 1e-6))))

    def _done(self, *recs: dict, errors: int | None = None, lines: str | None = None) -> None:
        """Take the records of answered tasks (``errors`` of them failed; ``None``: count them;
        ``lines``: their JSON lines, made by the worker): to the output file and the echo
        stream, the progress count, and the records waiting to be yielded."""
        if errors is None:
            errors = sum(map(is_error, recs))
        if self.encode and lines is None:
            recs = list(recs)
            lines, errors = encode_records(recs, errors)
        if self.store is not None:
            self.store.write(*recs, lines=lines)
        if self.echo is not None:
            self.echo.write(lines)
            self.echo.flush()
        self.progress.add(len(recs), errors)
        if self.ordered:
            for rec in recs:
                self.buffer[self.seq.pop(rec["id"], -1)] = rec
        else:
            self.waiting.extend(recs)

    def _ready(self) -> Iterator[dict]:
        if not self.ordered:
            while self.waiting:
                self.next_out += 1
                yield self.waiting.popleft()
            return
        while self.next_out in self.buffer:
            rec = self.buffer.pop(self.next_out)
            self.next_out += 1
            yield rec

    # ------------------------------------------------------------------ crashes and time limits
    def _broken(self, chunk: _Chunk, err: BaseException) -> None:
        """A worker died: every chunk in flight is lost; find the suspects, restart, send again."""
        running = {tid for _, tid, _ in self.pool.running()}
        lost = list(chunk.tasks)
        for f, other in list(self.inflight.items()):
            lost += other.tasks
            f.cancel()
        self.inflight.clear()
        self.pool.restart()
        self.breaks += 1
        why = str(err).split(". ")[0] if str(err) else type(err).__name__
        if self.killed:
            suspects: set[str] = set()
        elif len(lost) == 1:
            suspects = {lost[0].id}
        else:
            suspects = running & {t.id for t in lost}
        for t in lost:
            if t.id in self.killed:
                self._done(error_record(t.id, f"killed: ran past twice its time limit of {self.killed.pop(t.id)} s"))
            elif t.id in suspects:
                self.crashes[t.id] = self.crashes.get(t.id, 0) + 1
                if self.crashes[t.id] >= 2:
                    self.crashes.pop(t.id)
                    self._done(error_record(t.id, f"worker died twice running this task ({why})"))
                else:
                    self.isolate.append(t)
            elif self.breaks > MAX_BREAKS:
                self._done(error_record(t.id, f"the worker pool kept breaking ({why})"))
            else:
                self.retry.append(t)
        self.killed.clear()

    def _failed(self, chunk: _Chunk, err: BaseException) -> None:
        """A chunk failed as a whole (a Dask worker lost, a payload that does not pickle)."""
        if len(chunk.tasks) > 1:
            self.singles.extend(chunk.tasks)
            return
        t = chunk.tasks[0]
        if type(err).__name__ == "KilledWorker" and t.id not in self.crashes:
            # its workers may have died of another task sharing them: once more, alone in the
            # pool (as a local suspect is)
            self.crashes[t.id] = 1
            self.isolate.append(t)
            return
        self.crashes.pop(t.id, None)
        why = str(err).splitlines()[0] if str(err) else type(err).__name__
        self._done(error_record(t.id, f"{type(err).__name__}: {why}"))

    def _watch(self) -> None:
        """Kill the workers of tasks past twice their time limit (Dask: give up on their chunks)."""
        if self.pool.tracks_tasks:
            if self.time_limit is None and not any(c.limited for c in self.inflight.values()):
                return
            limits = {t.id: self._limit(t) for c in self.inflight.values() for t in c.tasks}
            now = time.time()
            running: dict[int, list] = {}
            for pid, tid, start in self.pool.running():
                running.setdefault(pid, []).append((tid, start))
            for pid, tasks in running.items():
                tid, start = tasks[0]
                if len(tasks) > 1:  # a chunk answered at once: its tasks' limits added up
                    lims = [limits.get(t) for t, _ in tasks]
                    if None not in lims and now - start > 2 * sum(lims):
                        self.pool.kill(pid)  # (its tasks are then suspects: each runs again alone)
                    continue
                lim = limits.get(tid)
                if lim is not None and tid not in self.killed and now - start > 2 * lim:
                    self.killed[tid] = lim
                    self.pool.kill(pid)
            return
        now = time.monotonic()
        for f, chunk in list(self.inflight.items()):
            lims = [self._limit(t) for t in chunk.tasks]
            if any(x is None for x in lims):
                continue
            # (a chunk may wait in the scheduler's queue behind another chunk: twice the time again)
            if now - chunk.sent > 4 * sum(lims):
                f.cancel()
                del self.inflight[f]
                if len(chunk.tasks) > 1:
                    self.singles.extend(chunk.tasks)
                else:
                    self._done(error_record(chunk.tasks[0].id, f"stopped waiting: ran past twice its time limit of "
                                                         f"{lims[0]} s (a Dask worker cannot stop a running task)"))
