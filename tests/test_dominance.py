"""The defaults are never dominated: a slice of ``benchmarks/dominance.py``, and the node budget.

The benchmark runs every installed backend on a diverse set; here a few instances where one
backend alone would lose by far (an empty jigsaw layout with no solution, on which the C
core searches for minutes; an empty Hidato template, which SAT alone cannot decide) run the
default beside the backends that decide them fastest. Only CPU time and node counts are
compared, never the wall clock.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.kinds.sudoku import backend_native as native_backend
from gridsat.kinds.sudoku.backend_native import load
from gridsat.generators.layouts import random_layout

pytestmark = pytest.mark.skipif(load() is None, reason="the C core is not built")

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "dominance.py"
#: seconds of CPU the default may take beyond 5x the best backend's (imports, a formula's build)
SLACK = 0.25


def _bench():
    spec = importlib.util.spec_from_file_location("dominance_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _no_solution_layout() -> Sudoku:
    """The empty 8x8 jigsaw on ``random_layout(8, 77)``: no solution."""
    return Sudoku(8, None, regions=random_layout(8, 77))


def test_default_answers_the_unsolvable_jigsaw_layout():
    """The default used to search this board until the time limit (or for ever without one)."""
    code = textwrap.dedent("""
        import gridsat
        from gridsat import Sudoku
        from gridsat.generators.layouts import random_layout
        p = Sudoku(8, None, regions=random_layout(8, 77))
        print(gridsat.solve(p).status, gridsat.check(p).status)
    """)
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("the default did not answer the unsolvable 8x8 jigsaw layout in 120 s")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["impossible", "impossible"]


def test_node_budget_bounds_the_core():
    """The core stops at ``max_nodes`` branches, neither complete nor timed out."""
    from gridsat.encoders import get_encoding

    p = _no_solution_layout()
    model = get_encoding("sudoku-native", "sudoku").build(p)
    count, complete, timed_out, sols, nodes = load().solve(model.geometry, bytes(p.givens), 2, 2, -1.0, 5000)
    assert (count, complete, timed_out, nodes) == (0, False, False, 5000)
    counts, flags, _, _, each, _ = load().batch(model.geometry, bytes(p.givens) * 2, 2, -1.0, 2, True, True, 3000)
    assert list(flags) == [3, 3] and list(each) == [3000, 3000] and counts == [0, 0]
    # a board decided within the budget is untouched by it
    easy = Sudoku(8, None, regions=random_layout(8, 1))
    model = get_encoding("sudoku-native", "sudoku").build(easy)
    assert load().solve(model.geometry, bytes(easy.givens), 2, 2, -1.0, 5000)[0] == 2


def test_budgeted_default_hands_over_to_sat():
    res = gridsat.check(_no_solution_layout(), time_limit=20)  # (a guard: it takes 0.1 s)
    assert (res.status, res.backend) == ("impossible", "native+minicard")
    assert res.stats["nodes"] == res.stats["budget"] == native_backend.NODE_BUDGET
    assert res.stats["proof"]["backend"] == "minicard" and res.complete
    easy = gridsat.check(Sudoku(9, None, regions=random_layout(9, 1)))
    assert easy.status == "ambiguous" and "proof" not in easy.stats and easy.stats["nodes"] < native_backend.NODE_BUDGET


def test_budgeted_batch_hands_over_puzzle_by_puzzle():
    from gridsat.engine import run_many

    boards = [Sudoku(8, None, regions=random_layout(8, s)) for s in (1, 77, 2)]
    results = list(run_many(boards, "check", limit=2, time_limit=20))  # (a guard, as above)
    assert [r.status for r in results] == ["ambiguous", "impossible", "ambiguous"]
    assert "proof" in results[1].stats and "proof" not in results[0].stats


def test_budgeted_count_is_exact():
    """A count past the budget is the SAT backend's, the core's partial count dropped."""
    from gridsat.backends import get_backend
    from gridsat.encoders import get_encoding

    p = Sudoku.empty(4)
    b = get_backend("native+minicard")
    out = b.run(p, get_encoding("sudoku-native", "sudoku"), limit=None, max_nodes=10)
    assert (out.count, out.complete) == (288, True) and out.stats["proof"]["blocked"] == 0


def test_node_budget_falls_with_the_board():
    budget = native_backend.node_budget
    assert budget(9) == native_backend.NODE_BUDGET > budget(12) > budget(16) >= budget(32) > 0


def _slice():
    from gridsat.kinds.hidato.generate import generate_hidato

    h7 = generate_hidato(7, 7, seed=1, score=False).puzzle
    return [
        ("jigsaw 8x8 layout s77", _no_solution_layout(), ("minicard", "glucose4")),
        ("jigsaw 9x9 layout s1", Sudoku(9, None, regions=random_layout(9, 1)), ("native", "minicard")),
        ("sudoku 9x9 empty", Sudoku.empty(9), ("native", "minisat22")),
        ("hidato 8x8 empty", Hidato.empty(8, 8), ("search", "glucose4")),
        ("numbrix 8x8 empty", Hidato.numbrix(8, 8), ("search", "glucose4")),
        ("hidato 7x7 givens s1", h7, ("glucose4", "minisat22")),
    ]


def test_defaults_are_not_dominated_on_a_slice():
    """On each instance the default decides, within 5x the CPU time of the fastest backend
    beside it (plus :data:`SLACK`)."""
    bench = _bench()
    warm = Sudoku.empty(4)
    for b in ("native", "minicard", "glucose4", "minisat22"):  # (imports are not the job's cost)
        gridsat.check(warm, backend=b)
    gridsat.check(Hidato.empty(3, 3), backend="search")
    for name, puzzle, others in _slice():
        status, _, who, cpu = bench.measure(puzzle, None, 10.0)
        assert status not in ("unknown", "error"), (name, who)
        best = min(m[3] for m in (bench.measure(puzzle, b, 10.0) for b in others) if m[0] not in ("unknown", "error"))
        assert cpu <= 5 * best + SLACK, (name, who, cpu, best)


def test_a_jigsaw_past_the_c_core_gets_a_default_that_applies():
    """The C core takes boards up to 32x32: a larger jigsaw's default is a SAT pair (it raised
    'sudoku-native does not apply' before)."""
    from gridsat.selection import resolve

    for n in (32, 33, 64):
        p = Sudoku.jigsaw([0] * (n * n), [r for r in range(n) for _ in range(n)])  # (rows as regions)
        b, enc = resolve(p, None, None)
        assert enc.applies(p), (n, b.name, enc.name)
    assert (b.name, enc.name) == ("minicard", "cnf-reduced")
