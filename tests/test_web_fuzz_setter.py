"""The web fuzzing campaign's draws (``tests/fuzz/web.py``) at the setter's endpoints
(``/api/setter-candidates``, ``/api/redundant``, ``/api/explain-ambiguity``): mutated puzzles of
every kind, hostile ``cap`` values and raw bodies, sent to a real server on 127.0.0.1. Each
refusal is a 4xx with one clear line (no traceback, no 500), nothing the command line refuses
is accepted, and the server's log holds no traceback."""

from __future__ import annotations

import random
import tempfile

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from tests.fuzz.corpus import seeds  # noqa: E402
from tests.fuzz.web import SETTER, Request, draw, judge, prepare, start_server  # noqa: E402

#: requests sent
N = 150


def setter_requests(n: int) -> list:
    """The first ``n`` draws of the campaign (seed 0) that go to a setter's endpoint."""
    pool, out, i = seeds(), [], 0
    while len(out) < n:
        i += 1
        rng = random.Random(f"0-{i}")
        req = draw(rng, pool)
        if req.path.rsplit("/", 1)[-1] in SETTER:
            prepare(req, rng)
            out.append(req)
    return out


#: a small ambiguous Sudoku, a Hidato (a kind without the setter's jobs)
D4, HIDATO = "1...........4..1", "hidato\n1 . .\n. . .\n. . 9\n"
#: caps every setter's endpoint that takes one refuses
BAD_CAPS = [0, -1, 1001, 2.5, "2.5", "x", [], {}, 10 ** 400, 1e300]


def hostile() -> list:
    """Bodies each setter's endpoint must refuse (400): a cap out of range or not an integer, a
    kind without the job, no puzzle, a puzzle that is no text, a text no reader takes."""
    out = []
    for job in SETTER:
        path = f"/api/{job}"
        if job != "redundant":
            out += [Request("POST", path, {"puzzle": D4, "cap": cap}) for cap in BAD_CAPS]
        out += [Request("POST", path, body) for body in (
            {"puzzle": HIDATO}, {}, {"puzzle": 5}, {"puzzle": ["1..."]}, {"puzzle": "1.x4\n....\n....\n....\n"},
            {"puzzle": D4, "time_limit": -1}, {"puzzle": D4, "time_limit": "x"})]
        out += [Request("POST", path, raw=raw) for raw in (b"[]", b"null", b"{", b'{"puzzle": "' + b"1" * 10 + b'"')]
    return out


def test_the_setter_endpoints_refuse_hostile_bodies_with_one_clear_line():
    must_refuse = hostile()
    refuse = {id(r) for r in must_refuse}
    reqs = setter_requests(N) + must_refuse
    assert {r.path for r in reqs} == {f"/api/{e}" for e in SETTER}
    assert any(r.raw is not None for r in reqs) and any(isinstance(r.body, dict) and "cap" in r.body for r in reqs)
    found, statuses = [], {}
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        proc, url = start_server(log)
        try:
            with httpx.Client(base_url=url, timeout=60, trust_env=False) as client:
                for req in reqs:
                    if req.raw is not None:
                        r = client.post(req.path, content=req.raw, headers={"content-type": "application/json"})
                    else:
                        r = client.post(req.path, json=req.body)
                    statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                    try:
                        data = r.json()  # (every answer is JSON, refusals included)
                    except ValueError:
                        data = {"error": f"not JSON: {r.text[:100]}"}
                    if r.status_code == 202:
                        client.delete(f"/api/jobs/{data['id']}")
                    found += [(what, detail) for what, detail in judge(req, r.status_code, data)]
                    if id(req) in refuse and r.status_code != 400:
                        found.append(("not refused", f"{req.path} {req.body or req.raw!r}: {r.status_code}"))
                    if r.status_code >= 400:
                        error = data.get("error", "")
                        ok = (r.status_code in (400, 413, 429) and error and "\n" not in error
                              and "Traceback" not in error and data.get("status") == "error")
                        if not ok:
                            found.append(("unclear refusal", f"{req.path} {r.status_code} {str(data)[:200]}"))
        finally:
            proc.terminate()
            proc.wait(timeout=20)
        log.seek(0)
        text = log.read()
    assert found == [] and "Traceback" not in text, (found[:5], text[-2000:])
    assert statuses.get(200, 0) > 5 and statuses.get(400, 0) > 10, statuses  # both kinds of answer were seen
