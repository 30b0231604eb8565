"""The ``lns`` backend on the ``hidato-jumps`` relaxation: finds verified solutions, proves nothing."""

import random

import pytest

import gridsat
from gridsat import Hidato
from gridsat.encoders import get_encoding
from gridsat.errors import UnsupportedError
from gridsat.kinds.hidato.puzzle import random_path

from hidato_samples import blocks


def _sparse(rows, cols, adjacency, density, seed):
    path = random_path(rows, cols, adjacency, seed=seed)
    n = rows * cols
    rng = random.Random(seed)
    ks = set(rng.sample(range(2, n), int(density * n) - 2)) | {1, n}
    return Hidato(rows, cols, givens={path[k - 1]: k for k in ks}, adjacency=adjacency)


def _without_ends(p):
    n = p.num_cells
    return p.with_givens({c: v for c, v in p.givens.items() if v not in (1, n)})


CASES = [
    ("king10_d15", lambda: _sparse(10, 10, "king", 0.15, 1)),
    ("rook10_d15", lambda: _sparse(10, 10, "rook", 0.15, 2)),
    ("king12_d20_no_ends", lambda: _without_ends(_sparse(12, 12, "king", 0.2, 3))),
]


@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
def test_lns_finds_verified_solutions(name, make):
    p = make()
    r = gridsat.solve(p, backend="lns", time_limit=60)
    assert r.status == "solved" and r.verified and not r.complete
    assert r.encoding == "hidato-jumps" and r.stats["jumps_left"] == 0


def test_lns_rosetta_and_check_is_incomplete():
    from gridsat.formats import read_text

    (entry,) = read_text(blocks("rosetta_hidato.txt")["rosetta_sample"]["puzzle"], kind="hidato", format=None)
    r = gridsat.check(entry.puzzle, backend="lns", time_limit=30)
    assert r.status == "unknown" and r.solution is not None and r.verified  # a solution, uniqueness unproven


def test_lns_needs_a_time_limit_and_reports_impossible_matchings():
    p = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9})
    with pytest.raises(UnsupportedError, match="time limit"):
        gridsat.solve(p, backend="lns")
    q = Hidato(1, 4, givens={(0, 1): 1})  # 1 in the middle of a line: pruning already empties a domain
    assert gridsat.solve(q, backend="lns", time_limit=5).status == "impossible"
    assert gridsat.get_backend("lns").target == "lns" and "count" not in gridsat.get_backend("lns").supports


@pytest.mark.parametrize("seed", range(6))
def test_jump_model_first_state_and_submodel(seed):
    from ortools.sat.python import cp_model

    rng = random.Random(seed)
    p = _sparse(6, 7, "king" if seed % 2 else "rook", 0.2, 100 + seed)
    m = get_encoding("hidato-jumps", "hidato").build(p)
    pos = m.initial(rng)
    assert sorted(pos[1:]) == list(range(p.num_cells))  # a perfect matching
    assert all(m.D[pos[k], k] for k in range(1, p.num_cells + 1))  # inside the domains
    assert all(pos[v] == c for c, v in p.givens.items())
    nums = m.neighbourhood(pos, m.jumps(pos)[0] if m.jumps(pos) else 1, rng, 8)
    assert nums and not set(nums) & set(p.givens.values())
    free = [k for k in range(1, p.num_cells + 1) if k not in p.givens.values()]
    sub, read = m.submodel(pos, free)  # everything free: the exact problem, zero jumps reachable
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    assert s.Solve(sub) == cp_model.OPTIMAL and s.ObjectiveValue() == 0
    for k, c in read(s).items():
        pos[k] = c
    assert m.jumps(pos) == [] and gridsat.verify(p, m.solution(pos)) == []


def test_ctrl_c_still_raises_after_an_lns_run():
    """CP-SAT resets SIGINT after each solve; the lns backend puts Python's handler back."""
    from ctrl_c import ctrl_c_after

    code, words, err = ctrl_c_after("gridsat.solve(gridsat.Hidato(4, 4, givens={(0, 0): 1, (3, 3): 16}), "
                                    "backend='lns', time_limit=10).status")
    assert code == 0, err
    assert words == ["solved", "KeyboardInterrupt"]
