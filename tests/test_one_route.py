"""One route for every check: the command line (its bulk route of plain 9x9 lines and its
general loop), the batch job runner and the web API all check a puzzle through the engine,
and give the same :class:`~gridsat.result.Result` dict for it.

Only the timings differ between runs: each record's ``time`` (build, solve and total
seconds) and the ``seconds`` figures inside its ``stats`` (how long a step of the search
took) are left out of the comparison, and nothing else.
"""

from __future__ import annotations

import json
import pickle
import warnings

import pytest

from gridsat.cli import main
from gridsat.examples import example_text
from gridsat.formats import read_text
from gridsat.result import Result

#: classic 9x9 lines: unique (the first of top1465), ambiguous (no givens), impossible (a clash)
LINES = {
    "unique": "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "ambiguous": "." * 81,
    "impossible": "11" + "." * 79,
}
#: one puzzle a file, in its example's text: a jigsaw, a Hidato, a Numbrix
EXAMPLES = ["jigsaw-9x9", "hidato-8x8", "numbrix-9x9"]
#: the fields of a result dict the comparison leaves out (the seconds each run took), and
#: those of its ``stats``, at any depth
TIMING, STATS_TIMING = ("time",), ("seconds",)


def _untimed(value):
    """``value`` (a ``stats`` dict) without its timing figures."""
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k not in STATS_TIMING}
    return value


def _result_fields(record: dict) -> dict:
    """The Result part of a record (``Result.to_dict()``'s keys), without the timings."""
    keys = set(Result("check", "unique").to_dict()) | {"reason", "method", "approximate"}
    out = {k: v for k, v in record.items() if k in keys and k not in TIMING}
    out["stats"] = _untimed(out.get("stats"))
    return out


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """The files checked: the three plain lines in one file, and one file per example."""
    d = tmp_path_factory.mktemp("route")
    files = {}
    lines = d / "lines.txt"
    lines.write_text("".join(v + "\n" for v in LINES.values()))
    for i, name in enumerate(LINES, 1):
        files[name] = (str(lines), i)
    for name in EXAMPLES:
        path = d / f"{name}.txt"
        path.write_text(example_text(name))
        files[name] = (str(path), None)
    return files


def _fresh() -> None:
    """Forget the backends' cached solvers: a SAT solver asked again about a board of the
    same shape keeps what it learnt, and its figures (conflicts, decisions) differ. (The
    runner's and the web's worker processes start without any.)"""
    from gridsat.backends.base import _INSTANCES

    for backend in _INSTANCES.values():
        getattr(backend, "close", lambda: None)()


def _cli(inputs, capsys, time_limit: float | None) -> dict:
    """Each puzzle's record from ``gridsat check --json`` (without a time limit, the lines file
    runs the bulk route)."""
    got = {}
    for path in dict.fromkeys(p for p, _ in inputs.values()):
        _fresh()
        main(["check", path, "--json"] + ([] if time_limit is None else ["--time-limit", str(time_limit)]))
        for line in capsys.readouterr().out.splitlines():
            rec = json.loads(line)
            name = next(n for n, (p, i) in inputs.items() if p == rec["file"] and i in (None, rec["line"]))
            got[name] = rec
    return got


def _runner(inputs, time_limit: float | None) -> dict:
    """Each puzzle's record from the batch job runner (:func:`gridsat.jobs.run`)."""
    from gridsat.jobs import Task, run
    from gridsat.jobs.items import PuzzleItem, Reading
    from gridsat.jobs.tasks import PuzzleJob

    tasks, names = [], {}
    for name, (path, i) in inputs.items():
        entry = read_text(open(path).read(), path)[(i or 1) - 1]
        tid = f"{path}:{entry.line}"
        names[tid] = name
        tasks.append(Task(tid, PuzzleItem(entry.file, entry.line, entry.name, entry.format, entry.puzzle)))
    return {names[r["id"]]: r for r in run(tasks, Reading(PuzzleJob("check", time_limit=time_limit)), jobs=1)}


def _web(inputs, time_limit: float) -> dict:
    """Each puzzle's answer from ``/api/check``."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from gridsat.web import create_app
        from gridsat.web.payload import Limits

        got = {}
        with TestClient(create_app(Limits(max_time=60), workers=1)) as client:
            for name, (path, i) in inputs.items():
                text = LINES[name] if i else open(path).read()
                r = client.post("/api/check", json={"puzzle": text, "time_limit": time_limit})
                assert r.status_code == 200, r.text
                got[name] = r.json()
    return got


@pytest.mark.parametrize("time_limit", [None, 60])
def test_the_cli_the_runner_and_the_web_give_the_same_results(inputs, capsys, time_limit):
    """The same results for the same settings. (A time limit is one: under one, a Sudoku's
    clashing givens are looked for before the search, whose figures are then not in the
    stats. The web always has one; without one, the command line takes its bulk route.)"""
    cli, runner = _cli(inputs, capsys, time_limit), _runner(inputs, time_limit)
    assert set(cli) == set(runner) == set(inputs)
    assert cli["unique"]["status"] == "unique" and cli["ambiguous"]["status"] == "ambiguous"
    assert cli["impossible"]["status"] == "impossible"
    for name in inputs:
        assert _result_fields(cli[name]) == _result_fields(runner[name]), name
        assert cli[name]["time"].keys() == runner[name]["time"].keys()
    if time_limit is None:
        return
    web = _web(inputs, time_limit)
    for name in inputs:
        assert _result_fields(web[name]) == _result_fields(cli[name]), name


def test_a_bulk_result_is_the_engines_result():
    """The engine's bulk entry gives the results :func:`gridsat.check` gives, to the field,
    and writes the same JSON as ``to_dict``."""
    from gridsat import check
    from gridsat.engine.block import Block, LineResult

    block = Block.start("check", 3)
    if block is None:
        pytest.skip("no C core")
    got = list(block.run([v.encode() for v in LINES.values()]))
    assert type(got[0]) is LineResult and [r.status for r in got] == list(LINES)
    for res, text in zip(got, LINES.values()):
        assert json.loads(res.to_json()) == res.to_dict()
        want = check(read_text(text)[0].puzzle)
        assert _result_fields(res.to_dict()) == _result_fields(want.to_dict())
        assert res.puzzle == want.puzzle
    res = got[0]
    again = pickle.loads(pickle.dumps(res))  # (as the plain Result it reads as)
    assert type(again) is Result and again.to_dict() == res.to_dict() and again.puzzle == res.puzzle
    res.stats["extra"] = 1  # (a result may be changed; its JSON follows)
    assert json.loads(res.to_json()) == res.to_dict() and res.to_dict()["stats"]["extra"] == 1
