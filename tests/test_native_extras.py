"""The C core's extra constraints: cages with sum tables, thermometers, arrows and the rules of
distinct digits, passed as compact arrays (``gridsat.encoders.native``).

The core's answers are checked against MiniSat on the extended CNF (and, for the killer
kind, on ``cnf-cages``) on generated puzzles of 4x4, 6x6 and 9x9 boards and jigsaw maps:
solve, check and count with a small limit. The selection sends the core only puzzles whose
every constraint it takes; malformed arrays are refused with a ``ValueError``.
"""

from __future__ import annotations

import random
from array import array

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.backends import get_backend
from gridsat.constraints import (AntiKing, Arrow, Cage, DiagonalPositive, DoubleArrow, KillerCage, SlowThermometer,
                                 Thermometer, Whispers)
from gridsat.encoders import get_encoding
from gridsat.encoders.native import NATIVE_TYPES, native_records, native_refusal
from gridsat.errors import UnsupportedError
from gridsat.kinds import get_kind
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.selection import default_choice

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

#: a 6x6 jigsaw map
JIGSAW6 = (0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 3, 3, 3, 1, 1, 2, 3, 4, 3, 5, 5, 2, 4, 4, 3, 5, 5,
           2, 4, 4, 4, 5, 5)
#: the largest number of branches the core may take on any puzzle here (the puzzles are small)
NODES = 200_000


def _grid(board: Sudoku, rng: random.Random) -> list[int]:
    """A solution of ``board`` with its digits shuffled."""
    sol = gridsat.solve(board, backend="minisat22", encoding="cnf-extended").solution
    perm = list(range(1, board.n + 1))
    rng.shuffle(perm)
    return [perm[v - 1] for v in sol]


def _near(n: int, c: int) -> list[int]:
    r, k = divmod(c, n)
    return [rr * n + kk for rr, kk in ((r, k + 1), (r + 1, k), (r, k - 1), (r - 1, k), (r + 1, k + 1), (r - 1, k - 1))
            if 0 <= rr < n and 0 <= kk < n]


def _walk(n: int, start: int, rng: random.Random, steps: int, ok=lambda path, c: True) -> list[int]:
    path = [start]
    for _ in range(steps):
        opts = [c for c in _near(n, path[-1]) if c not in path and ok(path, c)]
        if not opts:
            break
        path.append(rng.choice(opts))
    return path


def variant(n: int, regions, rng: random.Random, *, givens: float = 0.2) -> Sudoku:
    """A Sudoku with cages, thermometers and arrows that a shuffled solution keeps (a few rules
    get a wrong sum, so some puzzles have no solution), and some of its digits as givens."""
    board = Sudoku(n, None, regions=regions) if regions else Sudoku.empty(n)
    sol = _grid(board, rng)
    used: set[int] = set()
    extra: list = []
    for _ in range(rng.randint(2, n + 2)):
        start = rng.randrange(n * n)
        what = rng.random()
        if what < 0.45 and start not in used:
            cells = _walk(n, start, rng, rng.randint(1, 3),
                          lambda p, c: c not in used and sol[c] not in {sol[x] for x in p})
            used.update(cells)
            total = sum(sol[c] for c in cells) + (1 if rng.random() < 0.05 else 0)
            total = None if rng.random() < 0.15 else total
            try:
                extra.append((KillerCage if rng.random() < 0.7 else Cage)(n, tuple(cells), total))
            except gridsat.errors.PuzzleError:
                pass
        elif what < 0.7:
            line = _walk(n, start, rng, rng.randint(1, 4), lambda p, c: sol[c] > sol[p[-1]])
            if len(line) > 1:
                extra.append((Thermometer if rng.random() < 0.8 else SlowThermometer)(n, (tuple(line),)))
        elif what < 0.9:
            for _try in range(6):
                shaft = _walk(n, start, rng, rng.randint(1, 3))[1:]
                if shaft and sum(sol[c] for c in shaft) == sol[start]:
                    extra.append(Arrow(n, (start,), (tuple(shaft),)))
                    break
        else:
            line = _walk(n, start, rng, rng.randint(2, 4))
            if len(line) >= 3 and sol[line[0]] + sol[line[-1]] == sum(sol[c] for c in line[1:-1]):
                extra.append(DoubleArrow(n, (tuple(line),)))
    g = [v if rng.random() < givens else 0 for v in sol]
    return Sudoku(n, g, regions=regions, extra=extra)


def _core_count(puzzle, limit):
    """(count, complete) from the C core alone (no prover), or ``None`` past :data:`NODES`."""
    kind = gridsat.kinds.kind_of(puzzle)
    enc = get_encoding("sudoku-native" if kind.name == "sudoku" else "killer-native", kind.name)
    out = get_backend("native").run(puzzle, enc, limit=limit, keep=2, max_nodes=NODES)
    if not out.complete and out.count < limit:
        return None
    for sol in out.solutions:
        assert gridsat.verify(puzzle, sol) == [], sol
    return out.count, out.complete


