"""The C core's pencil marks, dots, XV, negative rules and little killers (``gridsat.encoders.native``).

The core keeps a pencil-marked cell to its digits, filters each marked pair of cells (a
``difference`` or ``ratio`` dot, an X or a V, a pair a ``negative`` rule holds for) to the
digits with a partner in the other cell, and keeps a little killer's cells to the digits
the others complete (tests/test_native_sums.py has more of those).
Its answers are checked against MiniSat on the extended CNF on generated puzzles of 4x4,
6x6 and 9x9 boards and a jigsaw map: solve, check and count with a small limit.
"""

from __future__ import annotations

import random
from array import array

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints import XV, Difference, LittleKillerSum, Negative, PencilMarks, Ratio
from gridsat.encoders import get_encoding
from gridsat.encoders.native import NATIVE_TYPES, native_records, native_refusal
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.selection import default_choice

from test_native_extras import BOARDS, _core_count, counts_agree, front_door_agrees, needs_core


CORNERS = {"DR": (-1, -1), "DL": (-1, 0), "UR": (0, -1), "UL": (0, 0)}


def _grid(board: Sudoku, rng: random.Random) -> list[int]:
    """A solution of ``board`` with its digits shuffled."""
    sol = gridsat.solve(board, backend="minisat22", encoding="cnf-extended").solution
    perm = list(range(1, board.n + 1))
    rng.shuffle(perm)
    return [perm[v - 1] for v in sol]


def _little_killer(n: int, sol: list[int], rng: random.Random) -> LittleKillerSum | None:
    direction = rng.choice(sorted(CORNERS))
    dr, dc = CORNERS[direction]
    k = rng.randrange(n)
    clue = rng.choice([(dr if dr else n, k), (k, dc if dc else n)])  # a top/bottom or left/right clue
    try:
        probe = LittleKillerSum(n, clue, n, direction)
    except gridsat.errors.PuzzleError:
        return None
    total = sum(sol[c] for c in probe.line()) + (1 if rng.random() < 0.05 else 0)
    try:
        return LittleKillerSum(n, clue, total, direction)
    except gridsat.errors.PuzzleError:
        return None


