"""Memory and size caps: the memory budget an encoding's estimate is checked against, and sizes.

:class:`TooLarge` is raised *before* an encoding is built when a board is past its kind's
size cap (``Kind.max_cells``) or when the encoding's memory estimate passes the memory
budget (:func:`memory_budget`: the address-space limit set with :func:`set_memory_limit`,
or ``gridsat --max-memory``, else :data:`DEFAULT_BUDGET`). The command line sets its
address-space limit with :func:`apply_default_limit`; :data:`MAX_WORKERS` caps the worker
processes of one batch or server.
"""

from __future__ import annotations

import os
import re

from ..errors import GridsatError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Callable

__all__ = ["MAX_WORKERS", "TooLarge", "parse_size", "format_size", "set_memory_limit", "memory_limit",
           "memory_budget", "check_memory", "DEFAULT_BUDGET", "BASELINE", "DEFAULT_LIMIT", "LIMIT_ENV",
           "parse_limit", "default_limit", "apply_default_limit"]

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
