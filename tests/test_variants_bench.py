"""``benchmarks/variants.py`` on tiny puzzles without its peer, and the encoding choices it
measures (cages as sum tables or order-encoded sums, thermometers as support or order
clauses, CP-SAT's linear forms) agreeing with each other and with brute force."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import gridsat
from gridsat.backends import close_all
from gridsat.constraints import Cage, KillerCage, Thermometer

from tests.test_constraints import _assignments, _fresh, _holds

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))

import _variants_enc  # noqa: E402
import variants  # noqa: E402

#: two tiny puzzles in f-puzzles JSON (made by ``benchmarks/_variants_gen.py``'s steps): a 4x4
#: killer and a 4x4 thermometer puzzle, each with its one answer
TINY = {
    "killer-4": json.loads(
        '{"size":4,"title":"killer-4","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],'
        '[{},{"value":1,"given":true},{},{}]],"killercage":[{"cells":["R1C1","R1C2","R1C3"],"value":"7"},'
        '{"cells":["R3C2","R4C2","R4C3"],"value":"8"},{"cells":["R3C4","R4C4"],"value":"5"}],'
        '"solution":[1,2,4,3,4,3,1,2,3,4,2,1,2,1,3,4]}'),
    "thermo-4": json.loads(
        '{"size":4,"title":"thermo-4","grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],'
        '[{},{"value":1,"given":true},{"value":4,"given":true},{}]],"thermometer":[{"lines":[["R3C2","R4C1","R3C1"]]},'
        '{"lines":[["R1C4","R1C3","R1C2"]]}],"solution":[2,4,3,1,1,3,2,4,4,2,1,3,3,1,4,2]}'),
}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    d = tmp_path_factory.mktemp("variants")
    for name, obj in TINY.items():
        (d / f"{name}.json").write_text(json.dumps(obj))
    return sorted(d.glob("*.json"))


def test_the_tiny_puzzles_are_unique_with_their_answer():
    for obj in TINY.values():
        res = gridsat.check(_puzzle(obj))
        assert res.status == "unique" and list(res.solution) == obj["solution"]


def _puzzle(obj):
    from gridsat.formats import read_text

    return read_text(variants.link({k: v for k, v in obj.items() if k != "solution"}))[0].puzzle


def test_bench_runs_without_the_peer_and_prints_its_table(tiny):
    out = subprocess.run([sys.executable, str(BENCH / "variants.py"), *map(str, tiny), "--rounds", "1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "peer skipped: no --iss checkout given" in text
    assert "puzzle" in text and "gs ms" in text and "peer ms" in text
    rows = [line.split() for line in text.splitlines() if line.startswith(("killer-4", "thermo-4"))]
    assert [r[0] for r in rows] == ["killer-4", "thermo-4"]
    assert all("unique" in r for r in rows)
    assert "target every answer right: met" in text
    assert "target no puzzle over 10 s" in text


def test_bench_says_so_when_the_checkout_is_not_one(tiny, tmp_path):
    out = subprocess.run([sys.executable, str(BENCH / "variants.py"), str(tiny[0]), "--rounds", "1", "--no-process",
                          "--iss", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "peer skipped" in out.stdout and "killer-4" in out.stdout


def test_the_peer_text_of_the_tiny_puzzles():
    from _iss import to_iss

    text = to_iss({k: v for k, v in TINY["killer-4"].items() if k != "solution"})
    assert text == ".Shape~4x4.~R1C1_1.~R4C2_1.Cage~7~R1C1~R1C2~R1C3.Cage~8~R3C2~R4C2~R4C3.Cage~5~R3C4~R4C4"
    assert to_iss({"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
                   "littlekillersum": [{"cell": "R0C4", "direction": "DL", "value": "10"}]}) == ".LittleKiller~10~R1C3"


# ------------------------------------------------------------------ the encoding choices
@pytest.mark.parametrize("cls,attr,value", [(KillerCage, "cnf_sum", "order"), (Cage, "cnf_sum", "order"),
                                            (Thermometer, "cnf_form", "order")],
                         ids=["killercage-order", "cage-order", "thermometer-order"])
def test_other_cnf_forms_match_brute_force(monkeypatch, cls, attr, value):
    monkeypatch.setattr(cls, attr, value)
    for ex in cls.examples():
        con, good = ex.constraint, ex.good
        n = con.n
        new_var = _fresh(n)
        clauses = con.cnf(lambda c, v: c * n + v, new_var=new_var)
        cells, assignments = _assignments(con)
        for vals in assignments:
            values = list(good)
            for c, v in zip(cells, vals):
                values[c] = v
            assert _holds(clauses, values, n) == (con.problems(values) == []), (vals, con.problems(values))


def _small_collection():
    return [p for p in sorted(variants.DATA.glob("*.json")) if json.loads(p.read_text())["size"] <= 6]


@pytest.mark.parametrize("path", _small_collection(), ids=lambda p: p.stem)
def test_encoding_choices_agree_on_the_small_puzzles(path):
    """Each choice finds the one answer; with the givens taken out, each counts the same."""
    item = variants.Item(path)
    open_puzzle = item.puzzle.with_givens([0] * item.n ** 2)
    counts = {}
    for choice in _variants_enc.CHOICES:
        with _variants_enc.use(choice) as kw:
            close_all()
            res = gridsat.check(item.puzzle, **kw)
            assert res.status == "unique" and tuple(res.solution) == item.answer, choice
            close_all()
            counts[choice] = gridsat.count(open_puzzle, 200, **kw).count
    assert len(set(counts.values())) == 1, counts
