"""The workbench's JSON API through Starlette's TestClient: every endpoint, bad input (400 with
the command line's line and column), the limits, and the job pool (time limit, cancel, a
worker killed with SIGKILL)."""

from __future__ import annotations

import json
import os
import signal
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import gridsat  # noqa: E402
from gridsat.cli import main  # noqa: E402
from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text  # noqa: E402
from gridsat.verifier import verify  # noqa: E402

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
        with TestClient(create_app(Limits(max_time=30), workers=2)) as c:
            yield c


def puzzle(text: str, **kw):
    return read_text(text, **kw)[0].puzzle


def wait_job(client, job_id: str, states=("done", "error", "cancelled", "timeout"), timeout: float = 30.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        j = client.get(f"/api/jobs/{job_id}").json()
        if j["state"] in states:
            return j
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still {j['state']} after {timeout} s")


# ------------------------------------------------------------------ endpoints
def test_parse_gives_the_board_the_page_draws(client):
    r = client.post("/api/parse", json={"puzzle": example_text("hidato-6x5")})
    assert r.status_code == 200
    b = r.json()["board"]
    p = puzzle(example_text("hidato-6x5"))
    assert (b["rows"], b["cols"]) == (6, 5)
    assert b["region"].count(None) == 30 - p.num_cells  # holes
    assert sum(v > 0 for v in b["givens"]) == p.num_givens
    assert b["spec"]["kind"] == "hidato"
    # the spec is puzzle text the server reads back to the same puzzle
    again = client.post("/api/parse", json={"puzzle": json.dumps(b["spec"])}).json()["board"]
    assert again["givens"] == b["givens"] and again["region"] == b["region"]


def test_check_the_kit_vector_is_unique_and_verified(client):
    d = client.post("/api/check", json={"puzzle": KIT}).json()
    assert d["status"] == "unique" and d["verified"] and d["format"] == "vector"
    p = puzzle(KIT)
    assert verify(p, d["solution"]) == [] and d["backend"] and "total" in d["time"]
    assert d == {**d, **gridsat.check(p).to_dict(), "time": d["time"], "stats": d["stats"]}


def test_check_ambiguous_names_the_cells_two_solutions_differ_in(client):
    d = client.post("/api/check", json={"puzzle": P4}).json()
    assert d["status"] == "ambiguous"
    a, b = d["solutions"]
    assert a != b and d["differ"] == [c for c in range(16) if a[c] != b[c]]
    assert all(verify(puzzle(P4), s) == [] for s in (a, b))


def test_check_impossible_gives_the_clash(client):
    d = client.post("/api/check", json={"puzzle": "11.............."}).json()
    assert d["status"] == "impossible" and "twice" in d["reason"]


def test_solve(client):
    d = client.post("/api/solve", json={"puzzle": example_text("jigsaw-9x9")}).json()
    assert d["status"] == "solved" and verify(puzzle(example_text("jigsaw-9x9")), d["solution"]) == []


def test_count_with_solutions(client):
    d = client.post("/api/count", json={"puzzle": "." * 16, "limit": 1000, "solutions": True}).json()
    assert d["count"] == 288 and d["complete"]
    sols = {tuple(s) for s in d["solutions"]}
    assert len(sols) == 288 and all(verify(gridsat.Sudoku.empty(4), s) == [] for s in list(sols)[:20])
    d = client.post("/api/count", json={"puzzle": "." * 16, "limit": 5}).json()
    assert d["count"] == 5 and not d["complete"] and "solutions" not in d


def test_count_hidato_with_holes(client):
    d = client.post("/api/count", json={"puzzle": example_text("hidato-6x5"), "limit": 100}).json()
    assert d["count"] == gridsat.count(puzzle(example_text("hidato-6x5")), 100).count and d["complete"]


def test_count_past_the_async_threshold_is_a_job_with_progress(client):
    r = client.post("/api/count", json={"puzzle": "." * 81, "limit": 200_000, "time_limit": 1})
    assert r.status_code == 202
    j = wait_job(client, r.json()["id"])
    assert j["state"] == "done" and 0 < j["result"]["count"] <= 200_000


def test_true_candidates_count_solutions_per_value(client):
    d = client.post("/api/true-candidates", json={"puzzle": P4}).json()
    assert d["complete"] and d["solutions_seen"] == d["count"]
    for tc in d["true_candidates"]:
        assert sum(tc["values"].values()) == d["count"]
    fixed = {tc["cell"] for tc in d["true_candidates"] if len(tc["values"]) == 1}
    assert {0, 15} <= fixed  # the givens


def test_candidates_fewest_first(client):
    d = client.post("/api/candidates", json={"puzzle": KIT}).json()
    sizes = [len(c["values"]) for c in d["candidates"]]
    assert sizes == sorted(sizes) and len(sizes) == 81 - puzzle(KIT).num_givens


def test_render_draws_the_givens(client):
    d = client.post("/api/render", json={"puzzle": KIT}).json()
    assert d["svg"].startswith("<svg") and d["svg"].count('class="given"') == puzzle(KIT).num_givens
    sol = client.post("/api/solve", json={"puzzle": KIT}).json()["solution"]
    d = client.post("/api/render", json={"puzzle": KIT, "solution": sol}).json()
    assert d["svg"].count('class="solved"') == 81 - puzzle(KIT).num_givens


def test_convert_reads_back(client):
    d = client.post("/api/convert", json={"puzzle": KIT, "to": "line"}).json()
    assert puzzle(d["text"]).givens == puzzle(KIT).givens
    r = client.post("/api/convert", json={"puzzle": KIT, "to": "hidato"})
    assert r.status_code == 400 and "sudoku" in r.json()["error"]


def test_rate(client):
    d = client.post("/api/rate", json={"puzzle": KIT}).json()
    assert d["status"] == "rated" and d["rating"]["rating"] > 0


def test_hint_highlights_a_step_that_agrees_with_the_solution(client):
    d = client.post("/api/hint", json={"puzzle": KIT}).json()
    sol = gridsat.check(puzzle(KIT)).solution
    assert d["step"]["explanation"] and d["cells"]["touched"]
    for cell, value in d["cells"]["placements"]:
        assert sol[cell] == value
    for cell, value in d["cells"]["eliminations"]:
        assert sol[cell] != value


def test_no_hint_on_a_grid_with_no_solution(client):
    """A wrong value that clashes with nothing: no step (a single would lead further astray)."""
    p = puzzle(KIT)
    sol = gridsat.check(p).solution
    units = [set(u) for _, u in p.units]
    cell = next(c for c in range(81) if not p.givens[c])
    near = {p.givens[u] for unit in units if cell in unit for u in unit}
    givens = list(p.givens)
    givens[cell] = next(v for v in range(1, 10) if v != sol[cell] and v not in near)
    d = client.post("/api/hint", json={"puzzle": "".join(str(v or ".") for v in givens)}).json()
    assert d["status"] == "impossible" and d["step"] is None and "no solution" in d["text"]


def test_hint_on_a_hidato(client):
    d = client.post("/api/hint", json={"puzzle": example_text("hidato-6x5")}).json()
    assert d["status"] == "hint" and d["cells"]["touched"]


@pytest.mark.parametrize("kind,opts", [("sudoku", {"size": 6, "symmetry": "rot180"}), ("jigsaw", {"size": 6}),
                                       ("hidato", {"rows": 5, "cols": 5}), ("numbrix", {"rows": 4, "shape": "diamond"})])
def test_generate_each_kind_is_unique(client, kind, opts):
    d = client.post("/api/generate", json={"kind": kind, "seed": 7, **opts}).json()
    (g,) = d["puzzles"]
    p = puzzle(g["text"])
    assert gridsat.check(p).status == "unique" and g["kind"] == kind


def test_generate_many_is_a_job_that_reports_each_puzzle(client):
    r = client.post("/api/generate", json={"kind": "sudoku", "size": 4, "count": 3, "seed": 1})
    assert r.status_code == 202
    j = wait_job(client, r.json()["id"])
    assert j["state"] == "done" and len(j["result"]["puzzles"]) == 3
    assert len({p["puzzle"] for p in j["result"]["puzzles"]}) == 3


def test_add_random_adds_one_value_that_clashes_with_nothing(client):
    d = client.post("/api/add-random", json={"puzzle": KIT, "seed": 3}).json()
    p = puzzle(d["text"])
    assert p.num_givens == puzzle(KIT).num_givens + 1 and not p.conflicts()
    r = client.post("/api/add-random", json={"puzzle": example_text("hidato-6x5")})
    assert r.status_code == 400
    assert "whose generator starts from a grid (sudoku and jigsaw), not hidato" in r.json()["error"]


def test_unique_from_the_current_grid(client):
    d = client.post("/api/unique", json={"puzzle": P4, "seed": 2}).json()
    p = puzzle(d["text"])
    assert gridsat.check(p).status == "unique"
    assert all(p.givens[c] == v for c, v in enumerate(puzzle(P4).givens) if v)


@pytest.mark.slow
def test_improve_is_a_job_with_progress(client):
    r = client.post("/api/improve", json={"time": 1.5, "size": 4, "seed": 1})
    assert r.status_code == 202
    job_id = r.json()["id"]
    running = wait_job(client, job_id, states=("running",))
    assert running["pid"] and 0 <= running["progress"]["fraction"] <= 1
    j = wait_job(client, job_id)
    assert j["state"] == "done", j
    assert gridsat.check(puzzle(j["result"]["text"])).status == "unique"


def test_info_lists_generators_and_formats(client):
    d = client.get("/api/info").json()
    assert {"sudoku", "jigsaw", "hidato", "numbrix"} <= set(d["generators"])
    assert "vector" in {f["name"] for f in d["formats"]} and d["limits"]["max_body"] > 0


def test_page_and_static_files(client):
    r = client.get("/")
    assert r.status_code == 200 and "<html" in r.text.lower()
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../payload.py").status_code == 404


# ------------------------------------------------------------------ bad input
def cli_error(tmp_path, capsys, text: str) -> tuple[str, int, int]:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    where, _, message = err.partition(": ")
    _, line, col = where.rsplit(":", 2)
    return message, int(line), int(col)


@pytest.mark.parametrize("text", ["1.x4\n....\n....\n....\n", "[1 2 3 0 0 0 0 0 0 0 0 0 0 0 0 17]",
                                  "1 0 0\n0 0 0\n0 0 99\n"])
@pytest.mark.parametrize("endpoint", ["solve", "check", "count", "hint", "rate", "render", "candidates"])
def test_bad_puzzle_is_400_with_the_cli_line_and_column(client, tmp_path, capsys, text, endpoint):
    message, line, col = cli_error(tmp_path, capsys, text)
    r = client.post(f"/api/{endpoint}", json={"puzzle": text})
    assert r.status_code == 400
    d = r.json()
    assert (d["message"], d["line"], d["col"]) == (message, line, col)
    assert d["error"] == f"<puzzle>:{line}:{col}: {message}"


@pytest.mark.parametrize("body,what", [
    (b"{not json", "not JSON"), (b"[1, 2]", "JSON object"), (b"{}", "missing"),
    (json.dumps({"puzzle": 5}).encode(), "string"), (json.dumps({"puzzle": ""}).encode(), "empty"),
    (json.dumps({"puzzle": P4, "time_limit": -1}).encode(), "time_limit"),
    (json.dumps({"puzzle": P4, "time_limit": 1e9}).encode(), "time_limit"),
    (json.dumps({"puzzle": P4, "time_limit": "soon"}).encode(), "time_limit"),
    (json.dumps({"puzzle": P4, "format": "nope"}).encode(), "nope"),
    (json.dumps({"puzzle": P4, "backend": "nope"}).encode(), "nope"),
    (b"\xff\xfe", "UTF-8"),
])
def test_bad_requests_are_400_without_a_traceback(client, body, what):
    r = client.post("/api/check", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert what in r.json()["error"] and "Traceback" not in r.text


def test_bad_options_are_400(client):
    for path, body in [("/api/count", {"puzzle": P4, "limit": 0}), ("/api/count", {"puzzle": P4, "limit": True}),
                       ("/api/generate", {"kind": "nope"}), ("/api/generate", {"kind": "sudoku", "rows": 5}),
                       ("/api/generate", {"kind": "sudoku", "size": 100}),
                       ("/api/generate", {"kind": "hidato", "shape": "/etc/passwd"}),
                       ("/api/improve", {"time": 1000}), ("/api/improve", {"workers": 99}),
                       ("/api/convert", {"puzzle": P4}), ("/api/render", {"puzzle": P4, "solution": [1, 2]})]:
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, body, r.text)
        assert r.json()["error"]


def test_a_megabyte_body_is_413(client):
    r = client.post("/api/check", content=b'{"puzzle": "' + b"." * (1 << 20) + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]


def test_a_100x100_board_is_refused(client):
    text = "\n".join(" ".join("0" for _ in range(100)) for _ in range(100))
    r = client.post("/api/check", json={"puzzle": text, "kind": "hidato"})
    assert 400 <= r.status_code < 500 and "too large" in r.json()["error"]


def test_a_path_is_puzzle_text_not_a_file(client, tmp_path):
    secret = tmp_path / "p.txt"
    secret.write_text(P4, encoding="utf-8")
    r = client.post("/api/check", json={"puzzle": str(secret)})
    assert r.status_code == 400 and P4 not in r.text


def test_unknown_job_is_404(client):
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.delete("/api/jobs/nope").status_code == 404


# ------------------------------------------------------------------ time limits and the pool
def test_time_limit_gives_status_unknown(client):
    # a sparse 30x30 Hidato that glucose4 on cnf-pos does not decide in seconds (an easy
    # board could be answered from a warm solver cache within any small limit)
    from pathlib import Path

    from gridsat.formats import read_text
    from gridsat.kinds.hidato.format import write_grid

    frontier = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "hidato_c.txt"
    (board,) = [e.puzzle for e in read_text(frontier.read_text(), format="hidato") if e.name == "king30x30_d10_random"]
    d = client.post("/api/check", json={"puzzle": write_grid(board), "backend": "glucose4", "encoding": "cnf-pos",
                                        "time_limit": 0.3}).json()
    assert d["status"] == "unknown" and "time limit of 0.3 s" in d["reason"]


def test_a_pool_job_past_its_time_limit_is_killed_and_unknown():
    from gridsat.web.jobs import JobPool

    pool = JobPool(workers=1)
    try:
        job = pool.run("improve", {"start": None, "size": 9, "box": None, "budget": 60, "workers": 1, "seed": 1}, 0.5)
        assert job.state == "timeout" and job.result["status"] == "unknown"
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):
            os.kill(job.pid, 0)
    finally:
        pool.shutdown()


