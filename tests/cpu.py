"""CPU time for tests that bound work instead of wall time.

The suite runs on shared, loaded machines, where wall time says little about the code: a
test that must show a limit holds bounds the CPU time spent instead. CPU time never exceeds
wall time per thread, so a bound that holds on an idle machine holds on a loaded one.
"""

from __future__ import annotations

import resource
import time
from contextlib import contextmanager
from typing import Iterator


def children_cpu() -> float:
    """User plus system seconds of every child (and its descendants) waited for so far."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


class Spent:
    """CPU seconds spent inside a :func:`cpu` block: ``own`` (this process, all threads),
    ``children`` (waited-for child processes) and their ``total``."""

    own: float = 0.0
    children: float = 0.0

    @property
    def total(self) -> float:
        return self.own + self.children


@contextmanager
def cpu() -> Iterator[Spent]:
    """Measure the CPU time of the block: ``with cpu() as spent: ...; spent.total``."""
    spent = Spent()
    own, kids = time.process_time(), children_cpu()
    try:
        yield spent
    finally:
        spent.own = time.process_time() - own
        spent.children = children_cpu() - kids
