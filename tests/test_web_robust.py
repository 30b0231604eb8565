"""The workbench under hostile or careless use, in-process: bodies that used to answer 500,
values that used to be accepted although the command line refuses them, numbers that were
rounded or answered with Python's own message, the bounded queue (429), the token, and a
client that goes away (its job is cancelled, its worker killed)."""

from __future__ import annotations

import asyncio
import json
import os
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import gridsat  # noqa: E402
from gridsat.cli import main  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gridsat.web import create_app  # noqa: E402
from gridsat.web.payload import Limits  # noqa: E402

KIT = ("[0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 0 0 0 0 0 "
       "0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5]")
P4 = "1...........4..1"


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(Limits(max_time=30), workers=2), raise_server_exceptions=False) as c:
            yield c


def kit():
    return read_text(KIT)[0].puzzle


def kit_solution() -> list[int]:
    return list(gridsat.check(kit()).solution)


def refused(r, *words: str) -> dict:
    assert r.status_code == 400, (r.status_code, r.text[:300])
    d = r.json()
    assert "Traceback" not in r.text and len(d["error"]) < 300
    for w in words:
        assert w in d["error"], d["error"]
    return d


# ------------------------------------------------------------------ answers that were 500
def test_convert_with_a_solution_of_99s_is_400_not_500(client):
    r = client.post("/api/convert", json={"puzzle": KIT, "to": "json", "solution": [99] * 81})
    refused(r, "99", "outside 0..9")


def test_a_body_of_100000_nested_brackets_is_400_not_500(client):
    r = client.post("/api/check", content=b"[" * 100_000, headers={"content-type": "application/json"})
    refused(r, "nested too deeply")
    r = client.post("/api/check", content=b'{"puzzle": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400


def test_a_generator_kind_that_is_not_a_string_is_400(client):
    refused(client.post("/api/generate", json={"kind": ["sudoku"]}), "no generator")


# ------------------------------------------------------------------ wrong accepts
def test_convert_refuses_a_solution_that_contradicts_a_given_as_the_cli_does(client, tmp_path, capsys):
    p, sol = kit(), kit_solution()
    given = next(c for c, v in enumerate(p.givens) if v)
    bad = list(sol)
    bad[given] = sol[given] % 9 + 1
    # the command line refuses the same puzzle with that solution stored in it
    path = tmp_path / "bad.json"
    path.write_text(write(p, "json", bad), encoding="utf-8")
    assert main(["convert", "--to", "line", str(path)]) == 2
    assert "solution" in capsys.readouterr().err
    refused(client.post("/api/convert", json={"puzzle": KIT, "to": "json", "solution": bad}), "solution",
            "where the given is")
    # so is a solution that agrees with the givens but breaks a rule
    swapped = list(sol)
    a, b = [c for c in range(9) if not p.givens[c]][:2]
    swapped[a], swapped[b] = sol[b], sol[a]
    swapped[a + 9] = swapped[a]  # a value twice in a column
    refused(client.post("/api/convert", json={"puzzle": KIT, "to": "json", "solution": swapped}), "solution")
    # the right solution still converts, and reads back with it
    d = client.post("/api/convert", json={"puzzle": KIT, "to": "json", "solution": sol}).json()
    assert list(read_text(d["text"])[0].solution) == sol


@pytest.mark.parametrize("value", [10 ** 30, -5, 10])
def test_render_refuses_values_outside_the_puzzle(client, value):
    values = [0] * 81
    values[1] = value
    refused(client.post("/api/render", json={"puzzle": KIT, "solution": values}), "outside 0..9")


def test_render_still_draws_a_partial_grid(client):
    sol = kit_solution()
    partial = [v if c % 3 else 0 for c, v in enumerate(sol)]
    d = client.post("/api/render", json={"puzzle": KIT, "solution": partial}).json()
    assert d["status"] == "rendered" and d["svg"].startswith("<svg")


# ------------------------------------------------------------------ numbers
def test_a_time_limit_of_100000_digits_is_a_clean_400(client):
    raw = b'{"puzzle": "' + P4.encode() + b'", "time_limit": 1' + b"0" * 100_000 + b"}"
    d = refused(client.post("/api/check", content=raw, headers={"content-type": "application/json"}), "digits")
    assert "int_max_str_digits" not in d["error"] and "sys." not in d["error"]
    # as a string, and an integer that fits int() but no float
    d = refused(client.post("/api/check", json={"puzzle": P4, "time_limit": "1" + "0" * 100_000}), "time_limit")
    d = refused(client.post("/api/check", json={"puzzle": P4, "time_limit": 10 ** 400}), "time_limit", "at most")
    d = refused(client.post("/api/count", json={"puzzle": P4, "limit": 10 ** 4000}), "limit", "at most")


@pytest.mark.parametrize("path,body", [("/api/count", {"puzzle": P4, "limit": 2.5}),
                                       ("/api/count", {"puzzle": P4, "limit": "2.5"}),
                                       ("/api/true-candidates", {"puzzle": P4, "limit": 7.01}),
                                       ("/api/generate", {"kind": "sudoku", "size": 4, "count": 1.5}),
                                       ("/api/generate", {"kind": "sudoku", "size": 4.5}),
                                       ("/api/add-random", {"puzzle": KIT, "seed": 2.5})])
def test_a_fraction_where_an_integer_is_wanted_is_refused_not_rounded(client, path, body):
    refused(client.post(path, json=body), "expected an integer")


def test_whole_numbers_written_as_floats_are_still_taken(client):
    d = client.post("/api/count", json={"puzzle": "." * 16, "limit": 5.0}).json()
    assert d["count"] == 5


# ------------------------------------------------------------------ the queue
def test_the_queue_is_bounded_past_it_429_with_retry_after():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(Limits(max_time=30), workers=1)) as c:
            codes, ids, retry = [], [], []
            for seed in range(200):
                r = c.post("/api/improve", json={"time": 8, "size": 9, "seed": seed})
                codes.append(r.status_code)
                if r.status_code == 202:
                    ids.append(r.json()["id"])
                else:
                    retry.append(int(r.headers["retry-after"]))
                    assert r.json()["retry_after"] == retry[-1]
            try:
                assert set(codes) == {202, 429}
                assert codes.count(202) <= Limits().max_queue
                assert min(retry) >= 1
                # a waited-for request still has room in the queue past the background jobs
                assert c.post("/api/check", json={"puzzle": P4, "time_limit": 5}).status_code in (200, 429)
            finally:
                for i in ids:
                    c.delete(f"/api/jobs/{i}")
            states = [c.get(f"/api/jobs/{i}").json()["state"] for i in ids]
            assert set(states) <= {"cancelled", "done"} and states.count("cancelled") >= len(ids) - 3


