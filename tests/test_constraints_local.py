"""The local-rule and line constraint types beyond the fixtures of ``test_constraints.py``:
counts against brute force over every 4x4 Sudoku grid, the encodings against each other on
generated puzzles, f-puzzles forms both ways, f-puzzles' own edge cases (the marks that free
a pair from the negative rules, the whispers default, the entropic groups) and hostile input.
"""

from __future__ import annotations

import random

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints import (XV, AntiKing, AntiKnight, BetweenLine, Clone, DiagonalNegative, DiagonalPositive,
                                 Difference, DisjointGroups, EntropicLine, Even, ExtraRegion, Maximum, Minimum,
                                 ModularLine, Negative, Odd, Palindrome, PencilMarks, Ratio, Renban,
                                 SlowThermometer, Thermometer, Whispers, constraint_from_json, get_constraint)
from gridsat.constraints.grouplines import entropic_groups
from gridsat.constraints.negative import fpuzzles_negatives
from gridsat.errors import ParseError, PuzzleError, UnsupportedError

LOCAL = [Difference, Ratio, XV, Negative, Odd, Even, Minimum, Maximum, PencilMarks, ExtraRegion, Clone,
         DiagonalPositive, DiagonalNegative, AntiKnight, AntiKing, DisjointGroups, Thermometer, SlowThermometer,
         Whispers, Renban, Palindrome, BetweenLine, EntropicLine, ModularLine]


@pytest.fixture(scope="module")
def grids():
    """Every 4x4 Sudoku grid (288), found without any extra rule."""
    out = gridsat.count(Sudoku.empty(4), keep=288).solutions
    assert len(out) == 288
    return out


def _brute(grids, rules) -> int:
    return sum(1 for g in grids if not any(r.problems(g) for r in rules))


# ---------------------------------------------------------------- counts against brute force
@pytest.mark.parametrize("rules, want", [
    ([DiagonalPositive(4)], 48),
    ([DiagonalNegative(4)], 48),
    ([DiagonalPositive(4), DiagonalNegative(4)], 48),
    ([AntiKnight(4)], 24),
    ([AntiKing(4)], 0),
    ([DisjointGroups(4)], 168),
    ([Negative(4, "difference")], 0),
    ([Negative(4, "xv")], 8),
], ids=["diagonal+", "diagonal-", "both diagonals", "antiknight", "antiking", "disjointgroups",
        "nonconsecutive", "negative xv"])
def test_whole_board_counts(grids, rules, want):
    """The count of each encoding that reads the list equals the brute-force figure."""
    assert _brute(grids, rules) == want
    p = Sudoku(4, None, extra=rules)
    for enc in ("cnf-extended", "cnf-minimal", "cpsat-int", "cpsat-bool"):
        assert gridsat.count(p, encoding=enc, limit=1000).count == want, enc


def _walk(rng: random.Random, n: int, length: int, king: bool = True) -> tuple[int, ...] | None:
    cell = rng.randrange(n * n)
    line = [cell]
    steps = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] if king else \
        [(-1, 0), (0, -1), (0, 1), (1, 0)]
    while len(line) < length:
        r, c = divmod(line[-1], n)
        nxt = [(r + dr) * n + c + dc for dr, dc in steps
               if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in line]
        if not nxt:
            return None
        line.append(rng.choice(nxt))
    return tuple(line)


