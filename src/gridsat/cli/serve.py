"""``gridsat serve``: the web workbench, a board in the browser over the JSON API (:mod:`gridsat.web`)."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys

from .argtypes import nonnegative_int, positive_float, positive_int, positive_worker_count
from .exitcodes import EXIT_OK, EXIT_USAGE

__all__ = ["register", "run"]

#: the environment variable that gives the token when --token does not
TOKEN_ENV = "GRIDSAT_TOKEN"

EXAMPLES = """examples:
  gridsat serve
  gridsat serve --port 8080 --workers 4
  GRIDSAT_TOKEN=s3cret gridsat serve --host 0.0.0.0 --max-time 30

Then open the address it prints. --host 0.0.0.0 lets other machines in: the server reads
no file and writes none, but anyone who can reach it can keep its workers busy. Give it a
token (--token, or the GRIDSAT_TOKEN environment variable, which other users of the machine
cannot read in the process list) and put it behind a reverse proxy (see the web how-to)."""


def _port(text: str) -> int:
    """A TCP port number, 0-65535 (0: any free port)."""
    port = nonnegative_int(text)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, got {text!r}")
    return port


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``serve`` subcommand to ``subparsers``."""
    p = subparsers.add_parser("serve", help="run the web workbench (solve, check, hint, generate in a browser)",
                              description="Serve the web workbench: a page with an editable board for every "
                                          "puzzle kind, over a JSON API (POST /api/solve, /api/check, ...). "
                                          "Needs the 'web' extra (starlette, uvicorn).",
                              epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0: any free port)")
    p.add_argument("--workers", type=positive_worker_count, default=2,
                   help="worker processes for the engine's jobs (default 2)")
    p.add_argument("--max-time", type=positive_float, default=60.0, metavar="SECONDS",
                   help="the longest time limit a request may ask for (default 60)")
    p.add_argument("--max-queue", type=positive_int, default=64, metavar="N",
                   help="jobs that may wait for a worker; past them a request answers 429 (default 64)")
    p.add_argument("--client-timeout", type=positive_float, default=10.0, metavar="SECONDS",
                   help="seconds a client has to send a request's headers, and again its body (default 10)")
    p.add_argument("--token", default=None, metavar="TOKEN",
                   help=f"every API request must carry it (Authorization: Bearer TOKEN); default: ${TOKEN_ENV}, "
                        "else none")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.set_defaults(func=run)
    return p


def _listen(host: str, port: int):
    """A socket bound to ``host:port`` and listening (so the address printed already answers)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # accepted connections inherit it: a response's headers and body are written apart, and
    # with Nagle's algorithm the body would wait for the client's delayed ACK (about 40 ms)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (``localhost``, ``127.x.x.x``, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args) -> int:
    """Run ``gridsat serve`` until interrupted; returns the exit code."""
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.payload import Limits
        from ..web.server import config
    except ImportError as e:
        print(f"gridsat: serve needs the 'web' extra: pip install 'gridsat[web]' ({e})", file=sys.stderr)
        return EXIT_USAGE
    token = args.token if args.token is not None else os.environ.get(TOKEN_ENV) or None
    if token is not None and not token.strip():
        print("gridsat: --token: the token is empty", file=sys.stderr)
        return EXIT_USAGE
    if not is_loopback(args.host):
        print(f"gridsat: warning: --host {args.host} lets other machines reach the server"
              + ("" if token else f", and no token protects it (--token or ${TOKEN_ENV})")
              + "; it speaks plain HTTP: put it behind a reverse proxy with TLS (see the web how-to)",
              file=sys.stderr, flush=True)
    limits = Limits(max_time=args.max_time, default_time=min(10.0, args.max_time), max_queue=args.max_queue)
    app = create_app(limits, workers=args.workers, token=token)
    server = uvicorn.Server(config(app, client_timeout=args.client_timeout))
    try:
        sock = _listen(args.host, args.port)
    except OSError as e:
        print(f"gridsat: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return EXIT_USAGE
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/" + (f"#token={token}" if token else "")
    print(f"gridsat workbench on {address}  (Ctrl-C stops it)", flush=True)
    if args.open:
        import webbrowser

        webbrowser.open(address)
    server.run(sockets=[sock])
    return EXIT_OK
