"""The Kakuro verifier's quick path (runs walked over row and column slices) against its
cell-by-cell walk: the same verdict on right answers and on answers changed in one or two
cells, and the same messages."""

from __future__ import annotations

import random

import pytest

from gridsat.kinds.kakuro import rules
from gridsat.kinds.kakuro.generate import generate_kakuro


@pytest.fixture(scope="module")
def solved():
    out = []
    for seed, size in ((1, 12), (3, 8), (4, 6)):
        g = generate_kakuro(size, seed=seed)
        out.append((g.puzzle, tuple(g.solution)))
    return out


def _slow(monkeypatch, p, sol):
    with monkeypatch.context() as m:
        m.setattr(rules, "_quick_ok", lambda *a: False)
        return rules.verify_kakuro(p, sol)


def test_quick_and_slow_walks_agree_on_changed_answers(solved, monkeypatch):
    rng = random.Random(5)
    wrong = 0
    for p, sol in solved:
        assert rules.verify_kakuro(p, sol) == [] == _slow(monkeypatch, p, sol)
        white = [i for i, v in enumerate(p.cells) if v is None]
        black = [i for i, v in enumerate(p.cells) if v is not None]
        for k in range(240):
            s = list(sol)
            if k % 3 == 0:  # one or two digits changed (or a black cell's 0)
                for i in rng.sample(white, rng.choice((1, 2))):
                    s[i] = rng.choice([v for v in range(0, 11) if v != s[i]])
                if rng.random() < 0.2:
                    s[rng.choice(black)] = rng.choice((1, True, 0.0))
            else:  # two cells of a run swapped: that run still right, the crossing runs wrong
                step = 1 if k % 3 == 1 else p.cols
                pairs = [a for a in white if a + step in white and (step > 1 or (a + 1) % p.cols)]
                a = rng.choice(pairs)
                s[a], s[a + step] = s[a + step], s[a]
            got = rules.verify_kakuro(p, s)
            assert got == _slow(monkeypatch, p, s)
            wrong += bool(got)
    assert wrong > 500


def test_a_repeat_in_a_run_without_a_sum_is_caught_either_way(monkeypatch):
    from gridsat.kinds.kakuro import Kakuro

    x = None
    p = Kakuro(3, 3, [(0, 0), (0, 0), (0, 0), (0, 0), x, x, (0, 0), x, x])
    for sol in ((0, 0, 0, 0, 1, 2, 0, 1, 3), (0, 0, 0, 0, 1, 1, 0, 2, 3)):  # a column, then a row, repeats
        got = rules.verify_kakuro(p, sol)
        assert got and got == _slow(monkeypatch, p, sol)
    assert rules.verify_kakuro(p, (0, 0, 0, 0, 1, 2, 0, 2, 1)) == []