def _random_rule(rng: random.Random, n: int = 4, kind=None):
    """One rule of the type ``kind`` (default: a random local type) at a random place (or None
    when the draw is not a rule)."""
    kind = kind or rng.choice(LOCAL)
    try:
        if kind in (Difference, Ratio, XV):
            a, b = _walk(rng, n, 2, king=False) or (0, 1)
            number = {Difference: rng.randint(1, 3), Ratio: rng.randint(2, 4), XV: rng.randint(3, 7)}[kind]
            return kind(n, (a, b), number)
        if kind is Negative:
            exempt = [_walk(rng, n, 2, king=False) for _ in range(rng.randint(0, 4))]
            relation = rng.choice(["difference", "ratio", "xv"])
            return Negative(n, relation, (), tuple(p for p in exempt if p))
        if kind in (Odd, Even, Minimum, Maximum):
            return kind(n, rng.randrange(n * n))
        if kind is PencilMarks:
            return PencilMarks(n, rng.randrange(n * n), tuple(rng.sample(range(1, n + 1), rng.randint(1, 3))))
        if kind in (ExtraRegion,):
            return ExtraRegion(n, tuple(rng.sample(range(n * n), rng.randint(2, 4))))
        if kind is Clone:
            cells = rng.sample(range(n * n), 4)
            return Clone(n, tuple(cells[:2]), tuple(cells[2:]))
        if kind is DisjointGroups:
            return DisjointGroups(n)
        if kind in (DiagonalPositive, DiagonalNegative, AntiKnight, AntiKing):
            return kind(n)
        line = _walk(rng, n, rng.randint(2, 4))
        if line is None:
            return None
        if kind is Whispers:
            return Whispers(n, (line,), rng.randint(1, 2))
        return kind(n, (line,))
    except PuzzleError:
        return None


@pytest.mark.parametrize("kind", LOCAL, ids=lambda k: k.type)
def test_encodings_agree_on_generated_puzzles(grids, kind):
    """Random instances of each type, with a random other rule, on a 4x4 board: every encoding
    counts what brute force counts."""
    rng = random.Random(kind.type)
    rules = []
    while len(rules) < 2:
        rule = _random_rule(rng, kind=kind)
        rules += [rule] if rule is not None else []
    rules.append(_random_rule(rng))
    rules = [r for r in rules if r is not None]
    want = _brute(grids, rules)
    p = Sudoku(4, None, extra=rules)
    counts = {enc: gridsat.count(p, encoding=enc, limit=1000).count
              for enc in ("cnf-extended", "cnf-minimal", "cpsat-int", "cpsat-bool")}
    assert set(counts.values()) == {want}, (rules, counts, want)
    r = gridsat.solve(p)
    if want:
        assert r.status == "solved" and gridsat.verify(p, r.solution) == []
    else:
        assert r.status == "impossible"


def test_miracle_sudoku_is_unique():
    """Anti-knight, anti-king and nonconsecutive with two givens (1 at r5c3, 2 at r6c7): the
    known puzzle has one solution, whose first row is 4 8 3 7 2 6 1 5 9."""
    givens = [0] * 81
    givens[4 * 9 + 2], givens[5 * 9 + 6] = 1, 2
    p = Sudoku(9, givens, extra=[AntiKnight(9), AntiKing(9), Negative(9, "difference")])
    for enc in ("cnf-extended", "cpsat-bool"):
        assert gridsat.count(p, encoding=enc, limit=10).count == 1
    r = gridsat.solve(p)
    assert r.solution[:9] == (4, 8, 3, 7, 2, 6, 1, 5, 9) and gridsat.verify(p, r.solution) == []


def test_pencil_mark_puzzle_with_one_solution_is_unique(grids):
    """Given pencil marks that leave one grid: the solver counts 1 and solves to that grid."""
    target = grids[17]
    marks = [PencilMarks(4, c, (target[c], (target[c] + c % 3) % 4 + 1)) for c in range(16)]
    rules = []
    for m in marks:  # add marks until brute force leaves one grid
        rules.append(m)
        if _brute(grids, rules) == 1:
            break
    assert _brute(grids, rules) == 1 and len(rules) < 16
    p = Sudoku(4, None, extra=rules)
    assert gridsat.count(p, limit=10).count == 1
    assert tuple(gridsat.solve(p).solution) == tuple(target)


