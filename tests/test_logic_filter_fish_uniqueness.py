"""The C filter's fish and uniqueness tests against their Python techniques.

x-wing, swordfish, jellyfish, unique rectangle (with its unique-loop fallback) and bug+1 must
answer exactly as the Python techniques do: never "none" where Python finds a step (that
would change the path), and no "step" where Python finds none (that only costs time, but
these tests are exact). They are compared on every grid along the paths of a spread of the
calibration sample, and on seeded random grids built to hold the patterns (planted fish,
rectangles and loops, near-bivalue grids), where the rarer types come up often.
"""

from __future__ import annotations

import random
from collections import Counter

from gridsat import Sudoku
from gridsat.kinds.sudoku.logic import native_filter, solver
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.techniques import uniqueness

from golden import calibration
from logic_grids import GEO, needs_filter

pytestmark = needs_filter

MINE = ("x-wing", "swordfish", "jellyfish", "unique rectangle", "bug+1")
TECH = {t.name: t for t in solver.TECHNIQUES}


def _mismatches(g: Grid, names=MINE) -> list[tuple[str, int, bool]]:
    out = []
    for name in names:
        c = native_filter.has(name, g)
        py = TECH[name].func(g.copy()) is not None
        if c < 0 or bool(c) != py:
            out.append((name, c, py))
    return out


def test_all_written_in_c():
    assert set(MINE) <= set(native_filter.techniques_in_c())


def test_exact_along_calibration_paths():
    found = Counter()
    for s in calibration()[::8]:
        p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
        for g in solver.path_grids(p, uniqueness=True):
            assert not _mismatches(g), (s, g.values, g.cands, _mismatches(g))
            for name in MINE:
                found[name] += native_filter.has(name, g)
    assert found["x-wing"] and found["swordfish"] and found["unique rectangle"]


def _random_fish_grid(rng: random.Random) -> Grid:
    """Each digit in a few random places (many fish of every size, with and without eliminations)."""
    values, cands = [0] * 81, [0] * 81
    for d in range(9):
        for c in rng.sample(range(81), rng.randint(4, 20)):
            cands[c] |= 1 << d
    for c in rng.sample(range(81), rng.randint(0, 20)):
        values[c], cands[c] = rng.randint(1, 9), 0
    return Grid(GEO, values, cands)


def _planted_fish_grid(rng: random.Random) -> Grid:
    """A fish of size 2..4 on one digit, sometimes with a place outside it, over random noise."""
    g = _random_fish_grid(rng)
    k = rng.randint(2, 4)
    d = rng.randrange(9)
    base, cover = rng.sample(range(9), k), rng.sample(range(9), k)
    rows = rng.random() < 0.5
    b = 1 << d
    for c in range(81):
        g.cands[c] &= ~b
    for y in base:
        for x in rng.sample(cover, rng.randint(2, k)):
            c = y * 9 + x if rows else x * 9 + y
            g.values[c], g.cands[c] = 0, g.cands[c] | b
    for _ in range(rng.randint(0, 3)):
        c = rng.randrange(81)
        g.values[c], g.cands[c] = 0, g.cands[c] | b
    return g


def test_fish_on_random_and_planted_grids():
    rng = random.Random(7)
    steps = Counter()
    for i in range(800):
        g = _random_fish_grid(rng) if i % 2 else _planted_fish_grid(rng)
        assert not _mismatches(g, MINE[:3]), (g.values, g.cands, _mismatches(g, MINE[:3]))
        for name in MINE[:3]:
            steps[name] += native_filter.has(name, g)
    assert min(steps.values()) > 50, steps


def _random_loop(rng: random.Random, size: int) -> list[int]:
    """A closed walk of ``size`` cells, each unit it touches holding two of them."""
    while True:
        path = [rng.randrange(81)]
        cnt = Counter(GEO.cell_units[path[0]])
        while len(path) < size:
            opts = [w for w in GEO.peers[path[-1]]
                    if w not in path and all(cnt[u] < 2 for u in GEO.cell_units[w])]
            if not opts:
                break
            w = rng.choice(opts)
            path.append(w)
            cnt.update(GEO.cell_units[w])
        if (len(path) == size and path[0] in GEO.peer_sets[path[-1]]
                and all(v == 2 for v in cnt.values())):
            return path


def _planted_loop_grid(rng: random.Random, loops: list[list[int]]) -> Grid:
    """A rectangle or loop on two digits, one to three cells with extras, and noise around it
    (more cells holding both digits, so the search meets other loops first)."""
    values = [rng.randint(1, 9) for _ in range(81)]
    cands = [0] * 81
    x, y = rng.sample(range(9), 2)
    xy = (1 << x) | (1 << y)
    z = rng.choice([d for d in range(9) if d not in (x, y)])
    loop = rng.choice(loops)
    for c in loop:
        values[c], cands[c] = 0, xy
    for c in rng.sample(loop, rng.choice((1, 2, 2, 2, 3))):
        cands[c] |= 1 << (z if rng.random() < 0.7 else rng.randrange(9))
    for c in rng.sample(range(81), rng.randint(0, 25)):
        if values[c]:
            r = rng.random()
            values[c] = 0
            cands[c] = (xy if r < 0.3 else xy | 1 << rng.randrange(9) if r < 0.5
                        else 1 << z | 1 << rng.randrange(9))
    return Grid(GEO, values, cands)


def test_unique_rectangles_and_loops_on_planted_grids():
    rng = random.Random(11)
    loops = [_random_loop(rng, size) for size in (4, 6, 8) for _ in range(12)]
    kinds = Counter()
    for _ in range(1000):
        g = _planted_loop_grid(rng, loops)
        assert not _mismatches(g, ("unique rectangle",)), (g.values, g.cands)
        s = uniqueness.unique_rectangle(g.copy())
        kinds[s.technique if s else None] += 1
    for t in ("unique rectangle type 1", "unique rectangle type 2", "unique rectangle type 3",
              "unique rectangle type 4", "unique loop type 1", "unique loop type 2", None):
        assert kinds[t] >= 5, kinds


def _near_bug_grid(rng: random.Random) -> Grid:
    """Every empty cell bivalue but one (sometimes two, or one with four), digits in few units."""
    values, cands = [0] * 81, [0] * 81
    digits = rng.sample(range(9), rng.randint(3, 5))
    for c in range(81):
        if rng.random() < 0.55:
            values[c] = rng.randint(1, 9)
        else:
            cands[c] = sum(1 << d for d in rng.sample(digits, 2))
    for _ in range(rng.choice((1, 1, 1, 2))):
        c = rng.randrange(81)
        values[c] = 0
        cands[c] = sum(1 << d for d in rng.sample(range(9), rng.choice((3, 3, 3, 4, 1))))
    return Grid(GEO, values, cands)


def test_bug_plus_one_on_near_bivalue_grids():
    rng = random.Random(5)
    found = 0
    for _ in range(3000):
        g = _near_bug_grid(rng)
        assert not _mismatches(g, ("bug+1",)), (g.values, g.cands)
        found += native_filter.has("bug+1", g)
    assert found >= 5
