"""The steps the logical solver's C extension finds against those of the Python techniques.

On a classic 9x9 grid the singles, locked candidates, subsets, the skyscraper / kite /
turbot fish, the plain strong-link chains, the wxyz- and vwxyz-wings, the forcing chains
and the multiple forcing chains find their step in C, and Python only builds the Step. The
Step must be the one the pure Python search (``native_filter.disabled()``) returns, field
for field: the same pattern, eliminations, cells, units, rating and text. The grids are
those along the solver's paths over a spread of the calibration sample, and the same grids
with candidates thinned at random, where many more patterns (and near misses) appear.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from gridsat.kinds.sudoku.logic import native_filter, search, solver
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.techniques import chains, intersections, single_digit, singles, subsets, wings

from golden import calibration
from logic_grids import classic, needs_filter, thinned

pytestmark = needs_filter

#: technique -> the values of its ``first`` argument to compare (None: it takes none)
STEPPED = {
    singles.full_house: None, singles.hidden_single_box: None, singles.hidden_single_line: None,
    singles.naked_single: None,
    intersections.direct_pointing: None, intersections.direct_claiming: None,
    intersections.pointing: None, intersections.claiming: None,
    subsets.direct_hidden_pair: None, subsets.direct_hidden_triple: None, subsets.naked_pair: None,
    subsets.hidden_pair: None, subsets.naked_triple: None, subsets.hidden_triple: None,
    subsets.naked_quad: None, subsets.hidden_quad: None,
    single_digit.turbot_fish: None, single_digit.three_strong_links: None,
    single_digit.four_strong_links: None, single_digit.five_strong_links: None,
    wings.wxyz_wing: (False, True), wings.vwxyz_wing: (False, True),
    chains.forcing_chain: (False, True), chains.multiple_chains: (False, True),
}

#: every 20th puzzle of the calibration sample, over the whole scale
SPREAD = calibration()[7::20]


def _grids(s: str, seed: int) -> list[Grid]:
    grids = solver.path_grids(classic(s), uniqueness=True)
    rng = random.Random(seed)
    return grids + [thinned(g, rng, 0.3) for g in grids[::3]]


@lru_cache(maxsize=None)
def _compared(i: int) -> tuple[list[str], dict[str, int]]:
    return _differences(_grids(SPREAD[i], i))


def _differences(grids: list[Grid]) -> tuple[list[str], dict[str, int]]:
    """Techniques whose C step differs from the Python step, and how many steps each found."""
    bad, found = [], {}
    for g in grids:
        for func, firsts in STEPPED.items():
            for kw in ({"first": f} for f in firsts) if firsts else ({},):
                c_step = func(g.copy(), **kw)
                with native_filter.disabled():
                    py_step = func(g.copy(), **kw)
                if c_step != py_step:
                    bad.append(f"{func.__name__}{kw}: C {c_step} / Python {py_step}")
                found[func.__name__] = found.get(func.__name__, 0) + (py_step is not None)
    return bad, found


@pytest.mark.parametrize("i", range(len(SPREAD)))
def test_c_steps_are_the_python_steps(i):
    bad, _ = _compared(i)
    assert not bad, bad[:3]


def test_every_c_step_is_exercised():
    """The comparison is not empty: each technique finds steps on these grids."""
    found: dict[str, int] = {}
    for i in range(len(SPREAD)):
        for name, k in _compared(i)[1].items():
            found[name] = found.get(name, 0) + k
    missing = [f.__name__ for f in STEPPED if found.get(f.__name__, 0) == 0]
    assert not missing, missing


def _spy(monkeypatch) -> list:
    """Record every call to the extension's entries as ``(name, result)``."""
    calls = []
    ext = native_filter.extension()

    class Spy:
        def __getattr__(self, name):
            fn = getattr(ext, name)

            def spy(*args):
                out = fn(*args)
                calls.append((name, out))
                return out
            return spy

    monkeypatch.setattr(native_filter, "extension", lambda: Spy())
    return calls


def test_the_c_route_is_taken_on_classic_grids(monkeypatch):
    """The techniques ask the extension for their step on a classic grid (not the Python search)."""
    calls = _spy(monkeypatch)
    g = solver.path_grids(classic(SPREAD[-1]), uniqueness=True)[0]
    for func in STEPPED:
        func(g.copy())
    assert {"single_step", "locked_step", "subset_step", "turbot_step", "strong_links_step",
            "big_wing_step", "forcing_step", "multiple_step"} <= {name for name, _ in calls}


def test_the_c_search_is_the_python_search():
    """The search-effort figures' backtracking search in C takes the Python search's course:
    the same figures (guesses, deepest level, the way with its choices) and the same solution,
    on the puzzles and on thinned copies of their first grids (many of them with no solution)."""
    rng = random.Random(11)
    grids = []
    for s in calibration()[::8]:
        g = Grid.from_puzzle(classic(s))
        grids += [g, thinned(g, rng, 0.15), thinned(g, rng, 0.4)]
    seen = {"guessed": 0, "unsolvable": 0}
    for g in grids:
        c_fig, c_sol = search.search_figures(g), search.solve_values(g)
        with native_filter.disabled():
            py_fig, py_sol = search.search_figures(g), search.solve_values(g)
        assert (c_fig, c_sol) == (py_fig, py_sol)
        seen["guessed"] += py_fig.guesses > 0
        seen["unsolvable"] += py_sol is None
    assert seen["guessed"] > 20 and seen["unsolvable"] > 5, seen


def test_the_c_search_is_taken_on_classic_grids(monkeypatch):
    calls = _spy(monkeypatch)
    search.search_figures(classic(SPREAD[-1]))
    assert "search" in {name for name, _ in calls}


def test_singles_run_in_c_keeps_the_path_and_max_steps():
    """Runs of singles are taken in C (``singles_run``): the path is the Python path, step for
    step, and ``max_steps`` stops it at the same step, inside a run of singles too."""
    for s in SPREAD[::4]:
        p = classic(s)
        with native_filter.disabled():
            full = solver.solve_logic(p, uniqueness=True)
        assert solver.solve_logic(p, uniqueness=True).steps == full.steps
        for k in (1, 2, 5, 17, len(full.steps) // 2):
            part = solver.solve_logic(p, uniqueness=True, max_steps=k)
            assert part.steps == full.steps[:k]
            with native_filter.disabled():
                assert part.values == solver.solve_logic(p, uniqueness=True, max_steps=k).values


def test_singles_run_is_taken(monkeypatch):
    calls = _spy(monkeypatch)
    res = solver.solve_logic(classic(SPREAD[0]), uniqueness=True)
    taken = sum(len(out[0]) for name, out in calls if name == "singles_run")
    assert taken == sum(1 for st in res.steps if st.technique in ("full house", "hidden single", "naked single"))
