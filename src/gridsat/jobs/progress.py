"""What a running batch reports to a progress callback: tasks done, errors, rate and time left."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

__all__ = ["ProgressInfo", "Progress"]


@dataclass
class ProgressInfo:
    """A snapshot of a batch's progress.

    Attributes
    ----------
    done : int
        Tasks answered in this run.
    errors : int
        Of those, the ones answered by an error record.
    skipped : int
        Tasks already in the output file (``resume``).
    total : int or None
        Tasks this run will answer, when known.
    elapsed : float
        Seconds since the run started.
    """

    done: int = 0
    errors: int = 0
    skipped: int = 0
    total: int | None = None
    elapsed: float = 0.0

    @property
    def rate(self) -> float:
        """Tasks answered per second."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the current rate (``None`` when the total or the rate is unknown)."""
        if self.total is None or not self.rate:
            return None
        return max(0.0, (self.total - self.done) / self.rate)


class Progress:
    """Counts answered tasks and calls ``callback`` at most every ``every`` seconds.

    Parameters
    ----------
    callback : callable or None
        Called with a :class:`ProgressInfo`.
    total : int or None
        The number of tasks, when known.
    every : float
        The least number of seconds between two calls (the last call is always made).
    """

    def __init__(self, callback: "Callable[[ProgressInfo], None] | None", total: int | None = None,
                 every: float = 0.2) -> None:
        self.callback, self.every = callback, every
        self.info = ProgressInfo(total=total)
        self._t0 = time.monotonic()
        self._last = 0.0

    def skip(self, n: int = 1) -> None:
        """Count ``n`` tasks found answered already."""
        self.info.skipped += n
        if self.info.total is not None:
            self.info.total = max(0, self.info.total - n)

    def add(self, n: int = 1, errors: int = 0, *, final: bool = False) -> None:
        """Count ``n`` answered tasks, ``errors`` of them answered by an error record."""
        self.info.done += n
        self.info.errors += errors
        self.tick(final=final)

    def tick(self, final: bool = False) -> None:
        """Report to the callback if ``every`` seconds have passed (or ``final``)."""
        now = time.monotonic()
        self.info.elapsed = now - self._t0
        if self.callback is not None and (final or now - self._last >= self.every):
            self._last = now
            self.callback(self.info)
