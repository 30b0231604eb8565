"""The Clojure Sudoku kit's operations: its figures (``rate --kit``) and "addrandom" (``--add-random``)."""

from __future__ import annotations

import json

import pytest

from gridsat import Sudoku, count, verify
from gridsat.cli import main
from gridsat.errors import GridsatError
from gridsat.kinds.sudoku.generate_add_random import add_random
from gridsat.kinds.sudoku.logic.grid import Grid
from gridsat.kinds.sudoku.logic.kit import kit_figures, kit_order

# The kit's "Illustration 3" puzzle and solution as printed: Z-order vectors (box by box, each
# box row by row).
ILLUSTRATION3_PRINTED = (
    "0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 0 "
    "0 0 0 0 0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5")
ILLUSTRATION3_SOLUTION = (
    "1 4 5 2 6 7 3 9 8 6 8 7 3 1 9 2 4 5 3 2 9 4 5 8 1 6 7 5 7 4 6 1 9 8 2 3 1 2 3 4 5 8 7 9 6 8 "
    "9 6 2 7 3 5 1 4 4 5 6 7 8 1 9 3 2 9 3 2 5 6 4 8 7 1 7 8 1 9 3 2 6 4 5")
# the way as the kit prints it: (Z-order index, candidates, index of the value taken), newest first
KIT_WAY = [(45, [6, 8, 9], 1), (29, [4, 6, 9], 0), (23, [2, 4, 8, 9], 2), (12, [1, 3], 1), (10, [8, 9], 0),
           (0, [1, 2], 0), (68, [2, 4], 1), (64, [1, 3], 1), (63, [1, 3, 9], 2), (61, [2, 3], 1),
           (58, [2, 8], 1), (42, [4, 7, 9], 1), (33, [2, 8, 9], 1), (8, [4, 8], 1), (7, [4, 8, 9], 2)]


def z_to_cell(i: int) -> int:
    """Row-major cell of the kit's Z-order index ``i`` (box ``i // 9``, place ``i % 9`` in it)."""
    b, p = divmod(i, 9)
    return ((b // 3) * 3 + p // 3) * 9 + (b % 3) * 3 + p % 3


def from_z(vector: list[int]) -> list[int]:
    out = [0] * 81
    for i, v in enumerate(vector):
        out[z_to_cell(i)] = v
    return out


def illustration3() -> tuple[Sudoku, list[int]]:
    vector = [int(x) for x in ILLUSTRATION3_PRINTED.split()]
    assert len(vector) == 81
    return Sudoku.classic(from_z(vector)), from_z([int(x) for x in ILLUSTRATION3_SOLUTION.split()])


def test_illustration3_reproduces_the_kits_published_figures():
    p, kit_solution = illustration3()
    assert not verify(p, kit_solution)
    f = kit_figures(p)
    assert (f.level, f.maxlevel) == (15, 20)
    assert f.complexity == (102, 263, 1229)
    assert f.solutions == 1 and f.complete
    assert f.solution == kit_solution
    # the way, cell for cell, with the candidates at each branching and the index taken
    assert [(c, list(ds), k) for c, ds, k in f.way] == [(z_to_cell(i), ds, k) for i, ds, k in reversed(KIT_WAY)]
    assert "level: 15/20 complexity: 102/263/1229 # of solutions: 1" == f.text()


def test_complexity_figures_are_what_the_kit_describes():
    p, _ = illustration3()
    f = kit_figures(p)
    g = Grid.from_puzzle(p)
    counts = [g.cands[c].bit_count() for c in range(81) if not g.values[c]]
    assert f.complexity[1] == sum(counts) and f.complexity[2] == sum(k * k for k in counts)
    assert f.complexity[0] == sum(len(ds) ** 2 for _, ds, _ in f.way)
    assert f.level == len(f.way) and all(len(ds) > 1 for _, ds, _ in f.way)


def test_resorting_by_current_counts_does_not_give_the_kits_figures():
    p, _ = illustration3()
    f = kit_figures(p, resort=True)
    assert (f.level, f.maxlevel, f.complexity[0]) != (15, 20, 102)
    assert f.solution == kit_figures(p).solution  # the same answer by another way


def test_kit_order_sorts_by_start_counts_ties_box_by_box():
    p, _ = illustration3()
    g = Grid.from_puzzle(p)
    order = kit_order(g)
    counts = [g.cands[c].bit_count() for c in order]
    assert counts == sorted(counts)
    assert order[0] == z_to_cell(7)  # the kit's first branching


def test_kit_counts_solutions_up_to_its_limit():
    f = kit_figures(Sudoku.empty(4), limit=5)
    assert f.solutions == 5 and not verify(Sudoku.empty(4), f.solution)
    for seed in range(6):  # the kit's exhaustive search agrees with the counting API
        p = add_random(Sudoku.empty(4), 4, seed=seed)
        got = count(p, 400)
        assert got.complete
        f = kit_figures(p, limit=400)
        assert f.solutions == got.count and f.complete
        assert f.solution is None or not verify(p, f.solution)


def test_kit_budget_marks_the_figures_incomplete():
    f = kit_figures(Sudoku.empty(9), limit=10 ** 6, max_nodes=50)
    assert not f.complete and f.nodes > 50


def test_rate_kit_cli(tmp_path, capsys):
    p, _ = illustration3()
    f = tmp_path / "ill3.txt"
    f.write_text("".join(map(str, p.givens)) + "\n")
    assert main(["rate", "--kit", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "level: 15/20 complexity: 102/263/1229 # of solutions: 1"
    assert main(["rate", "--kit", "--json", str(f)]) == 0
    d = json.loads(capsys.readouterr().out)["kit"]
    assert d["complexity"] == [102, 263, 1229] and d["level"] == 15 and d["maxlevel"] == 20


def test_rate_kit_refuses_hidato(tmp_path, capsys):
    f = tmp_path / "h.txt"
    f.write_text("1 _ _\n_ _ _\n_ _ 9\n")
    assert main(["rate", "--kit", "-k", "hidato", str(f)]) == 2
    err = capsys.readouterr().err
    assert "Sudoku-family" in err and "Traceback" not in err


KIT_SERVES = "--kit figures are for Sudoku-family puzzles (classic and jigsaw)"


def test_rate_kit_refuses_hidato_in_the_batch_runner_too(tmp_path):
    from gridsat.jobs.items import PuzzleItem
    from gridsat.jobs.tasks import RateJob
    from gridsat.kinds.hidato.puzzle import Hidato

    item = PuzzleItem("h.txt", 1, None, None, Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}))
    with pytest.raises(GridsatError) as e:
        RateJob(kit=True).result(item)
    assert str(e.value) == KIT_SERVES


def test_kit_figures_refuse_a_sudoku_with_other_constraints():
    from constraint_toy import EvenCells
    from gridsat.kinds import kit_figures as figures_of

    with pytest.raises(GridsatError) as e:
        figures_of(Sudoku(4, None, extra=[EvenCells(4, (0,))]))
    assert str(e.value) == KIT_SERVES
    assert figures_of(Sudoku.empty(4)).solutions == 2


@pytest.fixture
def second_kind():
    """A second kind with kit figures (the Sudoku record under another name and class),
    registered for the test."""
    import dataclasses

    from gridsat.kinds import get_kind, register_kind, unregister_kind

    cls = type("Square", (Sudoku,), {"kind": "square"})
    register_kind(dataclasses.replace(get_kind("sudoku"), name="square", puzzle_class=cls, aliases=(), order=50,
                                      logic_serves="square", kit_serves="square boards"))
    try:
        yield cls
    finally:
        unregister_kind("square")


def test_what_the_logical_solver_and_the_kit_serve_comes_from_the_kind_records(second_kind):
    """The messages name every kind by its record: ``logic_serves`` (none: no solver) and the
    ``kit_serves`` of the kinds with kit figures."""
    from gridsat.kinds import kit_figures as figures_of
    from gridsat.kinds import logic_serves
    from gridsat.kinds.hidato.puzzle import Hidato

    assert logic_serves() == "Sudoku-family, Hidato and square puzzles"
    with pytest.raises(GridsatError) as e:
        figures_of(Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}))
    assert str(e.value) == KIT_SERVES + " and square boards"


