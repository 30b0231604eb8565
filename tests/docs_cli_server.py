"""A fork server that runs ``gridsat`` command lines for the documentation tests.

Starting ``gridsat`` costs about a second (importing OR-tools and python-sat), and the
documentation has dozens of ``$ gridsat ...`` examples. This server imports
:mod:`gridsat.cli` once, listens on a Unix socket, and for each request forks a child
that takes over the client's standard input, output and error (passed as file
descriptors), changes to the client's working directory and runs
``gridsat.cli.main(argv)``; the exit code goes back to the client. The client is the
small ``gridsat`` shim that ``tests/test_docs_examples.py`` puts first on ``PATH``, so
shell pipelines such as ``gridsat generate ... | gridsat check`` behave as with the real
command.

Usage: ``python tests/docs_cli_server.py SOCKET_PATH`` (it runs until killed).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys

SHIM = '''#!{python} -S
# gridsat shim for the documentation tests: runs the command in the fork server
import json, os, socket, sys
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect({socket_path!r})
except OSError:
    os.execv({real!r}, [{real!r}] + sys.argv[1:])
request = json.dumps({{"argv": sys.argv[1:], "cwd": os.getcwd()}}).encode()
socket.send_fds(s, [request], [0, 1, 2])
reply = b""
while True:
    chunk = s.recv(64)
    if not chunk:
        break
    reply += chunk
sys.exit(int(reply) if reply.strip() else 1)
'''


#: imported by the server before it forks (gridsat imports most of these lazily)
PRELOAD = [
    "numpy", "ortools.sat.python.cp_model", "pysat.solvers", "pysat.card",
    "gridsat", "gridsat.cli", "gridsat.api", "gridsat.formats", "gridsat.encoders",
    "gridsat.backends", "gridsat.counting", "gridsat.generators", "gridsat.kinds.sudoku.logic",
    "gridsat.rendering", "gridsat.exports", "gridsat.experiments",
]


def write_shim(path: str, socket_path: str, real: str) -> None:
    """Write the ``gridsat`` shim that talks to the server at ``socket_path``."""
    with open(path, "w") as f:
        f.write(SHIM.format(python=sys.executable, socket_path=socket_path, real=real))
    os.chmod(path, 0o755)


def _child(conn: socket.socket, request: dict, fds: list[int]) -> None:
    for target, fd in enumerate(fds[:3]):
        os.dup2(fd, target)
    for fd in fds:
        os.close(fd)
    rc = 1
    try:
        os.chdir(request["cwd"])
        from gridsat.cli import main

        rc = main(request["argv"])
    except SystemExit as e:  # argparse: --help, usage errors
        rc = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - report like an uncaught exception would
        import traceback

        traceback.print_exc()
        rc = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed pipe (| head)
                pass
        try:
            conn.sendall(str(rc or 0).encode())
        finally:
            os._exit(0)


def serve(socket_path: str) -> None:
    """Accept requests forever, one forked child per request."""
    import importlib

    for name in PRELOAD:  # the expensive imports, done once; children start with them loaded
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional package, or a module that moved
            pass

    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped automatically
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(socket_path)
    srv.listen(64)
    while True:
        conn, _ = srv.accept()
        msg, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
        if not msg or len(fds) != 3:
            conn.close()
            for fd in fds:
                os.close(fd)
            continue
        request = json.loads(msg)
        if os.fork() == 0:
            srv.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            _child(conn, request, list(fds))
        conn.close()
        for fd in fds:
            os.close(fd)


if __name__ == "__main__":
    serve(sys.argv[1])
