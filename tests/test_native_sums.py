"""Little killers on the C core (a sum record, ``EXT_SUM``) and the sandwich clues' redundant
clauses on where the crusts go.

The core keeps each cell of a little killer's diagonal to the digits some digits of the
other cells complete (``core_ext_impl.h``); its counts are checked against MiniSat on the
extended CNF on generated puzzles dense with little killers, its records and refusals word
for word, and its strength by the branches it takes (operation counts, no clock). The
sandwich clauses are checked by counting against the verifier's rule over every grid of a
4x4 and a 6x6 board, in every encoding.
"""

from __future__ import annotations

import random
from array import array

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints import KillerCage, LittleKillerSum, SandwichSum
from gridsat.encoders import get_encoding
from gridsat.encoders.native import BUDGET_FACTORS, SUM_MAX, budget_factor, native_records
from gridsat.kinds.sudoku import backend_native as nb

from test_native_extras import counts_agree, needs_core
from test_native_marks import _grid, _little_killer


@pytest.fixture(scope="module")
def grids4():
    return gridsat.count(Sudoku.empty(4), keep=288).solutions


def killers(n: int, regions, rng: random.Random, *, givens: float = 0.15) -> Sudoku:
    """A Sudoku with 3 to ``2 n`` little killers read off a shuffled solution (one in twenty
    off by one, so some puzzles have no solution), and a few givens."""
    board = Sudoku(n, None, regions=regions) if regions else Sudoku.empty(n)
    sol = _grid(board, rng)
    extra = []
    for _ in range(rng.randint(3, 2 * n)):
        lk = _little_killer(n, sol, rng)
        if lk is not None and all(x.line() != lk.line() for x in extra):
            extra.append(lk)
    g = [v if rng.random() < givens else 0 for v in sol]
    return Sudoku(n, g, regions=regions, extra=extra)


@needs_core
@pytest.mark.parametrize("n", [4, 6, 9])
def test_little_killer_counts_agree_with_the_cnf(n):
    counts_agree(killers, n, None, random.Random(900 + n))


def _nodes(words: list[int], givens: bytes, n: int = 9) -> tuple[int, int]:
    """(count, branches) of the core counting every solution on an ``n x n`` board with the
    records ``words``."""
    core = nb.load()
    geometry = get_encoding("sudoku-native", "sudoku").build(Sudoku.empty(n)).geometry
    extras = core.extras(n, array("i", words).tobytes())
    count, complete, _, _, nodes = core.solve(geometry, givens, 0, 2, -1.0, 0, extras)
    assert complete
    return count, nodes


@needs_core
def test_the_sum_record_counts_as_the_linear_sum_in_fewer_branches():
    """Three long diagonals read off a grid, a third of its digits given: the sum record and
    the linear sum (bounds only) count the same solutions, the record in fewer branches in
    all (operation counts: the record takes digits the bounds leave)."""
    rng = random.Random(3)
    got_nodes = want_nodes = 0
    for _ in range(8):
        sol = _grid(Sudoku.empty(9), rng)
        lines = [LittleKillerSum(9, (-1, k), 9, "DR") for k in range(-1, 2)]
        lines = [LittleKillerSum(9, x.clue, sum(sol[c] for c in x.line()), "DR") for x in lines]
        lines = [x for x in lines if x.value <= SUM_MAX]
        givens = bytes(v if rng.random() < 0.3 else 0 for v in sol)
        words = list(native_records(9, lines))
        assert words[0] == 6
        linear = [x for lk in lines for x in (3, 2 * len(lk.line()) + 1, lk.value,
                                              *[y for c in lk.line() for y in (c, 1)])]
        got, want = _nodes(words, givens), _nodes(linear, givens)
        assert got[0] == want[0] >= 1
        got_nodes, want_nodes = got_nodes + got[1], want_nodes + want[1]
    assert got_nodes < want_nodes, (got_nodes, want_nodes)


@needs_core
def test_a_sum_with_marked_cells_counts_as_brute_force(grids4):
    """On an empty 4x4 board, r1c1 and r2c2 marked 1 or 3 and the diagonal r1c1 r2c2 r3c3
    adding up to 7: the core counts the grids that keep all three."""
    core = nb.load()
    geometry = get_encoding("sudoku-native", "sudoku").build(Sudoku.empty(4)).geometry
    words = [4, 2, 0, 0b0101, 4, 2, 5, 0b0101, 6, 4, 7, 0, 5, 10]
    count, complete, _, sols, _ = core.solve(geometry, bytes(16), 0, 500, -1.0, 0,
                                             core.extras(4, array("i", words).tobytes()))
    want = [g for g in grids4 if g[0] in (1, 3) and g[5] in (1, 3) and g[0] + g[5] + g[10] == 7]
    assert complete and count == len(want) > 0
    assert sorted(tuple(s) for s in sols) == sorted(tuple(g) for g in want)


