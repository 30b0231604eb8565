"""Where the tasks run: a local pool of worker processes (loky), or a Dask cluster.

Both are pools of the same shape for :func:`gridsat.jobs.run`: ``submit`` a chunk of tasks,
get a :class:`concurrent.futures.Future` of their results, ``restart`` after a break.

* :class:`LocalPool`: loky's supervised process pool (the standard library's
  :class:`~concurrent.futures.ProcessPoolExecutor` when loky is not installed). Workers
  start once and keep their solver caches. Each worker writes the id of the task it is
  running to a marker file named by its process id, so the runner knows which tasks were
  running when a worker died, and which process to kill when a task runs past twice its
  time limit.
* :class:`DaskPool`: Dask distributed's ``concurrent.futures`` executor on a scheduler
  address, an existing client, or a local cluster (``pip install 'gridsat[dask]'``).
"""

from __future__ import annotations

import concurrent.futures as cf
from concurrent.futures.process import BrokenProcessPool
import json
import os
import pickle
import shutil
import signal
import tempfile
import time
from typing import Any, Callable

from ..errors import GridsatError, ParseError, UnsupportedError
from .items import compact, expand
from .store import error_record, is_error, json_lines

#: worker deaths a Dask local cluster of the runner's own allows a task before ``KilledWorker``
ALLOWED_FAILURES = 1

__all__ = ["pack", "run_chunk", "run_packed", "unpack", "error_record", "encode_records", "worker_init", "LocalPool", "DaskPool",
           "make_pool", "BROKEN"]

#: what a future raises when its worker process died (loky's errors derive from it)
BROKEN: tuple[type[BaseException], ...] = (BrokenProcessPool,)

_INITIALISED = False


def worker_init() -> None:
    """Set a worker process up once: solvers use one thread (CP-SAT ``num_workers=1``)."""
    global _INITIALISED
    if _INITIALISED:
        return
    _INITIALISED = True
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    from ..backends.base import configure_backend

    configure_backend("cpsat", workers=1)  # (applied when a task first uses CP-SAT: no OR-tools import here)