BOARDS = [(4, None), (6, None), (6, JIGSAW6), (9, None)]


# ---------------------------------------------------------------------------- the core against the CNF
def counts_agree(make, n: int, regions, rng: random.Random) -> None:
    """The core's counts (limits 2 and 12) equal MiniSat's on the extended CNF, on puzzles
    from ``make(n, regions, rng, givens=...)``; at least 20 decided within :data:`NODES`."""
    decided = 0
    for k in range(25 if n < 9 else 12):
        p = make(n, regions, rng, givens=rng.choice((0.0, 0.1, 0.3)))
        for limit in (2, 12):
            got = _core_count(p, limit)
            want = gridsat.count(p, limit=limit, backend="minisat22", encoding="cnf-extended")
            if got is None:
                continue
            decided += 1
            assert got == (want.count, want.complete), (k, limit, [c.describe() for c in p.extra], p.givens)
    assert decided >= 20


def front_door_agrees(make, n: int, regions, rng: random.Random) -> None:
    """``check`` and ``solve`` through the default pair (the core) answer as MiniSat does."""
    for _ in range(6):
        p = make(n, regions, rng, givens=0.35)
        if not p.extra:
            continue
        assert default_choice(p).pair == ("native+minicard", "sudoku-native")
        want = gridsat.check(p, backend="minisat22", encoding="cnf-extended")
        got = gridsat.check(p)
        assert got.backend == "native+minicard" and got.status == want.status
        assert got.verified or got.status == "impossible"
        solved = gridsat.solve(p)
        assert solved.status == ("impossible" if want.status == "impossible" else "solved")


@needs_core
@pytest.mark.parametrize("n,regions", BOARDS, ids=["4x4", "6x6", "6x6-jigsaw", "9x9"])
def test_counts_agree_with_the_cnf(n, regions):
    counts_agree(variant, n, regions, random.Random(n * 7 + (regions is not None)))


@needs_core
@pytest.mark.parametrize("n,regions", BOARDS, ids=["4x4", "6x6", "6x6-jigsaw", "9x9"])
def test_solve_and_check_through_the_front_door(n, regions):
    front_door_agrees(variant, n, regions, random.Random(100 + n))


@needs_core
def test_the_distinct_rules_agree_with_the_cnf():
    rng = random.Random(5)
    for _ in range(8):
        extra = [DiagonalPositive(6), AntiKing(6)]
        p = Sudoku(6, [0] * 36, extra=extra)
        g = _grid(Sudoku.empty(6), rng)
        p = p.with_givens([v if rng.random() < 0.15 else 0 for v in g])
        got = _core_count(p, 5)
        want = gridsat.count(p, limit=5, backend="minisat22", encoding="cnf-extended")
        assert got is None or got == (want.count, want.complete)


@needs_core
def test_pill_arrows_and_double_arrows():
    # 4x4: the pill r1c1 r1c2 (a two-digit number) is the sum of a long shaft
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    p = Sudoku(4, [0] * 16, extra=[Arrow(4, (0, 1), ((4, 5, 6, 7, 8),)),
                                   DoubleArrow(4, ((12, 13, 14, 15),))])
    assert gridsat.verify(p, grid) == []
    for limit in (1, 5, 50):
        want = gridsat.count(p, limit=limit, backend="minisat22", encoding="cnf-extended")
        assert _core_count(p, limit) == (want.count, want.complete)


