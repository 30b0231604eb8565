"""Limits a job must honour: board size caps, memory estimates and budgets, time limits in a child.

* :class:`TooLarge` is raised *before* an encoding is built when a board is past its kind's
  size cap (``Kind.max_cells``) or when the encoding's memory estimate passes the memory
  budget (:func:`memory_budget`: the address-space limit set with :func:`set_memory_limit`,
  or ``gridsat --max-memory``, else :data:`DEFAULT_BUDGET`).
* :func:`run_in_child` runs a job in a forked child process that is killed at its deadline:
  the front door uses it for builds and backends that cannot stop on time by themselves
  (see :mod:`gridsat.engine`). Ctrl-C in the parent kills the child at once.
* :class:`JobInterrupted` is the :class:`KeyboardInterrupt` a job raises on Ctrl-C, carrying
  what was found so far (``result``; ``None`` when nothing is known).
* :func:`die_with_parent` ties a forked child's life to its parent's: every child the engine
  forks (a race's configurations, :func:`run_in_child`'s jobs) calls it, so when a parent is
  killed (a race's loser, a job past its limit, a process killed from outside) its children
  and their children go with it and none is left holding the job's output open.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..errors import GridsatError

__all__ = ["CHILD_BYTES", "MAX_WORKERS", "TooLarge", "JobInterrupted", "ChildTimeout", "parse_size", "format_size", "set_memory_limit",
           "memory_limit", "memory_budget", "check_memory", "run_in_child", "DEFAULT_BUDGET", "report_progress",
           "TimeLimitReached", "alarm", "die_with_parent", "DEFAULT_LIMIT", "LIMIT_ENV",
           "parse_limit", "default_limit", "apply_default_limit"]

#: under a time limit, a job whose encoding is estimated to need more than this many bytes
#: runs in a child process killed at the limit: its build alone may outlast the limit
CHILD_BYTES = 50_000_000
#: the most worker processes one batch or server starts (each a Python process with its solvers)
MAX_WORKERS = 256

#: the memory an encoding may be estimated to need when no address-space limit is set (bytes)
DEFAULT_BUDGET = 1_800_000_000
#: the part of an address-space limit left to the interpreter and its libraries (bytes)
BASELINE = 500_000_000
#: the address-space limit the command line sets when none is given (bytes): the default
#: budget plus the baseline, so that the budget the estimates are checked against is also
#: what the process can really use (see :func:`apply_default_limit`)
DEFAULT_LIMIT = DEFAULT_BUDGET + BASELINE
#: the environment variable that replaces :data:`DEFAULT_LIMIT` for the command line: a size
#: (``4G``) or ``unlimited``
LIMIT_ENV = "GRIDSAT_MAX_MEMORY"
#: the words :func:`parse_limit` takes for "no limit"
UNLIMITED = ("unlimited", "none", "off")

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


class TooLarge(GridsatError):
    """A board past its kind's size cap, or an encoding estimated to need more memory than allowed."""


class TimeLimitReached(GridsatError):
    """The time limit passed outside a backend (while the input was read; see :func:`alarm`)."""


@contextmanager
def alarm(seconds: float | None, message: str) -> Iterator[None]:
    """Raise :class:`TimeLimitReached` (``message``) inside the block if it runs past ``seconds``.

    A real-time timer (``SIGALRM``) interrupts pure-Python work such as reading a huge input;
    it does nothing for ``None``, off the main thread, or where the platform has no
    ``setitimer``. The previous handler is restored on the way out.
    """
    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    def ring(signum, frame):
        raise TimeLimitReached(message)

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


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


def parse_size(text: str) -> int:
    """Bytes from a size such as ``2G``, ``1500M``, ``512k`` or ``1000000``.

    Raises
    ------
    ValueError
        Not a positive size.

    Examples
    --------
    >>> parse_size("2G")
    2147483648
    >>> parse_size("1.5M")
    1572864
    """
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([bBkKmMgGtT]?)(?:i?[bB])?\s*", text or "")
    if not m:
        raise ValueError(f"not a size: {text!r} (examples: 2G, 1500M, 512K)")
    value = int(float(m.group(1)) * _UNITS[m.group(2).upper()])
    if value <= 0:
        raise ValueError(f"a size must be positive, not {text!r}")
    return value


