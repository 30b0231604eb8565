"""The classic generator's batch route: whole puzzles on the C core, the same as one by one.

:func:`gridsat.generators.stream` makes plain classic Sudoku by blocks of seeds in one call
of the core each (fill, carving, local moves, re-check). These tests hold it to the
puzzle-by-puzzle route seed for seed, prove its puzzles unique and minimal with MiniSat (a
backend that shares nothing with the core), and check that the options it does not serve
still reach the generator, and that ``gridsat generate sudoku`` starts without loading
python-sat or the other kinds.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from gridsat import Sudoku
from gridsat.encoders import get_encoding
from gridsat.errors import GridsatError
from gridsat.generators import generate, stream
from gridsat.generators.oracle import CnfOracle
from gridsat.kinds.sudoku import generate_batch
from gridsat.kinds.sudoku import generate_native as native_gen
from gridsat.kinds.sudoku.generate_batch import generate_sudoku_many
from gridsat.kinds.sudoku.generate_carve import is_minimal

pytestmark = pytest.mark.skipif(native_gen.engine() is None, reason="C extension not built")


def _record(g):
    return tuple(g.puzzle.givens), g.solution, g.puzzle.box, g.puzzle.regions, g.info, g.seed, g.kind


CASES = [
    ({}, 1, 40),
    ({"minimal": True}, 2 ** 40 - 3, 6),
    ({"size": 9, "polish": 0}, -5, 8),
    ({"size": 4}, 0, 30),
    ({"size": 6, "box": (3, 2)}, 7, 12),
    ({"size": 6, "score": True}, 3, 4),
]


@pytest.mark.parametrize("options,first,count", CASES, ids=[str(c[0]) for c in CASES])
def test_the_same_puzzles_as_one_by_one(options, first, count):
    """Seed for seed, the batch route gives what ``generate`` gives (puzzle, solution, info, score)."""
    many = generate_sudoku_many(range(first, first + count), **{"score": False, **options})
    assert many is not None
    one = [generate("sudoku", seed=s, **{"score": False, **options}) for s in range(first, first + count)]
    assert [_record(g) for g in many] == [_record(g) for g in one]
    assert [g.score for g in many] == [g.score for g in one]


def test_stream_uses_blocks_and_seeds_reproduce():
    """A stream's puzzles do not depend on where its blocks start: seeds 5.. alone or after 1..4."""
    whole = [_record(g) for g in stream("sudoku", 12, seed=1, score=False)]
    tail = [_record(g) for g in stream("sudoku", 8, seed=5, score=False)]
    assert whole[4:] == tail
    assert whole == [_record(g) for g in stream("sudoku", 12, seed=1, score=False)]


def test_core_seeds_like_python():
    core = native_gen.engine()
    for s in (0, 1, -1, 12345, 2 ** 32 - 1, 2 ** 32, 2 ** 62 - 1, -(2 ** 50)):
        assert tuple(core.seed_state(s)) == random.Random(s).getstate()[1], s


def test_batch_puzzles_unique_and_minimal_by_minisat():
    """Every puzzle of the batch route: MiniSat finds no second solution, and no given can go."""
    oracle = CnfOracle(get_encoding("cnf-extended", "sudoku").build(Sudoku.empty(9)), "minisat22")
    try:
        for g in stream("sudoku", 40, seed=500, score=False):
            lits = [int(oracle.var[c, v]) for c, v in enumerate(g.puzzle.givens) if v]
            assert oracle.sat(lits) and oracle.model_values() == g.solution
            assert not oracle.differs(lits, [(c, g.solution[c]) for c in range(81) if not g.puzzle.givens[c]])
            given = {c for c, v in enumerate(g.puzzle.givens) if v}
            assert g.info["minimal"] and is_minimal(oracle, g.solution, given)
    finally:
        oracle.delete()


@pytest.mark.parametrize("options", [{"symmetry": "rot180"}, {"target": 30}, {"difficulty": "easy"},
                                     {"size": 12}, {"rng": random.Random(1)}, {"box": (2, 2), "size": 4, "x": 1}])
def test_options_it_does_not_serve_go_one_by_one(options):
    assert generate_sudoku_many(range(1, 3), **options) is None


def test_stream_honours_symmetry_and_target():
    for g in stream("sudoku", 3, seed=2, score=False, symmetry="rot180"):
        givens = g.puzzle.givens
        assert all(bool(givens[c]) == bool(givens[80 - c]) for c in range(81))
        assert g.info["symmetry"] == "rot180"
    for g in stream("sudoku", 2, seed=2, score=False, target=30):
        assert g.puzzle.num_givens <= 30 and g.info["target_met"]


