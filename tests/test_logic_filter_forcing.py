"""The forcing chains by propagation (Nishio, dynamic) in C against their Python reference.

The C propagation must be the Python ``propagate`` event for event (the candidates forced on
and off, the contradiction, the number of events and every parent), the C Nishio test must
say "step" exactly where the Python technique finds one, and the steps found with the C
propagation must be the Python's, byte for byte.
"""

from __future__ import annotations

import importlib

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.techniques import forcing

from golden import calibration
from logic_grids import ON, needs_filter

try:
    EXT = importlib.import_module("gridsat.kinds.sudoku.logic._logic")
except ImportError:
    EXT = None
HAS_PROPAGATE = all(hasattr(EXT, name) for name in ("propagate", "nishio", "chain_size"))
needs_propagate = pytest.mark.skipif(not (ON and HAS_PROPAGATE), reason="the C propagation is not built")

#: the hardest puzzles of the calibration sample: their paths take Nishio and dynamic chains
HARD = calibration()[139:]
FORCING = ("nishio forcing chain", "dynamic forcing chain")


def _puzzle(s: str) -> Sudoku:
    return Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])


def _forcing_grids(s: str) -> list:
    """The grids along the path of ``s`` where a Nishio or dynamic chain step is taken."""
    p = _puzzle(s)
    with native_filter.disabled():
        steps = solver.solve_logic(p, uniqueness=True).steps
    grids = solver.path_grids(p, uniqueness=True)
    return [g for g, st in zip(grids, steps) if st.technique.startswith(("nishio", "dynamic"))]


@needs_propagate
@pytest.mark.parametrize("s", [HARD[46], HARD[54], HARD[57]], ids=lambda s: s[:12])
def test_c_propagation_is_the_pythons_event_for_event(s):
    grids = _forcing_grids(s)
    assert grids
    compared = contradictions = 0
    for g in grids[:3]:
        for k in range(81 * 9):
            present = g.cands[k // 9] >> (k % 9) & 1
            if not present and k % 5:
                continue  # a few absent candidates too
            for ev in (2 * k + 1, 2 * k):
                for digit_only in (False, True):
                    r = forcing.propagate(g, ev, digit_only, track=True)
                    c = EXT.propagate(g.values, g.cands, ev, digit_only, True)
                    assert c == (r.on, r.off, r.contra, r.count, r.parents), (ev, digit_only)
                    assert list(c[4]) == list(r.parents)
                    u = EXT.propagate(g.values, g.cands, ev, digit_only, False)
                    assert u == (r.on, r.off, r.contra, r.count, None)
                    compared += 1
                    contradictions += r.contra is not None
    assert compared > 500 and contradictions > 50


@needs_propagate
def test_c_chain_sizes_are_the_pythons():
    g = _forcing_grids(HARD[57])[0]
    for k in range(81 * 9):
        if not g.cands[k // 9] >> (k % 9) & 1:
            continue
        for ev in (2 * k + 1, 2 * k):
            for digit_only in (False, True):
                assert EXT.chain_size(g.values, g.cands, ev, digit_only, -1) == forcing._contra_complexity(
                    g, ev, digit_only)
            r = forcing.propagate(g, ev, track=True)
            for target in range(0, 2 * 81 * 9, 7):
                want = forcing._ancestors(r.parents, target) if target in r.parents else 1
                assert EXT.chain_size(g.values, g.cands, ev, False, target) == want


@needs_filter
def test_c_nishio_test_agrees_with_python_along_paths():
    said = {True: 0, False: 0}
    for s in HARD[::6]:
        for g in solver.path_grids(_puzzle(s), uniqueness=True):
            with native_filter.disabled():
                py = forcing.nishio(g.copy()) is not None
            c = native_filter.has("nishio forcing chain", g)
            assert c in (0, 1)
            assert bool(c) == py, g.values
            said[py] += 1
    assert said[True] > 10 and said[False] > 100


@needs_propagate
@pytest.mark.parametrize("s", HARD[42::3], ids=lambda s: s[:12])
def test_forcing_steps_identical_with_c_propagation(s):
    for g in _forcing_grids(s):
        for func in (forcing.nishio, forcing.dynamic_chains):
            for first in (False, True):
                with native_filter.disabled():
                    want = func(g.copy(), first=first)
                got = func(g.copy(), first=first)
                assert (got and got.to_dict()) == (want and want.to_dict())
