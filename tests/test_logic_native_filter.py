"""The logical solver's C filter against the Python techniques it stands in for.

The filter may only skip a technique that has no step: on every grid along the paths of a
spread of puzzles, a C test that answers "none" must agree with its Python technique. The
golden records (``test_golden.py``) then hold the whole paths unchanged with the filter on.
"""

from __future__ import annotations

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid, geometry

from golden import calibration

ON, WHY = native_filter.status()
needs_filter = pytest.mark.skipif(not ON, reason=f"C filter unavailable: {WHY}")

#: every 9th puzzle of the calibration sample, over the whole scale (22 puzzles)
SPREAD = calibration()[::9]


def _puzzle(s: str) -> Sudoku:
    return Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])


@needs_filter
@pytest.mark.parametrize("s", SPREAD, ids=lambda s: s[:12])
def test_no_wrong_none_along_paths(s):
    techs = solver._select(True, None, ("w-wing",))
    grids = solver.path_grids(_puzzle(s), uniqueness=True)
    table = native_filter.audit(grids, techs)
    wrong = {name: row for name, row in table.items() if row[1]}
    assert not wrong, f"C says no step where Python finds one: {wrong}"


@needs_filter
def test_filter_knows_the_singles():
    assert {"full house", "hidden single (box)", "hidden single (line)", "naked single"} <= set(
        native_filter.techniques_in_c())


@needs_filter
def test_paths_identical_with_and_without_filter():
    for s in SPREAD[::3]:
        with_filter = [st.to_dict() for st in solver.solve_logic(_puzzle(s), uniqueness=True).steps]
        with native_filter.disabled():
            without = [st.to_dict() for st in solver.solve_logic(_puzzle(s), uniqueness=True).steps]
        assert with_filter == without


@needs_filter
def test_audit_counts_agreement_and_a_planted_wrong_none():
    g = Grid.from_values(geometry(9, tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81))),
                         [0] * 81)
    naked = next(t for t in solver.TECHNIQUES if t.name == "naked single")
    assert native_filter.audit([g], [naked])["naked single"] == [1, 0, 0]  # none on either side
    g.cands[0] = 1  # r1c1 can only be 1
    assert native_filter.audit([g], [naked])["naked single"] == [1, 0, 0]  # a step on either side
    g.cands[0] = 0b11
    always = solver.Technique("naked single", 2.3, lambda grid: solver.Step("naked single", 2.3))
    assert native_filter.audit([g], [always])["naked single"] == [0, 1, 0]


def test_solver_runs_without_the_extension(monkeypatch):
    monkeypatch.setattr(native_filter, "_STATE", {"ext": None, "error": "not built (test)", "ids": {},
                                                  "written": (), "plans": {}})
    assert native_filter.status() == (False, "not built (test)")
    res = solver.solve_logic(_puzzle(SPREAD[0]), uniqueness=True)
    assert res.solved