def test_a_seed_whose_fill_runs_out_takes_the_other_route(monkeypatch):
    """Status 0 from the core (the fill's budget ran out): that seed is made one by one, the same."""
    real = generate_batch.native_many

    def budget_out(board, first, count, **kw):
        puzzles, solutions, status, secs = real(board, first, count, **kw)
        return puzzles, solutions, bytes([0]) + status[1:], secs

    monkeypatch.setattr(generate_batch, "native_many", budget_out)
    got = generate_sudoku_many(range(3, 6), score=False)
    assert [_record(g) for g in got] == [_record(generate("sudoku", seed=s, score=False)) for s in range(3, 6)]


def test_a_failed_recheck_is_an_error(monkeypatch):
    real = generate_batch.native_many
    monkeypatch.setattr(generate_batch, "native_many",
                        lambda *a, **kw: (lambda r: (r[0], r[1], bytes([2]) * len(r[2]), r[3]))(real(*a, **kw)))
    with pytest.raises(GridsatError, match="final check"):
        generate_sudoku_many(range(1, 3))


def test_core_fill_budget_status():
    core = native_gen.engine()
    geo = native_gen._geometry(Sudoku.empty(9))
    _, _, status, _ = core.generate(geo, 1, 5, 3, 3, 2, 1, 0, 0)
    assert set(status) == {0}
    puzzles, solutions, status, secs = core.generate(geo, 1, 5, 3, 3, 1620, 4, 0, 0)
    assert set(status) == {1} and len(puzzles) == len(solutions) == 5 * 81 and len(secs) == 5 * 8
    with pytest.raises(ValueError):
        core.generate(geo, 1, 2, 2, 2, 1620, 4, 0, 0)  # 2x2 boxes do not tile a 9x9 board


def test_sat_route_leaves_the_core_aside():
    with native_gen.sat_route():
        assert generate_sudoku_many(range(1, 3)) is None
        want = [_record(g) for g in stream("sudoku", 3, seed=1, score=False)]
    assert [_record(g) for g in stream("sudoku", 3, seed=1, score=False)] == want


def test_command_line_starts_lean():
    """``gridsat generate sudoku`` loads neither python-sat nor another kind's package."""
    code = ("import sys, io; from gridsat.cli import main; out = sys.stdout; sys.stdout = io.StringIO(); "
            "rc = main(['generate', 'sudoku', '--minimal', '-n', '3', '--seed', '1']); lines = sys.stdout.getvalue(); "
            "sys.stdout = out; kinds = {m.split('.')[2] for m in sys.modules if m.startswith('gridsat.kinds.') "
            "and m.count('.') >= 2 and m.split('.')[2] not in ('base', 'logic', 'records')}; "
            "print(rc, len(lines.split()), sorted(kinds), 'pysat' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["0", "3", "['sudoku']", "False"], out.stdout + out.stderr


#: what ``python -m gridsat.cli generate sudoku --minimal -n 3 --seed 1`` (the benchmark's command)
#: loads, printed by a fresh process: its exit code, its lines, then the modules
LOADED = ("import io, runpy, sys\n"
          "sys.argv = ['gridsat', 'generate', 'sudoku', '--minimal', '-n', '3', '--seed', '1']\n"
          "out, sys.stdout = sys.stdout, io.StringIO()\n"
          "try:\n"
          "    runpy.run_module('gridsat.cli', run_name='__main__', alter_sys=True)\n"
          "except SystemExit as e:\n"
          "    code = e.code\n"
          "lines, sys.stdout = sys.stdout.getvalue(), out\n"
          "print(code, len(lines.split()))\n"
          "print(' '.join(sorted(sys.modules)))\n")

#: the most gridsat modules the plain command may load: the package, the command line's own
#: modules, the registry, the Sudoku kind's record and its batch route, the core
LEAN_BOUND = 33


def test_plain_generate_command_loads_a_small_set():
    """The plain command makes its lines on the core's bytes: no :class:`Generated` record per
    puzzle (nor its module), no layouts, no ``array``; a bounded number of gridsat modules."""
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, timeout=120, check=True)
    status, modules = out.stdout.splitlines()[-2:]
    assert status.split() == ["0", "3"], out.stdout + out.stderr
    loaded = modules.split()
    ours = [m for m in loaded if m.split(".")[0] == "gridsat"]
    assert len(ours) <= LEAN_BOUND, ours
    assert not {"gridsat.generators.generated", "gridsat.generators.layouts", "array", "pysat"} & set(loaded)
    # nor the standard library's modules that its start-up does not need (annotations are
    # strings; JSON, threads and signal enums belong to other options and commands)
    assert not {"typing", "json", "threading", "signal"} & set(loaded)


