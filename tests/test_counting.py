"""Counting engines: enumeration (enum, cpsat) and projected model counting (d4, ganak, approx).

Known counts: 4x4 Sudoku 288; 6x6 Sudoku with the first row fixed 39,168; order-5 Latin
squares 161,280 (A002860); Numbrix (rook) 3x3 40, 4x4 552 (A096969); Hidato (king) 3x3 784;
jigsaw 4x4 grids summed over the 117 region layouts 13,872 (A172478).
"""

import json

import pytest

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.cli import main
from gridsat.counting import (ApproxMethod, D4Method, Formula, cnf_formula, get_method, list_methods)
from gridsat.errors import UnsupportedError
from gridsat.generators.layouts import enumerate_layouts

EXACT_SHARP = ["d4", "ganak"]
EXACT = ["enum", "cpsat"] + EXACT_SHARP
ALL = EXACT + ["approx"]

EMPTY4 = Sudoku.empty(4)
ROW6 = Sudoku.classic([1, 2, 3, 4, 5, 6] + [0] * 30)
LATIN5 = Sudoku.jigsaw([0] * 25, regions=[r for r in range(5) for _ in range(5)])
UNIQUE4 = Sudoku.classic([0, 1, 0, 0, 0, 0, 0, 3, 0, 2, 0, 0, 4, 0, 0, 0])


def m(name, *marks):
    """A method name as a test parameter, skipped with the reason when its package is missing."""
    why = get_method(name).unavailable()
    return pytest.param(name, id=name, marks=[*marks, pytest.mark.skipif(why is not None, reason=why or "")])


def within(estimate, exact, eps=0.8):
    return exact / (1 + eps) <= estimate <= exact * (1 + eps)


# ---------------------------------------------------------------------- registry
def test_registry_lists_every_method_in_order():
    assert list_methods() == ["enum", "cpsat", "d4", "ganak", "approx"]
    assert set(list_methods(available=True)) <= set(list_methods())


def test_unknown_method_is_explained():
    with pytest.raises(UnsupportedError, match="no counting method 'nope'"):
        gridsat.count(EMPTY4, method="nope")


def test_missing_package_names_the_extra(monkeypatch):
    monkeypatch.setattr(D4Method, "module", "gridsat_no_such_module")
    with pytest.raises(UnsupportedError, match=r"d4solver.*gridsat\[count\]"):
        gridsat.count(EMPTY4, method="d4")


@pytest.mark.parametrize("kw", [dict(backend="minisat22"), dict(encoding="cnf-extended")],
                         ids=["cnf-backend", "cnf-encoding"])
def test_cpsat_method_refuses_cnf(kw):
    with pytest.raises(UnsupportedError):
        gridsat.count(EMPTY4, method="cpsat", **kw)


# ---------------------------------------------------------------------- counts
@pytest.mark.parametrize("method", [m(x) for x in ALL])
def test_empty_4x4(method):
    r = gridsat.count(EMPTY4, method=method)
    assert r.method == method and r.to_dict()["method"] == method
    assert r.status == "ambiguous"
    if method == "approx":
        assert r.approximate and not r.complete and within(r.count, 288)
        assert "epsilon=0.8" in r.reason and r.stats["delta"] == 0.2
    else:
        assert r.count == 288 and r.complete and not r.approximate
    # only enumeration returns (verified) solutions
    assert r.verified == (method in ("enum", "cpsat"))
    assert bool(r.solutions) == (method in ("enum", "cpsat"))


@pytest.mark.parametrize("method", [m(x) for x in EXACT])
@pytest.mark.parametrize("puzzle,expected", [
    (Hidato(3, 3, adjacency="rook"), 40),
    (Hidato(3, 3), 784),
], ids=["numbrix-3x3", "hidato-3x3"])
def test_hidato_counts(puzzle, expected, method):
    r = gridsat.count(puzzle, method=method, keep=2)
    assert (r.count, r.complete, r.status) == (expected, True, "ambiguous")


@pytest.mark.parametrize("method", [m("enum"), m("cpsat"), m("d4")])  # ganak: over a minute here (Arjun)
def test_numbrix_4x4(method):
    assert gridsat.count(Hidato(4, 4, adjacency="rook"), method=method).count == 552


@pytest.mark.parametrize("method", [m("d4"), m("ganak", pytest.mark.slow)])
def test_6x6_first_row(method):
    r = gridsat.count(ROW6, method=method, keep=2)
    assert (r.count, r.complete) == (39168, True)