def test_the_logical_solver_names_what_it_handles():
    from gridsat.kinds import logic_serves

    assert logic_serves() == "Sudoku-family and Hidato puzzles"


# ---------------------------------------------------------------------- add-random
def _clashes(p: Sudoku) -> list[str]:
    return p.conflicts()


@pytest.mark.parametrize("seed", range(8))
def test_add_random_adds_k_values_that_clash_with_nothing(seed):
    start, _ = illustration3()
    out = add_random(start, 12, seed=seed)
    assert out.num_givens == start.num_givens + 12
    assert all(not a or a == b for a, b in zip(start.givens, out.givens))  # the givens stay
    assert _clashes(out) == []


def test_add_random_on_a_jigsaw_respects_regions():
    regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]
    start = Sudoku(4, [0] * 16, regions=regions)
    for seed in range(20):
        out = add_random(start, 6, seed=seed)
        assert out.num_givens == 6 and _clashes(out) == []
        assert out.regions == start.regions


def test_add_random_same_seed_same_result_and_input_unchanged():
    start, _ = illustration3()
    before = list(start.givens)
    assert add_random(start, 5, seed=9).givens == add_random(start, 5, seed=9).givens
    assert list(start.givens) == before


def test_add_random_impossible_is_a_clear_error():
    full = Sudoku.classic([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    with pytest.raises(GridsatError, match="cannot add 1 value .*no cell is empty"):
        add_random(full, 1, seed=1)
    with pytest.raises(GridsatError, match="after 16 added"):
        add_random(Sudoku.empty(4), 17, seed=1)
    # one empty cell whose row, column and box already hold 1..4 between them
    stuck = Sudoku.classic([0, 2, 3, 4, 1] + [0] * 11)
    for seed in range(20):
        assert add_random(stuck, 1, seed=seed).givens[0] == 0  # the stuck cell is never chosen


def test_generate_add_random_cli(tmp_path, capsys):
    start, _ = illustration3()
    f = tmp_path / "start.txt"
    f.write_text("".join(map(str, start.givens)) + "\n")
    for args in (["--from", str(f), "--add-random", "4"], ["--add-random", "4", "--from", str(f)]):
        assert main(["generate", "sudoku", *args, "--seed", "5", "--json", "-n", "2"]) == 0
        lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        assert len(lines) == 2
        for d in lines:
            assert d["operation"] == "add-random" and len(d["added"]) == 4 and d["givens"] == start.num_givens + 4
            got = Sudoku.classic([0 if ch == "." else int(ch) for ch in d["puzzle"]])
            assert got.conflicts() == []


def test_generate_add_random_cli_errors(tmp_path, capsys):
    assert main(["generate", "sudoku", "--add-random", "3"]) == 2
    assert "--from" in capsys.readouterr().err
    full = tmp_path / "full.txt"
    full.write_text("1234341221434321\n")
    assert main(["generate", "sudoku", "--size", "4", "--from", str(full), "--add-random", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot add 1 value" in err and "Traceback" not in err
    assert main(["generate", "sudoku", "--from", str(full), "--add-random", "-1"]) == 2
    assert "--add-random" in capsys.readouterr().err
