"""Every status rests on evidence: fake backends that claim more than they show are caught."""

from __future__ import annotations

import numpy as np
import pytest

import gridsat
from gridsat import Sudoku, verify
from gridsat.backends import Backend, Outcome
from gridsat.engine import VerificationError
from gridsat.limits import JobInterrupted

EMPTY4 = Sudoku.empty(4)
#: two distinct correct grids of the empty 4x4, found by a real backend (not hard-coded)
SOLUTIONS = gridsat.count(EMPTY4, 2, backend="minisat22").solutions


class Fake(Backend):
    """A CNF backend that returns a fixed outcome (or raises) without solving anything."""

    name = "fake"
    target = "cnf"
    supports = frozenset({"solve", "count", "time_limit"})

    def __init__(self, **outcome):
        self.outcome = outcome

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2):
        """Return the fixed outcome."""
        raise_ = self.outcome.get("raise_")
        if raise_ is not None:
            raise raise_
        return Outcome(**self.outcome)


def job(fake, what="check", time_limit=None):
    return gridsat.engine.run(EMPTY4, what, limit=None if what == "count" else 2, backend=fake,
                              encoding="cnf-extended", time_limit=time_limit)


def test_real_ambiguous_check_shows_two_distinct_verified_solutions():
    res = gridsat.check(EMPTY4, backend="minisat22")
    assert res.status == "ambiguous"
    assert len(set(res.solutions)) == 2
    assert all(verify(EMPTY4, s) == [] for s in res.solutions)


def test_same_solution_twice_is_not_ambiguous():
    sol = SOLUTIONS[0]
    with pytest.raises(VerificationError, match="same solution twice"):
        job(Fake(solutions=[sol, sol], count=2, complete=True))


def test_count_of_one_without_a_solution_is_not_unique():
    with pytest.raises(VerificationError, match="returned 0"):
        job(Fake(solutions=[], count=1, complete=True))


def test_count_above_the_returned_solutions_needs_them_kept():
    with pytest.raises(VerificationError, match="counted 3"):
        job(Fake(solutions=[SOLUTIONS[0]], count=3, complete=True), "count")


def test_count_above_kept_solutions_from_a_complete_enumeration():
    res = job(Fake(solutions=list(SOLUTIONS), count=288, complete=True), "count")
    assert (res.status, res.count, res.complete, res.verified) == ("ambiguous", 288, True, True)


def test_unique_needs_a_complete_search():
    # (a time-out needs a time limit: without one, a search stopped early is an interruption)
    res = job(Fake(solutions=[SOLUTIONS[0]], count=1, complete=False, timed_out=True), time_limit=5)
    assert res.status == "unknown"
    res = job(Fake(solutions=[SOLUTIONS[0]], count=1, complete=True))
    assert res.status == "unique" and res.verified


def test_wrong_solution_is_refused():
    bad = list(SOLUTIONS[0])
    bad[0], bad[1] = bad[1], bad[0]
    with pytest.raises(VerificationError, match="wrong solution"):
        job(Fake(solutions=[tuple(bad)], count=1, complete=True))


@pytest.mark.parametrize("cast", [np.int8, np.int64, np.uint16, int])
def test_verifier_accepts_any_integer_type(cast):
    sol = [cast(v) for v in SOLUTIONS[0]]
    assert verify(EMPTY4, sol) == []
    assert verify(EMPTY4, np.asarray(SOLUTIONS[0], dtype=np.int32)) == []


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_verifier_refuses_non_integers(bad):
    sol = list(SOLUTIONS[0])
    sol[0] = bad
    problems = verify(EMPTY4, sol)
    assert problems and "cell 0" in problems[0]


def test_hidato_verifier_accepts_numpy_and_refuses_bool():
    h = gridsat.Hidato(1, 2)
    res = gridsat.solve(h)
    assert verify(h, np.asarray(res.solution)) == []
    assert verify(h, [True, 2]) != []


def test_interrupt_carries_the_verified_partial_result():
    err = JobInterrupted()
    err.outcome = Outcome(solutions=[SOLUTIONS[0]], count=1)
    with pytest.raises(JobInterrupted) as info:
        job(Fake(raise_=err), "count")
    res = info.value.result
    assert isinstance(info.value, KeyboardInterrupt)
    assert res.count == 1 and not res.complete and res.verified and res.stats["interrupted"]
    assert res.status == "unknown"


def test_interrupt_with_nothing_found():
    with pytest.raises(JobInterrupted) as info:
        job(Fake(raise_=KeyboardInterrupt()), "count")
    assert info.value.result.count == 0 and info.value.result.status == "unknown"


def _slow_sudoku_ok(puzzle, sol) -> bool:
    """The plain definition: every value in 1..n, givens kept, each row, column and region 1..n once."""
    n = puzzle.n
    if any(not (isinstance(v, int) and 1 <= v <= n) for v in sol):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, sol)):
        return False
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    units += [[i for i in range(n * n) if puzzle.regions[i] == k] for k in range(n)]
    return all(sorted(sol[i] for i in u) == list(range(1, n + 1)) for u in units)


