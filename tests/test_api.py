"""The front door: defaults, name resolution, errors, and the impossible/clash path."""

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.errors import PuzzleError, UnsupportedError

EMPTY4 = Sudoku.empty(4)


def test_defaults_exist_and_match_targets():
    for name in gridsat.list_kinds():
        kind = gridsat.get_kind(name)
        for choice in kind.choices:
            b = gridsat.get_backend(choice.backend)
            e = gridsat.get_encoding(choice.encoding, name)
            assert b.target == e.target


def test_backend_is_shared_instance():
    assert gridsat.get_backend("minisat22") is gridsat.get_backend("minisat22")


def test_unknown_backend_and_encoding_are_explained():
    with pytest.raises(UnsupportedError, match="no backend 'nope'"):
        gridsat.solve(EMPTY4, backend="nope")
    with pytest.raises(UnsupportedError, match="no encoding 'nope'"):
        gridsat.solve(EMPTY4, encoding="nope")


def test_target_mismatch_is_explained():
    with pytest.raises(UnsupportedError, match="cpsat-int is for cpsat backends"):
        gridsat.solve(EMPTY4, backend="minisat22", encoding="cpsat-int")


@pytest.mark.parametrize("backend", ["minisat22", "cpsat"])
def test_encoding_follows_backend(backend):
    r = gridsat.solve(EMPTY4, backend=backend)
    assert r.status == "solved" and r.verified
    assert gridsat.get_encoding(r.encoding, "sudoku").target == gridsat.get_backend(backend).target


def test_clash_is_impossible_and_named():
    g = [1, 1] + [0] * 14
    r = gridsat.check(Sudoku(4, g))
    assert r.status == "impossible"
    assert "1 is given twice in row 1: r1c1 and r1c2" in r.reason
    assert r.count == 0 and r.complete


def test_solve_count_check_statuses():
    r = gridsat.count(EMPTY4, limit=5)
    assert (r.count, r.complete, r.status) == (5, False, "ambiguous")
    full = gridsat.solve(EMPTY4).solution
    r = gridsat.check(EMPTY4.with_givens(full[:-1] + (0,)))
    assert r.status == "unique" and r.solution == full


def test_result_to_dict_is_json_ready():
    import json

    d = gridsat.check(EMPTY4).to_dict()
    json.dumps(d)
    assert d["status"] == "ambiguous" and d["job"] == "check" and "total" in d["time"]


@pytest.mark.parametrize(
    "args, message",
    [
        ((4, [5] + [0] * 15), "outside 1..4"),
        ((4, [0] * 15), "expected 16 cells"),
        ((5, None), "no r x c box shape"),
        ((4, None, [0] * 4 + [1] * 4 + [2] * 4 + [3] * 3 + [2]), "region 2 has 5 cells"),
        ((4, None, [0] * 16), "1 regions, expected 4"),
    ],
)
def test_bad_puzzles_are_rejected(args, message):
    with pytest.raises(PuzzleError, match=message):
        Sudoku(*args)


def test_classic_map_is_recognised_as_boxes():
    p = Sudoku(6, None, regions=EMPTY6_REGIONS)
    assert p.box == (2, 3) and not p.is_jigsaw


EMPTY6_REGIONS = Sudoku.empty(6).regions


def test_verify_is_a_function_and_its_module_has_another_name():
    """``gridsat.verify`` is the verifier function; no submodule of that name shadows it."""
    import importlib
    import importlib.util

    import gridsat.verifier

    assert importlib.util.find_spec("gridsat.verify") is None
    assert gridsat.verify is gridsat.verifier.verify and callable(gridsat.verify)
    importlib.import_module("gridsat.verifier")
    assert gridsat.verify is gridsat.verifier.verify
