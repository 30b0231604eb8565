"""The engine under the front door: every check, solve and count of every route runs here.

:mod:`.core` runs one job on one puzzle (:func:`run`) or on many (:func:`run_many`);
:mod:`.block` is its bulk entry for classic 9x9 puzzles given as raw lines (the command
line's files of plain lines), which answers a block at a time in the C core and still
returns :class:`~gridsat.result.Result` objects. The command line, the batch loop, the job
runner and the web server all reach their checks through these entries (by way of
:mod:`gridsat.api`, or :mod:`.block` directly).

The names below load :mod:`.core` on first use (PEP 562), so that the bulk entry starts
without the backends, encoders and kinds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["run", "run_many", "VerificationError", "check_limits", "CHILD_BYTES", "CHUNK"]

if TYPE_CHECKING:  # what static tools see: the names as if imported here
    from .core import CHILD_BYTES, CHUNK, VerificationError, check_limits, run, run_many


def __getattr__(name: str):
    """A name of :mod:`.core`, imported on first use (then kept as an attribute)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import core

    value = getattr(core, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