def _board(shape: str):
    """An example by name, or ``boxRxC``: an empty classic board with R x C boxes."""
    from gridsat.examples import load_example

    if shape.startswith("box"):
        r, c = map(int, shape[3:].split("x"))
        return Sudoku.empty(r * c, box=(r, c))
    return load_example(shape)


@pytest.mark.parametrize("shape", ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16",
                                   "box3x4", "box5x5", "box2x7"])
def test_verifier_agrees_with_the_plain_definition_on_damaged_grids(shape):
    """The verifier's fast path (unit sums read off products of lanes) against the definition,
    on the solution and on copies with one or two cells changed, swapped, or set out of range,
    on boards whose lanes take 2, 4 and 8 bytes."""
    import random

    puzzle = _board(shape)
    good = list(gridsat.solve(puzzle, backend="minisat22").solution)
    if not any(puzzle.givens):  # a board of boxes: every third cell of its solution given
        puzzle = puzzle.with_givens([v if i % 3 == 0 else 0 for i, v in enumerate(good)])
    n, rng = puzzle.n, random.Random(shape)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    grids = [good, [digits[v - 1] for v in good]]  # relabelled: every unit right, the givens not
    # Latin squares: every row and column right, the regions not
    grids += [[(r + c) % n + 1 for r in range(n) for c in range(n)],
              [(r * (n - 1) + c) % n + 1 for r in range(n) for c in range(n)]]
    for _ in range(300):
        sol = list(good)
        for _ in range(rng.choice([1, 2])):
            i, j = rng.randrange(n * n), rng.randrange(n * n)
            how = rng.random()
            if how < 0.4:
                sol[i], sol[j] = sol[j], sol[i]
            elif how < 0.8:
                sol[i] = rng.randint(1, n)
            else:
                sol[i] = rng.choice([0, -1, n + 1, 255, 256, -256])
        grids.append(sol)
    empty = Sudoku(n, [0] * (n * n), regions=puzzle.regions)  # no givens: only the units decide
    for p in (puzzle, empty):
        for sol in grids:
            assert (verify(p, sol) == []) == _slow_sudoku_ok(p, sol), (p, sol)
    assert _slow_sudoku_ok(empty, grids[1]) and not _slow_sudoku_ok(puzzle, grids[1])


@pytest.mark.parametrize("shape", ["sudoku-4x4", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16", "box2x8", "box5x5"])
def test_the_pass_over_many_answers_never_passes_a_wrong_one(shape):
    """verified_many (the grids of a chunk end to end in one integer) against the plain
    definition: a group with one wrong grid anywhere is not shown correct; a group of right
    grids is; grids of other shapes in the same call are grouped apart."""
    import random

    from gridsat.verifier import verified_many

    def right(p, s) -> bool:
        return len(s) == p.n * p.n and _slow_sudoku_ok(p, s)

    puzzle = _board(shape)
    good = tuple(gridsat.solve(puzzle, backend="minisat22").solution)
    n, rng = puzzle.n, random.Random(shape)
    other = Sudoku.empty(6, box=(2, 3))
    other_good = tuple(gridsat.solve(other, backend="minisat22").solution)
    bad_grids = [[(r + c) % n + 1 for r in range(n) for c in range(n)], list(good[:-1]), list(good) + [1],
                 [True if v == 1 else v for v in good], [float(v) for v in good]]
    for _ in range(60):
        sol = list(good)
        i, j = rng.randrange(n * n), rng.randrange(n * n)
        if rng.random() < 0.5:
            sol[i], sol[j] = sol[j], sol[i]
        else:
            sol[i] = rng.choice([0, -1, n + 1, 256, rng.randint(1, n)])
        bad_grids.append(sol)
    for sol in bad_grids:
        pairs = [(puzzle, good)] * rng.randint(3, 6) + [(other, other_good)] * 4 + [(puzzle, good)] * rng.randint(0, 5)
        pairs.insert(rng.randrange(len(pairs) + 1), (puzzle, sol))
        shown = verified_many(pairs)
        for (p, s), ok in zip(pairs, shown):
            if ok:
                assert verify(p, s) == [] and right(p, s), (p, s)
        assert all(ok for (p, _), ok in zip(pairs, shown) if p is other)
        if not right(puzzle, sol):
            assert not any(ok for (p, _), ok in zip(pairs, shown) if p is puzzle)
    # right grids, as tuples and lists, with the 80/82-cell pair that adds up to two grids
    assert all(verified_many([(puzzle, good), (puzzle, list(good))] * 3))
    assert verified_many([(puzzle, good[:-1]), (puzzle, good + (1,))] * 2) == [False] * 4
    assert verified_many([(puzzle, good)] * 3) == [False] * 3  # too few to pay: left to verify
    assert verified_many([(puzzle, np.asarray(good))]) == [False]  # left to verify (which accepts it)