# ---------------------------------------------------------------- f-puzzles semantics
def test_nonconsecutive_frees_pairs_with_either_dot():
    """f-puzzles: a white or a black dot between two cells frees them from nonconsecutive; an
    X or a V does not."""
    data = {"nonconsecutive": True, "difference": [{"cells": ["R1C1", "R1C2"]}],
            "ratio": [{"cells": ["R2C1", "R2C2"], "value": "3"}], "xv": [{"cells": ["R3C1", "R3C2"], "value": "V"}]}
    (neg,) = fpuzzles_negatives(data, 4)
    assert neg == Negative(4, "difference", (1,), ((0, 1), (4, 5)))
    values = [1, 2, 4, 2, 1, 2, 4, 2, 2, 3, 1, 4, 4, 1, 3, 1]
    bad = neg.problems(values)
    assert bad and all("r1c1 r1c2" not in p and "r2c1 r2c2" not in p for p in bad)
    assert any("r3c1 r3c2" in p for p in bad)


def test_negative_ratio_uses_the_ratios_in_use():
    """Negative ratio: the values of the puzzle's black dots (2 when there is none), and white
    dots free their pairs; negative xv: 5 and 10, freed by X and V only."""
    data = {"negative": ["ratio", "xv"], "ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
            "difference": [{"cells": ["R4C3", "R4C4"]}], "xv": [{"cells": ["R2C2", "R2C3"], "value": "X"},
                                                                {"cells": ["R3C3", "R3C4"]}]}
    ratio, xv = fpuzzles_negatives(data, 4)
    assert ratio == Negative(4, "ratio", (3,), ((0, 1), (14, 15)))
    assert xv == Negative(4, "xv", (5, 10), ((5, 6),))
    assert fpuzzles_negatives({"negative": ["ratio"]}, 4) == [Negative(4, "ratio", (2,))]
    assert ratio.to_fpuzzles() == ("negative", "ratio") and xv.to_fpuzzles() == ("negative", "xv")
    assert Negative(4, "difference").to_fpuzzles() == ("nonconsecutive", True)


def test_negative_rule_counts_with_exempt_pairs(grids):
    """Exempting a pair changes the count as brute force says (the rule reads its exempt list)."""
    full = Negative(4, "xv")
    freed = Negative(4, "xv", (), ((1, 2), (5, 6), (9, 10), (13, 14)))
    assert _brute(grids, [freed]) > _brute(grids, [full])
    for rule in (full, freed):
        assert gridsat.count(Sudoku(4, None, extra=[rule]), limit=1000).count == _brute(grids, [rule])


def test_negative_needs_the_board():
    with pytest.raises(ParseError, match="^<input>: nonconsecutive true: the rule needs the whole f-puzzles object"):
        Negative.from_fpuzzles("nonconsecutive", True, 9)
    with pytest.raises(ParseError, match='negative .*: the negative constraints are "ratio" and "xv"'):
        fpuzzles_negatives({"negative": ["difference"]}, 9)
    with pytest.raises(ParseError, match='negative .*: the negative constraints are "ratio" and "xv"'):
        fpuzzles_negatives({"negative": [["ratio"]]}, 9)
    with pytest.raises(ParseError, match="negative: relation must be one of"):
        constraint_from_json({"type": "negative", "relation": ["xv"]}, 9)
    with pytest.raises(PuzzleError, match="negative: relation must be one of"):
        Negative(9, ["xv"])


def test_whispers_default_and_entropic_groups():
    assert Whispers(9, ((0, 1),)).value == 5 and Whispers(4, ((0, 1),)).value == 2
    assert Whispers(6, ((0, 1),)).value == 3 and Whispers(16, ((0, 1),)).value == 8
    assert Whispers.from_fpuzzles("whispers", {"lines": [["R1C1", "R1C2"]]}, 9).value == 5
    assert Whispers.from_fpuzzles("whispers", {"lines": [["R1C1", "R1C2"]], "value": "4"}, 9).value == 4
    assert entropic_groups(9)[1:] == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert entropic_groups(4)[1:] == (0, 1, 1, 2)
    assert entropic_groups(6)[1:] == (0, 0, 1, 1, 2, 2)
    assert entropic_groups(8)[1:] == (0, 0, 0, 1, 1, 2, 2, 2)


