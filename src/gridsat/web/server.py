"""The HTTP server under the workbench: uvicorn's h11 protocol with a clock on slow clients.

uvicorn closes a connection idle between requests (``timeout_keep_alive``), but a client that
sends a request's headers or body a byte at a time holds its connection for as long as it
likes. :class:`GuardedH11Protocol` gives each request ``client_timeout`` seconds to send its
headers (counted from the connection, or from the previous answer), and as long again for
its body; a client past either is cut off (a ``408`` when it has not sent its headers yet).
:func:`config` builds the uvicorn configuration the workbench runs with.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["GuardedH11Protocol", "config", "CLIENT_TIMEOUT", "MAX_CONNECTIONS"]

#: seconds a client has to send a request's headers, and again its body
CLIENT_TIMEOUT = 10.0
#: connections served at once; a request past them answers 503
MAX_CONNECTIONS = 256
#: the answer to a client that did not send its headers in time
_TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
              b"connection: close\r\ncontent-length: 37\r\n\r\nthe request was not sent in time\r\n\r\n\r\n")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline on each request's headers and on its body."""

    client_timeout: float = CLIENT_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._phase: str | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def _arm(self, phase: str | None) -> None:
        if phase == self._phase:
            return
        self._phase = phase
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if phase is not None:
            self._deadline = self.loop.call_later(self.client_timeout, self._too_slow)

    def _track(self) -> None:
        """The phase the client is in: sending headers, sending a body, or waiting for its answer."""
        state = self.conn.their_state
        self._arm("headers" if state is h11.IDLE else "body" if state is h11.SEND_BODY else None)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        if self._phase == "headers" and self.conn.our_state is h11.IDLE:
            self.transport.write(_TIMED_OUT)
        # a body cut short: the application reads a disconnect and its job is cancelled
        self.transport.close()

    def connection_made(self, transport) -> None:  # type: ignore[override]
        """A new connection: its first request's headers are due within the timeout."""
        super().connection_made(transport)
        self._arm("headers")

    def data_received(self, data: bytes) -> None:
        """Bytes in: the deadline moves on when the headers, then the body, are complete."""
        super().data_received(data)
        self._track()

    def on_response_complete(self) -> None:
        """An answer sent: the next request's headers are due within the timeout."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._phase = None
            self._track()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: no deadline left."""
        self._arm(None)
        super().connection_lost(exc)


def config(app, *, client_timeout: float = CLIENT_TIMEOUT, max_connections: int = MAX_CONNECTIONS) -> Config:
    """The uvicorn configuration of the workbench: :class:`GuardedH11Protocol` with ``client_timeout``,
    at most ``max_connections`` connections, quiet logs (warnings and errors only).

    Parameters
    ----------
    app
        The ASGI application (:func:`gridsat.web.create_app`).
    client_timeout : float
        Seconds a client has to send a request's headers, and again its body.
    max_connections : int
        Connections served at once (uvicorn's ``limit_concurrency``).

    Returns
    -------
    uvicorn.Config
    """
    protocol = type("GuardedH11", (GuardedH11Protocol,), {"client_timeout": float(client_timeout)})
    return Config(app, http=protocol, log_level="warning", access_log=False, lifespan="on",
                  limit_concurrency=max_connections, timeout_keep_alive=5,
                  timeout_graceful_shutdown=5)
