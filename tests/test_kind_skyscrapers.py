"""The Skyscrapers kind: counts against brute force, the two encodings against each other on
generated puzzles, the generator's uniqueness by a second backend, every format round trip and
every reader's hostile input."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

import gridsat
from gridsat.errors import ParseError, PuzzleError
from gridsat.formats import get_format, read_text, write
from gridsat.kinds import get_kind
from gridsat.kinds.skyscrapers import Skyscrapers
from gridsat.kinds.skyscrapers.generate import generate_skyscrapers
from gridsat.kinds.skyscrapers.rules import seen

PAIRS = [("minisat22", "cnf-sky"), ("glucose4", "cnf-sky"), ("cpsat", "cpsat-sky")]


def brute_count(p: Skyscrapers) -> int:
    """Solutions by trying every board of row permutations against the clues, written here."""
    n, m = p.n, p.m
    rows = sorted(set(itertools.permutations(list(range(1, m + 1)) + [0] * (n - m))))
    sides = {"top": lambda g, i: [g[r][i] for r in range(n)], "bottom": lambda g, i: [g[r][i] for r in range(n)][::-1],
             "left": lambda g, i: list(g[i]), "right": lambda g, i: list(g[i])[::-1]}
    count = 0
    for g in itertools.product(rows, repeat=n):
        if any(len({g[r][c] for r in range(n)} - {0}) != m for c in range(n)):
            continue
        if any(v is not None and g[i // n][i % n] != v for i, v in enumerate(p.givens)):
            continue
        if all(not k or seen(sides[s](g, i)) == k for s in sides for i, k in enumerate(getattr(p, s))):
            count += 1
    return count


@pytest.fixture(scope="module")
def generated():
    return [generate_skyscrapers(6, seed=s) for s in range(6)] + [generate_skyscrapers(5, max_height=4, seed=9),
                                                                  generate_skyscrapers(6, givens=2, seed=4)]


# ---------------------------------------------------------------- counts
def test_latin_squares_4x4_is_576_oeis_a002860():
    assert gridsat.count(Skyscrapers(4), backend="minisat22", encoding="cnf-sky").count == 576
    assert gridsat.count(Skyscrapers(4), backend="cpsat", encoding="cpsat-sky").count == 576


@pytest.mark.parametrize("puzzle", [
    Skyscrapers(3, top=(3, 2, 1)), Skyscrapers(4, left=(2, 0, 0, 1)), Skyscrapers(4, top=(0, 3, 0, 0), right=(2, 0, 0, 0)),
    Skyscrapers(4, 3, left=(3, 0, 0, 0), top=(0, 3, 0, 0)), Skyscrapers(4, 2, bottom=(2, 0, 1, 0)),
    Skyscrapers(4, 3, givens=[0] + [None] * 15, right=(0, 2, 0, 0)),
], ids=str)
@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
def test_counts_match_brute_force(puzzle, pair):
    want = brute_count(puzzle)
    assert gridsat.count(puzzle, backend=pair[0], encoding=pair[1]).count == want


def test_samples_counts_by_brute_force():
    for p, n in get_kind("skyscrapers").samples():
        assert brute_count(p) == n


# ---------------------------------------------------------------- verifier
def test_verifier_rejects_wrong_answers():
    p = Skyscrapers(3, top=(3, 2, 1))
    good = (1, 2, 3, 2, 3, 1, 3, 1, 2)
    assert gridsat.verify(p, good) == []
    assert gridsat.verify(p, (2, 1, 3, 1, 3, 2, 3, 2, 1))  # a Latin square with a wrong clue
    assert gridsat.verify(p, (1, 2, 3, 2, 3, 1, 3, 1, 1))  # a repeat
    assert gridsat.verify(Skyscrapers(3, givens=[2] + [None] * 8), good)  # a given changed


# ---------------------------------------------------------------- encodings and generator
def test_encodings_agree_on_generated_puzzles(generated):
    for g in generated:
        for backend, enc in PAIRS:
            r = gridsat.check(g.puzzle, backend=backend, encoding=enc)
            assert r.status == "unique" and r.verified and tuple(r.solution) == g.solution, (backend, g.seed)


def test_generator_is_unique_by_cpsat_and_reproducible(generated):
    for g in generated[:3]:
        assert gridsat.count(g.puzzle, limit=2, backend="cpsat", encoding="cpsat-sky").count == 1
        again = generate_skyscrapers(6, seed=g.seed)
        assert again.puzzle == g.puzzle and again.solution == g.solution
    assert all(g.info["cells_given"] == 0 for g in generated[:6])  # clues only by default
    assert generated[-1].info["cells_given"] >= 2


def test_generator_clues_are_minimal(generated):
    g = generated[0]
    for side, i, _ in g.puzzle.clues():
        fewer = {s: list(getattr(g.puzzle, s)) for s in ("top", "bottom", "left", "right")}
        fewer[side][i] = 0
        p = Skyscrapers(6, **fewer)
        assert gridsat.count(p, limit=2, backend="cpsat", encoding="cpsat-sky").count == 2


# ---------------------------------------------------------------- formats
def test_round_trips(generated):
    for g in generated:
        p = g.puzzle
        text = get_format("skyscrapers").write(p)
        assert read_text(text)[0].puzzle == p
        e = read_text(write(p, "json", g.solution))[0]
        assert e.puzzle == p and e.solution == g.solution
        if p.m == p.n:
            url = get_format("skyscrapers-puzzlink").write(p)
            assert read_text(url)[0].puzzle == p


def test_puzzlink_matches_pzprjs_example():
    """pzprjs's own test URL: bottom clues 1, 3 on columns 2, 3; left 4 on row 2; right 3 on row 3."""
    p = read_text("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")[0].puzzle
    assert (p.top, p.bottom, p.left, p.right) == ((0,) * 4, (0, 1, 3, 0), (0, 4, 0, 0), (0, 0, 3, 0))
    assert get_format("skyscrapers-puzzlink").write(p).strip().endswith("/4/4/k13h4j3g")


