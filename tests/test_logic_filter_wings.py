"""The C tests of the wings (xy-, xyz-, w-, wxyz- and vwxyz-wing) against the Python techniques.

Each C test must say "step" exactly where its Python technique finds one: on a hand-made
grid for each wing (with its elimination, then without it), and on many grids made by
removing candidates at random from grids along the paths of calibration puzzles, which holds
far more wings than the paths themselves.
"""

from __future__ import annotations

import random

import pytest

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.techniques import wings

from golden import calibration
from logic_grids import GEO, needs_filter

pytestmark = needs_filter

WINGS = {
    "xy-wing": wings.xy_wing,
    "xyz-wing": wings.xyz_wing,
    "w-wing": wings.w_wing,
    "wxyz-wing": wings.wxyz_wing,
    "vwxyz-wing": wings.vwxyz_wing,
}


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _mask(digits: str) -> int:
    return sum(1 << (int(d) - 1) for d in digits)


def _grid(cells: dict[str, str]) -> Grid:
    """An empty grid, every cell with all nine candidates but those given (``{"r1c1": "12"}``)."""
    g = Grid.from_values(GEO, [0] * 81)
    for name, digits in cells.items():
        g.cands[_cell(name)] = _mask(digits)
    return g


def _both(name: str, g: Grid) -> tuple[int, bool]:
    return native_filter.has(name, g), WINGS[name](g.copy()) is not None


def _without(g: Grid, digit: str, names: str) -> Grid:
    h = g.copy()
    for n in names.split():
        h.cands[_cell(n)] &= ~_mask(digit)
    return h


# each wing, the cells that see every z of it, and z
PATTERNS = {
    # pivot 12, pincers 13 and 23: r5c5 sees both pincers
    "xy-wing": ({"r1c1": "12", "r1c5": "13", "r5c1": "23"}, "r5c5", "3"),
    # pivot 123, pincers 13 and 23: r2c1 and r3c1 see all three
    "xyz-wing": ({"r1c1": "123", "r1c2": "13", "r5c1": "23"}, "r2c1 r3c1", "3"),
    # two 12 cells; 1 has two places in row 9, under each of them; r1c5 and r5c1 see both
    "w-wing": ({"r1c1": "12", "r5c5": "12", **{f"r9c{c}": "23456789" for c in (2, 3, 4, 6, 7, 8, 9)}},
               "r1c5 r5c1", "2"),
    # pivot 123 with 14, 24 (row 1) and 34 (box 1): 4 is the loose digit
    "wxyz-wing": ({"r1c1": "123", "r1c5": "14", "r1c6": "24", "r2c2": "34"}, "r1c2 r1c3 r2c4 r2c5 r2c6", "4"),
    # pivot 1234 with 15, 25 (row 1), 35 and 45 (box 1): 5 is the loose digit
    "vwxyz-wing": ({"r1c1": "1234", "r1c5": "15", "r1c6": "25", "r2c2": "35", "r3c3": "45"}, "r1c2 r1c3", "5"),
}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_hand_made_wing_then_without_its_elimination(name):
    cells, targets, z = PATTERNS[name]
    g = _grid(cells)
    assert _both(name, g) == (1, True)
    assert _both(name, _without(g, z, targets)) == (0, False)


def test_big_wing_with_two_loose_digits_has_no_step():
    # 14 and 24 in row 1, 34 in box 1 as before, but the box-1 wing also shares 1 with a wing it does not see
    g = _grid({"r1c1": "123", "r1c5": "14", "r1c6": "24", "r2c2": "134"})
    assert _both("wxyz-wing", g) == (0, False)


def test_xy_wing_pincers_on_the_same_pivot_digit_have_no_step():
    g = _grid({"r1c1": "12", "r1c5": "13", "r5c1": "13"})
    assert _both("xy-wing", g) == (0, False)


def _puzzle(s: str) -> Sudoku:
    return Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])


def _shaken(grids: list[Grid], rnd: random.Random, per: int) -> list[Grid]:
    """Copies of the grids, each with a few candidates removed (never a cell's last two)."""
    out = []
    for g in grids:
        for _ in range(per):
            h = g.copy()
            cells = [c for c in range(81) if h.cands[c].bit_count() > 2]
            for c in rnd.sample(cells, min(len(cells), rnd.randint(1, 8))):
                m = h.cands[c]
                h.cands[c] = m & ~rnd.choice([1 << i for i in range(9) if m >> i & 1])
            out.append(h)
    return out


#: every 25th puzzle of the calibration sample, from the hard end (wings on their paths)
HARD = calibration()[::-25]


@pytest.mark.parametrize("s", HARD, ids=lambda s: s[:12])
def test_agree_on_shaken_path_grids(s):
    rnd = random.Random(s)
    path = solver.path_grids(_puzzle(s), uniqueness=True)
    grids = path + _shaken(path[::4], rnd, 2)
    wrong = {}
    for g in grids:
        for name in WINGS:
            c, py = _both(name, g)
            if bool(c) != py:
                wrong.setdefault(name, []).append((c, py))
    assert not wrong, f"C and Python disagree: { {k: len(v) for k, v in wrong.items()} }"
