"""The KenKen cages' digit tables: the compiled lister (``gridsat._csp.arith_tuples``) against
the Python search and against brute force, the limits kept, and the flat tables the
finite-domain kernel takes."""

from __future__ import annotations

import itertools
import random

import pytest

import gridsat
from gridsat.errors import PuzzleError
from gridsat.kinds.kenken import KenKen
from gridsat.kinds.kenken import puzzle as P
from gridsat.kinds.kenken.puzzle import MAX_STEPS, MAX_TUPLES, Cage, cage_tuples

_csp = pytest.importorskip("gridsat._csp")


def _brute(n, cage):
    """The cage's tuples from the rules alone: every assignment, in lexicographic order."""
    cells = cage.cells
    out = []
    for vs in itertools.product(range(1, n + 1), repeat=len(cells)):
        if any(vs[i] == vs[j] for i in range(len(cells)) for j in range(i)
               if cells[i] // n == cells[j] // n or cells[i] % n == cells[j] % n):
            continue
        p = 1
        for v in vs:
            p *= v
        if (sum(vs) if cage.op == "+" else p) == cage.target:
            out.append(vs)
    return out


def _shape(rng, n, k):
    """A random connected set of ``k`` cells on an ``n x n`` board, ascending."""
    cells = {rng.randrange(n * n)}
    while len(cells) < k:
        c = rng.choice(sorted(cells))
        r, col = divmod(c, n)
        nb = [(r + dr) * n + col + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
              if 0 <= r + dr < n and 0 <= col + dc < n]
        cells.add(rng.choice(nb))
    return tuple(sorted(cells))


def _cages(seed, count, max_n=6, max_k=5):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, max_n)
        k = rng.randint(2, min(max_k, n * n))
        cells = _shape(rng, n, k)
        op = rng.choice("+*")
        hi = k * n if op == "+" else n ** k
        yield n, Cage(cells, rng.randint(0, hi + 2), op)


@pytest.mark.parametrize("seed", range(4))
def test_the_compiled_lister_is_brute_force_and_the_python_search(seed):
    seen = 0
    for n, cage in _cages(seed, 150):
        clash = P._clashes(n, cage.cells)
        status, steps, tuples, flat = _csp.arith_tuples(n, 0 if cage.op == "+" else 1, cage.target, clash,
                                                         MAX_TUPLES, MAX_STEPS)
        assert status == 0
        want = _brute(n, cage)
        assert list(tuples) == want == P._search(n, cage.op, cage.target, clash, MAX_TUPLES)
        assert list(memoryview(flat).cast("i")) == [v for t in want for v in t]
        seen += bool(want)
    assert seen > 30  # (not only empty tables)


def test_the_compiled_lister_stops_where_the_python_search_does():
    # a 16-cell sum the search gives up on, and a cage with more tuples than the limit
    n, cells = 16, tuple(range(8)) + tuple(range(16, 24))
    big = Cage(cells, 60, "+")
    clash = P._clashes(n, cells)
    assert _csp.arith_tuples(n, 0, 60, clash, MAX_TUPLES, MAX_STEPS)[0] == 1
    with pytest.raises(P._TooLarge) as e:
        P._search(n, "+", 60, clash, MAX_TUPLES)
    assert e.value.args == (False,)
    many = Cage((0, 1, 16, 17), 34, "+")
    clash = P._clashes(16, many.cells)
    count = len(P._search(16, "+", 34, clash, MAX_TUPLES))
    status, steps, tuples, _ = _csp.arith_tuples(16, 0, 34, clash, count, MAX_STEPS)
    assert status == 0 and len(tuples) == count
    assert _csp.arith_tuples(16, 0, 34, clash, count - 1, MAX_STEPS)[0] == 2
    with pytest.raises(P._TooLarge) as e:
        P._search(16, "+", 34, clash, count - 1)
    assert e.value.args == (True,)
    # the step counts agree: the compiled search stops at one step fewer than it takes
    status, steps, _, _ = _csp.arith_tuples(16, 0, 34, clash, MAX_TUPLES, MAX_STEPS)
    assert status == 0 and _csp.arith_tuples(16, 0, 34, clash, MAX_TUPLES, steps - 1)[0] == 1
    assert _csp.arith_tuples(16, 0, 34, clash, MAX_TUPLES, steps)[0] == 0


@pytest.mark.parametrize("compiled", [True, False])
def test_the_refusals_name_the_cage(monkeypatch, compiled):
    if not compiled:
        monkeypatch.setattr(P, "_ARITH", False)
    P._tuples.cache_clear()
    try:
        with pytest.raises(PuzzleError, match=r"^the cage 60\+ of 16 cells is too large to list its digit tuples$"):
            cage_tuples(16, Cage(tuple(range(8)) + tuple(range(16, 24)), 60, "+"))
        with pytest.raises(PuzzleError, match=r"^the cage 34\+ of 4 cells allows over 10 digit tuples$"):
            cage_tuples(16, Cage((0, 1, 16, 17), 34, "+"), limit=10)
    finally:
        P._tuples.cache_clear()