#: the collector's state after ``main`` ran as the program (``gridsat.cli`` as ``__main__``) or
#: was called with arguments, printed by a fresh process
COLLECTOR = ("import gc, io, runpy, sys\n"
             "out, sys.stdout = sys.stdout, io.StringIO()\n"
             "from gridsat.cli import main\n"
             "main(['generate', 'sudoku', '-n', '2', '--seed', '1'])\n"
             "called = (gc.isenabled(), gc.get_freeze_count())\n"
             "sys.argv = ['gridsat', 'generate', 'sudoku', '-n', '2', '--seed', '1']\n"
             "try:\n"
             "    runpy.run_module('gridsat.cli', run_name='__main__', alter_sys=True)\n"
             "except SystemExit:\n"
             "    pass\n"
             "sys.stdout = out\n"
             "print(*called, gc.isenabled(), gc.get_freeze_count() > 0)\n")


def test_the_program_freezes_its_start_up_a_caller_keeps_its_collector():
    """Run as the program, the command line freezes what start-up made and collects again
    for the job; called with arguments (by a host program) it leaves the collector alone."""
    out = subprocess.run([sys.executable, "-c", COLLECTOR], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["True", "0", "True", "True"], out.stdout + out.stderr


def test_lines_are_the_puzzles_lines():
    """``generate_sudoku_lines`` gives each puzzle's line of ``generate_sudoku_many``, seed for seed."""
    from gridsat.generators.lines import puzzle_line
    from gridsat.kinds.sudoku.generate_batch import generate_sudoku_lines

    for options, first, count in CASES:
        seeds = range(first, first + count)
        many = generate_sudoku_many(seeds, **options)
        assert generate_sudoku_lines(seeds, **options) == "".join(puzzle_line(g.puzzle) + "\n" for g in many)
    assert generate_sudoku_lines(range(1, 3), symmetry="rot180") is None


def test_lines_of_a_seed_whose_fill_runs_out(monkeypatch):
    from gridsat.generators.lines import puzzle_line
    from gridsat.kinds.sudoku.generate_batch import generate_sudoku_lines

    real = generate_batch.native_many
    monkeypatch.setattr(generate_batch, "native_many", lambda *a, **kw: (
        lambda r: (r[0], r[1], bytes([1, 0, 1]), r[3]))(real(*a, **kw)))
    want = "".join(puzzle_line(generate("sudoku", seed=s, score=False).puzzle) + "\n" for s in range(3, 6))
    assert generate_sudoku_lines(range(3, 6), score=False) == want
    monkeypatch.setattr(generate_batch, "native_many", lambda *a, **kw: (
        lambda r: (r[0], r[1], bytes([1, 2]), r[3]))(real(*a, **kw)))
    with pytest.raises(GridsatError, match="final check"):
        generate_sudoku_lines(range(1, 3))


def test_line_blocks_as_the_stream():
    """:func:`gridsat.generators.line_blocks`: the stream's lines by blocks; ``None`` where the
    generator makes no lines for the options (the caller then takes the stream)."""
    from gridsat.generators import line_blocks
    from gridsat.generators.lines import puzzle_line

    blocks = list(line_blocks("sudoku", 11, seed=4, minimal=True, score=False))
    assert [b.count("\n") for b in blocks] == [1, 2, 4, 4]
    assert "".join(blocks) == "".join(puzzle_line(g.puzzle) + "\n"
                                      for g in stream("sudoku", 11, seed=4, minimal=True, score=False))
    assert line_blocks("sudoku", 2, seed=1, symmetry="rot180") is None
    assert line_blocks("hidato", 2, seed=1) is None


def test_command_prints_the_stream_lines():
    """The command line's plain output, made by lines, is the stream's puzzles' lines."""
    from gridsat.generators.lines import puzzle_line

    out = subprocess.run([sys.executable, "-m", "gridsat.cli", "generate", "sudoku", "--minimal", "-n", "20",
                          "--seed", "9"], capture_output=True, text=True, timeout=120, check=True).stdout
    assert out == "".join(puzzle_line(g.puzzle) + "\n" for g in stream("sudoku", 20, seed=9, minimal=True, score=False))
