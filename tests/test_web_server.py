"""The workbench as a real server: ``gridsat serve`` in its own process on a free port of
127.0.0.1, answering 200 concurrent requests from a bounded loop."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

KIT = ("[0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 0 0 0 0 0 "
       "0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5]")


def start_server(*extra: str) -> tuple[subprocess.Popen, str]:
    """``gridsat serve --port 0`` in a child process; returns it and the address it printed."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    found = re.search(r"http://[^\s/]+/", line)
    if not found:
        proc.kill()
        raise AssertionError(f"serve printed {line!r}; stderr: {proc.stderr.read()[:2000]}")
    return proc, found.group(0)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop the server the way Ctrl-C does, then make sure it is gone."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def server():
    proc, url = start_server()
    try:
        yield url
    finally:
        stop_server(proc)


def test_serve_prints_a_localhost_address(server):
    assert server.startswith("http://127.0.0.1:")


@pytest.mark.slow
def test_200_concurrent_requests_all_answer(server):
    async def main() -> list[int]:
        gate = asyncio.Semaphore(50)  # a bounded loop: at most 50 requests in flight
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=server, timeout=60, limits=limits, trust_env=False) as client:
            async def one(i: int) -> int:
                async with gate:
                    body = {"puzzle": KIT} if i % 4 else {"puzzle": "1...........4..1"}
                    r = await client.post("/api/check", json=body)
                    expected = "unique" if i % 4 else "ambiguous"
                    return r.status_code if r.json()["status"] == expected else -r.status_code
            return await asyncio.gather(*(one(i) for i in range(200)))

    codes = asyncio.run(main())
    assert codes == [200] * 200


def test_a_pooled_job_through_the_real_server(server):
    with httpx.Client(base_url=server, trust_env=False, timeout=60) as client:
        r = client.post("/api/hint", json={"puzzle": KIT})
        assert r.status_code == 200 and r.json()["step"]["explanation"]


@pytest.mark.parametrize("argv, says", [
    (["--port", "99999"], "a port is 0-65535"),
    (["--port", "abc"], "--port"),
    (["--workers", "0"], "--workers"),
    (["--workers", "300"], "at most 256 worker processes"),
    (["--max-time", "-1"], "--max-time"),
])
def test_bad_serve_options_are_one_error_line(argv, says, capsys):
    from gridsat.cli import main

    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("gridsat serve: error:")


def test_a_port_in_use_is_one_error_line(capsys):
    import socket

    from gridsat.cli import main

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gridsat: cannot listen on 127.0.0.1:{port}") and len(err.strip().splitlines()) == 1