def test_bad_arguments_are_refused():
    for args in ((0, 0, 3, ((),), 10, 10), (32, 0, 3, ((),), 10, 10), (4, 2, 3, ((),), 10, 10),
                 (4, 0, -1, ((),), 10, 10), (4, 0, 3, ((), (1,)), 10, 10), (4, 0, 3, (), 10, 10)):
        with pytest.raises(ValueError):
            _csp.arith_tuples(*args)


def test_without_the_compiled_lister_the_tables_are_the_same(monkeypatch):
    cages = list(_cages(7, 80))
    compiled = [cage_tuples(n, c) for n, c in cages]
    P._tuples.cache_clear()
    monkeypatch.setattr(P, "_ARITH", False)
    try:
        assert [cage_tuples(n, c) for n, c in cages] == compiled
    finally:
        P._tuples.cache_clear()


@pytest.mark.parametrize("op,target,k", [("-", 2, 2), ("/", 2, 2), ("=", 3, 1), ("=", 7, 1), ("-", 1, 3)])
def test_the_two_cell_operations_are_listed_as_the_rules_say(op, target, k):
    n = 6
    cells = tuple(range(k))
    want = [vs for vs in itertools.product(range(1, n + 1), repeat=k)
            if (k == 1 or vs[0] != vs[1]) and (vs[0] == target if op == "=" else
                                               abs(vs[0] - vs[1]) == target if op == "-" else
                                               max(vs[:2]) == target * min(vs[:2]) if k > 1 else vs[0] == target)]
    assert cage_tuples(n, Cage(cells, target, op)) == want


def test_the_puzzle_holds_each_table_flat():
    p = KenKen.from_map(4, ["aabb", "cdde", "cfge", "hfgi"],
                        {"a": (3, "-"), "b": (2, "/"), "c": (5, "+"), "d": (12, "*"), "e": (4, "+"), "f": (2, "/"),
                         "g": (6, "+"), "h": (4, "="), "i": (1, "=")})
    assert len(p.flat_tables) == len(p.cages)
    for tab, flat in zip(p.tables, p.flat_tables):
        assert list(flat) == [v for t in tab for v in t]


def _latin(n):
    perms = list(itertools.permutations(range(1, n + 1)))
    out = []

    def go(rows):
        if len(rows) == n:
            out.append(tuple(v for r in rows for v in r))
            return
        for q in perms:
            if all(q[c] != r[c] for r in rows for c in range(n)):
                go(rows + [q])

    go([])
    return out


def test_latin_squares_with_trivial_cages_are_counted_on_the_kernel():
    n = 4
    clueless = [([r * n + c, r * n + c + 1], None, None) for r in range(n) for c in (0, 2)]
    assert gridsat.count(KenKen(n, clueless), backend="csp", encoding="kenken-csp").count == 576


@pytest.mark.parametrize("seed", range(6))
def test_the_kernel_counts_what_brute_force_counts_on_random_cages(seed):
    # cages of one to four cells with clues taken from a random Latin square (so at least one
    # solution), every operation; the kernel's count against the verifier over all 576 squares
    rng = random.Random(seed)
    n = 4
    squares = _latin(n)
    sol = rng.choice(squares)
    free, cages = set(range(n * n)), []
    while free:
        cells = {min(free)}
        want = rng.choice((1, 2, 2, 3, 4))
        while len(cells) < want:
            nb = [d for c in cells for d in (c + 1 if c % n < n - 1 else -1, c + n) if d in free and d not in cells]
            if not nb:
                break
            cells.add(rng.choice(nb))
        free -= cells
        vals = [sol[c] for c in sorted(cells)]
        ops = ["+", "*"] + (["-", "/"] if len(vals) == 2 else [])
        op = rng.choice(ops) if len(vals) > 1 else rng.choice(("=", None))
        if op == "/" and max(vals) % min(vals):
            op = "-"
        prod = 1
        for v in vals:
            prod *= v
        target = {"+": sum(vals), "*": prod, "-": abs(vals[0] - vals[1]) if len(vals) == 2 else 0,
                  "/": max(vals) // min(vals), "=": vals[0], None: None}[op]
        cages.append((sorted(cells), target, op))
    p = KenKen(n, cages)
    brute = sum(1 for s in squares if not gridsat.verify(p, s))
    res = gridsat.count(p, backend="csp", encoding="kenken-csp")
    assert res.complete and res.count == brute >= 1
