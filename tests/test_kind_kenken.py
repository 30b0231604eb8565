"""The KenKen kind: known counts, the encodings cross-checked, the formats, hostile input, the generator."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

import gridsat
from gridsat.errors import ParseError, PuzzleError
from gridsat.formats import read_text
from gridsat.kinds import get_kind
from gridsat.kinds.kenken import KenKen
from gridsat.kinds.kenken.format import kenken_line, to_json, write_janko
from gridsat.kinds.kenken.generate import generate_kenken
from gridsat.kinds.kenken.puzzle import Cage, cage_tuples

PAIRS = [("minisat22", "cnf-table"), ("glucose4", "cnf-select"), ("cpsat", "cpsat-table"),
         ("cpsat", "cpsat-arith")]

#: a 4x4 written here (solution 1234/3412/2143/4321)
TEXT = """# four
4 4
3+ .  12* .
1- 4/ 2/  .
.  .  4   3/
7+ .  2   .
1 1 2 2
3 4 5 5
3 4 9 6
7 7 8 6
"""
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def _latin(n):
    """Every n x n Latin square, by brute force over row permutations."""
    perms = list(itertools.permutations(range(1, n + 1)))
    out = []

    def go(rows):
        if len(rows) == n:
            out.append(tuple(v for r in rows for v in r))
            return
        for p in perms:
            if all(p[c] != r[c] for r in rows for c in range(n)):
                go(rows + [p])

    go([])
    return out


def _brute(puzzle):
    return sum(1 for s in _latin(puzzle.n) if not gridsat.verify(puzzle, s))


def _puzzle(text=TEXT):
    entries = read_text(text, "t.txt", kind="kenken")
    assert entries and entries[0].error is None, entries[0].error
    return entries[0].puzzle


# ---------------------------------------------------------------------------- counts
@pytest.mark.parametrize("backend,encoding", PAIRS, ids=lambda x: x)
def test_the_empty_4x4_counts_the_576_latin_squares(backend, encoding):
    assert len(_latin(4)) == 576  # OEIS A002860
    res = gridsat.count(KenKen.empty(4), backend=backend, encoding=encoding)
    assert (res.count, res.complete, res.verified) == (576, True, True)


def _first_row_and_column(n, column=True):
    """The empty board with its first row (and column) given 1..n: the reduced Latin squares."""
    given = {c: c + 1 for c in range(n)}
    if column:
        given.update({r * n: r + 1 for r in range(n)})
    return KenKen(n, [([c], given[c], "=") if c in given else ([c], None, None) for c in range(n * n)])


@pytest.mark.parametrize("backend,encoding", PAIRS, ids=lambda x: x)
def test_the_5x5_latin_squares_161280_through_the_reduced_ones(backend, encoding):
    # 161,280 (OEIS A002860) = 5! * 4! * 56 reduced squares (OEIS A000315); with the first row
    # alone fixed, 161280 / 5! = 1344
    res = gridsat.count(_first_row_and_column(5), backend=backend, encoding=encoding)
    assert (res.count, res.complete, res.verified) == (56, True, True)
    assert 120 * 24 * res.count == 161280
    if backend == "cpsat":
        assert gridsat.count(_first_row_and_column(5, column=False), backend=backend, encoding=encoding).count == 1344


@pytest.mark.parametrize("backend,encoding", PAIRS, ids=lambda x: x)
def test_small_cage_puzzles_count_as_brute_force_does(backend, encoding):
    maps = [["aab", "cdb", "cdd"], ["abb", "acd", "eed"]]
    clue_sets = [{"a": (3, "+"), "d": (6, "+")}, {"a": (2, "/"), "b": (1, "-"), "d": (6, "*")},
                 {"a": (4, "+"), "c": (3, "*"), "e": (2, "-")}]
    seen = 0
    for cmap, clues in itertools.product(maps, clue_sets):
        try:
            p = KenKen.from_map(3, cmap, clues)
        except PuzzleError:
            continue
        seen += 1
        assert gridsat.count(p, backend=backend, encoding=encoding).count == _brute(p)
    assert seen >= 3


def test_the_samples_counts_hold_by_brute_force():
    for p, count in get_kind("kenken").samples():
        if p.n <= 4:
            assert _brute(p) == count


# ---------------------------------------------------------------------------- solving
@pytest.mark.parametrize("backend,encoding", PAIRS, ids=lambda x: x)
def test_a_written_puzzle_is_unique_on_every_pair(backend, encoding):
    res = gridsat.check(_puzzle(), backend=backend, encoding=encoding)
    assert res.status == "unique" and res.verified and tuple(res.solution) == SOLUTION


def test_the_verifier_rejects_a_broken_cage_and_a_broken_row():
    p = _puzzle()
    assert gridsat.verify(p, SOLUTION) == []
    swapped = list(SOLUTION)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # rows stay Latin? no: columns break
    assert gridsat.verify(p, swapped) != []
    other = KenKen.from_map(4, ["1122", "3452", "3456", "7786"], {"1": (3, "+")})
    wrong = (2, 1) + SOLUTION[2:]
    assert any("column" in m for m in gridsat.verify(other, wrong))
    three = KenKen.from_map(3, ["aab", "cdb", "cdd"], {"a": (3, "+"), "d": (6, "+")})
    latin = (1, 3, 2, 2, 1, 3, 3, 2, 1)  # Latin, but 1 + 3 is not 3
    assert gridsat.verify(three, latin)[0] == "the cage 3+ (r1c1 r1c2) holds 1 3"
    assert gridsat.verify(three, (1, 2, 3, 2, 3, 1, 3, 1, 2)) == []


def test_a_clash_of_givens_is_named():
    p = KenKen(2, [([0], 1, "="), ([1], 1, "="), ([2, 3], 3, "+")])
    res = gridsat.solve(p)
    assert res.status == "impossible" and "given twice in row 1" in res.reason


def test_cage_tables_respect_rows_and_columns():
    # an L of three cells: r1c1 and r1c2 share a row, r1c1 and r2c1 a column; r1c2 and r2c1 may repeat
    tab = cage_tuples(3, Cage((0, 1, 3), 5, "+"))
    assert (1, 2, 2) in tab and (2, 2, 1) not in tab and (1, 3, 1) not in tab


# ---------------------------------------------------------------------------- formats
def test_round_trips_through_every_format():
    p = _puzzle()
    assert p.name == "four"
    for text in (write_janko(p), kenken_line(p), to_json(p)):
        back = read_text(text, "r.txt")[0]
        assert back.error is None and back.puzzle == p, text
    back = read_text(write_janko(p, SOLUTION), "s.txt")[0]
    assert back.solution == SOLUTION
    back = read_text(to_json(p, SOLUTION), "s.json")[0]
    assert back.solution == SOLUTION


def test_many_puzzles_in_one_file_and_detection():
    text = TEXT + "\n" + write_janko(KenKen.empty(3))
    entries = read_text(text, "m.txt")
    assert [e.format for e in entries] == ["kenken-janko", "kenken-janko"]
    assert entries[1].puzzle == KenKen.empty(3)


BAD = [
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8\n", 9, 6, "ragged row"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 . 6\n", 9, 5, "hole"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ . . .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 1 6\n", 2, 1, "not connected"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 6 8 6\n", 4, 7,
     "a / cage has two cells, not 3"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n9+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 5, 1, "make 9+"),
    ("4 4\n3+ . 25* .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 2, 6, "make 25x"),
    ("4 4\n3+ . 24- .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 2, 6,
     "two cells, not 3"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ . 5 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 5, 6, "make 5"),
    ("4 4\n3+ . 24* .\n1- 4/ 3- .\n. . . 3/\n7+ 2 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 5, 4, "second clue"),
    ("4 4\n3+ . 24? .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 2, 6, "not a cage clue"),
    ("4 4\n3+ . 24* . .\n1- 4/ 3- .\n. . . 3/\n7+ . 2 .\n1 1 2 2\n3 4 5 2\n3 4 5 6\n7 7 8 6\n", 2, 12, "ragged"),
    ("4 5\n3+ . 24* .\n", 1, 1, "square"),
]


@pytest.mark.parametrize("text,line,col,words", BAD, ids=[b[3] for b in BAD])
def test_hostile_janko_input_is_one_located_error(text, line, col, words):
    e = read_text(text, "bad.txt", kind="kenken")[-1].error
    assert isinstance(e, ParseError) and (e.file, e.line, e.col) == ("bad.txt", line, col), e
    assert words in e.message


@pytest.mark.parametrize("text,col,words", [
    ("kenken 3+,.,2/1,2,3", 20, "three fields"),
    ("kenken 3+,.,./.,.,./.,.,. 1,1,2/3,3,2", 27, "2 rows where the clues have 3"),
    ("kenken 3+,.,.,./.,.,. 1,1,2/3,3,2", 8, "ragged"),
    ("kenken 3+,.,9+/.,.,./.,.,. 1,1,2/3,4,2/3,4,4", 13, "make 9+"),
], ids=["fields", "rows", "ragged", "target"])
def test_hostile_line_input_is_one_located_error(text, col, words):
    e = read_text(text, "l.txt", kind="kenken")[-1].error
    assert isinstance(e, ParseError) and (e.line, e.col) == (1, col), e
    assert words in e.message


@pytest.mark.parametrize("obj,words", [
    ({"kind": "kenken", "size": 2, "cages": [{"cells": [[0, 0], [0, 1], [1, 0]], "target": 1, "op": "-"},
                                            {"cells": [[1, 1]], "target": 1, "op": "="}]}, "two cells"),
    ({"kind": "kenken", "size": 2, "cages": [{"cells": [[0, 0], [1, 1]], "target": 2, "op": "+"},
                                            {"cells": [[0, 1], [1, 0]], "target": 4, "op": "+"}]}, "not connected"),
    ({"kind": "kenken", "size": 2, "cages": [{"cells": [[0, 0], [0, 1]], "target": 3, "op": "+"}]}, "in no cage"),
    ({"kind": "kenken", "size": 2, "cages": "x"}, "cages"),
], ids=["minus3", "disconnected", "hole", "shape"])
def test_hostile_json_is_an_error(obj, words):
    e = read_text(json.dumps(obj), "j.json")[-1].error
    assert isinstance(e, ParseError) and words in e.message, e


def test_the_command_line_says_one_located_line_and_exits_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text(BAD[4][0])  # the 9+ cage of two cells
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "--kind", "kenken", str(f)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{f}:5:1:" in r.stderr and len(r.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------------------- generator and drawing
@pytest.mark.parametrize("seed", range(4))
def test_generated_6x6_puzzles_are_unique_by_a_second_backend_and_reproducible(seed):
    g = generate_kenken(6, seed=seed)
    assert g.puzzle == generate_kenken(6, seed=seed).puzzle
    assert gridsat.verify(g.puzzle, g.solution) == []
    res = gridsat.check(g.puzzle, backend="cpsat", encoding="cpsat-arith")
    assert res.status == "unique" and tuple(res.solution) == g.solution


@pytest.mark.parametrize("seed", range(3))
def test_the_encodings_agree_on_generated_puzzles_with_a_cage_loosened(seed):
    g = generate_kenken(5, seed=seed)
    p = g.puzzle
    # drop the clue of the largest cage: several solutions, counted alike by every pair
    big = max(range(len(p.cages)), key=lambda i: len(p.cages[i].cells))
    loose = KenKen(p.n, [(c.cells, None, None) if i == big else (c.cells, c.target, c.op)
                         for i, c in enumerate(p.cages)])
    counts = {pair: gridsat.count(loose, backend=pair[0], encoding=pair[1], limit=5000).count for pair in PAIRS}
    assert len(set(counts.values())) == 1 and next(iter(counts.values())) >= 1, counts


def test_the_drawing_has_the_cage_borders_and_clues():
    from gridsat.rendering.svg import render_svg

    svg = render_svg(_puzzle(), SOLUTION)
    assert svg.count('class="cage-clue"') == 9 and "12\u00d7" in svg and "3\u00f7" in svg
    assert 'class="given"' in svg and svg.count('class="solved"') == 14


def test_a_cage_too_large_to_list_is_a_located_error_not_a_hang():
    n = 16
    clues = [["."] * n for _ in range(n)]
    clues[0][0] = "60+"
    labels = [[str(r * n + c + 1) for c in range(n)] for r in range(n)]
    for r in (0, 1):
        for c in range(8):
            labels[r][c] = "1"  # a 16-cell cage: no 16 digits make 60, and the search gives up
    text = f"{n} {n}\n" + "".join(" ".join(row) + "\n" for row in clues + labels)
    e = read_text(text, "big.txt", kind="kenken")[-1].error
    assert isinstance(e, ParseError) and (e.line, e.col) == (2, 1) and "too large" in e.message