def marked(n: int, regions, rng: random.Random, *, givens: float = 0.15) -> Sudoku:
    """A Sudoku with pencil marks, dots, XVs, negative rules and little killers that a shuffled
    solution mostly keeps (a few are wrong, so some puzzles have no solution)."""
    board = Sudoku(n, None, regions=regions) if regions else Sudoku.empty(n)
    sol = _grid(board, rng)
    extra: list = []
    dots: list[tuple[int, int]] = []
    xvs: list[tuple[int, int]] = []
    for _ in range(rng.randint(2, 2 * n)):
        a = rng.randrange(n * n)
        r, c = divmod(a, n)
        b = a + 1 if (c + 1 < n and (r + 1 == n or rng.random() < 0.5)) else a + n
        if b >= n * n or b == a:
            continue
        u, v = sol[a], sol[b]
        what = rng.random()
        if what < 0.25:
            wrong = rng.random() < 0.05
            ds = {u if not wrong else (u % n) + 1} | {rng.randint(1, n) for _ in range(rng.randint(0, 2))}
            extra.append(PencilMarks(n, a, tuple(ds)))
        elif what < 0.5 and (a, b) not in dots:
            dots.append((a, b))
            extra.append(Difference(n, (a, b), abs(u - v)))
        elif what < 0.7 and max(u, v) % min(u, v) == 0 and u != v and (a, b) not in dots:
            dots.append((a, b))
            extra.append(Ratio(n, (a, b), max(u, v) // min(u, v)))
        elif what < 0.85 and u + v in (5, 10) and (a, b) not in xvs:
            xvs.append((a, b))
            extra.append(XV(n, (a, b), u + v))
        else:
            lk = _little_killer(n, sol, rng)
            if lk is not None:
                extra.append(lk)
    if rng.random() < 0.5:
        relation = rng.choice(("difference", "ratio", "xv"))
        exempt = tuple(xvs if relation == "xv" else dots)
        extra.append(Negative(n, relation, (), exempt))
    g = [v if rng.random() < givens else 0 for v in sol]
    return Sudoku(n, g, regions=regions, extra=extra)


@needs_core
@pytest.mark.parametrize("n,regions", BOARDS, ids=["4x4", "6x6", "6x6-jigsaw", "9x9"])
def test_counts_agree_with_the_cnf(n, regions):
    counts_agree(marked, n, regions, random.Random(n * 11 + (regions is not None)))


@needs_core
@pytest.mark.parametrize("n,regions", BOARDS, ids=["4x4", "6x6", "6x6-jigsaw", "9x9"])
def test_solve_and_check_through_the_front_door(n, regions):
    front_door_agrees(marked, n, regions, random.Random(200 + n))


@needs_core
def test_each_type_alone_agrees_with_the_cnf():
    """One type at a time on an empty 4x4, counted to the end."""
    rules = [
        [PencilMarks(4, 0, (1, 2)), PencilMarks(4, 5, (3,))],
        [Difference(4, (0, 1), 2), Difference(4, (4, 8), 1)],
        [Ratio(4, (0, 1), 2), Ratio(4, (5, 6), 3)],
        [XV(4, (0, 1), 5), XV(4, (1, 5), 5)],
        [Negative(4, "difference", (), ((0, 1),)), Difference(4, (0, 1), 1)],
        [Negative(4, "ratio")],
        [Negative(4, "xv", (), ((2, 3),)), XV(4, (2, 3), 5)],
        [LittleKillerSum(4, (-1, 0), 7, "DR"), LittleKillerSum(4, (4, 1), 5, "UR")],
    ]
    for extra in rules:
        p = Sudoku(4, [0] * 16, extra=extra)
        want = gridsat.count(p, limit=500, backend="minisat22", encoding="cnf-extended")
        assert _core_count(p, 500) == (want.count, want.complete), [c.describe() for c in extra]


def test_the_capability_is_declared():
    assert {"pencilmarks", "difference", "ratio", "xv", "negative", "littlekillersum"} <= set(NATIVE_TYPES)
    assert get_encoding("sudoku-native", "sudoku").reads == NATIVE_TYPES
    assert list(native_records(4, [PencilMarks(4, 5, (1, 3))])) == [4, 2, 5, 0b101]
    # |u - v| == 2 on 4 digits: 1-3, 2-4
    assert list(native_records(4, [Difference(4, (0, 1), 2)])) == [5, 6, 0, 1, 0b0100, 0b1000, 0b0001, 0b0010]
    assert list(native_records(4, [LittleKillerSum(4, (-1, -1), 10, "DR")])) == [6, 5, 10, 0, 5, 10, 15]
    assert native_refusal(9, [Negative(9, "xv"), XV(9, (0, 1), 10)]) is None
    p = Sudoku(9, None, extra=[PencilMarks(9, 0, (1, 2)), Ratio(9, (0, 1), 2)])
    assert default_choice(p).pair == ("native+minicard", "sudoku-native")


@needs_core
def test_a_32_digit_mask_is_taken():
    core = nb.load()
    core.extras(32, array("i", [4, 2, 0, -1]).tobytes())  # every digit, bit 31 included


@needs_core
@pytest.mark.parametrize("words,message", [
    ([4, 1, 0], "a mask has 2 words"),
    ([4, 2, 16, 1], "outside"),
    ([4, 2, 0, 16], "digit mask"),
    ([5, 5, 0, 1, 1, 1, 1], "a pair has 6 words"),
    ([5, 6, 0, 0, 1, 1, 1, 1], "with itself"),
    ([5, 6, 0, 1, 1, 1, 1, 32], "digit mask"),
])
def test_malformed_arrays_are_refused(words, message):
    core = nb.load()
    with pytest.raises(ValueError, match=message):
        core.extras(4, array("i", words).tobytes())


def test_a_negative_rule_s_pairs_share_one_table_and_refusal_builds_no_records(monkeypatch):
    """The records of a negative rule ask its relation once per pair of digits (n * n calls),
    not once per pair of digits and pair of cells (a 9x9 nonconsecutive rule holds 144 pairs
    of cells: 11,664 calls, built three times a check when the selection built the records to
    tell whether the core takes them); :func:`native_refusal` builds none."""
    import gridsat.encoders.native as native

    rule = Negative(9, "difference")
    calls = []
    real = Negative._ok

    def counted(self):
        ok = real(self)
        return lambda u, v: calls.append(1) or ok(u, v)

    monkeypatch.setattr(Negative, "_ok", counted)
    words = native_records(9, [rule])
    assert len(words) == len(rule.pairs()) * (4 + 9) and len(calls) == 81
    calls.clear()
    assert native_refusal(9, [rule, Difference(9, (0, 1), 1)]) is None and not calls
    monkeypatch.setattr(native, "_table", None)  # (building a record now fails)
    assert native_refusal(9, [rule, Difference(9, (0, 1), 1)]) is None
