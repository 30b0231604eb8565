"""The workbench as a real server on 127.0.0.1 against clients that misbehave: slow headers and
bodies (cut off after ``--client-timeout``), a client that leaves mid-body (no traceback in the
server's log), many waiting requests at once (every one answered), and the token."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

#: a guard against a hang only (never a measure of speed)
GUARD = 60


def start(*extra: str, env: dict | None = None) -> tuple[subprocess.Popen, str, str]:
    """``gridsat serve --port 0`` on 127.0.0.1; returns the process, its address and the line it printed."""
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1", **(env or {})))
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not found:
        proc.kill()
        raise AssertionError(f"serve printed {line!r}; stderr: {proc.stderr.read()[:2000]}")
    return proc, found.group(0), line


def stop(proc: subprocess.Popen) -> str:
    """Stop the server; its standard error (the server's log)."""
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err


def connect(url: str) -> socket.socket:
    host, port = re.search(r"//([^:/]+):(\d+)", url).groups()
    sock = socket.create_connection((host, int(port)), timeout=GUARD)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a socket timeout fails the test)."""
    out = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return out
        out += chunk


@pytest.fixture(scope="module")
def server():
    proc, url, _ = start("--client-timeout", "1")
    try:
        yield url
    finally:
        stop(proc)


def test_partial_headers_are_cut_off_with_408(server):
    url = server
    with connect(url) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl")
        got = read_all(s)
    assert got.startswith(b"HTTP/1.1 408")


def test_a_connection_that_sends_nothing_is_closed(server):
    url = server
    with connect(url) as s:
        got = read_all(s)
    assert got == b"" or got.startswith(b"HTTP/1.1 408")


def test_a_partial_body_is_cut_off(server):
    url = server
    with connect(url) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 200\r\n\r\n{\"puzzle\": \"1...")
        got = read_all(s)
    assert b"200 OK" not in got


def test_the_server_goes_on_after_clients_leave_mid_body(server):
    url = server
    for _ in range(5):
        with connect(url) as s:
            s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 500\r\n\r\n{\"puzzle\": \"1...")
    with httpx.Client(base_url=url, trust_env=False, timeout=GUARD) as c:
        # the server goes on, and has read every disconnect before this answer
        assert c.post("/api/check", json={"puzzle": "1...........4..1"}).json()["status"] == "ambiguous"
        assert c.get("/api/info").status_code == 200


def test_clients_leaving_mid_body_leave_no_traceback_in_the_log():
    proc, url, _ = start()
    try:
        for _ in range(5):
            with connect(url) as s:
                s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{\"puz")
        with httpx.Client(base_url=url, trust_env=False, timeout=GUARD) as c:
            # answered after the server has read every disconnect above (one event loop, in order)
            assert c.post("/api/check", json={"puzzle": "1...........4..1"}).json()["status"] == "ambiguous"
            assert c.get("/api/info").status_code == 200
    finally:
        err = stop(proc)
    assert "Traceback" not in err and "Exception in ASGI" not in err, err[-3000:]


def test_a_body_cut_off_by_the_server_leaves_no_traceback_in_the_log():
    proc, url, _ = start("--client-timeout", "1")
    try:
        with connect(url) as s:
            s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{\"puz")
            assert b"200 OK" not in read_all(s)  # cut off by the server
        with httpx.Client(base_url=url, trust_env=False, timeout=GUARD) as c:
            assert c.get("/api/info").status_code == 200
    finally:
        err = stop(proc)
    assert "Traceback" not in err and "Exception in ASGI" not in err, err[-3000:]


def test_26_concurrent_generates_with_a_1_s_limit_all_answer():
    proc, url, _ = start()
    try:
        async def main() -> list[tuple[int, str]]:
            limits = httpx.Limits(max_connections=26)
            async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits, trust_env=False) as c:
                async def one(i: int) -> tuple[int, str]:
                    r = await c.post("/api/generate", json={"kind": "sudoku", "difficulty": "extreme", "seed": i,
                                                            "time_limit": 1})
                    return r.status_code, r.json().get("status")
                return await asyncio.gather(*(one(i) for i in range(26)))

        answers = asyncio.run(main())
    finally:
        err = stop(proc)
    assert [code for code, _ in answers] == [200] * 26, answers
    assert {status for _, status in answers} <= {"generated", "unknown"}
    assert "Traceback" not in err


def test_a_token_from_the_environment_guards_the_api():
    proc, url, line = start(env={"GRIDSAT_TOKEN": "t0ken-42"})
    try:
        assert "#token=t0ken-42" in line
        with httpx.Client(base_url=url, trust_env=False, timeout=GUARD) as c:
            assert c.post("/api/check", json={"puzzle": "1...........4..1"}).status_code == 401
            r = c.post("/api/check", json={"puzzle": "1...........4..1"},
                       headers={"Authorization": "Bearer t0ken-42"})
            assert r.status_code == 200 and r.json()["status"] == "ambiguous"
            assert c.get("/").status_code == 200
    finally:
        stop(proc)
