"""The child runner: a job in a forked child process killed at its deadline, and Ctrl-C.

* :func:`run_in_child` runs a job in a forked child process that is killed at its deadline:
  the front door uses it for builds and backends that cannot stop on time by themselves
  (see :mod:`gridsat.engine`), when the job's estimate passes :data:`CHILD_BYTES`. Ctrl-C
  in the parent kills the child at once.
* :func:`report_progress` lets a backend in such a child forward what it found so far.
* :class:`JobInterrupted` is the :class:`KeyboardInterrupt` a job raises on Ctrl-C, carrying
  what was found so far (``result``; ``None`` when nothing is known).
* :func:`die_with_parent` ties a forked child's life to its parent's: every child the engine
  forks (a race's configurations, :func:`run_in_child`'s jobs) calls it, so when a parent is
  killed (a race's loser, a job past its limit, a process killed from outside) its children
  and their children go with it and none is left holding the job's output open.
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any, Callable

from ..errors import GridsatError

__all__ = ["CHILD_BYTES", "ChildTimeout", "JobInterrupted", "die_with_parent", "report_progress", "run_in_child"]

#: under a time limit, a job whose encoding is estimated to need more than this many bytes
#: runs in a child process killed at the limit: its build alone may outlast the limit
CHILD_BYTES = 50_000_000


class ChildTimeout(GridsatError):
    """A job run in a child process reached its deadline and was killed."""


class JobInterrupted(KeyboardInterrupt):
    """Ctrl-C during a job, with what the job had found so far.

    Attributes
    ----------
    result : Result or None
        The partial result (``complete`` False, ``stats["interrupted"]`` True), or ``None``.
    """

    def __init__(self, result: Any = None) -> None:
        super().__init__("interrupted")
        self.result = result


#: ``prctl`` option: the signal the kernel sends this process when its parent dies (Linux)
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> bool:
    """In a child just forked from process ``parent``: have the kernel kill this process
    (``SIGKILL``) as soon as its parent dies, so no child outlives the job that started it.

    On Linux this is ``prctl(PR_SET_PDEATHSIG)``; a child whose parent died before the call
    exits at once. Elsewhere it does nothing and returns False (the parent still kills its
    own children when it stops; a child whose parent is killed from outside then runs on
    until its own time limit).

    Parameters
    ----------
    parent : int
        The parent's process id (``os.getpid()`` before the fork).

    Returns
    -------
    bool
        Whether the kernel will kill this process with its parent.
    """
    global _LIBC
    if not os.uname().sysname == "Linux":  # pragma: no cover - other systems
        return False
    try:
        if _LIBC is None:
            import ctypes

            _LIBC = ctypes.CDLL(None, use_errno=True)
        if _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:  # pragma: no cover
            return False
    except (OSError, AttributeError):  # pragma: no cover - no prctl
        return False
    if os.getppid() != parent:  # the parent died before the call: it can no longer kill us
        os._exit(1)
    return True


_LIBC = None
_PROGRESS: "Callable[[Any], None] | None" = None


def report_progress(state: Any) -> None:
    """Called by a backend after each solution it finds (with its partial outcome).

    A no-op unless the job runs in a child of :func:`run_in_child`, where it forwards the
    count and the first solutions to the parent (at most every 0.1 s), so a job killed at
    its deadline or by Ctrl-C still reports what it had found.
    """
    if _PROGRESS is not None:
        _PROGRESS(state)


def _child(conn, fn: Callable, args: tuple, kwargs: dict) -> None:
    """Child body: run ``fn``, stream progress, send the answer (or the error) to the parent."""
    global _PROGRESS
    last = [0.0]

    def forward(state) -> None:
        now = time.perf_counter()
        if now - last[0] >= 0.1:
            last[0] = now
            try:
                conn.send(("progress", (state.count, list(state.solutions))))
            except Exception:  # pragma: no cover - the parent went away
                pass

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and kills us
        _PROGRESS = forward
        conn.send(("ok", fn(*args, **kwargs)))
    except MemoryError:
        conn.send(("memory", "out of memory"))
    except BaseException as exc:  # every failure goes to the parent
        conn.send(("error", exc if isinstance(exc, GridsatError) else f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()
        os._exit(0)


def run_in_child(fn: Callable, args: tuple = (), kwargs: "dict | None" = None, *,
                 time_limit: float | None = None, what: str = "job") -> Any:
    """``fn(*args, **kwargs)`` in a forked child, killed after ``time_limit`` seconds.

    Returns
    -------
    object
        ``fn``'s value.

    Raises
    ------
    ChildTimeout
        The deadline passed; ``progress`` holds the last ``(count, solutions)`` the child
        reported through :func:`report_progress` (``None`` when none).
    JobInterrupted
        Ctrl-C in the parent; ``progress`` as above (the child is killed).
    MemoryError
        The child ran out of memory.
    GridsatError
        The child raised (the same error when it was a :class:`GridsatError`) or died.
    """
    from multiprocessing import Pipe  # (loaded with the first child, not with import gridsat)

    # a plain fork, not multiprocessing.Process: the job may itself run in a daemonic worker
    # process (a race), which multiprocessing forbids to have children
    recv, send = Pipe(duplex=False)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        recv.close()
        die_with_parent(parent)
        _child(send, fn, args, kwargs or {})
    send.close()
    progress = None
    exited = False

    def died() -> GridsatError:
        return GridsatError(f"{what} died (exit status {status})")

    status = None
    try:
        while True:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                err = ChildTimeout(f"{what}: time limit of {time_limit} s reached")
                err.progress = progress
                raise err
            if not recv.poll(0.05 if left is None else min(left, 0.05)):
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    exited = True
                    if not recv.poll(0):
                        raise died()
                continue
            try:
                tag, value = recv.recv()
            except EOFError:
                raise died() from None
            if tag == "progress":
                progress = value
                continue
            break
    except KeyboardInterrupt:
        exc = JobInterrupted()
        exc.progress = progress
        raise exc from None
    finally:
        if not exited:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover - already gone
                pass
            os.waitpid(pid, 0)
        recv.close()
    if tag == "memory":
        raise MemoryError(f"{what} ran out of memory")
    if tag == "error":
        if isinstance(value, GridsatError):
            raise value
        raise GridsatError(f"{what} failed: {value}")
    return value