def test_a_full_queue_of_waited_for_jobs_is_429_too():
    from gridsat.web.jobs import Busy, JobPool

    pool = JobPool(workers=1, max_queue=3)
    jobs = []
    try:
        with pytest.raises(Busy) as e:
            for _ in range(10):
                jobs.append(pool.submit("improve", {"start": None, "size": 9, "box": None, "budget": 30, "workers": 1,
                                                    "seed": 1}, 30))
        assert 3 <= len(jobs) <= 4 and e.value.retry_after >= 1
    finally:
        for j in jobs:
            pool.cancel(j.id)
        pool.shutdown()


# ------------------------------------------------------------------ a client that goes away
def _hard_board() -> str:
    from pathlib import Path

    from gridsat.kinds.hidato.format import write_grid

    frontier = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "hidato_c.txt"
    (board,) = [e.puzzle for e in read_text(frontier.read_text(), format="hidato") if e.name == "king30x30_d10_random"]
    return write_grid(board)


def _call(app, path: str, body: dict, gone) -> list[dict]:
    """Call the ASGI app as a server would; the client disconnects once ``gone()`` is true."""
    sent: list[dict] = []
    raw = json.dumps(body).encode()
    first = [True]

    async def receive():
        if first[0]:
            first[0] = False
            return {"type": "http.request", "body": raw, "more_body": False}
        end = time.monotonic() + 60  # a guard against a hang only
        while not gone() and time.monotonic() < end:
            await asyncio.sleep(0.02)
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())],
             "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 12345)}
    asyncio.run(app(scope, receive, send))
    return sent