@pytest.mark.slow
@pytest.mark.parametrize("method", [m(x) for x in EXACT_SHARP])
def test_latin_squares_order_5(method):
    assert LATIN5.is_jigsaw
    r = gridsat.count(LATIN5, method=method, keep=2)
    assert (r.count, r.complete, r.encoding) == (161280, True, "cnf-extended")


@pytest.mark.slow
@pytest.mark.parametrize("method", [m("d4")])
def test_a172478_n4_sum_over_layouts(method):
    layouts = list(enumerate_layouts(4))
    assert len(layouts) == 117  # A172477
    total = sum(gridsat.count(Sudoku.empty(4, regions=lay), method=method).count for lay in layouts)
    assert total == 13872


@pytest.mark.parametrize("puzzle,exact", [(EMPTY4, 288), (ROW6, 39168), (Hidato(3, 3), 784)],
                         ids=["4x4", "6x6-row", "hidato-3x3"])
def test_approx_within_tolerance(puzzle, exact):
    pytest.importorskip("pyapproxmc")
    r = gridsat.count(puzzle, method="approx")
    assert within(r.count, exact), (r.count, exact)
    assert r.approximate and not r.complete and r.status == "ambiguous"


def test_approx_small_count_is_exact():
    """Below ApproxMC's threshold no hash is added and the count is exact."""
    pytest.importorskip("pyapproxmc")
    r = gridsat.count(Hidato(3, 3, adjacency="rook"), method="approx")
    assert (r.count, r.complete, r.approximate, r.stats["hashes"]) == (40, True, False, 0)


def test_approx_options_pass_through():
    pytest.importorskip("pyapproxmc")
    r = gridsat.count(EMPTY4, method=ApproxMethod(epsilon=0.5, delta=0.1, seed=3))
    assert (r.stats["epsilon"], r.stats["delta"], r.stats["seed"]) == (0.5, 0.1, 3)
    assert within(r.count, 288, 0.5)
    with pytest.raises(UnsupportedError):
        ApproxMethod(epsilon=0)


# ---------------------------------------------------------------------- projection
@pytest.mark.parametrize("method", [m(x) for x in EXACT_SHARP])
@pytest.mark.parametrize("puzzle,encoding,expected", [
    (EMPTY4, "cnf-layered", 288),
    (EMPTY4, "cnf-regionlits", 288),
    (Sudoku.empty(4, regions=list(enumerate_layouts(4))[0]), "cnf-layered", 96),
    (Hidato(3, 3, adjacency="rook"), "cnf-arcs", 40),
], ids=["layered", "regionlits", "layered-jigsaw", "numbrix-arcs"])
def test_projection_gives_the_exact_count(puzzle, encoding, expected, method):
    """Encodings with auxiliary variables count right only when projected."""
    f = cnf_formula(puzzle, encoding)
    assert f.nvars > len(f.show)  # there are auxiliaries to project away
    r = gridsat.count(puzzle, method=method, encoding=encoding, keep=2)
    assert (r.count, r.encoding, r.stats["projection"]) == (expected, encoding, len(f.show))
    if method == "d4":
        assert gridsat.count(puzzle, method="enum", encoding=encoding, keep=2).count == expected


@pytest.mark.parametrize("method", [m("d4")])
def test_unprojected_count_overcounts(method):
    """The same formula counted over all its variables is far too large: the projection matters."""
    f = cnf_formula(EMPTY4, "cnf-layered")
    everything = Formula(f.nvars, f.clauses, list(range(1, f.nvars + 1)), f.encoding)
    full, _ = get_method(method).run_formula(everything, None)
    projected, _ = get_method(method).run_formula(f, None)
    assert projected == 288 and full > 288


def test_layered_formula_switches_its_layer_on():
    f = cnf_formula(EMPTY4, "cnf-layered")
    assert [f.nvars] in f.clauses  # the guard of the region layer, as a unit clause
    assert f.show == list(range(1, 65))


# ---------------------------------------------------------------------- statuses, limits, time
@pytest.mark.parametrize("method", [m(x) for x in ALL])
def test_unique_fetches_and_verifies_the_solution(method):
    r = gridsat.count(UNIQUE4, method=method)
    assert (r.count, r.status, r.complete) == (1, "unique", True)
    assert r.verified and gridsat.verify(UNIQUE4, r.solution) == []


