"""The setter's endpoints of the workbench (``setter-candidates``, ``redundant``,
``explain-ambiguity``) answer what the engine's setter jobs answer, on a 4x4 draft, an ambiguous
6x6 draft and a unique 9x9 with two redundant givens; bad input is one 400 line."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import gridsat  # noqa: E402
from gridsat.formats import read_text  # noqa: E402
from gridsat.verifier import verify  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gridsat.web import create_app  # noqa: E402
from gridsat.web.payload import Limits  # noqa: E402

D4 = "1...........4..1"
D6 = "1.3......2....5..........4.........6"
KIT = [0, 0, 0, 0, 6, 0, 3, 0, 0, 0, 0, 7, 0, 0, 0, 2, 0, 5, 3, 0, 0, 0, 0, 0, 1, 0, 7, 5, 7, 0, 0, 0, 0, 0, 0, 3, 0,
       2, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 5, 6, 0, 8, 0, 0, 7, 0,
       0, 0, 3, 0, 0, 0, 5]
#: the minimal puzzle above with two more givens of its solution (r1c1 = 1, r1c2 = 4): unique, both redundant
U9 = "[" + " ".join(map(str, [1, 4] + KIT[2:])) + "]"
PUZZLES = [D4, D6, U9]
HIDATO = "hidato\n1 . .\n. . .\n. . 9\n"


def thermo_text() -> str:
    """A unique 4x4 with two open cells and a thermometer r1c1-r1c2 that it needs not."""
    from gridsat import Sudoku
    from gridsat.constraints.lines import Thermometer
    from gridsat.formats import write

    givens = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    givens[5] = givens[10] = 0
    return write(Sudoku(4, givens, box=(2, 2), extra=[Thermometer(4, ((0, 1),))]), "fpuzzles").strip()


def puzzle(text: str):
    return read_text(text)[0].puzzle


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(Limits(max_time=30), workers=2)) as c:
            yield c


@pytest.mark.parametrize("text", PUZZLES)
def test_setter_candidates_are_the_engines(client, text):
    r = client.post("/api/setter-candidates", json={"puzzle": text, "cap": 5})
    assert r.status_code == 200, r.text
    d = r.json()
    tc = gridsat.true_candidates(puzzle(text), cap=5)
    assert d["status"] == tc.status and d["cap"] == 5 and d["complete"] == tc.complete
    got = {c["cell"]: {int(v): n for v, n in c["values"].items()} for c in d["true_candidates"]}
    assert got == tc.counts
    assert all(1 <= n <= 5 for vs in got.values() for n in vs.values())


@pytest.mark.parametrize("text", PUZZLES)
def test_redundant_is_the_engines(client, text):
    d = client.post("/api/redundant", json={"puzzle": text}).json()
    r = gridsat.redundant(puzzle(text))
    assert d["status"] == r.status and d["givens"] == r.givens and d["constraints"] == r.constraints
    if text == U9:
        assert {0, 1} <= set(d["givens"]) and d["names"][:2] == ["r1c1", "r1c2"]


def test_a_redundant_constraint_is_named_with_its_cells(client):
    text = thermo_text()
    d = client.post("/api/redundant", json={"puzzle": text}).json()
    r = gridsat.redundant(puzzle(text))
    assert r.constraints == [0] and d["constraints"] == [0] and d["givens"] == r.givens
    assert d["constraint_cells"] == [[0, 1]] and "hermometer" in d["labels"][0]


@pytest.mark.parametrize("text", PUZZLES)
def test_explain_ambiguity_is_the_engines(client, text):
    d = client.post("/api/explain-ambiguity", json={"puzzle": text, "cap": 8}).json()
    a = gridsat.explain_ambiguity(puzzle(text), cap=8)
    assert d["status"] == a.status
    if a.status == "ambiguous":
        p = puzzle(text)
        assert verify(p, d["first"]) == [] and verify(p, d["second"]) == []
        assert d["differ"] == [c for c in range(len(d["first"])) if d["first"][c] != d["second"][c]]
        assert (d["best"]["cell"], d["best"]["value"], d["best"]["left"]) == (a.best[0], a.best[1], a.left)


@pytest.mark.parametrize("endpoint", ["setter-candidates", "redundant", "explain-ambiguity"])
def test_a_kind_without_the_job_is_told_so(client, endpoint):
    r = client.post(f"/api/{endpoint}", json={"puzzle": HIDATO})
    assert r.status_code == 400
    assert "not available for" in r.json()["error"] and "Traceback" not in r.text


@pytest.mark.parametrize("body, word", [({"puzzle": D4, "cap": 0}, "cap"), ({"puzzle": D4, "cap": "ten"}, "cap"),
                                        ({"puzzle": "1.2"}, ""), ({}, "puzzle")])
def test_bad_input_is_one_400_line(client, body, word):
    r = client.post("/api/setter-candidates", json=body)
    assert r.status_code in (400, 422)
    err = r.json()["error"]
    assert word in err and "\n" not in err.strip() and "Traceback" not in r.text


def test_past_the_time_limit_the_status_is_unknown(client):
    empty = "." * 81  # a 9x9 with no givens: far more than 0.05 s of counting to 1000 per digit
    r = client.post("/api/setter-candidates", json={"puzzle": empty, "cap": 1000, "time_limit": 0.05})
    assert r.status_code == 200 and r.json()["status"] == "unknown"