def test_a_client_that_goes_away_cancels_its_job_and_frees_the_worker():
    app = create_app(Limits(max_time=30), workers=1)
    api = app.state.api
    try:
        def running() -> bool:
            return any(j.state == "running" for j in api.pool.jobs.values())

        body = {"puzzle": _hard_board(), "backend": "glucose4", "encoding": "cnf-pos", "time_limit": 10}
        _call(app, "/api/check", body, running)
        (job,) = api.pool.jobs.values()
        assert job.state == "cancelled" and "went away" in job.error
        time.sleep(0.3)
        with pytest.raises(ProcessLookupError):
            os.kill(job.pid, 0)
        # the one worker is free again: a quick check is answered by a fresh worker
        sent = _call(app, "/api/check", {"puzzle": KIT}, lambda: False)
        assert sent[0]["status"] == 200 and json.loads(sent[1]["body"])["status"] == "unique"
    finally:
        api.close()


def test_quick_requests_do_not_wait_for_a_long_one():
    """Two workers: a long check runs on one, quick checks keep being answered by the other."""
    app = create_app(Limits(max_time=30), workers=2)
    api = app.state.api
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with TestClient(app) as c:
                r = c.post("/api/check", json={"puzzle": _hard_board(), "backend": "glucose4",
                                                "encoding": "cnf-pos", "time_limit": 20, "async": True})
                assert r.status_code == 202  # any job may run in the background
                answered = [c.post("/api/check", json={"puzzle": KIT}).json()["status"] for _ in range(5)]
                assert answered == ["unique"] * 5
                c.delete(f"/api/jobs/{r.json()['id']}")
    finally:
        api.close()


# ------------------------------------------------------------------ the token
def test_a_token_guards_the_api_but_not_the_page():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(token="s3cret")) as c:
            assert c.post("/api/check", json={"puzzle": P4}).status_code == 401
            assert c.get("/api/info").status_code == 401
            assert c.get("/api/jobs/x").status_code == 401
            wrong = c.post("/api/check", json={"puzzle": P4}, headers={"Authorization": "Bearer nope"})
            assert wrong.status_code == 401 and "token" in wrong.json()["error"]
            ok = c.post("/api/check", json={"puzzle": P4}, headers={"Authorization": "Bearer s3cret"})
            assert ok.status_code == 200 and ok.json()["status"] == "ambiguous"
            assert c.get("/").status_code == 200
            js = c.get("/static/api.js")
            assert js.status_code == 200 and "Bearer" in js.text and "token=" in js.text


def test_serve_warns_about_a_host_other_than_loopback(monkeypatch, capsys):
    from gridsat.cli import serve

    def refuse(host, port):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(serve, "_listen", refuse)
    monkeypatch.delenv("GRIDSAT_TOKEN", raising=False)
    assert main(["serve", "--host", "0.0.0.0", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "warning: --host 0.0.0.0" in err and "no token" in err and "Traceback" not in err
    assert main(["serve", "--host", "0.0.0.0", "--port", "1", "--token", "t0k"]) == 2
    err = capsys.readouterr().err
    assert "warning: --host 0.0.0.0" in err and "no token" not in err
    for host in ("127.0.0.1", "localhost", "::1"):
        assert main(["serve", "--host", host, "--port", "1"]) == 2
        assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [(["--max-queue", "0"], "--max-queue"),
                                        (["--client-timeout", "-1"], "--client-timeout")])
def test_bad_new_serve_options_are_one_error_line(argv, says, capsys):
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_an_empty_token_is_refused(monkeypatch, capsys):
    monkeypatch.delenv("GRIDSAT_TOKEN", raising=False)
    assert main(["serve", "--token", " "]) == 2
    assert "token" in capsys.readouterr().err


def test_render_and_convert_read_a_hidato_solution_per_cell(client):
    from gridsat.examples import example_text

    text = example_text("hidato-6x5")
    p = read_text(text)[0].puzzle
    sol = list(gridsat.check(p).solution)
    assert client.post("/api/render", json={"puzzle": text, "solution": sol}).status_code == 200
    assert client.post("/api/convert", json={"puzzle": text, "to": "json", "solution": sol}).status_code == 200
    given = next(iter(p.givens))
    bad = list(sol)
    bad[given] = p.givens[given] % p.num_cells + 1
    refused(client.post("/api/render", json={"puzzle": text, "solution": bad}), "where the given is")
    refused(client.post("/api/convert", json={"puzzle": text, "to": "json", "solution": bad}), "solution")
    refused(client.post("/api/render", json={"puzzle": text, "solution": [0] * len(p.givens)}), "expected a list")
