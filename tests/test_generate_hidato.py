"""Hidato/Numbrix generators: paths, shapes, uniqueness checked with CP-SAT (the generator proves it with minisat22)."""

import random

import pytest

import gridsat
from gridsat.errors import PuzzleError
from gridsat.generators import generate_hidato, generate_numbrix, stream
from gridsat.generators import shapes as S
from gridsat.generators.hidato import random_path
from gridsat.generators.symmetry import is_symmetric
from gridsat.puzzles.hidato import Hidato

OTHER = "cpsat"


def _unique(p):
    return gridsat.check(p, backend=OTHER).status == "unique"


def _is_path(board, path):
    return sorted(path) == list(range(board.num_cells)) and all(
        b in board.neighbours[a] for a, b in zip(path, path[1:]))


@pytest.mark.parametrize("adj", ["king", "rook"])
@pytest.mark.parametrize("name", ["rectangle", "diamond", "circle", "ring", "cross", "frame"])
def test_random_paths_are_hamiltonian(name, adj):
    s = S.shape(name, 8)
    board = Hidato(s[0], s[1], s[2], None, adj)
    if adj == "rook" and name == "ring":  # CP-SAT: the 8-ring has no rook Hamiltonian path
        with pytest.raises(PuzzleError):
            random_path(board, random.Random(0), budget=5000)
        return
    for seed in range(3):
        assert _is_path(board, random_path(board, random.Random(seed)))


def test_paths_vary_and_reproduce():
    board = Hidato(6, 6)
    a = [tuple(random_path(board, random.Random(s))) for s in range(20)]
    assert len(set(a)) == 20
    assert a == [tuple(random_path(board, random.Random(s))) for s in range(20)]


def test_no_path_raises():
    board = Hidato(3, 3, [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2)], None, "rook")  # T-ish, 3 leaves
    with pytest.raises(PuzzleError):
        random_path(board, random.Random(1), budget=2000)


@pytest.mark.parametrize("kind", ["hidato", "numbrix"])
def test_200_small_unique(kind):
    sizes = [(4, 4), (4, 5), (5, 5)]
    for i, g in enumerate(stream(kind, 200, seed=100, rows=sizes[0][0], cols=sizes[0][1], score=False)):
        p = g.puzzle
        assert _unique(p), g.seed
        n = p.num_cells
        assert p.givens.get(g.solution.index(1)) == 1 and p.givens.get(g.solution.index(n)) == n  # ends kept
        assert p.is_numbrix == (kind == "numbrix")
    for rows, cols in sizes[1:]:
        for g in stream(kind, 40, seed=7, rows=rows, cols=cols, score=False):
            assert _unique(g.puzzle)


def test_minimal_pass_really_minimal():
    for s in range(5):
        g = generate_hidato(5, 5, seed=s, score=False)
        p = g.puzzle
        assert g.info["minimal_pass"]
        for c in p.givens:
            if p.givens[c] in (1, p.num_cells):
                continue
            h = {k: v for k, v in p.givens.items() if k != c}
            assert gridsat.check(p.with_givens(h), backend=OTHER).status == "ambiguous"


@pytest.mark.parametrize("name", ["heart", "arrow", "star", "ring", "diamond", "house"])
def test_shapes_unique(name):
    g = generate_hidato(shape=name, rows=7, seed=3, score=False)
    s = S.shape(name, 7)
    assert set(g.puzzle.cells) == set(s[2])
    assert _unique(g.puzzle)


def test_rotation_and_templates(tmp_path):
    s = S.shape("arrow")
    r = S.rotate(s, 90)
    assert (r[0], r[1]) == (s[1], s[0]) and len(r[2]) == len(s[2])
    assert S.rotate(S.rotate(s, 180), 180) == s
    f = tmp_path / "t.txt"
    f.write_text("..#\n...\n#..\n")
    t = S.read_template(f)
    assert t == (3, 3, ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)))
    assert S.parse_template("00-\n000\n-00") == t
    g = generate_hidato(shape=str(f), seed=1, score=False, rotation=90)
    assert g.puzzle.num_cells == 7 and _unique(g.puzzle)
    with pytest.raises(PuzzleError):
        S.shape("no-such-shape")


def test_density_and_seeds():
    g = generate_hidato(8, 8, seed=5, density=0.45, score=False)
    assert g.puzzle.num_givens <= int(0.45 * 64) and _unique(g.puzzle)
    h = generate_hidato(8, 8, seed=5, density=0.45)
    assert h.puzzle == g.puzzle
    assert generate_numbrix(6, 6, seed=2).puzzle == generate_numbrix(6, 6, seed=2).puzzle


def test_symmetry_hidato():
    g = generate_hidato(7, 7, seed=2, symmetry="rot180", keep_ends=False, score=False)
    rc = [g.puzzle.cells[c] for c in g.puzzle.givens]
    assert is_symmetric("rot180", 7, 7, rc)
    assert _unique(g.puzzle)


def test_bigger_hidato_and_numbrix():
    g = generate_hidato(10, 10, seed=1, score=False)
    assert _unique(g.puzzle) and g.puzzle.num_givens < 50
    g = generate_numbrix(9, 9, seed=1, score=False)
    assert _unique(g.puzzle)


@pytest.mark.slow
def test_hidato_20x20():
    g = generate_hidato(20, 20, seed=2, score=False)
    assert g.time < 60 and _unique(g.puzzle)
