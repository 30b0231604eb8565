"""The C tests of the locked candidates and the subsets against their Python techniques.

For the direct and plain pointing and claiming, and the direct hidden pair and triple and the
naked and hidden pairs, triples and quads, the C test must answer exactly as the Python
technique does: "none" where it finds no step (a wrong "none" would change the path) and
"step" where it finds one (a wrong "step" only costs time, but these tests are exact). The
grids are those along the paths of a spread of the calibration sample, and the same grids
with candidates thinned at random, where many more patterns (and near misses) appear.
"""

from __future__ import annotations

import random

import pytest

from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid, geometry

from golden import calibration
from logic_grids import classic, needs_filter, thinned

pytestmark = needs_filter

BASIC = ("direct pointing", "direct claiming", "pointing", "claiming", "direct hidden pair",
         "direct hidden triple", "naked pair", "hidden pair", "naked triple", "hidden triple",
         "naked quad", "hidden quad")

#: every 12th puzzle of the calibration sample, over the whole scale
SPREAD = calibration()[::12]


def _techniques():
    return [t for t in solver.TECHNIQUES if t.name in BASIC]


def _disagreements(grids) -> dict[str, list[int]]:
    table = native_filter.audit(grids, _techniques())
    return {name: row for name, row in table.items() if row[1] or row[2]}


def test_the_basic_techniques_are_written_in_c():
    assert set(BASIC) <= set(native_filter.techniques_in_c())
    assert len(_techniques()) == len(BASIC)


@pytest.mark.parametrize("s", SPREAD, ids=lambda s: s[:12])
def test_exact_along_paths_and_on_thinned_grids(s):
    grids = solver.path_grids(classic(s), uniqueness=True)
    rng = random.Random(s)
    grids += [thinned(g, rng) for g in grids for _ in range(2)]
    assert not _disagreements(grids)


def test_each_technique_is_seen_both_ways():
    """The thinned grids hold steps and non-steps of every technique, so the exactness above is
    not vacuous."""
    rng = random.Random(7)
    base = solver.path_grids(classic(SPREAD[len(SPREAD) // 2]), uniqueness=True)
    grids = [thinned(g, rng) for g in base for _ in range(4)]
    seen: dict[str, set[bool]] = {name: set() for name in BASIC}
    for g in grids:
        for name in BASIC:
            seen[name].add(native_filter.has(name, g) == 1)
    assert all(v == {True, False} for v in seen.values()), seen


def test_a_direct_pointing_needs_its_hidden_single():
    # digit 1 in box 1 only on row 1, also in r1c4 and r1c7; box 2 then has 1 only in r2c5
    geo = geometry(9, tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81)))
    g = Grid.from_values(geo, [0] * 81)
    one = 1
    for c in (9, 10, 11, 18, 19, 20):  # rows 2-3 of box 1
        g.cands[c] &= ~one
    for c in (4, 5, 12, 14, 21, 22, 23):  # box 2 keeps 1 in r1c4 and r2c5 only
        g.cands[c] &= ~one
    names = ("direct pointing", "pointing")
    assert [native_filter.has(n, g) for n in names] == [1, 1]
    g.cands[13] &= ~one  # r2c5 loses 1: box 2 would be left without it, no single
    g.cands[21] |= one
    g.cands[22] |= one  # r3c4, r3c5: two places left in box 2 after the elimination
    assert [native_filter.has(n, g) for n in names] == [0, 1]
    assert not _disagreements([g])