# ---------------------------------------------------------------------------- the killer kind
@needs_core
def test_generated_killers_on_the_core():
    kind = get_kind("killer")
    make = kind.generators["killer"].make
    for size, seed in ((4, 1), (6, 2), (9, 3), (9, 4)):
        p = make(size=size, seed=seed).puzzle
        assert default_choice(p).pair == ("native+minicard", "killer-native")
        got = gridsat.check(p)
        assert (got.status, got.backend, got.verified) == ("unique", "native+minicard", True)
        assert _core_count(p, 2) == (1, True)
        loose = type(p)(size, p.cages[: len(p.cages) // 2])
        want = gridsat.count(loose, limit=7, backend="minisat22", encoding="cnf-cages")
        assert _core_count(loose, 7) == (want.count, want.complete)


@needs_core
def test_killer_jigsaw_and_sumless_cages():
    killer = get_kind("killer").puzzle_class
    p = killer(6, [((0, 1), 3), ((2, 8, 14), None), ((20, 21), 11), ((30, 31, 32), 6)], regions=JIGSAW6)
    for limit in (2, 30):
        want = gridsat.count(p, limit=limit, backend="minisat22", encoding="cnf-cages")
        assert _core_count(p, limit) == (want.count, want.complete)


# ---------------------------------------------------------------------------- the capability
def test_the_capability_is_declared():
    assert {"killercage", "cage", "thermometer", "slowthermometer", "arrow", "doublearrow"} <= set(NATIVE_TYPES)
    assert tuple(nb.NativeBackend.constraints) == NATIVE_TYPES
    assert get_encoding("sudoku-native", "sudoku").reads == NATIVE_TYPES
    assert list(native_records(4, [KillerCage(4, (0, 1), 3), Thermometer(4, ((0, 4, 8),))])) == [
        1, 3, 3, 0, 1, 2, 3, 0, 4, 1, 2, 3, 4, 8, 1]
    assert list(native_records(9, [Arrow(9, (0, 1), ((9, 18),))])) == [3, 9, 0, 0, -10, 1, -1, 9, 1, 18, 1]


def test_a_puzzle_with_an_unsupported_constraint_goes_elsewhere():
    p = Sudoku(9, None, extra=[KillerCage(9, (0, 1), 3), Whispers(9, ((9, 10, 11),))])
    assert default_choice(p).pair == ("minisat22", "cnf-extended")
    assert "whispers" in native_refusal(9, p.extra)
    with pytest.raises(UnsupportedError, match="whispers"):
        gridsat.check(p, backend="native")
    r = gridsat.check(p)
    assert r.backend == "minisat22" and r.status == "ambiguous" and r.verified


def test_limits_of_the_capability_go_elsewhere():
    big = Sudoku(25, None, extra=[KillerCage(25, (0, 1), 30)])     # a cage sum above 16x16
    assert "cage sums" in native_refusal(25, big.extra)
    assert default_choice(big).pair == ("minisat22", "cnf-extended")
    with pytest.raises(UnsupportedError, match="cage sums above 16x16"):
        gridsat.check(big, backend="native")
    assert native_refusal(25, [Cage(25, (0, 1, 2))]) is None          # a cage without a sum is fine
    pill = Sudoku(16, None, extra=[Arrow(16, (0, 1), ((32, 33, 34),))])
    assert "pill" in native_refusal(16, pill.extra)
    assert default_choice(pill).pair == ("minisat22", "cnf-extended")
    killer = get_kind("killer").puzzle_class
    assert default_choice(killer(25, [((0, 1), 3)])).pair == ("minisat22", "cnf-cages")


def test_without_the_core_the_cnf_takes_them(monkeypatch):
    monkeypatch.setattr(nb.NativeBackend, "unavailable", lambda self: "not built (test)")
    p = Sudoku(4, None, extra=[KillerCage(4, (0, 1), 3)])
    assert default_choice(p).pair == ("minisat22", "cnf-extended")
    killer = get_kind("killer").puzzle_class
    assert default_choice(killer(4, [((0, 1), 3)])).pair == ("minisat22", "cnf-cages")


# ---------------------------------------------------------------------------- hostile arrays
@needs_core
@pytest.mark.parametrize("words,message", [
    ([1], "cut short"),
    ([1, 5, 3, 0], "runs past"),
    ([7, 1, 0], "unknown type"),
    ([1, 3, 3, 0, 0], "twice"),
    ([1, 3, 3, 0, 16], "outside"),
    ([1, 3, 99, 0, 1], "cage sum"),
    ([1, 6, -1, 0, 1, 2, 3, 4], "a cage of 5 cells"),
    ([2, 3, 0, 0, 1], "a step"),
    ([2, 2, 0, 1], "3 words"),
    ([3, 3, 0, 1, 0], "weight"),
    ([3, 2, 0, 1], "a sum of 2"),
    ([3, 3, 2000000000, 1, 1], "out of range"),
    ([-1, 0], "unknown type"),
    ([1, -2], "length"),
])
def test_malformed_arrays_are_refused(words, message):
    core = nb.load()
    with pytest.raises(ValueError, match=message):
        core.extras(4, array("i", words).tobytes())


@needs_core
def test_other_bad_calls_are_refused():
    core = nb.load()
    with pytest.raises(ValueError, match="32-bit words"):
        core.extras(4, b"\x01\x00\x00")
    with pytest.raises(ValueError, match="size"):
        core.extras(0, b"")
    with pytest.raises(ValueError, match="cage sum needs"):
        core.extras(25, array("i", [1, 3, 3, 0, 1]).tobytes())
    geo = get_encoding("sudoku-native", "sudoku").build(Sudoku.empty(4)).geometry
    nine = core.extras(9, array("i", [2, 3, 0, 1, 1]).tobytes())
    with pytest.raises(ValueError, match="9x9 board on a 4x4"):
        core.solve(geo, bytes(16), 2, 2, -1.0, 0, nine)
    with pytest.raises(ValueError):
        core.solve(geo, bytes(16), 2, 2, -1.0, 0, geo)  # a geometry is no extras capsule
    empty = core.extras(4, b"")  # no records: the plain search
    assert core.solve(geo, bytes(16), 0, 0, -1.0, 0, empty)[0] == 288