def _start_long_improve(client) -> dict:
    r = client.post("/api/improve", json={"time": 30, "size": 9, "seed": 5})
    assert r.status_code == 202
    return wait_job(client, r.json()["id"], states=("running",))


def test_a_cancelled_job_stops_its_worker(client):
    j = _start_long_improve(client)
    d = client.delete(f"/api/jobs/{j['id']}").json()
    assert d["state"] == "cancelled"
    time.sleep(0.3)
    with pytest.raises(ProcessLookupError):
        os.kill(j["pid"], 0)
    assert client.get(f"/api/jobs/{j['id']}").json()["state"] == "cancelled"


def test_a_killed_worker_is_reported_and_the_server_goes_on(client):
    j = _start_long_improve(client)
    os.kill(j["pid"], signal.SIGKILL)
    done = wait_job(client, j["id"], timeout=10)
    assert done["state"] == "error" and "signal 9" in done["error"]
    assert client.post("/api/check", json={"puzzle": KIT}).json()["status"] == "unique"
    assert client.post("/api/hint", json={"puzzle": KIT}).status_code == 200


def test_serve_binds_localhost_by_default():
    from gridsat.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000


def test_serve_help_has_examples(capsys):
    assert main(["help", "serve"]) == 0
    assert "gridsat serve --port" in capsys.readouterr().out