def test_janko_with_solution_block_and_many_puzzles():
    text = "3 3 3\n3 2 1\n- - -\n- - -\n- - -\n- - -\n- - -\n- - -\n\n3 3 3\n1 2 3\n2 3 1\n3 1 2\n\n" \
           "4 4 3\n- 3 - -\n- - - -\n3 - - -\n- - - -\n0 - - -\n- - - -\n- - - -\n- - - -\n"
    es = read_text(text)
    assert [e.ok for e in es] == [True, True] and es[0].solution == (1, 2, 3, 2, 3, 1, 3, 1, 2)
    assert es[1].puzzle.m == 3 and es[1].puzzle.givens[0] == 0


BAD = [
    ("4 4 4\n5 - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n", 2, 1, "outside 1..4"),
    ("4 4 3\n- - - -\n- - - 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n", 3, 7, "outside 1..3"),
    ("4 4 4\n- - - -\n0 - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n", 3, 1, "outside 1..4"),
    ("4 4 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - -\n- - - -\n- - - -\n", 7, 6, "3 entries"),
    ("4 4 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - 5 -\n- - - -\n- - - -\n", 7, 5, "not a cell"),
    ("4 4 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n- - 0 -\n- - - -\n- - - -\n", 7, 5, "not a cell"),
]


@pytest.mark.parametrize("text,line,col,words", BAD, ids=["clue-high", "clue-over-m", "clue-zero", "ragged",
                                                          "given-high", "given-empty-full"])
def test_bad_janko_is_one_located_error(text, line, col, words):
    es = read_text(text, kind="skyscrapers")
    assert len(es) == 1 and not es[0].ok
    e = es[0].error
    assert (e.line, e.col) == (line, col) and words in e.message


@pytest.mark.parametrize("url,words", [
    ("https://puzz.link/p?skyscrapers/4/4/5", "outside 1..4"),
    ("https://puzz.link/p?skyscrapers/4/4/zzz", "runs past"),
    ("https://puzz.link/p?skyscrapers/4/5/k", "square"),
    ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g9", "outside 1..4"),
    ("https://puzz.link/p?skyscrapers/4/4/k1!", "not a number"),
])
def test_bad_puzzlink(url, words):
    es = read_text(url)
    assert not es[0].ok and words in es[0].error.message and es[0].error.line == 1


@pytest.mark.parametrize("obj,words", [
    ({"kind": "skyscrapers", "size": 4, "top": [5, 0, 0, 0]}, "clue"),
    ({"kind": "skyscrapers", "size": 4, "rows": [[None] * 4] * 3}, "rows"),
    ({"kind": "skyscrapers", "size": 4, "max": 5}, "tallest"),
])
def test_bad_json(obj, words):
    es = read_text(json.dumps(obj))
    assert not es[0].ok and words in es[0].error.message


def test_puzzle_validation():
    with pytest.raises(PuzzleError):
        Skyscrapers(4, left=(1, 2, 3))
    with pytest.raises(PuzzleError):
        Skyscrapers(4, 3, givens=[4] + [None] * 15)
    assert Skyscrapers(4, givens=[1, 1] + [None] * 14).conflicts()


def test_cli_bad_input_is_one_line_exit_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text(BAD[3][0])
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "--kind", "skyscrapers", str(f)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and f"{f}:7:6:" in r.stderr
    assert "Traceback" not in r.stderr


def test_detected_without_kind_and_rendered(generated):
    text = get_format("skyscrapers").write(generated[0].puzzle)
    assert read_text(text)[0].format == "skyscrapers"
    from gridsat.rendering import render_svg

    svg = render_svg(generated[0].puzzle, generated[0].solution)
    assert svg.count('class="skyscraper-clue"') == generated[0].puzzle.num_clues
    assert generated[0].puzzle._repr_svg_().count('class="skyscraper-clue"') == generated[0].puzzle.num_clues
    empty = Skyscrapers(4, 3, givens=[0] + [None] * 15, top=(1, 0, 0, 0))
    assert render_svg(empty).count('class="empty"') == 1
