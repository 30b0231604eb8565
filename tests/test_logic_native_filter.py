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
from logic_grids import needs_filter


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


#: the tests that keep the last grid they found nothing on and then search only what changed
MEMO_TESTS = ("naked pair", "naked triple", "naked quad", "hidden pair", "hidden triple", "hidden quad",
              "direct hidden pair", "direct hidden triple", "x-wing", "swordfish", "jellyfish",
              "xy-wing", "xyz-wing", "wxyz-wing", "vwxyz-wing")


def _shrunk(g: Grid, rng) -> Grid:
    """``g`` after one move of a solver: a few candidates removed, or a digit placed (each
    empty cell keeps a candidate)."""
    h = g.copy()
    empty = [c for c in range(81) if h.cands[c]]
    if rng.random() < 0.25:
        c = rng.choice(empty)
        h.place(c, rng.choice([d for d in range(1, 10) if h.cands[c] >> (d - 1) & 1]))
        return h
    for c in rng.sample(empty, min(len(empty), rng.randint(1, 3))):
        m = h.cands[c]
        if m & (m - 1):
            h.cands[c] = m & ~(1 << (rng.choice([b for b in range(9) if m >> b & 1])))
    return h


@needs_filter
def test_memoised_tests_follow_grids_that_shrink():
    """The tests that search only what changed since their last grid without a step agree
    with the Python techniques along chains of grids that each lose candidates, as a path
    does, and after jumps to unrelated grids: no wrong "none", and no step where none is."""
    import random

    from logic_grids import thinned

    rng = random.Random(3)
    techs = [t for t in solver._select(True, None, ("w-wing",)) if t.name in MEMO_TESTS]
    assert len(techs) == len(MEMO_TESTS)
    counts = {t.name: [0, 0] for t in techs}
    chains = [(s, share) for s in SPREAD for share in (0.1, 0.3, 0.5)]
    for s, share in chains:
        g = thinned(Grid.from_puzzle(_puzzle(s)), rng, share)
        for _ in range(12):
            for t in techs:
                c = native_filter.has(t.name, g)
                with native_filter.disabled():
                    py = t.func(g.copy()) is not None
                assert bool(c) == py, (t.name, s, g.values, g.cands)
                counts[t.name][py] += 1
            if g.broken():
                break
            g = _shrunk(g, rng)
    # both answers are seen for most tests, so the chains exercise the memos' both sides
    assert sum(1 for none, some in counts.values() if none and some) >= 10, counts
