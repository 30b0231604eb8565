"""The C filter's single-digit tests (turbot fish, 3/4/5 strong links) against the Python techniques.

Each C test must say "step" exactly when its Python technique finds one: a wrong "none"
would change the solver's path, a wrong "step" only costs time. Checked on hand-picked
single-digit patterns, on every grid along the paths of a spread of the calibration
sample, and on random candidate grids.
"""

from __future__ import annotations

import random

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.techniques import single_digit as sd

from golden import calibration
from logic_grids import GEO, needs_filter

pytestmark = needs_filter

TECHNIQUES = {
    "turbot fish": sd.turbot_fish,
    "3 strong links": sd.three_strong_links,
    "4 strong links": sd.four_strong_links,
    "5 strong links": sd.five_strong_links,
}



def _grid(cands: list[int]) -> Grid:
    g = Grid.from_values(GEO, [0] * 81)
    g.cands[:] = cands
    g.cache.clear()
    return g


def _places(cells: list[int]) -> Grid:
    """A grid where digit 1 is a candidate in ``cells`` only (no other candidates)."""
    return _grid([1 if c in cells else 0 for c in range(81)])


#: places of digit 1: an empty rectangle but no two-link chain of plain links
EMPTY_RECTANGLE = [9, 10, 14, 18, 22, 25, 27, 30, 31, 33, 36, 38, 41, 50, 54, 56, 70]
#: a grouped chain of three strong links, but no plain one
GROUPED_THREE = [10, 15, 17, 21, 33, 36, 38, 42, 44, 51, 69, 74, 77, 78, 79]
#: neither a two-link chain nor an empty rectangle
NO_TURBOT = [0, 4, 14, 16, 18, 19, 27, 39, 42, 43, 47, 58, 59, 62, 68, 79, 80]


def test_empty_rectangle_alone_counts_as_turbot_fish():
    g = _places(EMPTY_RECTANGLE)
    assert not any(sd._turbot_digit(g, d) for d in range(1, 10))
    step = sd.turbot_fish(g)
    assert step is not None and step.technique == "empty rectangle"
    assert native_filter.has("turbot fish", g) == 1
    # and it has no chain of three strong links, plain or grouped
    assert sd.three_strong_links(g) is None
    assert native_filter.has("3 strong links", g) == 0


def test_grouped_chain_alone_counts_as_three_strong_links():
    g = _places(GROUPED_THREE)
    assert sd.strong_links(g, 3) is None
    step = sd.three_strong_links(g)
    assert step is not None and step.rating == 5.7
    assert native_filter.has("3 strong links", g) == 1


def test_no_turbot_fish():
    g = _places(NO_TURBOT)
    assert sd.turbot_fish(g) is None
    assert native_filter.has("turbot fish", g) == 0


def _disagreements(grids):
    out = []
    for g in grids:
        for name, func in TECHNIQUES.items():
            c = native_filter.has(name, g)
            py = func(g) is not None
            if c != py:
                out.append((name, "wrong none" if py else "extra step", list(g.cands)))
    return out


def test_agreement_along_calibration_paths():
    grids = []
    for s in calibration()[3::10]:
        grids += solver.path_grids(Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s]), True)
    assert len(grids) > 500
    bad = _disagreements(grids)
    assert not bad, bad[:3]


@pytest.mark.parametrize("density", [0.15, 0.25, 0.4])
def test_agreement_on_random_candidates(density):
    rng = random.Random(int(density * 100))
    grids = [_grid([sum(1 << d for d in range(9) if rng.random() < density) for _ in range(81)])
             for _ in range(40)]
    bad = _disagreements(grids)
    assert not bad, bad[:3]
