"""The Ripple Effect kind: known counts by brute force, the encodings cross-checked on generated puzzles,
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
from gridsat.kinds.ripple import Ripple
from gridsat.kinds.ripple.format import read_janko, to_json, write_janko
from gridsat.kinds.ripple.format_puzzlink import read_puzzlink, write_puzzlink
from gridsat.kinds.ripple.generate import generate_ripple

PAIRS = [("minisat22", "cnf-direct"), ("glucose4", "cnf-direct"), ("cadical153", "cnf-direct"),
         ("cpsat", "cpsat-bool"), ("cpsat", "cpsat-int")]


def brute_count(rows: int, cols: int, regions) -> int:
    """Solutions by enumeration: each region a permutation of 1..k, two equal digits d in a row or
    column with at least d cells between them."""
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
        ok = all(vals[r * cols + c] != vals[r2 * cols + c2] or vals[r * cols + c] < r2 - r + c2 - c
                 for r in range(rows) for c in range(cols)
                 for r2, c2 in [(r, c2) for c2 in range(c + 1, cols)] + [(r2, c) for r2 in range(r + 1, rows)])
        total += ok
    return total


BOARDS = [
    (2, 2, (0, 0, 0, 0)),
    (1, 5, (0, 1, 1, 2, 2)),
    (4, 1, (0, 0, 1, 1)),
    (2, 5, (0, 0, 0, 1, 1, 2, 0, 1, 1, 1)),
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
    r = gridsat.count(Ripple(rows, cols, regions), backend=backend, encoding=encoding)
    assert r.complete and r.count == want


def test_samples_hold_their_counts():
    for puzzle, n in get_kind("ripple").samples():
        assert brute_count(puzzle.rows, puzzle.cols, puzzle.regions) == n


def test_known_counts():
    # a 1x4 row of two 2-cell regions: the two 1s or the two 2s always come too close
    assert brute_count(1, 4, (0, 0, 1, 1)) == 0
    assert gridsat.count(Ripple(1, 4, (0, 0, 1, 1))).count == 0
    # a 2x2 single region: any order of 1..4 (no two equal digits)
    assert gridsat.count(Ripple(2, 2, (0, 0, 0, 0))).count == 24


def test_verifier_refuses_wrong_answers():
    p = Ripple(2, 3, (0, 0, 1, 0, 0, 1))
    good = gridsat.solve(p).solution
    assert gridsat.verify(p, good) == []
    # regions {r1c1, r1c2, r2c1, r2c2} and {r1c3, r2c3}: 2 at r1c2 and r1c3 side by side
    assert any("fewer than 2" in m for m in gridsat.verify(p, (1, 2, 2, 3, 4, 1)))
    # 1 at r1c1 and r1c3 with one cell between them is fine; 3 and 3 one apart is not
    assert any("fewer than" in m for m in gridsat.verify(Ripple(1, 3, (0, 1, 1)), (1, 2, 1)) + [""]) is False
    assert gridsat.verify(Ripple(1, 3, (0, 1, 1)), (1, 2, 1)) == []
    assert any("fewer than 1" in m for m in gridsat.verify(Ripple(1, 3, (0, 0, 1)), (2, 1, 1)))
    assert any("fewer than 3" in m for m in gridsat.verify(Ripple(1, 6, (0, 0, 0, 1, 1, 1)), (1, 2, 3, 3, 1, 2)))
    assert any("fewer than 3" in m for m in gridsat.verify(Ripple(1, 6, (0, 0, 0, 1, 1, 1)), (3, 2, 1, 3, 1, 2)))
    assert gridsat.verify(Ripple(1, 7, (0, 0, 0, 1, 1, 1, 1)), (3, 2, 1, 4, 3, 1, 2)) == []
    assert any("once each" in m for m in gridsat.verify(p, (1, 1, 1, 1, 1, 1)))
    assert any("not a digit in 1..2" in m for m in gridsat.verify(p, (1, 2, 5, 3, 4, 1)))
    other = next(v for v in range(1, 5) if v != good[0])
    assert any("given" in m for m in gridsat.verify(p.with_givens((other,) + (0,) * 5), good))


def test_clashing_givens_are_named():
    p = Ripple(1, 6, (0, 0, 0, 1, 1, 1), (0, 0, 3, 3, 0, 0))
    assert any("fewer than 3" in m for m in p.conflicts())
    assert Ripple(1, 7, (0, 0, 0, 1, 1, 1, 1), (3, 0, 0, 0, 3, 0, 0)).conflicts() == []
    assert not gridsat.solve(p).solved


GENERATED = [generate_ripple(seed=s) for s in range(4)]


@pytest.mark.parametrize("g", GENERATED, ids=lambda g: f"seed{g.seed}")
def test_generated_unique_by_a_second_backend(g):
    assert gridsat.verify(g.puzzle, g.solution) == []
    for backend, encoding in (("cpsat", "cpsat-int"), ("cpsat", "cpsat-bool"), ("glucose4", "cnf-direct")):
        r = gridsat.count(g.puzzle, backend=backend, encoding=encoding, limit=2)
        assert r.complete and r.count == 1
        assert gridsat.solve(g.puzzle, backend=backend, encoding=encoding).solution == g.solution


def test_generator_reproducible_and_sized():
    a, b = generate_ripple(seed=11), generate_ripple(seed=11)
    assert a.puzzle == b.puzzle and a.solution == b.solution
    assert (a.puzzle.rows, a.puzzle.cols) == (10, 10) and max(a.puzzle.sizes) <= 7
    c = generate_ripple(rows=6, cols=7, max_region=5, seed=3)
    assert (c.puzzle.rows, c.puzzle.cols) == (6, 7) and max(c.puzzle.sizes) <= 5
    assert generate_ripple(seed=12).puzzle != a.puzzle
    with pytest.raises(PuzzleError):
        generate_ripple(max_region=1, seed=1)


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
    # detection: the writer's '# ripple' line, the URL
    (e,) = read_text(write_janko(p), "<t>")
    assert e.ok and e.puzzle == p and e.format == "ripple-janko"
    (e,) = read_text(write_puzzlink(p), "<u>")
    assert e.ok and e.puzzle == p


def test_many_puzzles_per_file_and_names():
    text = write_janko(GENERATED[0].puzzle) + "\n" + write_janko(GENERATED[1].puzzle.with_givens(
        GENERATED[1].puzzle.givens, name="two"))
    es = read_text(text, "<t>", kind="ripple")
    assert [e.ok for e in es] == [True, True] and es[1].puzzle.name == "two"


def test_puzzlink_known_url():
    # 2x2 board, one wall between the columns on both rows: vertical bits 1,1 -> '11000' = 'o';
    # horizontal bits 0,0 -> '0'; numbers: '1' then 3 empty cells ('i')
    (e,) = read_puzzlink("https://puzz.link/p?ripple/2/2/o01i")
    assert e.ok and e.puzzle.regions == (0, 1, 0, 1) and e.puzzle.givens == (1, 0, 0, 0)
    assert write_puzzlink(e.puzzle).strip() == "https://puzz.link/p?ripple/2/2/o01i"
    (e,) = read_puzzlink("p?hakyuu/2/2/o0i")
    assert e.ok and e.puzzle.givens == (0,) * 4


def test_unmarked_text_needs_the_kind():
    body = write_janko(GENERATED[0].puzzle).split("\n", 1)[1]  # without the '# ripple' line
    (e,) = read_text(body, "<t>", kind="ripple")
    assert e.ok and e.puzzle == GENERATED[0].puzzle
    assert all(e.puzzle is None or e.puzzle.kind != "ripple" for e in read_text(body, "<t>"))


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
    ("1 37\n" + "- " * 37 + "\n" + "1 " * 37 + "\n", 3, 1, "at most 36"),  # a region of 37
    ("3 3\n- - 2\n- - -\n1 - -\n1 1 2\n1 2 2\n3 3 2\n# solution\n3 3\n1 2 1\n3 4 3\n1 2 1\n", 9, 1,
     "solution is wrong"),
]


@pytest.mark.parametrize("text,line,col,words", HOSTILE)
def test_janko_hostile_input_is_located(text, line, col, words):
    es = read_text(text, "f.txt", kind="ripple")
    errors = [e.error for e in es if not e.ok]
    assert errors, es
    err = errors[0]
    assert (err.file, err.line, err.col) == ("f.txt", line, col) and words in err.message


def test_region_over_the_digit_range_is_refused():
    with pytest.raises(PuzzleError, match="at most 36"):
        Ripple(2, 20, (0,) * 40)


@pytest.mark.parametrize("url,words", [
    ("p?ripple/2/2/o0zz", "skips"),
    ("p?ripple/2/2/o05i", "above its region's size"),
    ("p?ripple/2/2/x01i", "bad character"),
    ("p?ripple/2/2/o0.i", "unknown number"),
    ("p?ripple/2/2/o01i9", "empty (off-board)"),
    ("p?ripple/a/2/o01i", "not a number"),
])
def test_puzzlink_hostile_input(url, words):
    (e,) = read_puzzlink(url, "u.txt")
    assert not e.ok and e.error.line == 1 and e.error.col is not None and words in e.error.message


def test_puzzlink_points_at_the_given():
    (e,) = read_puzzlink("p?ripple/2/2/o0g5h", "u.txt")  # the 5 is the body's fourth character
    assert not e.ok and e.error.col == len("p?ripple/2/2/o0g") + 1 and "r1c2" in e.error.message


@pytest.mark.parametrize("obj,words", [
    ({"kind": "ripple", "rows": [[0, 0], [0]], "regions": [[1, 1], [1, 1]]}, "ragged"),
    ({"kind": "ripple", "rows": [[0, 3], [0, 0]], "regions": [[1, 1], [2, 2]]}, "above its region's size"),
    ({"kind": "ripple", "rows": [[0, 0], [0, 0]], "regions": [[1, None], [1, 1]]}, "no region"),
    ({"kind": "ripple", "rows": [[0, 0, 0]], "regions": [[1, 2, 1]]}, "split in two"),
])
def test_json_hostile_input(obj, words):
    (e,) = read_text(json.dumps(obj), "j.json")
    assert not e.ok and words in e.error.message and e.error.file == "j.json"


def test_cli_bad_input_exit_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text(HOSTILE[0][0])
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "--kind", "ripple", str(f)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{f}:7:3:" in r.stderr + r.stdout


def test_cli_generate_and_check(tmp_path):
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "generate", "ripple", "--seed", "5", "-n", "2"],
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
    (e,) = read_text("# ripple\n" + HOSTILE[2][0], "m.txt")
    assert not e.ok and (e.error.line, e.error.col) == (3, 5) and "above its region's size" in e.error.message


def test_model_cache_keeps_the_kinds_apart():
    # a Suguru on the same region map has other rules (48 solutions here, 72 as a Ripple Effect):
    # the models built for one must not answer for the other
    other = get_kind("suguru").puzzle_class(3, 2, (0, 1, 1, 1, 1, 1))
    assert gridsat.count(other).count == 48
    assert gridsat.count(Ripple(3, 2, (0, 1, 1, 1, 1, 1))).count == 72
    assert gridsat.count(other, backend="cpsat", encoding="cpsat-int").count == 48
    assert gridsat.count(Ripple(3, 2, (0, 1, 1, 1, 1, 1)), backend="cpsat", encoding="cpsat-int").count == 72
