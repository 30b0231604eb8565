"""A fixed slice of the web fuzzing campaign (``tests/fuzz/web.py``): a few hundred requests to
every endpoint of a real server on 127.0.0.1, mutated puzzles and hostile options and bodies.
No answer may be a 500 or a job's exception, the server's log holds no traceback, every
request is answered, and nothing the command line refuses is accepted."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

from tests.fuzz.corpus import seeds  # noqa: E402
from tests.fuzz.web import Request, draw, judge, run  # noqa: E402


def test_a_slice_of_the_web_campaign_finds_nothing():
    fig = run(300, seed=0, clients=4)
    assert fig["requests"] == 300
    found = {k: fig[k] for k in ("500", "job error", "traceback", "hang", "dropped", "wrong accept")}
    assert found == dict.fromkeys(found, 0), (found, fig["first"], fig["log"])
    assert fig["statuses"].get(200, 0) > 30 and fig["statuses"].get(400, 0) > 30  # both kinds of answer were seen


def test_the_draws_reach_every_endpoint():
    pool = seeds()
    paths = {draw(random.Random(f"0-{i}"), pool).path for i in range(1, 1500)}
    for endpoint in ("parse", "solve", "check", "count", "true-candidates", "candidates", "render", "convert",
                     "rate", "hint", "generate", "improve", "add-random", "unique"):
        assert f"/api/{endpoint}" in paths, endpoint


def test_the_oracle_flags_what_it_should():
    bad = Request("POST", "/api/count", {"puzzle": "1...........4..1", "limit": 2.5}, integer_fraction=True)
    assert [w for w, _ in judge(bad, 200, {"status": "counted"})] == ["wrong accept"]
    assert judge(bad, 400, {"error": "limit: expected an integer"}) == []
    refused = Request("POST", "/api/check", {"puzzle": "1.x4\n....\n....\n....\n"})
    assert [w for w, _ in judge(refused, 200, {"status": "unique"})] == ["wrong accept"]
    assert [w for w, _ in judge(refused, 500, "Internal Server Error")] == ["500"]
    wrong = Request("POST", "/api/solve", {"puzzle": "1...........4..1"})
    assert [w for w, _ in judge(wrong, 200, {"status": "solved", "solution": [1] * 16})] == ["wrong accept"]


def test_make_unique_is_judged_against_the_puzzle_it_answers():
    # a draft with a clash: "make unique" drops a given, so its solution is the new puzzle's,
    # which the draft's own givens may refuse
    from gridsat import Sudoku
    from gridsat.kinds.sudoku.generate import from_partial
    from gridsat.verifier import verify

    draft = "1 1 . .\n. . . .\n. . . .\n. . . .\n"
    g = from_partial(Sudoku(4, [1, 1] + [0] * 14), seed=3)
    assert g.info["dropped"] and verify(Sudoku(4, [1, 1] + [0] * 14), g.solution)
    answer = {"status": "unique", "puzzle": "".join(str(v or ".") for v in g.puzzle.givens), "box": [2, 2],
              "solution": list(g.solution)}
    req = Request("POST", "/api/unique", {"puzzle": draft})
    assert judge(req, 200, answer) == []
    wrong = dict(answer, solution=[1] * 16)
    assert judge(req, 200, wrong) == [("wrong accept", "/api/unique: an answer the verifier refuses")]
