"""The Sudoku formats people exchange: site links, program files, many-puzzle files, near misses."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.errors import ParseError
from gridsat.examples import load_example
from gridsat.formats import read_text, write
from gridsat.kinds.sudoku.format_puzzlink import decode_body, encode_body


@lru_cache(maxsize=None)
def example(name: str) -> tuple[Sudoku, tuple[int, ...]]:
    p = load_example(name)
    p = Sudoku(p.n, p.givens, regions=p.regions if p.is_jigsaw else None, box=p.box)
    return p, gridsat.solve(p).solution


def one(text: str, **kw):
    entries = read_text(text, file="t.txt", **kw)
    assert len(entries) == 1, entries
    return entries[0]


def error(text: str, **kw) -> ParseError:
    e = one(text, **kw)
    assert not e.ok, e
    assert e.error.file == "t.txt" and e.error.line is not None and e.error.col is not None
    return e.error


# ------------------------------------------------------------------ regressions from the issue
def test_a_9x9_then_a_16x16_after_a_blank_line_are_two_puzzles():
    p9, p16 = example("sudoku-9x9")[0], example("sudoku-16x16")[0]
    got = read_text(write(p9, "grid") + "\n" + write(p16, "grid"))
    assert [e.format for e in got] == ["grid", "grid"]
    assert [e.puzzle for e in got] == [p9, p16]


def test_a_9x9_with_8_rows_says_rows_are_missing():
    rows = write(example("sudoku-9x9")[0], "grid").splitlines()[:8]
    err = error("\n".join(rows) + "\n")
    assert "got 8 rows, expected 9 rows of 9 values (1 row is missing)" in err.message
    assert "given twice" not in err.message and err.line == 8


@pytest.mark.parametrize("text,message,line", [
    ("1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n", "row 2 has 3 values, expected 4", 2),
    ("5 . . .\n. . . .\n. . . .\n. . . .\n", "given value 5 is outside 1..4", 1),
    ("1 . . .\n. . 3 .\n. 4 . 1 2\n. . . .\n", "row 3 has 5 values, expected 4", 3),
], ids=["short-row", "value-above-size", "long-row"])
def test_near_misses_are_sudoku_errors_not_hidato_puzzles(text, message, line):
    err = error(text)  # detected, no --kind
    assert message in err.message and err.line == line
    (e,) = read_text(text)
    assert e.format == "grid"


def test_project_euler_96_file_names_each_grid():
    p9, sol = example("sudoku-9x9")
    rows = ["".join(str(v) for v in r) for r in p9.rows()]
    text = "Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(rows).replace("0", "0") + "\n"
    got = read_text(text)
    assert [e.puzzle.name for e in got] == ["Grid 01", "Grid 02"] and all(e.puzzle == p9 for e in got)
    assert [e.line for e in got] == [2, 12]


def test_hash_headers_name_the_puzzles_and_solution_blocks_stay_with_them():
    p4, s4 = example("sudoku-4x4")
    pj, sj = example("jigsaw-9x9")
    text = "# first one\n" + write(p4, "grid", s4) + "\n" + write(pj, "grid", sj)
    got = read_text(text)
    assert [e.puzzle for e in got] == [p4, pj] and [e.solution for e in got] == [s4, sj]
    assert got[0].puzzle.name == "first one"


def test_a_bad_grid_in_a_file_fails_alone():
    p4 = example("sudoku-4x4")[0]
    bad = "1 2 3 4\n. . .\n. . . .\n. . . .\n"
    got = read_text(write(p4, "grid") + "\n" + bad + "\n" + write(p4, "grid"), kind="sudoku")
    assert [e.ok for e in got] == [True, False, True]
    assert got[1].error.line == 7 and "row 2 has 3 values" in got[1].error.message


@pytest.mark.parametrize("text,pattern", [
    ("1 2 3 4\n. \u00b2 . .\n. . . .\n. . . .\n", r"bad given value '\u00b2'"),
    ("1 2 3 4\n. 1234567890123 . .\n. . . .\n. . . .\n", r"bad given value '123456789012\.\.\.'"),
    ("1 2 3 4\n. +3 . .\n. . . .\n. . . .\n", r"bad given value '\+3'"),
])
def test_grid_tokens_are_ascii_and_bounded(text, pattern):
    err = error(text, kind="sudoku")
    assert re.search(pattern, err.message) and err.line == 2 and err.col == 3


def test_only_newlines_split_rows():
    text = "1 2 3 4\u2028. . . .\n. . . .\n. . . .\n. . . .\n"
    err = error(text, kind="sudoku")
    assert err.line == 1  # the row holds 8 tokens (or a bad one): \u2028 did not start a row


# ------------------------------------------------------------------ SudokuWiki
WIKI_S9B = ("S9B9e9e06030204080a0e08050o0f090a0s0g0u0s0w0a070h0e7o8m1i857p04820c0706087o030h82820f0b0a0d077o"
            "0607040a0h030e7o987w840a0g038a8i0h9u9i860h040f8202011n0r08020509071i1q")


def test_sudokuwiki_link_reads_and_writes():
    p, sol = example("sudoku-9x9")
    link = write(p, "sudokuwiki")
    assert link.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=") and len(link.strip()) == 41 + 81
    e = one(link)
    assert e.format == "sudokuwiki" and e.puzzle == p and e.solution is None
    e = one(link.replace("https://www.", "http://"))
    assert e.puzzle == p


def test_sudokuwiki_s9b_with_a_solution_round_trips():
    p, sol = example("sudoku-9x9")
    link = write(p, "sudokuwiki", sol)
    assert "bd=S9B" in link
    e = one(link)
    assert e.puzzle == p and e.solution == sol


def test_sudokuwiki_s9b_candidates_and_placed_digits_are_not_givens():
    e = one(WIKI_S9B)
    assert e.format == "sudokuwiki"
    start = "006324800850090000000700000004007680300000007067400300000003000000040021"  # its start position
    assert "".join(str(v) for v in e.puzzle.givens).startswith(start)
    assert e.solution is None  # open cells left: no solution


@pytest.mark.parametrize("text,pattern,col", [
    ("https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 80, r"81 digits, got 80", 42),
    ("https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 40 + "x" + "0" * 40, r"bad character 'x'", 82),
    (WIKI_S9B[:-2], r"162\), got 160", 164),
    (WIKI_S9B[:10] + "00" + WIKI_S9B[12:], r"S9B cell '00' is 0", 10),
    ("J9B" + "0" * 162, r"J9B .* not supported", 1),
])
def test_sudokuwiki_errors_are_located(text, pattern, col):
    err = error(text)
    assert re.search(pattern, err.message), err.message
    assert err.col == col


def test_sudokuwiki_writer_refuses_what_it_cannot_hold():
    with pytest.raises(ParseError, match="classic 9x9"):
        write(example("jigsaw-9x9")[0], "sudokuwiki")
    with pytest.raises(ParseError, match="classic 9x9"):
        write(example("sudoku-4x4")[0], "sudokuwiki")


# ------------------------------------------------------------------ f-puzzles
def fpuzzles_link(obj) -> str:
    lzstring = pytest.importorskip("lzstring")
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(obj))


@pytest.mark.parametrize("name", ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16"])
def test_fpuzzles_round_trip_with_and_without_solution(name):
    pytest.importorskip("lzstring")
    p, sol = example(name)
    for solution in (None, sol):
        text = write(p, "fpuzzles", solution)
        e = one(text)
        assert e.format == "fpuzzles" and e.puzzle == p and e.solution == solution


def test_fpuzzles_reads_a_hand_made_link_with_regions_and_title():
    p, _ = example("jigsaw-9x9")
    grid = [[{"region": p.regions[r * 9 + c], **({"value": p.givens[r * 9 + c], "given": True}
                                                  if p.givens[r * 9 + c] else {})} for c in range(9)]
            for r in range(9)]
    e = one(fpuzzles_link({"size": 9, "grid": grid, "title": "Chaos", "author": "someone"}))
    assert e.puzzle == p and e.puzzle.name == "Chaos"
    sudokupad = "https://sudokupad.app/fpuzzles" + fpuzzles_link({"size": 4, "grid": [[{}] * 4] * 4}).split("=")[1]
    assert one(sudokupad).puzzle == Sudoku.empty(4)


@pytest.mark.parametrize("obj,pattern", [
    ({"size": 9, "grid": [[{}] * 9] * 9, "rowindexer": [{"cells": ["R1C1"]}]}, r"constraint 'rowindexer'"),
    ({"size": 9, "grid": [[{}] * 9] * 9, "killercage": [{"cells": ["R1C1"], "value": "5"}, {"cells": ["R1C1", "R1C2"],
                                                                                          "value": "18"}]},
     r'^f-puzzles killercage item 2 \{"cells":\["R1C1","R1C2"\],"value":"18"\}: no 2 different digits 1\.\.9 add up to 18$'),
    ({"size": 9, "grid": [[{}] * 9] * 9, "arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R10C1"]]}]},
     r"^f-puzzles arrow item 1 \{.*\}: 'R10C1' is outside the 9x9 board$"),
    ({"size": 9, "grid": [[{}] * 9] * 8}, r"9 rows of 9 cells"),
    ({"size": 4, "grid": [[{"value": 5, "given": True}] + [{}] * 3] + [[{}] * 4] * 3}, r"value at r1c1 .* 1\.\.4"),
    ({"size": 99, "grid": []}, r'"size" must be an integer 4\.\.16'),
    ([1, 2], r"JSON object"),
])
def test_fpuzzles_bad_data_is_refused(obj, pattern):
    err = error(fpuzzles_link(obj))
    assert re.search(pattern, err.message), err.message
    assert err.col == 33


def test_fpuzzles_corrupt_link():
    pytest.importorskip("lzstring")
    link = write(example("sudoku-9x9")[0], "fpuzzles").strip()
    err = error(link[:-12])
    assert re.search("does not decompress|not f-puzzles JSON", err.message) and err.col == 33
    err = error(link[:50] + "%21" + link[50:])
    assert "bad character '!'" in err.message


# ------------------------------------------------------------------ puzz.link
def test_puzzlink_example_from_the_issue():
    e = one("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    assert e.format == "puzzlink"
    assert e.puzzle.givens == (0, 1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 3, 0)
    assert write(e.puzzle, "puzzlink") == "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"


def test_puzzlink_encoding_runs_and_large_numbers():
    vals = [0] * 25 + [12] + [0] * 3 + [20] + [0] * 5
    body = encode_body(vals)
    assert body == "zkci-14k" and decode_body(body, len(vals)) == vals


@pytest.mark.parametrize("name", ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "sudoku-16x16", "sudoku-25x25"])
def test_puzzlink_round_trip(name):
    p = load_example(name)
    e = one(write(p, "puzzlink"))
    assert e.puzzle == p


@pytest.mark.parametrize("url,pattern,col", [
    ("https://puzz.link/p?sudoku/4/4/g1k23k3", r"encodes 15 cells, expected 16", 39),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3gg", r"data after the last of the 16 cells", 40),
    ("https://puzz.link/p?sudoku/4/4/g5k23k3g", r"value 5 at r1c2 is outside 1\.\.4", 32),
    ("https://puzz.link/p?sudoku/4/5/g1k23k3g", r"got 4 columns and 5 rows", 28),
    ("https://puzz.link/p?sudoku/4/4/g1k2.3k3g", r"unknown number", 36),
    ("https://puzz.link/p?sudoku/x/4/g1k23k3g", r"size 'x' is not a number", 28),
])
def test_puzzlink_errors_are_located(url, pattern, col):
    err = error(url)
    assert re.search(pattern, err.message), err.message
    assert err.col == col


# ------------------------------------------------------------------ janko.at
def test_janko_classic_and_jigsaw():
    p9 = example("sudoku-9x9")[0]
    text = write(p9, "janko-sudoku")
    assert text.startswith("9 9\n") and "-" in text
    assert one(text).puzzle == p9 and one(text).format == "janko-sudoku"
    pj = example("jigsaw-9x9")[0]
    text = write(pj, "janko-sudoku")
    assert len(text.splitlines()) == 19
    assert one(text).puzzle == pj
    both = read_text(write(p9, "janko-sudoku") + write(pj, "janko-sudoku"))
    assert [e.puzzle for e in both] == [p9, pj]


@pytest.mark.parametrize("text,pattern,line", [
    ("0 0\n", r"square, 4x4 to 35x35", 1),
    ("4 4\n1 - - -\n- - -\n- - - -\n- - - -\n", r"row 2 has 3 values, expected 4", 3),
    ("4 4\n1 - - -\n- - - -\n- - - -\n", r"got 3 rows .* rows are missing", 4),
    ("4 4\n1 - - -\n- 9 - -\n- - - -\n- - - -\n", r"bad value '9'", 3),
])
def test_janko_errors(text, pattern, line):
    err = error(text, format="janko-sudoku")
    assert re.search(pattern, err.message), err.message
    assert err.line == line


# ------------------------------------------------------------------ .sdk and .ss
def test_sdk_with_metadata_and_sections():
    p = example("sudoku-9x9")[0]
    rows = ["".join(str(v) if v else "." for v in r) for r in p.rows()]
    text = "#AAn author\n#DA description\n#LEasy\n[Puzzle]\n" + "\n".join(rows) + "\n[State]\n" + "\n".join(rows) + "\n"
    e = one(text)
    assert e.format == "sdk" and e.puzzle == p and e.puzzle.name == "A description"
    named = Sudoku(9, p.givens, name="mine")
    e = one(write(named, "sdk"))
    assert e.format == "sdk" and e.puzzle == p and e.puzzle.name == "mine"


def test_ss_round_trip_and_layout():
    p = example("sudoku-9x9")[0]
    text = write(p, "ss")
    lines = text.splitlines()
    assert len(lines) == 11 and lines[3] == "-" * 11 and lines[0].count("|") == 2
    e = one(text)
    assert e.format == "ss" and e.puzzle == p
    with pytest.raises(ParseError, match="classic 9x9"):
        write(example("sudoku-4x4")[0], "ss")


# ------------------------------------------------------------------ HoDoKu pencil marks
def pencil_marks(p: Sudoku, cands: list[str]) -> str:
    w = max(len(c) for c in cands) + 1
    bar = "-" * (3 * w + 1)
    lines = ["." + ".".join([bar] * 3) + "."]
    for r in range(9):
        if r in (3, 6):
            lines.append(":" + "+".join([bar] * 3) + ":")
        lines.append("| " + " | ".join("".join(cands[r * 9 + c].ljust(w) for c in range(b * 3, b * 3 + 3))
                                        for b in range(3)) + "|")
    lines.append("'" + "'".join([bar] * 3) + "'")
    return "\n".join(lines) + "\n"


def candidates(p: Sudoku) -> list[str]:
    out = []
    for i in range(81):
        if p.givens[i]:
            out.append(str(p.givens[i]))
            continue
        r, c = divmod(i, 9)
        peers = [j for j in range(81) if j != i and (j // 9 == r or j % 9 == c or p.regions[j] == p.regions[i])]
        used = {p.givens[j] for j in peers}
        out.append("".join(str(v) for v in range(1, 10) if v not in used))
    return out


def test_hodoku_set_digits_are_givens_and_naked_singles_are_not():
    p = example("sudoku-9x9")[0]
    cands = candidates(p)
    e = one(pencil_marks(p, cands))
    assert e.format == "hodoku" and e.puzzle == p
    i = next(k for k, c in enumerate(cands) if len(c) > 1 and not p.givens[k])
    r, c = divmod(i, 9)
    j = next(k for k in range(81) if k // 9 == r and k != i and len(cands[k]) > 1)
    single = cands[i][0]
    cands2 = list(cands)
    cands2[i] = single  # a naked single: its digit is still a candidate of a peer
    cands2[j] = cands[j] if single in cands[j] else cands[j] + single
    assert one(pencil_marks(p, cands2)).puzzle.givens[i] == 0
    with pytest.raises(ParseError, match="read only"):
        write(p, "hodoku")


def test_hodoku_bad_cell_is_located():
    p = example("sudoku-9x9")[0]
    cands = candidates(p)
    cands[10] = "1x3"
    err = error(pencil_marks(p, cands))
    assert "bad candidates '1x3'" in err.message and err.line == 3


# ------------------------------------------------------------------ lists: nonomino and matrices
def test_nonomino_list_as_haskell_prints_it():
    p = example("jigsaw-9x9")[0]
    cells = write(p, "nonomino").split()
    text = "[" + ",".join(cells) + "]"
    e = one(text)
    assert e.format == "nonomino" and e.puzzle == p
    err = error("[" + ",".join(cells[:-1]) + "]")
    assert "80 cells" in err.message
    err = error("[" + ",".join(cells))
    assert "brackets do not match" in err.message


def test_sudoku_matrix_one_line_and_multi_line():
    p = example("sudoku-9x9")[0]
    text = write(p, "sudoku-matrix")
    assert text.startswith("[[") and text.count("\n") == 1
    assert one(text).puzzle == p and one(text).format == "sudoku-matrix"
    spread = text.replace("],[", "],\n [")
    assert one(spread).puzzle == p
    err = error(text.replace(",0]", "]", 1), kind="sudoku")
    assert "row 1 has 8 values, expected 9" in err.message


# ------------------------------------------------------------------ stored solutions are verified
@pytest.mark.parametrize("fmt", ["line", "grid", "nonomino", "vector", "json", "sudokuwiki", "fpuzzles"])
def test_a_stored_solution_that_breaks_a_rule_is_refused(fmt):
    if fmt == "fpuzzles":
        pytest.importorskip("lzstring")
    p, sol = example("sudoku-9x9") if fmt != "nonomino" else example("jigsaw-9x9")
    i, j = next((a, a + 1) for a in range(80) if a % 9 < 8 and not p.givens[a] and not p.givens[a + 1])
    wrong = list(sol)
    wrong[i], wrong[j] = wrong[j], wrong[i]  # same row still fine, but two columns now repeat a value
    text = write(p, fmt, tuple(wrong))
    errors = [e.error for e in read_text(text, file="t.txt") if not e.ok]
    assert len(errors) == 1, fmt  # (vector: the puzzle still reads, its solution vector is refused)
    assert re.search(r"solution has \d twice in (column|region|box) ", errors[0].message), errors[0].message
    assert errors[0].line is not None and errors[0].file == "t.txt"


@pytest.mark.parametrize("fmt", ["line", "grid", "vector", "nonomino", "janko-sudoku", "sdk", "sudokuwiki",
                                 "fpuzzles", "puzzlink", "sudoku-matrix", "json"])
def test_names_round_trip(fmt):
    if fmt == "fpuzzles":
        pytest.importorskip("lzstring")
    p = Sudoku(9, example("sudoku-9x9")[0].givens, name="Grid 7: a # hard one")
    (e,) = read_text(write(p, fmt))
    assert e.puzzle == p and e.puzzle.name == "Grid 7: a # hard one"


def test_nonomino_file_of_many_puzzles_with_headers_and_solutions():
    pj, sj = example("jigsaw-9x9")
    p9, s9 = example("sudoku-9x9")
    text = ("# first\n" + write(pj, "nonomino", sj) + "\n" + write(pj, "nonomino") + "\nGrid 03\n"
            + write(p9, "nonomino", s9))
    got = read_text(text)
    assert [e.format for e in got] == ["nonomino"] * 3
    assert [e.puzzle for e in got] == [pj, pj, p9]
    assert [e.solution for e in got] == [sj, None, s9]
    assert [e.puzzle.name for e in got] == ["first", None, "Grid 03"]


def test_vector_file_with_headers():
    p4, p9 = example("sudoku-4x4")[0], example("sudoku-9x9")[0]
    text = "Grid 01\n" + write(p4, "vector") + "; the second\n" + write(p9, "vector")
    got = read_text(text)
    assert [e.puzzle for e in got] == [p4, p9] and [e.puzzle.name for e in got] == ["Grid 01", "the second"]