@pytest.mark.parametrize("method", [m(x) for x in ALL])
@pytest.mark.parametrize("puzzle", [
    Sudoku.classic([1, 1] + [0] * 14),
    Sudoku.classic([1, 2, 0, 0, 0, 0, 0, 3] + [0] * 8),  # row 1 needs its 3 in box 2, which has one; no clash
    Hidato(3, 3, givens={(0, 0): 1, (2, 2): 2}),
], ids=["clash", "no-clash", "hidato"])
def test_impossible(puzzle, method):
    r = gridsat.count(puzzle, method=method, keep=2)
    assert (r.count, r.status, r.complete, r.approximate) == (0, "impossible", True, False)
    assert r.reason


@pytest.mark.parametrize("method", [m(x) for x in EXACT_SHARP + ["approx"]])
def test_limit_does_not_cut_a_model_count(method):
    r = gridsat.count(Hidato(3, 3, adjacency="rook"), limit=5, method=method)
    assert (r.count, r.complete) == (40, True)


@pytest.mark.parametrize("method", [m("enum"), m("cpsat")])
def test_limit_stops_enumeration(method):
    r = gridsat.count(EMPTY4, limit=5, method=method)
    assert (r.count, r.complete) == (5, False)


@pytest.mark.parametrize("method", [m(x) for x in EXACT_SHARP + ["approx"]])
def test_time_limit_stops_the_counter(method):
    r = gridsat.count(LATIN5, method=method, time_limit=0.3)
    assert (r.status, r.count, r.complete) == ("unknown", None, False)
    assert "time limit" in r.reason and r.total_time < 3


# ---------------------------------------------------------------------- CLI
@pytest.mark.parametrize("method", [m(x) for x in ALL])
def test_cli_json_names_the_method(method, capsys):
    line = "0" * 16
    import io
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(line + "\n")
    try:
        code = main(["count", "--method", method, "--json", "-"])
    finally:
        sys.stdin = old
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["method"] == method and out["approximate"] == (method == "approx")
    if method != "approx":
        assert out["count"] == 288 and out["complete"]


@pytest.mark.parametrize("method", [m("d4"), m("approx")])
def test_cli_text_shows_method(method, capsys):
    code = main(["count", "--method", method, "--example", "sudoku-4x4"])
    out = capsys.readouterr().out
    assert code == 0 and f"method {method}" in out and "unique: 1 solution" in out


def test_cli_approx_text_says_about(capsys, tmp_path):
    pytest.importorskip("pyapproxmc")
    p = tmp_path / "empty.txt"
    p.write_text("0" * 16 + "\n")
    code = main(["count", "--method", "approx", "--epsilon", "0.5", "--delta", "0.1", str(p)])
    out = capsys.readouterr().out
    assert code == 0 and "about" in out and "epsilon=0.5, delta=0.1" in out


def test_cli_default_output_unchanged(capsys):
    code = main(["count", "--example", "sudoku-4x4", "-q"])
    out = capsys.readouterr().out
    want = "/".join(gridsat.default_choice(Sudoku.empty(4)).pair)
    assert code == 0 and f"[line format, {want}," in out and "method" not in out


@pytest.mark.parametrize("givens", ["units", "assumptions"])
@pytest.mark.parametrize("method", [m("d4")])
def test_dimacs_export_of_a_layered_jigsaw_counts_right(givens, method):
    """The exported file carries the region layer of cnf-layered (it used to drop it: 576, not 96)."""
    from gridsat.exports.dimacs import read_dimacs, to_dimacs

    p = Sudoku.empty(4, regions=list(enumerate_layouts(4))[0])
    f = read_dimacs(to_dimacs(p, "cnf-layered", givens=givens))
    formula = Formula(f.nvars, f.clauses + [[a] for a in f.assumptions], f.show)
    assert get_method(method).run_formula(formula, None)[0] == 96


class _SlowFileCounter(D4Method):
    """Writes its DIMACS file, then outlives its time limit (the child is killed)."""

    def require(self):
        pass

    def count_formula(self, formula):
        from gridsat.counting.base import write_dimacs
        import time

        write_dimacs(formula)
        time.sleep(60)
        return 0, {}


def test_a_killed_counter_leaves_no_file(tmp_path, monkeypatch):
    import tempfile

    from gridsat.counting.base import CounterTimeout

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    formula = cnf_formula(EMPTY4)
    with pytest.raises(CounterTimeout):
        _SlowFileCounter().run_formula(formula, time_limit=1.0)
    assert list(tmp_path.iterdir()) == []