def _local_worker_init() -> None:
    """A local worker leaves Ctrl-C to the process that runs the batch (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    worker_init()


def pack(items: list) -> "bytes | list":
    """``items`` pickled with the standard pickler, or ``items`` itself when only the pool's
    own pickler (cloudpickle's) can send them: a payload the standard one refuses (a lambda),
    or one that names something of ``__main__`` (a class of a notebook or a script, which a
    worker could not import; cloudpickle sends it by value).

    The local pool's pickler calls back into Python for every object it saves; a chunk of
    puzzles pickled that way costs the process that sends it about twice as much, and that
    process is the one every worker waits on.
    """
    return _pickled(lambda: compact(items), items)


def _pickled(make: Callable[[], Any], fallback: Any) -> Any:
    """``make()`` pickled by the standard pickler, or ``fallback`` when that fails or the
    pickle names ``__main__`` (see :func:`pack`)."""
    try:
        data = pickle.dumps(make(), pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - PicklingError, AttributeError, TypeError: leave it to cloudpickle
        return fallback
    return fallback if b"__main__" in data else data


def run_chunk(fn: Callable[[Any], Any], items: "list | bytes", markers: str | None = None,
              encode: bool = False) -> tuple:
    """Run ``fn`` on each ``(id, payload)`` of ``items`` in this worker.

    Parameters
    ----------
    fn : callable
        The task function; one with a ``prepare(items)`` method has it called on the chunk
        first (it returns the items, their payloads made ready, such as lines read).
    items : list of (str, object), or bytes
        Task ids and payloads (pickled by :func:`pack`).
    markers : str or None
        A folder where the id of the running task is kept in a file named by this process's id.
    encode : bool
        Also give each record's JSON line (a record that is not JSON-ready is answered by an
        error record saying so).

    Returns
    -------
    tuple
        ``(records, seconds, errors, lines)``: one record per task, in order, with its ``id``
        first (the function's dict, ``{"result": value}`` for another value, or ``{"status":
        "error", "error": text}`` when it raised: a task's error does not stop the others);
        the seconds the tasks took; how many records are errors; with ``encode``, the JSON
        line of each record, ``"\n"`` ended, as one string (else ``None``). The records and
        their lines are made here, so the process that sends the chunks only unpickles them
        and writes the lines.
    """
    worker_init()
    if isinstance(items, bytes):
        items = expand(pickle.loads(items))
    prepare = getattr(fn, "prepare", None)
    if prepare is not None:  # a chunk-wide first step (Reading reads a chunk's lines together)
        try:
            items = prepare(items)
        except Exception:  # noqa: BLE001 - then each task does it alone, and fails alone
            pass
    mark = os.path.join(markers, str(os.getpid())) if markers else None
    # one file for the chunk, overwritten in place (an open and a close per task cost more
    # than a fast check): "START ID", padded with NULs when shorter than the record before
    fd = os.open(mark, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600) if mark is not None else None
    width = 0
    out = []
    clock = time.perf_counter
    t_all = clock()
    got = _many(fn, items, fd)
    if got is not None:
        out = [_record(tid, value) for (tid, _), value in zip(items, got)]
    else:
        if fd is not None:
            os.ftruncate(fd, 0)  # (a chunk marker written by _many)
        for tid, payload in items:
            if fd is not None:
                rec = f"{time.time()!r} {tid}".encode("utf-8", "surrogateescape")
                width = max(width, len(rec))
                os.pwrite(fd, rec.ljust(width, b"\0"), 0)
            try:
                value = fn(payload)
            except Exception as e:  # noqa: BLE001 - a bad task fails alone, with its own message
                value = e
            out.append(_record(tid, value))
    errors = sum(map(is_error, out))
    took = clock() - t_all
    if fd is not None:
        os.close(fd)
        try:
            os.unlink(mark)
        except OSError:  # pragma: no cover
            pass
    if not encode:
        return out, took, errors, None
    lines, errors = encode_records(out, errors)
    return out, took, errors, lines


def _many(fn: Callable[[Any], Any], items: list, fd: int | None) -> "list | None":
    """The values of ``fn.many`` on the chunk's payloads (a function that answers many tasks
    at once, such as the native core's chunk of checks), or ``None``: one task at a time.
    The marker then names every task of the chunk (a JSON list ``[start, [ids]]``): they all
    count as running."""
    many = getattr(fn, "many", None)
    if many is None or len(items) < 2:
        return None
    if fd is not None:
        rec = json.dumps([time.time(), [tid for tid, _ in items]]).encode("utf-8", "surrogateescape")
        os.pwrite(fd, rec, 0)
        os.ftruncate(fd, len(rec))
    try:
        got = many([p for _, p in items])
    except Exception:  # noqa: BLE001 - then each task runs alone, and fails alone
        return None
    return got if got is not None and len(got) == len(items) else None


def _record(tid: str, value: Any) -> dict:
    """The record of task ``tid`` from what its function returned (or raised)."""
    if isinstance(value, BaseException):
        if isinstance(value, GridsatError):
            return error_record(tid, str(value) or type(value).__name__)
        return error_record(tid, f"{type(value).__name__}: {value}" if str(value) else type(value).__name__)
    rec = {"id": tid, **value} if isinstance(value, dict) else {"id": tid, "result": value}
    rec["id"] = tid
    return rec


def encode_records(records: list, errors: int = 0) -> tuple[str, int]:
    """The JSON lines of ``records`` as one string, and ``errors`` plus the records that are
    not JSON-ready: each of those is replaced, in ``records`` too, by an error record that
    says why."""
    try:
        return json_lines(records), errors
    except (TypeError, ValueError):
        pass
    lines = []
    for i, rec in enumerate(records):
        try:
            lines.append(json_lines([rec]))
        except (TypeError, ValueError) as e:
            errors += not is_error(rec)
            records[i] = error_record(rec["id"], f"the record is not JSON: {e}")
            lines.append(json_lines([records[i]]))
    return "".join(lines), errors


def run_packed(fn: Callable[[Any], Any], items: "list | bytes", markers: str | None = None,
               encode: bool = False) -> "bytes | tuple":
    """:func:`run_chunk`, its results pickled here by the standard pickler (:func:`pack`'s
    reason, the other way: the local pool's pickler costs the worker about twice as much);
    :func:`unpack` gives them back."""
    results = run_chunk(fn, items, markers, encode)
    return _pickled(lambda: results, results)


def unpack(results: "bytes | tuple") -> tuple:
    """The ``(records, seconds, errors, lines)`` :func:`run_packed` (or :func:`run_chunk`) returned."""
    return pickle.loads(results) if isinstance(results, bytes) else results


class LocalPool:
    """Worker processes on this machine.

    Parameters
    ----------
    jobs : int or None
        Worker processes (``None`` or ``<= 0``: one per core).
    """

    #: each worker reports the running task (see :func:`run_chunk`)
    tracks_tasks = True

    def __init__(self, jobs: int | None = None) -> None:
        self.workers = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
        self.markers: str | None = tempfile.mkdtemp(prefix="gridsat-jobs-")
        self._ex = None
        self._start()

    def _start(self) -> None:
        try:
            from loky import ProcessPoolExecutor
            self._ex = ProcessPoolExecutor(max_workers=self.workers, initializer=_local_worker_init)
        except ImportError:
            import multiprocessing as mp

            self._ex = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=mp.get_context("spawn"),
                                              initializer=_local_worker_init)

    def submit(self, fn: Callable, items: list, encode: bool = False) -> cf.Future:
        """Run :func:`run_packed` on ``items`` in a worker (the results come back pickled: :func:`unpack`)."""
        return self._ex.submit(run_packed, fn, pack(items), self.markers, encode)

    def running(self) -> list[tuple[int, str, float]]:
        """``(pid, task id, start time)`` of each task running in a worker now (every task of
        a chunk answered at once, with the chunk's start)."""
        out = []
        try:
            names = os.listdir(self.markers)
        except OSError:
            return out
        for name in names:
            try:
                with open(os.path.join(self.markers, name), "rb") as fh:
                    text = fh.read().rstrip(b"\0").decode("utf-8", "surrogateescape")
                if text.startswith("["):  # a chunk run at once: every task of it
                    start, ids = json.loads(text)
                    out += [(int(name), str(tid), float(start)) for tid in ids]
                    continue
                start, tid = text.split(" ", 1)
                out.append((int(name), tid, float(start)))
            except (OSError, ValueError, TypeError):
                continue  # being written or removed
        return out

    def kill(self, pid: int) -> None:
        """Kill worker ``pid`` (a task that ignored its time limit): the pool breaks and is restarted."""
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass

    def restart(self) -> None:
        """Stop every worker and start a fresh pool (after a worker died)."""
        self._stop()
        for name in os.listdir(self.markers):
            try:
                os.unlink(os.path.join(self.markers, name))
            except OSError:
                pass
        self._start()

    def _stop(self, kill: bool = True) -> None:
        ex, self._ex = self._ex, None
        if ex is None:
            return
        try:
            # idle workers are let go (killing one can leave its queue lock to the resource
            # tracker, which then warns at exit); busy ones (a restart, an interrupt) are killed
            ex.shutdown(wait=True, kill_workers=kill)  # loky
        except TypeError:
            procs = list(getattr(ex, "_processes", {}).values())
            ex.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.kill()

    def close(self, idle: bool = False) -> None:
        """Stop the workers (``idle``: no task is running, they may exit on their own) and
        remove the marker folder."""
        self._stop(kill=not idle)
        shutil.rmtree(self.markers, ignore_errors=True)


class DaskPool:
    """Workers of a Dask distributed cluster.

    Parameters
    ----------
    client : distributed.Client, optional
        A client the caller already has (it is left open).
    scheduler : str, optional
        A scheduler address, ``tcp://HOST:PORT``.
    jobs : int or None
        With neither: a local cluster of this many single-threaded worker processes.
    processes : bool
        The local cluster's workers are processes (``False``: threads of this process).
    """

    tracks_tasks = False
    markers = None

    def __init__(self, client: Any = None, scheduler: str | None = None, jobs: int | None = None,
                 processes: bool = True) -> None:
        try:
            import distributed
        except ImportError:
            raise UnsupportedError("--executor dask needs Dask distributed: pip install 'gridsat[dask]'") from None
        self._own: list = []
        if client is None and scheduler:
            if "://" not in scheduler and ":" not in scheduler:
                raise ParseError(f"--scheduler: expected an address such as tcp://HOST:8786, got {scheduler!r}")
            try:
                client = distributed.Client(scheduler, timeout="10s")
            except (OSError, TimeoutError, ValueError) as e:
                raise ParseError(f"--scheduler {scheduler}: cannot connect: {e}") from None
            self._own.append(client)
        elif client is None:
            n = jobs if jobs and jobs > 0 else (os.cpu_count() or 1)
            import dask

            # a task that kills its worker is given up after two deaths, not Dask's four: each
            # death costs a worker restart, and the runner tries such a task once more alone
            with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
                cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                                                   dashboard_address=None)
            client = distributed.Client(cluster)
            self._own += [client, cluster]
        self.client = client
        self._ex = client.get_executor(pure=False)
        info = client.scheduler_info()
        self.workers = max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))

    def submit(self, fn: Callable, items: list, encode: bool = False) -> cf.Future:
        """Run :func:`run_chunk` on ``items`` on some worker."""
        return self._ex.submit(run_chunk, fn, items, None, encode)

    def running(self) -> list[tuple[int, str, float]]:
        """Not known for Dask workers (the runner watches chunk deadlines instead)."""
        return []

    def kill(self, pid: int) -> None:  # pragma: no cover - never called (no pids)
        """Dask tasks cannot be killed one by one."""

    def restart(self) -> None:
        """Nothing to do: Dask replaces its lost workers itself."""

    def close(self, idle: bool = False) -> None:
        """Close the client and cluster this pool made (a caller's client is left open)."""
        for thing in self._own:
            try:
                thing.close()
            except Exception:  # noqa: BLE001 - closing down
                pass


