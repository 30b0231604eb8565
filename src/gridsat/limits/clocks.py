"""Clocks: a time limit on work done in this process (reading the input, a hint, a generator).

:func:`alarm` raises :class:`TimeLimitReached` inside a block that runs past its seconds.
A job that cannot stop on time by itself runs in a child process killed at its deadline
instead (:mod:`gridsat.limits.child`).
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

from ..errors import GridsatError

__all__ = ["TimeLimitReached", "alarm"]


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