def test_the_records_and_the_linear_form_past_the_bitsets():
    assert list(native_records(4, [LittleKillerSum(4, (-1, -1), 10, "DR")])) == [6, 5, 10, 0, 5, 10, 15]
    big = LittleKillerSum(16, (-1, -1), 100, "DR")  # past SUM_MAX: the linear sum of the diagonal
    words = list(native_records(16, [big]))
    assert words[:3] == [3, 33, 100] and words[3::2] == [17 * i for i in range(16)] and set(words[4::2]) == {1}


@needs_core
@pytest.mark.parametrize("words,message", [
    ([6, 1, 5], "a sum of 0 cells"),
    ([6, 3, 64, 0, 1], r"totals 0\.\.63"),
    ([6, 3, -1, 0, 1], r"totals 0\.\.63"),
    ([6, 3, 5, 0, 0], "twice in the sum"),
    ([6, 2, 5, 16], "outside"),
])
def test_malformed_sum_records_are_refused(words, message):
    with pytest.raises(ValueError, match=message):
        nb.load().extras(4, array("i", words).tobytes())


def test_little_killers_get_a_larger_node_budget():
    lk = LittleKillerSum(9, (-1, 0), 40, "DR")
    assert BUDGET_FACTORS["littlekillersum"] == budget_factor([lk]) > 1
    assert budget_factor([KillerCage(9, (0, 1), 3)]) == budget_factor([]) == 1
    backend = nb.BudgetedBackend()
    assert backend._budget(Sudoku(9, None, extra=[lk])) == nb.NODE_BUDGET * BUDGET_FACTORS["littlekillersum"]
    assert backend._budget(Sudoku.empty(9)) == nb.NODE_BUDGET


# ---------------------------------------------------------------------------- sandwich clauses
def _sandwich_value(n, row):
    i, j = sorted((row.index(1), row.index(n)))
    return sum(row[i + 1:j])


@pytest.mark.parametrize("seed", range(6))
def test_sandwich_counts_match_brute_force_4x4(seed, grids4):
    """Two to four sandwich clues (some no grid keeps together): every encoding counts what
    the verifier's rule keeps of the 288 grids."""
    rng = random.Random(seed)
    rules = []
    for _ in range(rng.randint(2, 4)):
        g = rng.choice(grids4)
        k = rng.randrange(4)
        if rng.random() < 0.5:
            clue, line = rng.choice([(k, -1), (k, 4)]), list(g[k * 4:k * 4 + 4])
        else:
            clue, line = rng.choice([(-1, k), (4, k)]), [g[k + 4 * i] for i in range(4)]
        rules.append(SandwichSum(4, clue, _sandwich_value(4, line)))
    want = sum(1 for g in grids4 if not any(r.problems(g) for r in rules))
    p = Sudoku(4, None, extra=rules)
    for enc in ("cnf-extended", "cpsat-int", "cpsat-bool"):
        assert gridsat.count(p, encoding=enc, limit=1000).count == want, enc


def test_sandwich_counts_match_brute_force_6x6():
    """Three rows given; four sandwich clues read off one grid and one off another: the
    counts over every completion of the givens, in every encoding."""
    base = gridsat.solve(Sudoku.empty(6)).solution
    givens = list(base[:18]) + [0] * 18
    loose = gridsat.count(Sudoku(6, givens), keep=5000)
    assert loose.complete and 2 < loose.count < 5000
    other = loose.solutions[-1]
    rules = [SandwichSum(6, (3, -1), _sandwich_value(6, list(base[18:24]))),
             SandwichSum(6, (-1, 0), _sandwich_value(6, [base[6 * i] for i in range(6)])),
             SandwichSum(6, (6, 4), _sandwich_value(6, [other[4 + 6 * i] for i in range(6)])),
             SandwichSum(6, (5, 6), _sandwich_value(6, list(other[30:36])))]
    want = sum(1 for g in loose.solutions if not any(r.problems(g) for r in rules))
    p = Sudoku(6, givens, extra=rules)
    for enc in ("cnf-extended", "cpsat-int", "cpsat-bool"):
        assert gridsat.count(p, encoding=enc, limit=5000).count == want, enc


def test_the_crust_clauses_follow_the_fillings():
    """On 9x9 a clue of 0 puts the crusts side by side (a gap of one or more cells is ruled
    out by a binary clause), and a clue of 35 (2..8 minus 0) fills the whole row between."""
    lit = lambda c, d: c * 9 + d  # noqa: E731
    zero = SandwichSum(9, (0, -1), 0)
    assert zero._fillings() == {0: (0, 0)}
    clauses = zero._crust_clauses(lit)
    assert [-lit(0, 1), -lit(2, 9)] in clauses and [-lit(0, 1), -lit(1, 9)] not in clauses
    full = SandwichSum(9, (0, -1), 35)
    assert set(full._fillings()) == {7}
    assert all(len(c) == 2 for c in full._crust_clauses(lit) if -lit(0, 1) in c and -lit(8, 9) not in c)
