"""Hidato/Numbrix generators: paths, shapes, uniqueness checked with CP-SAT (the generator proves it with minisat22)."""

import random

import pytest

import gridsat
from gridsat.errors import PuzzleError
from gridsat.kinds.hidato.generate import generate_hidato, generate_numbrix
from gridsat.generators import stream
from gridsat.generators import shapes as S
from gridsat.kinds.hidato.generate import random_path
from gridsat.generators.symmetry import is_symmetric
from gridsat.kinds.hidato.puzzle import Hidato

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


# ---------------------------------------------------------------------- the report's grown boards
from gridsat.kinds.hidato.generate_grow import FILL, generate_grown, grow_path, pick_givens  # noqa: E402


def _prefers_inside(path, moves):
    """Each step goes outside the bounding box of the cells so far only when no free cell inside touches it."""
    for k in range(1, len(path)):
        done = path[:k]
        top, bottom = min(r for r, _ in done), max(r for r, _ in done)
        left, right = min(c for _, c in done), max(c for _, c in done)
        r, c = done[-1]
        inside_free = [(r + dr, c + dc) for dr, dc in moves
                       if top <= r + dr <= bottom and left <= c + dc <= right and (r + dr, c + dc) not in done]
        nr, nc = path[k]
        stepped_out = not (top <= nr <= bottom and left <= nc <= right)
        if stepped_out and inside_free:
            return False
    return True


@pytest.mark.parametrize("adj", ["king", "rook"])
@pytest.mark.parametrize("seed", range(6))
def test_grown_path_walks_and_grows_as_the_report_says(seed, adj):
    from gridsat.kinds.hidato.puzzle import ADJACENCIES

    moves = ADJACENCIES[adj]
    path = grow_path(30, random.Random(seed), adj)
    assert len(path) == len(set(path)) == 30
    assert path[0] in {(r, c) for r, c in path} and min(r for r, _ in path) == 0 == min(c for _, c in path)
    assert all((b[0] - a[0], b[1] - a[1]) in moves for a, b in zip(path, path[1:]))
    assert _prefers_inside(path, moves)


@pytest.mark.parametrize("seed", range(10))
def test_pick_givens_pairs_v_and_v_plus_2(seed):
    given = pick_givens(40, random.Random(seed))
    assert {1, 40} <= given and len(given) == 2 + int(FILL * 40)
    # every pick but the ends and at most one trailing single comes with its v+2 or v-2
    lone = [v for v in given - {1, 40} if v + 2 not in given and v - 2 not in given]
    assert len(lone) <= 2
    assert len(pick_givens(40, random.Random(seed), pick="random")) == 2 + int(FILL * 40)


@pytest.mark.parametrize("seed", range(8))
def test_grown_any_reports_the_count_of_the_counting_api(seed):
    g = generate_grown(20, seed=seed, unique=False)
    p = g.puzzle
    assert p.num_cells == 20 and set(p.givens.values()) >= {1, 20}
    assert not gridsat.verify(p, g.solution)  # the grown path solves it
    res = gridsat.count(p, 1000, backend=OTHER)
    assert res.complete and g.info["solutions"] == res.count and g.info["count_complete"]
    assert g.info["unique"] == (res.count == 1)


def test_grown_any_does_make_ambiguous_puzzles():
    counts = [generate_grown(20, seed=s, unique=False).info["solutions"] for s in range(10)]
    assert any(c > 1 for c in counts)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("adj", ["king", "rook"])
def test_grown_unique_adds_givens_until_one_solution(seed, adj):
    g = generate_grown(30, seed=seed, adjacency=adj, unique=True)
    loose = generate_grown(30, seed=seed, adjacency=adj, unique=False)
    assert _unique(g.puzzle) and not gridsat.verify(g.puzzle, g.solution)
    assert g.puzzle.num_givens == loose.puzzle.num_givens + len(g.info["added"])
    assert g.puzzle.cells == loose.puzzle.cells  # the same grown board


def test_grown_through_generate_hidato_and_cli(tmp_path, capsys):
    import json

    from gridsat.cli import main

    g = generate_hidato(shape="grow", size=25, seed=3, unique=False)
    assert g.info["shape"] == "grow" and g.puzzle.num_cells == 25
    assert main(["generate", "hidato", "--shape", "grow", "--size", "25", "--seed", "3", "--any", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["solutions"] == g.info["solutions"] and d["cells"] == 25
    assert main(["generate", "hidato", "--shape", "grow", "--size", "25", "--seed", "3", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["solutions"] == 1 and d["unique"]
    # the plain line output says the count on stderr when it is not 1
    assert main(["generate", "hidato", "--shape", "grow", "--size", "12", "--seed", "3", "--any"]) == 0
    out, err = capsys.readouterr()
    many = generate_hidato(shape="grow", size=12, seed=3, unique=False).info["solutions"]
    assert many > 1 and f"has {many} solutions" in err and out.count("\n") == 1
    assert main(["generate", "hidato", "--shape", "grow", "--rows", "5"]) == 2
    assert "--size" in capsys.readouterr().err
    assert main(["generate", "hidato", "--any"]) == 2
    assert main(["generate", "hidato", "--shape", "grow", "--size", "1"]) == 2


def test_a_one_cell_board_is_refused_and_one_row_boards_read_back(capsys):
    from gridsat.cli import main
    from gridsat.formats import read_text

    for kind in ("hidato", "numbrix"):
        assert main(["generate", kind, "--rows", "1", "--cols", "1"]) == 2
        assert "at least 2 cells" in capsys.readouterr().err
        with pytest.raises(PuzzleError, match="at least 2 cells"):
            generate_hidato(1, 1, seed=1, adjacency="rook" if kind == "numbrix" else "king")
    # a board of one row has no '/' to tell its line from another kind's: the line names its kind
    for kind, rows, cols in (("hidato", 1, 2), ("hidato", 1, 5), ("numbrix", 1, 4), ("hidato", 4, 1)):
        assert main(["generate", kind, "--rows", str(rows), "--cols", str(cols), "-n", "2", "--seed", "1"]) == 0
        out = capsys.readouterr().out
        entries = read_text(out)
        assert len(entries) == 2 and all(e.ok and e.puzzle.kind == "hidato" for e in entries), out
        assert all((e.puzzle.rows, e.puzzle.cols, e.puzzle.is_numbrix) == (rows, cols, kind == "numbrix")
                   for e in entries)
        assert all(gridsat.check(e.puzzle).status == "unique" for e in entries)