def test_disjoint_groups_follow_the_regions():
    boxes = DisjointGroups(4)
    assert boxes.groups()[0] == (0, 2, 8, 10)
    rows = DisjointGroups(4, tuple(c // 4 for c in range(16)))
    assert rows.groups()[1] == (1, 5, 9, 13)
    assert DisjointGroups.from_fpuzzles("disjointgroups", True, 4, rows.regions) == rows
    # the reader passes every puzzle's region map: the usual boxes are the default
    assert DisjointGroups.from_fpuzzles("disjointgroups", True, 4, boxes.regions) == boxes
    assert boxes.to_json() == {"type": "disjointgroups"} and "regions" in rows.to_json()
    with pytest.raises(PuzzleError, match="no boxes"):
        DisjointGroups(5)


def test_antiking_is_the_diagonal_steps():
    assert AntiKing(3).pairs() == [(0, 4), (1, 3), (1, 5), (2, 4), (3, 7), (4, 6), (4, 8), (5, 7)]
    assert len(AntiKnight(9).pairs()) == 4 * 8 * 7 and len(AntiKing(9).pairs()) == 2 * 8 * 8


# ---------------------------------------------------------------- f-puzzles forms both ways
def _fpuzzles_instances():
    n = 9
    return [Difference(n, (0, 1)), Difference(n, (10, 19), 3), Ratio(n, (0, 9)), Ratio(n, (40, 41), 4),
            XV(n, (3, 4), 10), XV(n, (3, 12), 5), Odd(n, 80), Even(n, 0), Minimum(n, 40), Maximum(n, 8),
            PencilMarks(n, 5, (1, 7, 9)), ExtraRegion(n, (0, 10, 20, 30)), Clone(n, (0, 1, 9), (60, 61, 69)),
            DiagonalPositive(n), DiagonalNegative(n), AntiKnight(n), AntiKing(n), DisjointGroups(n),
            Thermometer(n, ((0, 1, 2), (0, 9, 18, 27))), SlowThermometer(n, ((5, 6, 7),)),
            Whispers(n, ((0, 10, 20),)), Whispers(n, ((0, 10, 20),), 4), Renban(n, ((30, 31, 32),)),
            Palindrome(n, ((0, 1, 2, 3),)), BetweenLine(n, ((0, 1, 2, 3),)), EntropicLine(n, ((70, 71, 72, 73),)),
            ModularLine(n, ((44, 45, 46),))]


@pytest.mark.parametrize("con", _fpuzzles_instances(), ids=lambda c: c.type)
def test_fpuzzles_round_trip(con):
    key, item = con.to_fpuzzles()
    assert key in type(con).fpuzzles_keys
    import json

    item = json.loads(json.dumps(item))  # as the link carries it
    assert type(con).from_fpuzzles(key, item, con.n) == con


def test_every_local_type_reads_its_keys():
    keys = {k for cls in LOCAL for k in cls.fpuzzles_keys}
    assert keys == {"difference", "ratio", "xv", "nonconsecutive", "negative", "odd", "even", "minimum", "maximum",
                    "givenPencilMarks", "extraregion", "clone", "diagonal+", "diagonal-", "antiknight",
                    "antiking", "disjointgroups", "thermometer", "slowthermometer", "whispers", "renban",
                    "palindrome", "betweenline", "entropicline", "modularline"}
    assert all(get_constraint(cls.type) is cls for cls in LOCAL)


def test_what_fpuzzles_cannot_hold_is_refused():
    with pytest.raises(UnsupportedError, match="only sums of 5"):
        XV(9, (0, 1), 7).to_fpuzzles()
    with pytest.raises(UnsupportedError, match="whole board"):
        AntiKnight(9, (0, 1, 2)).to_fpuzzles()


# ---------------------------------------------------------------- hostile input
@pytest.mark.parametrize("cls, key, item, match", [
    (Difference, "difference", {"cells": ["R1C1", "R1C3"]}, "not side by side"),
    (Difference, "difference", {"cells": ["R1C1", "R1C2"], "value": "9"}, "value must be an integer 1..8"),
    (Difference, "difference", {"cells": ["R1C1", "R10C1"]}, "'R10C1' is outside the 9x9 board"),
    (Difference, "difference", {"cells": ["R1C1", "hello"]}, "'hello' is not a cell name"),
    (Difference, "difference", {"value": "1"}, 'missing "cells"'),
    (Ratio, "ratio", {"cells": ["R1C1", "R1C2"], "value": "1"}, "value must be an integer 2..9"),
    (XV, "xv", {"cells": ["R1C1", "R1C2"], "value": "Y"}, '"value" must be "X" or "V"'),
    (XV, "xv", {"cells": ["R1C1", "R1C2"], "value": ["X"]}, '"value" must be "X" or "V"'),
    (XV, "xv", {"cells": ["R1C1", "R1C2"], "value": "X"}, None),
    (Odd, "odd", "R1C1", "expected an object"),
    (PencilMarks, "givenPencilMarks", {"cell": "R1C1", "givenPencilMarks": [0, 3]}, "a digit at r1c1"),
    (PencilMarks, "givenPencilMarks", {"cell": "R1C1", "givenPencilMarks": []}, "no digit listed"),
    (ExtraRegion, "extraregion", {"cells": ["R1C1"] * 2}, "r1c1 is listed twice"),
    (ExtraRegion, "extraregion", {"cells": [f"R{r}C{c}" for r in (1, 2) for c in range(1, 6)]}, "cannot hold"),
    (Clone, "clone", {"cells": ["R1C1"], "cloneCells": ["R2C1", "R2C2"]}, "same shape"),
    (AntiKnight, "antiknight", "yes", "expected true"),
    (Thermometer, "thermometer", {"lines": [["R1C1", "R1C2", "R1C1"]]}, "r1c1 is listed twice"),
    (Thermometer, "thermometer", {"lines": [[f"R{r}C1" for r in range(1, 10)] + ["R9C2"]]}, "cannot increase"),
    (Thermometer, "thermometer", {"lines": []}, "no line"),
    (Thermometer, "thermometer", {"lines": "R1C1"}, '"lines" must be a list'),
    (Whispers, "whispers", {"lines": [["R1C1", "R1C2"]], "value": "9"}, "value must be an integer 1..8"),
    (Whispers, "whispers", {"lines": [["R1C1"]]}, "at least 2 cells"),
    (Renban, "renban", {"lines": [[f"R1C{c}" for c in range(1, 10)] + ["R2C9"]]}, "cannot hold different"),
])
def test_hostile_fpuzzles_items(cls, key, item, match):
    """Refused with a ParseError naming the key, the item and what is wrong (the reader adds
    where the item is)."""
    if match is None:
        assert cls.from_fpuzzles(key, item, 9) is not None
        return
    with pytest.raises(ParseError) as info:
        cls.from_fpuzzles(key, item, 9)
    assert info.value.message.startswith(f"{key} {{") or info.value.message.startswith(f"{key} \"")
    assert match in info.value.message, info.value.message


@pytest.mark.parametrize("name", ["R10C1", "R0C3", "hello", "x" * 50, 5])
def test_a_bad_cell_name_reads_the_same_in_a_local_rule_as_in_any_other_type(name):
    from gridsat.constraints import get_constraint

    def message(key, item):
        with pytest.raises(ParseError) as e:
            get_constraint(key).from_fpuzzles(key, item, 9)
        return e.value.message.split(": ", 1)[1]

    local = message("thermometer", {"lines": [["R1C1", name]]})
    other = message("arrow", {"cells": ["R1C1"], "lines": [["R1C1", name]]})
    assert local == other and len(local) < 60, (local, other)