def format_size(n: float) -> str:
    """``1.5 GB`` style text of a byte count (powers of 1000)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"


def parse_limit(text: str) -> int | None:
    """Bytes from a size (:func:`parse_size`), or ``None`` for ``unlimited`` (also ``none``, ``off``).

    Raises
    ------
    ValueError
        Neither a positive size nor one of those words.

    Examples
    --------
    >>> parse_limit("1500M")
    1572864000
    >>> parse_limit("unlimited") is None
    True
    """
    if (text or "").strip().lower() in UNLIMITED:
        return None
    return parse_size(text)


def set_memory_limit(nbytes: int | None) -> None:
    """Limit the address space of this process (and the children it starts) to ``nbytes``.

    Past it, allocations fail with :class:`MemoryError` instead of the machine swapping or
    the kernel killing the process. The limit can only be lowered below a hard limit.
    ``None`` lifts the limit (up to the hard limit).
    """
    import resource  # (POSIX only; loaded when a limit is set)

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if nbytes is None:
        nbytes = hard
    elif hard != resource.RLIM_INFINITY and nbytes > hard:
        nbytes = hard
    resource.setrlimit(resource.RLIMIT_AS, (nbytes, hard))


def default_limit(environ: "dict | None" = None) -> tuple[int | None, bool]:
    """The address-space limit the command line sets when ``--max-memory`` is not given.

    Returns
    -------
    (int or None, bool)
        The limit (``None``: unlimited) and whether it was asked for: ``$GRIDSAT_MAX_MEMORY``
        (:data:`LIMIT_ENV`) when set, a size or ``unlimited`` (True); else
        :data:`DEFAULT_LIMIT` (False).

    Raises
    ------
    ValueError
        The variable is set to neither (the message names it).
    """
    text = (os.environ if environ is None else environ).get(LIMIT_ENV, "").strip()
    if not text:
        return DEFAULT_LIMIT, False
    try:
        return parse_limit(text), True
    except ValueError as exc:
        raise ValueError(f"{LIMIT_ENV}: {exc}") from None


def apply_default_limit(environ: "dict | None" = None) -> int | None:
    """Set the command line's address-space limit when ``--max-memory`` is not given.

    ``$GRIDSAT_MAX_MEMORY`` is set as ``--max-memory`` would be; without it
    :data:`DEFAULT_LIMIT` is set, unless the process already has a limit (``ulimit -v``,
    ``prlimit``), which then stays. Every job of the process, every backend and the reading
    of its input, is then bounded: past the limit an allocation fails with
    :class:`MemoryError`, which the command line reports as one error line, and child
    processes (races, workers, a solver's own processes) inherit the limit, each for itself.
    Only the command line calls this: a program that imports gridsat keeps its own limits.

    Returns
    -------
    int or None
        The limit in force afterwards (``None``: none).

    Raises
    ------
    ValueError
        ``$GRIDSAT_MAX_MEMORY`` is not a size.
    """
    wanted, asked = default_limit(environ)
    if asked or memory_limit() is None:
        try:
            set_memory_limit(wanted)
        except (OSError, ValueError):  # pragma: no cover - no RLIMIT_AS here
            pass
    return memory_limit()


def memory_limit() -> int | None:
    """The address-space limit of this process in bytes (``None``: unlimited or unknown)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def memory_budget() -> int:
    """The memory an encoding's estimate may reach: the address-space limit less
    :data:`BASELINE` when one is set, else :data:`DEFAULT_BUDGET`."""
    limit = memory_limit()
    return DEFAULT_BUDGET if limit is None else max(limit - BASELINE, 0)


def check_memory(estimate: int, what: "str | Callable[[], str]") -> None:
    """Raise :class:`TooLarge` when ``estimate`` bytes pass :func:`memory_budget`; ``what``
    names the job (a callable is called only to write the message)."""
    budget = memory_budget()
    if estimate > budget:
        what = what if isinstance(what, str) else what()
        raise TooLarge(f"{what} is estimated to need {format_size(estimate)}, more than the "
                       f"{format_size(budget)} allowed (raise it with --max-memory, or pick a smaller encoding)")


# ---------------------------------------------------------------------- the child
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