def _is_client(obj: Any) -> bool:
    return hasattr(obj, "get_executor") and hasattr(obj, "scheduler_info")


def make_pool(executor: Any = "local", *, jobs: int | None = None, scheduler: str | None = None):
    """The pool for ``executor``: ``"local"``, ``"dask"``, a Dask client, or a pool object.

    Parameters
    ----------
    executor : str or object
        ``"local"`` (worker processes here), ``"dask"`` (``scheduler``, else a local
        cluster), a ``distributed.Client``, or a :class:`LocalPool`/:class:`DaskPool`.
    jobs : int or None
        Workers of a local pool or local cluster.
    scheduler : str or None
        The Dask scheduler's address.

    Returns
    -------
    tuple
        ``(pool, owned)``: the pool, and whether the caller must close it.

    Raises
    ------
    ParseError
        An unknown executor name, a bad scheduler address, or ``scheduler`` without Dask.
    UnsupportedError
        Dask is asked for but not installed.
    """
    if isinstance(executor, (LocalPool, DaskPool)):
        return executor, False
    if _is_client(executor):
        return DaskPool(client=executor), True
    if executor == "local":
        if scheduler:
            raise ParseError("--scheduler goes with --executor dask")
        return LocalPool(jobs), True
    if executor == "dask":
        return DaskPool(scheduler=scheduler, jobs=jobs), True
    raise ParseError(f"--executor: expected local or dask, got {executor!r}")

