"""The static forcing chains in C against their Python reference.

On a classic 9x9 grid the C extension answers whether the forcing chain (x-, y-, xy-chains)
and the multiple forcing chain techniques have a step, and builds the static implication
graph, its closure and its shortest chains for the Python techniques. Each must agree with
the Python build (``native_filter.disabled()``) on every grid along the paths of puzzles
that need chains.
"""

from __future__ import annotations

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solve_logic
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.techniques import chains, implications

from golden import calibration
from logic_grids import needs_filter


#: puzzles of the calibration sample whose paths take chains (the sample is sorted by rating)
HARD = calibration()[-40::8]


def _chain_grids(s: str, every: int) -> list[Grid]:
    """Every ``every``-th grid of the path from the first step rated 6.0 or more on."""
    p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
    g = Grid.from_puzzle(p)
    out, late = [], False
    for k, step in enumerate(solve_logic(p, uniqueness=True).steps):
        late = late or step.rating >= 6.0
        if late and k % every == 0:
            out.append(g.copy())
        g.apply(step.placements, step.eliminations)
    return out


GRIDS = [g for s in HARD for g in _chain_grids(s, 3)]
MODES = ((True, True, None), (False, True, None), (True, False, None), (True, False, 4))


@needs_filter
@pytest.mark.parametrize("mode", MODES, ids=lambda m: "xy".replace("x", "x" if m[0] else "").replace(
    "y", "y" if m[1] else "") + (f"-digit{m[2]}" if m[2] else ""))
def test_the_c_graph_is_the_python_graph(mode):
    assert len(GRIDS) >= 20
    for g in GRIDS:
        with native_filter.disabled():
            py = implications.StaticGraph(g, *mode)
        c = implications.StaticGraph(g, *mode)
        assert py._adj is None and c._adj is not None
        assert (c.nodes, c.index, c.peer_ev, c.cell_ev, c.strong, c.reach) == (
            py.nodes, py.index, py.peer_ev, py.cell_ev, py.strong, py.reach)
        assert c.contradictions == py.contradictions
        events = 2 * len(py.nodes)
        for src in range(0, events, 7):
            assert list(c.distances(src).items()) == list(py.distances(src).items())
            for dst in range(src % 5, events, 11):
                assert c.path(src, dst) == py.path(src, dst)
        for i in py.contradictions:
            assert c.path(2 * i + 1, 2 * i) == py.path(2 * i + 1, 2 * i)
            assert c.path(2 * i, 2 * i + 1) == py.path(2 * i, 2 * i + 1)


@needs_filter
@pytest.mark.parametrize("name,func", [("forcing chain", chains.forcing_chain),
                                       ("multiple forcing chain", chains.multiple_chains)])
def test_c_has_a_step_exactly_when_python_has_one(name, func):
    seen = set()
    for g in GRIDS:
        with native_filter.disabled():
            py = func(g.copy())
            assert (func(g.copy(), first=True) is None) == (py is None)  # first= picks, never hides
        c = native_filter.has(name, g)
        assert c == (py is not None), (name, g.values, g.cands)
        seen.add(c)
    assert seen == {0, 1}  # both answers are exercised


@needs_filter
def test_steps_are_the_same_with_the_c_graph():
    for g in GRIDS[::2]:
        for func in (chains.forcing_chain, chains.multiple_chains):
            for first in (False, True):
                with native_filter.disabled():
                    py = func(g.copy(), first=first)
                c = func(g.copy(), first=first)
                assert (c and c.to_dict()) == (py and py.to_dict())


#: grids (a placed digit, or the candidates of an empty cell, per cell) where the multiple
#: forcing chain has a conclusion of one kind only
ONLY_CELL = ("279 259 4 8 3679 1 256 36 567 17 8 3 5 467 2 9 146 1467 6 2579 127 34 3479 3479 25 134 8 "
             "8 1 9 236 23 356 4 7 56 5 4 67 169 8 679 16 2 3 3 27 267 146 147 456 1568 168 9 "
             "4 3 8 169 19 69 7 5 2 12 6 5 7 234 8 13 9 14 1279 279 127 234 5 34 1368 1468 146")
ONLY_REGION = ("36 2 9 1 8 345 46 7 345 346 1 345 7 9 345 2 356 8 8 7 345 2 345 6 1 9 345 "
               "9 5 6 4 2 8 3 1 7 7 34 34 5 6 1 8 2 9 2 8 1 3 7 9 5 4 6 "
               "345 6 7 8 345 2 9 35 1 1 34 8 9 345 7 46 356 2 345 9 2 6 1 345 7 8 345")


def _grid(text: str) -> Grid:
    """A grid from its text: one digit is a placed digit (no cell is left with one candidate)."""
    g = Grid.from_values(GRIDS[0].geo, [0] * 81)
    for c, cell in enumerate(text.split()):
        if len(cell) == 1:
            g.values[c], g.cands[c] = int(cell), 0
        else:
            g.cands[c] = sum(1 << (int(ch) - 1) for ch in cell)
    g.cache.clear()
    return g


@needs_filter
@pytest.mark.parametrize("text,kind", [(ONLY_CELL, "cell forcing chain"), (ONLY_REGION, "region forcing chain")],
                         ids=["cell", "region"])
def test_each_kind_of_multiple_forcing_chain_is_found(text, kind):
    g = _grid(text)
    with native_filter.disabled():
        step = chains.multiple_chains(g.copy())
        assert chains.forcing_chain(g.copy()) is None
    assert step is not None and step.technique == kind
    assert native_filter.has("multiple forcing chain", g) == 1
    assert native_filter.has("forcing chain", g) == 0
