"""The C helpers the solver's loop uses on classic grids against their Python methods.

``broken`` (the test before :meth:`Grid.broken` builds its reason) and ``positions`` (what
:meth:`Grid.digit_positions` returns on a classic grid) must agree exactly with the Python
code on the grids along a spread of solving paths, and on the same grids with candidates
removed at random (so that many are broken: a cell without candidates, a digit without a
place in a unit).
"""

from __future__ import annotations

import random

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid, geometry

from golden import calibration
from logic_grids import needs_filter

pytestmark = needs_filter


def _grids() -> list[Grid]:
    rng = random.Random(7)
    out = []
    for s in calibration()[::25]:
        puzzle = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
        for g in solver.path_grids(puzzle):
            out.append(g)
            h = g.copy()
            for c in rng.sample(range(81), 6):
                m = h.cands[c]
                if m:
                    h.cands[c] = m & ~(m & -m) if rng.random() < 0.7 else 0
            out.append(h)
    return out


GRIDS = _grids()


def _python_positions(g: Grid) -> list[int]:
    with native_filter.disabled():
        return g.copy().digit_positions()


def test_broken_agrees_with_python():
    seen = {True: 0, False: 0}
    for g in GRIDS:
        c = native_filter.broken(g)
        assert c == (g.broken() is not None), g.values
        seen[c] += 1
    assert seen[True] > 50 and seen[False] > 50


def test_positions_agree_with_python():
    for g in GRIDS:
        assert g.copy().digit_positions() == _python_positions(g)


def test_positions_only_on_classic_grids():
    six = geometry(6, tuple((c // 12) * 2 + (c % 6) // 3 for c in range(36)), True)
    assert not six.classic
    assert geometry(9, tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81)), True).classic
    g = Grid.from_values(six, [0] * 36)
    assert g.digit_positions()[1] == (1 << 36) - 1
