"""The sum and cage constraint types (killercage, cage, arrow, doublearrow, littlekillersum,
sandwichsum, xsum, skyscraper, regionsumline, zipperline, quadruple): the order encoding of
sums against brute force, counts of small Sudokus against brute force over every grid, clues
read off solved 9x9 and 16x16 grids, the f-puzzles forms both ways, and hostile inputs.

Every registered type also runs through the fixtures of ``test_constraints.py``.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints import (Arrow, Cage, DoubleArrow, KillerCage, LittleKillerSum, Quadruple, RegionSumLine,
                                 SandwichSum, Skyscraper, XSum, ZipperLine, get_constraint)
from gridsat.constraints.base import fpuzzles_cell, fpuzzles_name
from gridsat.constraints.sums import cell_term, sum_cnf
from gridsat.errors import ParseError, PuzzleError, UnsupportedError

TYPES = [KillerCage, Cage, Arrow, DoubleArrow, LittleKillerSum, SandwichSum, XSum, Skyscraper, RegionSumLine,
         ZipperLine, Quadruple]
BOXES4 = (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)
ENCODINGS = ["cnf-extended", "cnf-minimal", "cpsat-int", "cpsat-bool"]


def _fresh(start):
    top = [start]

    def new_var():
        top[0] += 1
        return top[0]

    return new_var, top


def _models(clauses, assume, top):
    """0, 1 or 2: how many assignments of the variables past ``top`` the clauses allow under
    the assumptions (2: more than one)."""
    from pysat.solvers import Minisat22

    with Minisat22(bootstrap_with=clauses) as s:
        if not s.solve(assumptions=assume):
            return 0
        aux = [x for x in s.get_model() if abs(x) > top]
        if not aux:
            return 1
        s.add_clause([-x for x in aux])
        return 1 + s.solve(assumptions=assume)


# ------------------------------------------------------------------ the order encoding of sums
@pytest.mark.parametrize("seed", range(6))
def test_sum_cnf_against_brute_force(seed):
    """Random weights (some negative) and bounds on three cells of digits 1..3: the clauses hold
    exactly for the assignments in bounds, with one choice of the auxiliaries each."""
    rnd = random.Random(seed)
    n, cells = 3, [0, 1, 2]
    weights = [rnd.choice([-10, -2, -1, 1, 2, 3]) for _ in cells]
    lo = rnd.randint(-12, 8)
    hi = lo + rnd.randint(0, 4)
    lit = lambda c, v: c * n + v  # noqa: E731
    new_var, _ = _fresh(n ** 3)
    clauses = sum_cnf([cell_term(lit, c, n, w) for c, w in zip(cells, weights)], lo, hi, new_var)
    sums = {vals: sum(w * v for w, v in zip(weights, vals)) for vals in itertools.product(range(1, 4), repeat=3)}
    if clauses is None:
        assert not any(lo <= s <= hi for s in sums.values())
        return
    for vals, s in sums.items():
        assume = [lit(c, v) if v == d else -lit(c, v) for c, d in enumerate(vals) for v in range(1, n + 1)]
        models = _models(clauses, assume, n ** 3)
        assert (models > 0) == (lo <= s <= hi), (weights, lo, hi, vals)
        assert models <= 1, "an auxiliary is not defined by the cells"


@pytest.mark.parametrize("con", [KillerCage(4, (1, 2), 5), Arrow(4, (0,), ((1, 2),)), DoubleArrow(4, ((0, 1, 2),)),
                                 LittleKillerSum(4, (-1, -1), 10, "DR"), SandwichSum(4, (0, -1), 5),
                                 XSum(4, (0, -1), 1), Skyscraper(4, (0, -1), 2), ZipperLine(4, ((0, 1, 2),)),
                                 RegionSumLine(4, ((1, 5, 6, 2),), BOXES4)], ids=lambda c: c.type)
def test_auxiliaries_need_new_var(con):
    with pytest.raises(UnsupportedError, match=f"{con.type}: the CNF form needs auxiliary variables"):
        con.cnf(lambda c, v: c * 4 + v)


def test_cage_of_one_combination_and_quadruple_need_no_auxiliaries():
    assert KillerCage(4, (0, 1, 2), 6).cnf(lambda c, v: c * 4 + v)
    assert Cage(4, (0, 1)).cnf(lambda c, v: c * 4 + v)
    assert Quadruple(4, (0, 1, 4, 5), (1, 1)).cnf(lambda c, v: c * 4 + v)


# ------------------------------------------------------------------ counts against brute force
@pytest.fixture(scope="module")
def grids4():
    return gridsat.count(Sudoku.empty(4), keep=288).solutions


SMALL = [
    [KillerCage(4, (0, 1), 3)],
    [KillerCage(4, (0, 4), 5), Cage(4, (10, 11))],
    [Arrow(4, (0,), ((1, 2), (6,)))],
    [Arrow(4, (0, 1), ((4, 8, 12, 13),))],
    [DoubleArrow(4, ((0, 5, 10, 15),))],
    [LittleKillerSum(4, (-1, 0), 6, "DR"), LittleKillerSum(4, (4, 3), 5, "UL")],
    [SandwichSum(4, (0, -1), 0), SandwichSum(4, (-1, 1), 5)],
    [XSum(4, (0, 4), 3), XSum(4, (4, 0), 1)],
    [Skyscraper(4, (-1, 0), 2), Skyscraper(4, (1, 4), 3)],
    [RegionSumLine(4, ((0, 1, 2, 3),), BOXES4)],
    [RegionSumLine(4, ((4, 5, 9, 10, 11),), BOXES4)],
    [ZipperLine(4, ((0, 1, 2, 6, 7),)), ZipperLine(4, ((8, 9, 13, 12),))],
    [Quadruple(4, (0, 1, 4, 5), (2, 3)), Quadruple(4, (10, 11, 14, 15), (4,))],
]


@pytest.mark.parametrize("rules", SMALL, ids=lambda rs: "+".join(r.type for r in rs))
def test_4x4_counts_match_brute_force(rules, grids4):
    """Every encoding that reads the list counts what the verifier rules keep of the 288 grids."""
    want = sum(1 for g in grids4 if not any(r.problems(g) for r in rules))
    p = Sudoku(4, None, extra=rules)
    for enc in ENCODINGS:
        assert gridsat.count(p, encoding=enc, limit=1000).count == want, enc


def test_6x6_counts_match_brute_force():
    """6x6 with two rows given: cages, an outside clue and a zipper read off one solution; the
    count against the verifier rules over every completion of the givens (1408 grids)."""
    base = gridsat.solve(Sudoku.empty(6)).solution
    givens = list(base[:12]) + [0] * 24
    loose = gridsat.count(Sudoku(6, givens), keep=5000)
    assert loose.complete and 100 < loose.count < 5000
    rules = [KillerCage(6, (12, 13, 18), base[12] + base[13] + base[18]),
             SandwichSum(6, (3, 6), _sandwich(6, list(base[18:24]))),
             XSum(6, (6, 4), sum(base[34 - 6 * i] for i in range(base[34]))),
             Skyscraper(6, (-1, 1), _seen([base[1 + 6 * i] for i in range(6)])),
             Cage(6, (30, 31, 32))]
    want = sum(1 for g in loose.solutions if not any(r.problems(g) for r in rules))
    assert want > 0
    p = Sudoku(6, givens, extra=rules)
    for enc in ("cnf-extended", "cpsat-int", "cpsat-bool"):
        assert gridsat.count(p, encoding=enc, limit=5000).count == want, enc


# ------------------------------------------------------------------ clues read off solved grids
def _clues(n, g, regions, rnd):
    """Constraints of every type that the solved grid ``g`` keeps."""
    idx = lambda r, c: r * n + c  # noqa: E731
    out = [KillerCage(n, (idx(0, 0), idx(0, 1), idx(1, 0)), g[0] + g[1] + g[n]),
           Cage(n, (idx(n - 1, n - 1), idx(n - 1, n - 2))),
           LittleKillerSum(n, (-1, 0), sum(g[idx(i, i + 1)] for i in range(n - 1)), "DR"),
           SandwichSum(n, (2, -1), _sandwich(n, g[2 * n:3 * n])),
           XSum(n, (-1, 3), sum(g[idx(i, 3)] for i in range(g[3]))),
           Skyscraper(n, (n, 4), _seen([g[idx(n - 1 - i, 4)] for i in range(n)])),
           Quadruple(n, (idx(4, 4), idx(4, 5), idx(5, 4), idx(5, 5)), (g[idx(4, 4)], g[idx(5, 5)]))]
    a = next(a for a in range(n * n) if regions[a] != regions[0] and g[a] == g[0])
    out.append(RegionSumLine(n, ((0, a), (0, 1)), regions))  # pieces r1c1 | a; one piece r1c1 r1c2
    for _ in range(400):  # an arrow and a zipper the grid happens to keep
        a, b, c = rnd.sample(range(n * n), 3)
        if g[a] == g[b] + g[c] and not any(isinstance(x, Arrow) for x in out):
            out += [Arrow(n, (a,), ((b, c),)), ZipperLine(n, ((b, a, c),)), DoubleArrow(n, ((b, a, c),))]
    return out


def _sandwich(n, row):
    i, j = sorted((row.index(1), row.index(n)))
    return sum(row[i + 1:j])


def _seen(line):
    top = seen = 0
    for v in line:
        if v > top:
            top, seen = v, seen + 1
    return seen


@pytest.mark.parametrize("n", [9, 16])
def test_clues_of_a_solved_grid_solve(n):
    """The clues a solved grid keeps, with some of its digits as givens: solved, verified, and
    the grid itself passes the verifier; the f-puzzles link keeps every rule."""
    rnd = random.Random(n)
    base = gridsat.solve(Sudoku.empty(n)).solution
    p0 = Sudoku.empty(n)
    rules = _clues(n, base, p0.regions, rnd)
    assert any(isinstance(r, Arrow) for r in rules)
    givens = [v if rnd.random() < 0.5 else 0 for v in base]
    p = Sudoku(n, givens, extra=rules)
    assert gridsat.verify(p, base) == []
    for enc in ("cnf-extended", "cpsat-int"):
        r = gridsat.solve(p, encoding=enc)
        assert r.status == "solved" and gridsat.verify(p, r.solution) == [], enc
    pytest.importorskip("lzstring")
    from gridsat.formats import get_format

    fmt = get_format("fpuzzles")
    back = fmt.read(fmt.write(p), "p.txt")[0]
    assert back.error is None and set(back.puzzle.extra) == set(p.extra) and back.puzzle.givens == p.givens


def test_pill_on_a_16x16_board_writes_its_digits_one_after_the_other():
    """A pill of 1 and 12 reads 112 (f-puzzles' reading), so no shaft of fewer than 7 cells
    reaches it; every encoding agrees with the verifier on a pill of two cells and a shaft."""
    n = 16
    arrow = Arrow(n, (0, 1), ((16, 17, 18),))
    values = [1] * (n * n)
    values[0], values[1], values[16], values[17], values[18] = 1, 2, 4, 4, 4
    assert arrow.problems(values) == []                     # 12 = 4 + 4 + 4
    values[1] = 12
    assert arrow.problems(values) and "not 112" in arrow.problems(values)[0]
    from pysat.solvers import Minisat22

    small = Arrow(n, (0, 1), ((2, 3, 4),))          # the pill's term against the verifier rule
    lit = lambda c, v: c * n + v  # noqa: E731
    new_var, _ = _fresh(n ** 3)
    clauses = small.cnf(lit, new_var=new_var)
    with Minisat22(bootstrap_with=clauses) as s:
        for a, b in itertools.product(range(1, n + 1), repeat=2):
            for total in {int(f"{a}{b}"), 10 * a + b, 30}:   # as f-puzzles reads it, as decimal places
                if not 3 <= total <= 48:
                    continue
                vals = [1] * (n * n)
                vals[0], vals[1] = a, b
                vals[2] = min(16, total - 2)
                vals[3] = min(16, total - vals[2] - 1)
                vals[4] = total - vals[2] - vals[3]
                assume = [lit(c, v) if vals[c] == v else -lit(c, v) for c in range(5) for v in range(1, n + 1)]
                assert s.solve(assumptions=assume) == (small.problems(vals) == []), (a, b, total)
    p = Sudoku(n, gridsat.solve(Sudoku.empty(n)).solution[:32] + (0,) * (n * n - 32), extra=[arrow])
    givens = list(p.givens)
    givens[16:19] = [0, 0, 0]
    p = Sudoku(n, givens, extra=[arrow])
    statuses = set()
    for enc in ("cnf-extended", "cpsat-int", "cpsat-bool"):
        r = gridsat.solve(p, encoding=enc)
        statuses.add(r.status)
        if r.solution is not None:
            assert gridsat.verify(p, r.solution) == []
    assert len(statuses) == 1


# ------------------------------------------------------------------ f-puzzles forms
def test_fpuzzles_cell_names():
    assert fpuzzles_cell("R1C1", 9) == 0 and fpuzzles_cell("r9c9", 9) == 80 and fpuzzles_cell("R3C4", 9) == 21
    assert fpuzzles_cell("R0C3", 9, outside=True) == (-1, 2) and fpuzzles_cell("R10C3", 9, outside=True) == (9, 2)
    assert fpuzzles_cell("R0C0", 9, outside=True) == (-1, -1)
    assert fpuzzles_name(9, 21) == "R3C4" and fpuzzles_name(9, (-1, 2)) == "R0C3"
    for bad, outside in [("R10C1", False), ("R0C1", False), ("R11C1", True), ("R1C12", True), ("X1", False),
                         (5, False), ("R1C1C1", False)]:
        with pytest.raises(ParseError, match="R1C1|board|beside"):
            fpuzzles_cell(bad, 9, outside=outside)


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.type)
def test_fpuzzles_round_trip(cls):
    for ex in cls.examples():
        con = ex.constraint
        key, item = con.to_fpuzzles()
        assert key in cls.fpuzzles_keys
        item = json.loads(json.dumps(item))
        kw = {"regions": con.regions} if getattr(cls, "fpuzzles_needs_regions", False) else {}
        assert cls.from_fpuzzles(key, item, con.n, **kw) == con


def test_fpuzzles_items_as_f_puzzles_writes_them():
    assert KillerCage.from_fpuzzles("killercage", {"cells": ["R1C1", "R1C2"], "value": "3",
                                                   "outlineC": "#000"}, 9) == KillerCage(9, (0, 1), 3)
    assert KillerCage.from_fpuzzles("killercage", {"cells": ["R1C1", "R1C2"], "value": ""}, 9) == KillerCage(9, (0, 1))
    # an arrow's line starts in the circle; a pill's line may start in either of its cells
    a = Arrow.from_fpuzzles("arrow", {"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C3", "R3C3"]]}, 9)
    assert a == Arrow(9, (0, 1), ((11, 20),))
    # a little killer or outside clue drawn without a number states nothing
    assert LittleKillerSum.from_fpuzzles("littlekillersum", {"cell": "R0C1", "direction": "DR", "value": ""}, 9) is None
    lk = LittleKillerSum.from_fpuzzles("littlekillersum", {"cell": "R10C5", "direction": "UR", "value": "20"}, 9)
    assert lk.line() == (77, 69, 61, 53)
    assert SandwichSum.from_fpuzzles("sandwichsum", {"cell": "R0C4", "value": "0"}, 9).line() == tuple(range(3, 81, 9))
    assert XSum.from_fpuzzles("xsum", {"cell": "R2C10", "value": "9"}, 9).line()[:2] == (17, 16)
    assert Quadruple.from_fpuzzles("quadruple", {"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 1]},
                                   9) == Quadruple(9, (0, 1, 9, 10), (1, 1))
    with pytest.raises(UnsupportedError, match="regions"):
        RegionSumLine.from_fpuzzles("regionsumline", {"lines": [["R1C1"]]}, 9)


# ------------------------------------------------------------------ hostile inputs
@pytest.mark.parametrize("make,pattern", [
    (lambda: KillerCage(9, (0, 1), 18), r"killercage r1c1 r1c2: no 2 different digits 1\.\.9 add up to 18"),
    (lambda: KillerCage(9, (0, 0), 3), r"killercage: cell r1c1 is listed twice"),
    (lambda: KillerCage(4, (0, 1, 2, 3, 4), None), r"5 cells cannot hold different digits"),
    (lambda: Cage(9, (0, 81)), r"cage: cell 81 is outside the 9x9 board"),
    (lambda: KillerCage(9, (0,), "3"), r"killercage: the sum must be an integer"),
    (lambda: Arrow(9, (0,), ((0, 1),)), r"arrow: r1c1 is in both the circle and a shaft"),
    (lambda: Arrow(9, (0,), ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10),)), r"arrow r1c1: no digits make the shaft"),
    (lambda: Arrow(16, (0, 1, 2), ((3,),)), r"arrow r1c1 r1c2 r1c3: no digits make the shaft r1c4 \(1\.\.16\) "
                                            r"equal the circle \(111\.\.161616\)"),
    (lambda: Arrow(9, (0, 1, 2, 3), ((4,),)), r"the circle has 4 cells"),
    (lambda: Arrow(9, (0,), ((1, 2, 1),)), r"arrow: cell r1c2 is listed twice"),
    (lambda: DoubleArrow(9, ((0, 1),)), r"fewer than 3 cells"),
    (lambda: LittleKillerSum(9, (-1, 0), 80, "DR"), r"no digits can make it on 8 cells"),
    (lambda: LittleKillerSum(9, (-1, 0), 10, "DD"), r"direction 'DD' is not one of"),
    (lambda: LittleKillerSum(9, (-1, 8), 10, "DR"), r"misses the board"),
    (lambda: LittleKillerSum(9, (3, 3), 10, "DR"), r"not beside the 9x9 board"),
    (lambda: SandwichSum(9, (-1, -1), 10), r"facing a row or column"),
    (lambda: SandwichSum(9, (0, -1), 1), r"no different digits 2\.\.8 add up to 1"),
    (lambda: SandwichSum(9, (0, -1), 36), r"no different digits"),
    (lambda: XSum(9, (0, -1), 2), r"xsum 2 at R1C0: no digits can make it"),
    (lambda: Skyscraper(9, (0, -1), 0), r"shows 1\.\.9 digits"),
    (lambda: RegionSumLine(9, ((0, 1),), (0,) * 80), r"81 region labels"),
    (lambda: RegionSumLine(4, ((0, 1, 2, 3, 7, 11, 15),), (0,) * 15 + (1,)), r"no total fits pieces of 6 and 1 cells"),
    (lambda: ZipperLine(9, ((0,),)), r"fewer than 2 cells"),
    (lambda: Quadruple(9, (0, 1, 9, 10), (1, 2, 3, 4, 5)), r"5 digits do not fit 4 cells"),
    (lambda: Quadruple(9, (0, 1, 9, 10), (0,)), r"digit 0 is not in 1\.\.9"),
])
def test_hostile_inputs_are_refused(make, pattern):
    with pytest.raises(PuzzleError, match=pattern):
        make()


def test_every_sum_type_is_registered_with_its_fpuzzles_key():
    for cls in TYPES:
        assert get_constraint(cls.type) is cls and cls.fpuzzles_keys == (cls.type,)


# ------------------------------------------------------------------ the f-puzzles reader and writer
def _link(obj):
    lzstring = pytest.importorskip("lzstring")
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(obj)) + "\n"


def _read(obj):
    from gridsat.formats import get_format

    return get_format("fpuzzles").read(_link(obj), "links.txt")[0]


def test_fpuzzles_link_with_every_sum_key():
    """A 4x4 link with a key of every type reads every rule (none dropped), solves, and writes
    back to a link that reads the same rules."""
    from gridsat.formats import get_format

    grid = [[{} for _ in range(4)] for _ in range(4)]
    obj = {"size": 4, "grid": grid,
           "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
           "cage": [{"cells": ["R4C4", "R4C3"], "value": ""}],
           "arrow": [{"cells": ["R2C2"], "lines": [["R2C2", "R3C3"]]}],
           "doublearrow": [{"lines": [["R3C1", "R4C1", "R4C2"]]}],
           "littlekillersum": [{"cell": "R0C2", "direction": "DR", "value": "6"},
                               {"cell": "R0C3", "direction": "DL", "value": ""}],
           "sandwichsum": [{"cell": "R0C4", "value": "5"}],
           "xsum": [{"cell": "R3C0", "value": "3"}],
           "skyscraper": [{"cell": "R5C1", "value": "1"}],
           "quadruple": [{"cells": ["R3C3", "R3C4", "R4C3", "R4C4"], "values": [4]}],
           "zipperline": [{"lines": [["R1C3", "R1C4", "R2C4"]]}],
           "regionsumline": [{"lines": [["R2C1", "R3C1"]]}]}
    e = _read(obj)
    assert e.error is None, e.error
    p = e.puzzle
    assert sorted(c.type for c in p.extra) == sorted(k for k in obj if k not in ("size", "grid"))
    assert len(p.extra) == 11  # the little killer drawn without a number states nothing
    r = gridsat.solve(p)
    if r.status == "solved":
        assert gridsat.verify(p, r.solution) == []
    assert {gridsat.solve(p, encoding=enc).status for enc in ENCODINGS} == {r.status}
    fmt = get_format("fpuzzles")
    back = fmt.read(fmt.write(p), "back.txt")[0]
    assert back.error is None and set(back.puzzle.extra) == set(p.extra)


@pytest.mark.parametrize("extra,pattern", [
    ({"killercage": [{"cells": ["R1C1", "R1C1"], "value": "3"}]}, r"killercage item 1 \{.*\}: cell r1c1 is listed twice$"),
    ({"killercage": [{"cells": ["R1C1"], "value": "x"}]}, r"killercage item 1 \{.*\}: 'x' is not a number$"),
    ({"littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "3"}]}, r"littlekillersum item 1 .*not beside"),
    ({"sandwichsum": [{"cell": "R0C9", "value": "3"}]}, r"sandwichsum item 1 \{.*\}: 'R0C9' is neither on"),
    ({"xsum": {"cell": "R0C1"}}, r"xsum: expected a list of items or true"),
    ({"arrow": [{"cells": ["R1C1"], "lines": []}]}, r"arrow item 1 \{.*\}: expected an object with a list of lines"),
    ({"quadruple": [{"cells": ["R1C1"], "values": ["a"]}]}, r"quadruple item 1 \{.*\}: 'a' is not a digit$"),
    ({"nosuchkey": [1]}, r"f-puzzles constraint 'nosuchkey' is not supported; known: .*killercage"),
])
def test_fpuzzles_hostile_items_name_the_key_and_the_item(extra, pattern):
    e = _read({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], **extra})
    assert e.puzzle is None and e.error is not None
    assert e.error.line == 1 and e.error.col == 33
    assert __import__("re").search(pattern, e.error.message), e.error.message


def test_fpuzzles_pencil_marks_are_read_or_refused_never_dropped():
    """A cell's ``givenPencilMarks`` become a rule of the type that reads that key; while no
    type reads it, the link is refused."""
    grid = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"givenPencilMarks": [2, 3]}
    e = _read({"size": 4, "grid": grid})
    readers = [t for t in map(get_constraint, __import__("gridsat.constraints", fromlist=["x"]).list_constraints())
               if "givenPencilMarks" in t.fpuzzles_keys]
    if readers:
        assert e.error is None and len(e.puzzle.extra) == 1
        assert gridsat.count(e.puzzle, limit=1000).count == 144  # 288 grids, half with 2 or 3 in r1c1
    else:
        assert e.puzzle is None and "'givenPencilMarks' (at R1C1) is not supported" in e.error.message


@pytest.mark.parametrize("amo", ["pairwise", "seqcounter"])
def test_cnf_extended_takes_auxiliaries_from_its_pool(amo, grids4):
    """With pairwise or pooled at-most-one groups, the rules' auxiliaries come after every
    other variable, ``nvars`` counts them, and the formula's grids are the verifier's."""
    from pysat.solvers import Minisat22

    from gridsat.kinds.sudoku.encode_cnf import extended

    rules = [KillerCage(4, (1, 2), 5), SandwichSum(4, (-1, 0), 5), Arrow(4, (15,), ((10, 5),))]
    m = extended(Sudoku(4, None, extra=rules), amo=amo)
    used = {abs(x) for cl in m.clauses for x in cl}
    assert max(used) == m.nvars > 64
    want = sum(1 for g in grids4 if not any(r.problems(g) for r in rules))
    count = 0
    with Minisat22(bootstrap_with=[list(cl) for cl in m.clauses]) as s:
        while s.solve():
            cells = [x for x in s.get_model()[:64] if x > 0]
            assert not any(r.problems([(x - 1) % 4 + 1 for x in cells]) for r in rules)
            s.add_clause([-x for x in cells])
            count += 1
    assert count == want > 0


def test_a_cage_sum_is_possible_exactly_when_some_digits_make_it():
    """The bounds test of a cage's sum (no listing) against the listed combinations."""
    from gridsat.constraints.cages import cage_combinations, cage_sum_possible

    for n in (4, 6, 9, 12, 16):
        for size in range(0, n + 2):
            for total in range(-1, n * (n + 1) // 2 + 3):
                listed = bool(cage_combinations(n, size, total)) if 1 <= size <= n else False
                assert cage_sum_possible(n, size, total) == listed, (n, size, total)
