"""The generators of killer, KenKen, Kakuro, Skyscrapers, Suguru, Ripple Effect, Str8ts and Samurai:
every puzzle proved unique again by a second backend (CP-SAT, where the generators prove with
MiniSat on CNF), the same seed printing the same bytes, Kakuro boards as dense as published
ones, and bad options refused in one line with exit code 2. Small boards keep it cheap."""

from __future__ import annotations

import random

import pytest

import gridsat
from gridsat.cli import main
from gridsat.generators import generate

#: (generator, options) on small boards; each is generated from two seeds
SMALL = [
    ("killer", {"size": 4}),
    ("killer", {"size": 6, "givens": False}),
    ("kenken", {"size": 4}),
    ("kenken", {"size": 5, "max_cage": 3}),
    ("kakuro", {"size": 6}),
    ("kakuro", {"size": 8, "cols": 10, "max_run": 6}),
    ("skyscrapers", {"size": 4}),
    ("skyscrapers", {"size": 5, "max_height": 4}),
    ("suguru", {"rows": 5}),
    ("ripple", {"rows": 5, "cols": 6}),
    ("str8ts", {"size": 5}),
    ("samurai", {"layout": "butterfly"}),
]


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("kind,opts", SMALL, ids=[f"{k}-{'-'.join(map(str, o.values()))}" for k, o in SMALL])
def test_generated_puzzles_are_unique_by_a_second_backend(kind, opts, seed):
    g = generate(kind, seed=seed, **opts)
    assert g.puzzle.kind == g.kind == kind
    by_cpsat, by_default = gridsat.check(g.puzzle, backend="cpsat"), gridsat.check(g.puzzle)
    assert by_cpsat.backend == "cpsat" and by_default.backend != "cpsat"
    assert by_cpsat.status == by_default.status == "unique"
    assert tuple(by_cpsat.solution) == tuple(by_default.solution) == tuple(g.solution)
    assert gridsat.verify(g.puzzle, g.solution) == []
    again = generate(kind, seed=seed, **opts)
    assert again.puzzle == g.puzzle and again.solution == g.solution


#: small boards for the command line: each kind's options as its users type them
CLI = {
    "killer": ["--size", "4"],
    "kenken": ["--size", "4"],
    "kakuro": ["--size", "7"],
    "skyscrapers": ["--size", "4"],
    "suguru": ["--rows", "5"],
    "ripple": ["--rows", "5"],
    "str8ts": ["--size", "5"],
    "samurai": ["--layout", "butterfly"],
}


def _out(capsys, argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("kind", sorted(CLI))
def test_the_same_seed_prints_the_same_bytes(kind, capsys):
    argv = ["generate", kind, *CLI[kind], "-n", "2", "--no-progress"]
    first = _out(capsys, argv + ["--seed", "5"])
    assert first.count("\n") >= 2
    assert _out(capsys, argv + ["--seed", "5"]) == first
    # puzzle i comes from seed + i: the second puzzle of seed 5 is the first of seed 6
    one = _out(capsys, ["generate", kind, *CLI[kind], "-n", "1", "--seed", "6", "--no-progress"])
    assert one and first.endswith(one) and first != one


def _runs(p) -> list[int]:
    return [len(r.cells) for r in p.runs]


@pytest.mark.parametrize("seed", [1, 2])
def test_kakuro_12x12_boards_are_dense_symmetric_and_connected(seed):
    g = generate("kakuro", size=12, seed=seed)
    p, R, C = g.puzzle, 12, 12
    white = [v is None for v in p.cells]
    assert 75 <= sum(white) <= 100  # published 12x12 Kakuro have about 80 (a sparse board has 30-50)
    assert all(2 <= k <= 9 for k in _runs(p))
    assert not any(white[c] for c in range(C)) and not any(white[r * C] for r in range(R))
    assert all(white[r * C + c] == white[(R - r) * C + (C - c)] for r in range(1, R) for c in range(1, C))
    seen, todo = {white.index(True)}, [white.index(True)]
    while todo:
        c = todo.pop()
        for d in (c - 1, c + 1, c - C, c + C):
            if 0 <= d < R * C and white[d] and abs(d % C - c % C) <= 1 and d not in seen:
                seen.add(d)
                todo.append(d)
    assert len(seen) == sum(white)
    assert g.info["white"] == sum(white) and g.info["oracle_calls"] >= 2


def test_kakuro_max_run_and_black_share_are_kept():
    g = generate("kakuro", size=10, max_run=5, black=0.35, seed=8)
    assert max(_runs(g.puzzle)) <= 5
    assert gridsat.check(g.puzzle, backend="cpsat").status == "unique"


def test_killer_without_givens_splits_cages_once_layouts_run_out():
    made = [generate("killer", size=6, givens=False, attempts=1, seed=s) for s in range(6)]
    assert all(g.puzzle.num_givens == 0 for g in made)
    split = [g for g in made if g.info["splits"]]
    assert split  # one fresh layout is seldom unique: the cages were split instead
    for g in split[:2]:
        res = gridsat.check(g.puzzle, backend="cpsat")
        assert res.status == "unique" and tuple(res.solution) == tuple(g.solution)


BAD = [
    (["killer", "--size", "7"], "no usual box shape"),
    (["killer", "--box", "2x2"], "do not fit a 9x9 board"),
    (["killer", "--max-cage", "1"], "largest cage"),
    (["kenken", "--size", "12"], "sides 1..9"),
    (["kenken", "--max-cage", "9"], "--max-cage must be 1..4"),
    (["kakuro", "--black", "0.9"], "--black must be"),
    (["kakuro", "--max-run", "3"], "--max-run must be 5..9"),
    (["kakuro", "--cols", "40"], "--cols must be 3..32"),
    (["skyscrapers", "--max-height", "9"], "--max-height must be"),
    (["skyscrapers", "--givens", "99"], "--givens must be"),
    (["suguru", "--max-region", "2"], "--max-region must be 4"),
    (["ripple", "--max-region", "99"], "--max-region must be 2"),
    (["str8ts", "--blacks", "99"], "--blacks must be"),
    (["samurai", "--layout", "pentagon"], "unknown layout 'pentagon'"),
    (["suguru", "--rows", "0"], "--rows: must be at least 1"),
]


@pytest.mark.parametrize("argv,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_generate_options_are_one_error_line_and_exit_2(argv, message, capsys):
    assert main(["generate", *argv, "--seed", "1"]) == 2
    cap = capsys.readouterr()
    assert cap.out == ""
    lines = cap.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gridsat: ") and message in lines[0], cap.err
    assert "Traceback" not in cap.err


def test_kakuro_patterns_are_point_symmetric_with_no_lone_cell():
    from gridsat.kinds.kakuro.generate_pattern import random_pattern, run_lengths

    rng = random.Random(2)
    for R, C in ((9, 9), (10, 13), (16, 16)):
        white = random_pattern(R, C, rng)
        assert white is not None
        across, down = run_lengths(white, R, C)
        assert all(across[i] >= 2 and down[i] >= 2 and across[i] <= 9 and down[i] <= 9
                   for i in range(R * C) if white[i])
        assert all(white[r * C + c] == white[(R - r) * C + (C - c)] for r in range(1, R) for c in range(1, C))
