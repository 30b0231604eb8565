"""``-t`` for the commands whose work is Python (the logical solver, the generators) when they
run through the batch runner: each task runs under :func:`gridsat.limits.alarm`, and a task
past the limit is answered by a record that says so (status ``unknown``) instead of its result.
The runner's own kill at twice the limit stays the backstop for work the timer cannot
interrupt (a long call into a C solver)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..limits.clocks import TimeLimitReached, alarm

__all__ = ["Clocked", "rate_stopped", "rate_stopped_text", "generate_stopped", "generate_stopped_text"]


def rate_stopped(item: Any, reason: str) -> dict:
    """The JSON record of a puzzle whose rating the limit stopped."""
    return {"where": getattr(item, "where", ""), "status": "unknown", "reason": reason, "solved": False}


def rate_stopped_text(item: Any, reason: str) -> dict:
    """:func:`rate_stopped` with its text line, ``file:line: unknown: ...``."""
    rec = rate_stopped(item, reason)
    rec["text"] = f"{rec['where']}: unknown: {reason}"
    return rec


def generate_stopped(seed: Any, reason: str) -> dict:
    """The JSON record of a seed whose puzzle the limit stopped."""
    return {"seed": seed, "status": "unknown", "reason": reason}


def generate_stopped_text(seed: Any, reason: str) -> dict:
    """:func:`generate_stopped` with a note for standard error."""
    rec = generate_stopped(seed, reason)
    rec["note"] = f"gridsat: seed {seed}: unknown: {reason}"
    return rec


@dataclass
class Clocked:
    """A task function run within ``limit`` seconds per task.

    Parameters
    ----------
    fn : callable
        The task function.
    limit : float
        Seconds per task.
    stopped : callable
        ``stopped(payload, reason)``: the record of a task the limit stopped.
    """

    fn: Callable[[Any], Any]
    limit: float
    stopped: Callable[[Any, str], dict]

    def __call__(self, payload: Any) -> Any:
        """``fn(payload)``, or the record of a task stopped by the limit."""
        reason = f"time limit of {self.limit} s reached"
        try:
            with alarm(self.limit, reason):
                return self.fn(payload)
        except TimeLimitReached:
            return self.stopped(payload, reason)
