"""Limits a job must honour, in three parts:

* :mod:`gridsat.limits.caps`: size and memory caps (:class:`TooLarge`, the memory budget an
  encoding's estimate is checked against, the address-space limit, sizes as text);
* :mod:`gridsat.limits.clocks`: time limits on work done in this process (:func:`alarm`);
* :mod:`gridsat.limits.child`: the child runner (:func:`run_in_child`, a job in a forked
  child killed at its deadline; :func:`die_with_parent`; :func:`report_progress`) and
  :class:`JobInterrupted`, Ctrl-C during a job.

Every public name is importable from ``gridsat.limits`` as well as from its module (loaded on
first use).
"""

from __future__ import annotations

#: public name -> the submodule defining it: each loads on first use (PEP 562), so a command
#: that only sets the memory limit loads neither the child runner nor the clocks (``signal``,
#: ``threading``)
_HOME = {**dict.fromkeys(("BASELINE", "DEFAULT_BUDGET", "DEFAULT_LIMIT", "LIMIT_ENV", "MAX_WORKERS", "TooLarge",
                          "apply_default_limit", "check_memory", "default_limit", "format_size", "memory_budget",
                          "memory_limit", "parse_limit", "parse_size", "set_memory_limit"), "caps"),
         **dict.fromkeys(("CHILD_BYTES", "ChildTimeout", "JobInterrupted", "die_with_parent", "report_progress",
                          "run_in_child"), "child"),
         **dict.fromkeys(("TimeLimitReached", "alarm"), "clocks")}

TYPE_CHECKING = False
if TYPE_CHECKING:  # what static tools see: the names as if imported here
    from .caps import (BASELINE, DEFAULT_BUDGET, DEFAULT_LIMIT, LIMIT_ENV, MAX_WORKERS, TooLarge, apply_default_limit,
                       check_memory, default_limit, format_size, memory_budget, memory_limit, parse_limit, parse_size,
                       set_memory_limit)
    from .child import CHILD_BYTES, ChildTimeout, JobInterrupted, die_with_parent, report_progress, run_in_child
    from .clocks import TimeLimitReached, alarm


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


__all__ = ["CHILD_BYTES", "MAX_WORKERS", "TooLarge", "JobInterrupted", "ChildTimeout", "parse_size", "format_size",
           "set_memory_limit", "memory_limit", "memory_budget", "check_memory", "run_in_child", "DEFAULT_BUDGET",
           "BASELINE", "report_progress", "TimeLimitReached", "alarm", "die_with_parent", "DEFAULT_LIMIT",
           "LIMIT_ENV", "parse_limit", "default_limit", "apply_default_limit"]
