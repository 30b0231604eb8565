"""The Suguru kind: known counts by brute force, the encodings cross-checked on generated puzzles,
hostile input for every reader, round trips through every format, the generator's uniqueness
proved by a second backend."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

import gridsat
from gridsat.errors import PuzzleError
from gridsat.formats import read_text
from gridsat.kinds import get_kind
from gridsat.kinds.suguru import Suguru
from gridsat.kinds.suguru.format import read_janko, to_json, write_janko
from gridsat.kinds.suguru.format_puzzlink import read_puzzlink, write_puzzlink
from gridsat.kinds.suguru.generate import generate_suguru

PAIRS = [("minisat22", "cnf-direct"), ("glucose4", "cnf-direct"), ("cadical153", "cnf-direct"),
         ("cpsat", "cpsat-bool"), ("cpsat", "cpsat-int")]


def brute_count(rows: int, cols: int, regions) -> int:
    """Solutions by enumeration: each region a permutation of 1..k, no equal digits touching."""
    n = rows * cols
    members: dict = {}
    for c, lab in enumerate(regions):
        members.setdefault(lab, []).append(c)
    groups = list(members.values())
    total = 0
    for perms in itertools.product(*(itertools.permutations(range(1, len(g) + 1)) for g in groups)):
        vals = [0] * n
        for g, p in zip(groups, perms):
            for c, v in zip(g, p):
                vals[c] = v
        ok = all(vals[r * cols + c] != vals[r2 * cols + c2]
                 for r in range(rows) for c in range(cols)
                 for r2, c2 in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1))
                 if 0 <= r2 < rows and 0 <= c2 < cols)
        total += ok
    return total


BOARDS = [
    (2, 2, (0, 0, 0, 0)),
    (1, 4, (0, 0, 1, 1)),
    (2, 3, (0, 0, 1, 0, 0, 1)),
    (2, 4, (0, 0, 1, 1, 0, 0, 1, 1)),
    (3, 3, (0, 0, 1, 0, 2, 1, 3, 3, 1)),
    (3, 4, (0, 0, 0, 1, 0, 2, 2, 1, 0, 2, 2, 1)),
]


@pytest.mark.parametrize("rows,cols,regions", BOARDS)
@pytest.mark.parametrize("backend,encoding", PAIRS)
def test_counts_match_brute_force(rows, cols, regions, backend, encoding):
    want = brute_count(rows, cols, regions)
    r = gridsat.count(Suguru(rows, cols, regions), backend=backend, encoding=encoding)
    assert r.complete and r.count == want


def test_samples_hold_their_counts():
    for puzzle, n in get_kind("suguru").samples():
        assert brute_count(puzzle.rows, puzzle.cols, puzzle.regions) == n


def test_verifier_refuses_wrong_answers():
    p = Suguru(2, 3, (0, 0, 1, 0, 0, 1))
    good = gridsat.solve(p).solution
    assert gridsat.verify(p, good) == []
    assert any("touches" in m for m in gridsat.verify(p, (1, 2, 1, 3, 4, 2)))  # 1 beside 1 across regions
    assert any("once each" in m for m in gridsat.verify(p, (1, 1, 1, 1, 1, 1)))
    assert any("not a digit in 1..2" in m for m in gridsat.verify(p, (1, 2, 5, 3, 4, 1)))
    other = next(v for v in range(1, 5) if v != good[0])
    assert any("given" in m for m in gridsat.verify(p.with_givens((other,) + (0,) * 5), good))


GENERATED = [generate_suguru(seed=s) for s in range(4)]


@pytest.mark.parametrize("g", GENERATED, ids=lambda g: f"seed{g.seed}")
def test_generated_unique_by_a_second_backend(g):
    assert gridsat.verify(g.puzzle, g.solution) == []
    for backend, encoding in (("cpsat", "cpsat-int"), ("cpsat", "cpsat-bool"), ("glucose4", "cnf-direct")):
        r = gridsat.count(g.puzzle, backend=backend, encoding=encoding, limit=2)
        assert r.complete and r.count == 1
        assert gridsat.solve(g.puzzle, backend=backend, encoding=encoding).solution == g.solution


def test_generator_reproducible_and_sized():
    a, b = generate_suguru(seed=11), generate_suguru(seed=11)
    assert a.puzzle == b.puzzle and a.solution == b.solution
    assert (a.puzzle.rows, a.puzzle.cols) == (8, 8) and max(a.puzzle.sizes) <= 5
    c = generate_suguru(rows=6, cols=7, max_region=6, seed=3)
    assert (c.puzzle.rows, c.puzzle.cols) == (6, 7) and max(c.puzzle.sizes) <= 6
    with pytest.raises(PuzzleError):
        generate_suguru(max_region=3, seed=1)


# ---------------------------------------------------------------------------- formats
@pytest.mark.parametrize("g", GENERATED[:2], ids=lambda g: f"seed{g.seed}")
def test_round_trips(g):
    p, sol = g.puzzle, g.solution
    (e,) = read_janko(write_janko(p, sol))
    assert e.ok and e.puzzle == p and e.solution == sol
    (e,) = read_puzzlink(write_puzzlink(p))
    assert e.ok and e.puzzle == p
    text = json.dumps(to_json(p, sol))
    (e,) = read_text(text, "<j>")
    assert e.ok and e.puzzle == p and e.solution == sol
    # detection: the writer's '# suguru' line, the URL
    (e,) = read_text(write_janko(p), "<t>")
    assert e.ok and e.puzzle == p and e.format == "suguru-janko"
    (e,) = read_text(write_puzzlink(p), "<u>")
    assert e.ok and e.puzzle == p


def test_many_puzzles_per_file_and_names():
    text = write_janko(GENERATED[0].puzzle) + "\n" + write_janko(GENERATED[1].puzzle.with_givens(
        GENERATED[1].puzzle.givens, name="two"))
    es = read_text(text, "<t>", kind="suguru")
    assert [e.ok for e in es] == [True, True] and es[1].puzzle.name == "two"


def test_puzzlink_known_url():
    # 2x2 board, one wall between the columns on both rows: vertical bits 1,1 -> '11000' = 'o';
    # horizontal bits 0,0 -> '0'; numbers: '1' then 3 empty cells ('i')
    (e,) = read_puzzlink("https://puzz.link/p?suguru/2/2/o01i")
    assert e.ok and e.puzzle.regions == (0, 1, 0, 1) and e.puzzle.givens == (1, 0, 0, 0)
    assert write_puzzlink(e.puzzle).strip() == "https://puzz.link/p?suguru/2/2/o01i"
    (e,) = read_puzzlink("p?tectonic/2/2/o0i")
    assert e.ok and e.puzzle.givens == (0,) * 4


GOOD = "3 3\n- - 2\n- - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n"

HOSTILE = [
    # (text, line, col, words in the message)
    ("3 3\n- - 2\n- - -\n1 - -\n1 1 2\n1 2 2\n3 - 2\n", 7, 3, "no region"),       # a hole in the map
    ("3 3\n- - 2\n- - -\n1 - -\n1 1 2\n3 2 2\n1 3 2\n", 7, 1, "split in two"),     # region 1 in two pieces
    ("3 3\n- - 5\n- - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n", 2, 5, "above its region's size"),
    ("3 3\n- - 2\n- - - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n", 3, 7, "ragged"),
    ("3 3\n- - 2\n- -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n", 3, 4, "ragged"),
    ("3 3\n- - x\n- - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n", 2, 5, "not a digit"),
    ("3 3\n- - 2\n- - -\n1 - -\n1 1 2\n1 2 2\n", 7, 1, "expected 3 rows"),
    ("4 3\n- - -\n- - -\n- - -\n- - -\n1 1 1\n1 1 1\n1 1 1\n1 2 2\n", 6, 1, "at most 9"),  # a region of 10
    ("3 3\n- - 2\n- - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n# solution\n3 3\n1 2 1\n3 4 3\n1 2 1\n", 9, 1,
     "solution is wrong"),
]


@pytest.mark.parametrize("text,line,col,words", HOSTILE)
def test_janko_hostile_input_is_located(text, line, col, words):
    es = read_text(text, "f.txt", kind="suguru")
    errors = [e.error for e in es if not e.ok]
    assert errors, es
    err = errors[0]
    assert (err.file, err.line, err.col) == ("f.txt", line, col) and words in err.message


def test_region_over_the_digit_range_is_refused():
    with pytest.raises(PuzzleError, match="at most 9"):
        Suguru(2, 5, (0,) * 10)


@pytest.mark.parametrize("url,words", [
    ("p?suguru/2/2/o0zz", "skips"),
    ("p?suguru/2/2/o05i", "above its region's size"),
    ("p?suguru/2/2/x01i", "bad character"),
    ("p?suguru/2/2/o0.i", "unknown number"),
    ("p?suguru/2/2/o01i9", "empty (off-board)"),
    ("p?suguru/a/2/o01i", "not a number"),
])
def test_puzzlink_hostile_input(url, words):
    (e,) = read_puzzlink(url, "u.txt")
    assert not e.ok and e.error.line == 1 and e.error.col is not None and words in e.error.message


def test_puzzlink_points_at_the_given():
    (e,) = read_puzzlink("p?suguru/2/2/o0g5h", "u.txt")  # the 5 is the body's fourth character
    assert not e.ok and e.error.col == len("p?suguru/2/2/o0g") + 1 and "r1c2" in e.error.message


@pytest.mark.parametrize("obj,words", [
    ({"kind": "suguru", "rows": [[0, 0], [0]], "regions": [[1, 1], [1, 1]]}, "ragged"),
    ({"kind": "suguru", "rows": [[0, 3], [0, 0]], "regions": [[1, 1], [2, 2]]}, "above its region's size"),
    ({"kind": "suguru", "rows": [[0, 0], [0, 0]], "regions": [[1, None], [1, 1]]}, "no region"),
    ({"kind": "suguru", "rows": [[0, 0, 0]], "regions": [[1, 2, 1]]}, "split in two"),
])
def test_json_hostile_input(obj, words):
    (e,) = read_text(json.dumps(obj), "j.json")
    assert not e.ok and words in e.error.message and e.error.file == "j.json"


def test_cli_bad_input_exit_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text(HOSTILE[0][0])
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "--kind", "suguru", str(f)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{f}:7:3:" in r.stderr + r.stdout


def test_cli_generate_and_check(tmp_path):
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "generate", "suguru", "--seed", "5", "-n", "2"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    f = tmp_path / "g.txt"
    f.write_text(r.stdout)
    r2 = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", str(f)], capture_output=True, text=True,
                        timeout=120)
    assert r2.returncode == 0 and r2.stdout.count("unique") == 2, r2.stdout + r2.stderr


def test_render_draws_regions():
    from gridsat.rendering import render_svg

    svg = render_svg(GENERATED[0].puzzle, GENERATED[0].solution)
    assert svg.count('class="given"') == GENERATED[0].puzzle.num_givens
    assert 'class="border"' in svg


def test_marked_text_is_detected_even_when_broken():
    (e,) = read_text("# suguru\n" + HOSTILE[2][0], "m.txt")
    assert not e.ok and (e.error.line, e.error.col) == (3, 5) and "above its region's size" in e.error.message
