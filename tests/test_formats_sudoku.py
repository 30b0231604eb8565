"""Sudoku text formats: round trips (with solutions), detection, multi-puzzle files, every bad input."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.errors import ParseError
from gridsat.examples import list_examples, load_example
from gridsat.formats import FORMATS, detect_format, format_board, read_file, read_text, write
from gridsat.formats.common import parse_box
from gridsat.formats.stream import read_stream

EXAMPLES = ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16"]
SUDOKU_FORMATS = ["line", "grid", "nonomino", "vector", "json"]

WIKI_GIVENS = ["3.......4", "..2.6.1..", ".1.9.8.2.", "..5...6..", ".2.....1.",
               "..9...8..", ".8.3.4.6.", "..4.1.9..", "5.......7"]
WIKI_REGIONS = ["111233333", "111222333", "144442223", "114555522", "444456666",
                "775555688", "977766668", "999777888", "999997888"]


@lru_cache(maxsize=None)
def example(name: str) -> tuple[Sudoku, tuple[int, ...]]:
    p = load_example(name)
    return p, gridsat.solve(p).solution


def allows(fmt: str, p: Sudoku) -> bool:
    if fmt in ("line", "vector"):
        return not p.is_jigsaw
    if fmt == "nonomino":
        return p.n <= 9
    return True


CASES = [(f, e) for f in SUDOKU_FORMATS for e in EXAMPLES]


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("fmt,name", CASES, ids=[f"{f}-{e}" for f, e in CASES])
def test_round_trip_with_solution(fmt, name):
    p, sol = example(name)
    p = Sudoku(p.n, p.givens, regions=p.regions if p.is_jigsaw else None, box=p.box, name="my puzzle 1")
    if not allows(fmt, p):
        with pytest.raises(ParseError):
            write(p, fmt)
        return
    for solution in (None, sol):
        text = write(p, fmt, solution)
        (entry,) = read_text(text)  # detected
        assert entry.ok, entry.error
        assert entry.format == fmt
        assert entry.puzzle == p
        assert entry.puzzle.box == p.box
        assert entry.puzzle.name == "my puzzle 1"
        assert entry.solution == solution
        (forced,) = read_text(text, format=fmt)
        assert forced.puzzle == p and forced.solution == solution


@pytest.mark.parametrize("fmt,name", CASES, ids=[f"{f}-{e}" for f, e in CASES])
def test_solved_grid_round_trips_as_a_puzzle(fmt, name):
    p, sol = example(name)
    full = p.with_givens(sol)
    if not allows(fmt, full):
        return
    (entry,) = read_text(write(full, fmt))
    assert entry.puzzle == full and entry.puzzle.givens == sol


def test_every_sudoku_format_is_registered_and_listed():
    assert set(SUDOKU_FORMATS) <= set(FORMATS)
    assert all(FORMATS[f].description for f in SUDOKU_FORMATS)


@pytest.mark.parametrize("fmt", ["line", "json", "grid", "vector"])
def test_25x25_round_trip(fmt):
    p = load_example("sudoku-25x25")
    (entry,) = read_text(write(p, fmt))
    assert entry.puzzle == p and entry.puzzle.box == (5, 5)


def test_many_puzzles_round_trip_in_line_json_and_vector_files():
    ps = [example(n)[0] for n in ("sudoku-4x4", "sudoku-9x9", "sudoku-16x16")]
    for fmt in ("line", "json", "vector"):
        text = "".join(write(p, fmt) for p in ps)
        got = read_text(text)
        assert [e.puzzle for e in got] == ps, fmt
        assert [e.line for e in got] == [1, 2, 3], fmt
    listed = "[" + ",\n".join(json.dumps(gridsat.formats.jsonfmt.to_json_dict(p)) for p in ps) + "]"
    got = read_text(listed)
    assert [e.puzzle for e in got] == ps and [e.line for e in got] == [1, 2, 3]


# ------------------------------------------------------------------ the line format
def test_multi_puzzle_file_with_comments_ratings_and_blank_lines():
    p9 = example("sudoku-9x9")[0]
    s = write(p9, "line").strip()
    text = (f"# header comment\n\n{s}\n   # indented comment\n{s}   # trailing comment\n"
            f"{s.replace('.', '0')} 7.2 extra\r\n{s.lower()}\n")
    got = read_text(text, file="batch.txt")
    assert [e.line for e in got] == [3, 5, 6, 7]
    assert all(e.ok and e.puzzle == p9 and e.file == "batch.txt" for e in got)
    assert [e.puzzle.name for e in got] == [None, "trailing comment", "7.2 extra", None]


def test_sixteen_by_sixteen_letters_any_case():
    p = example("sudoku-16x16")[0]
    s = write(p, "line").strip()
    assert any(ch in s for ch in "ABCDEFG")
    (e,) = read_text(s.lower())
    assert e.puzzle == p


def test_solution_field_and_kaggle_comma_form():
    p, sol = example("sudoku-9x9")
    pl, sl = write(p, "line").strip(), gridsat.formats.line_string(sol)
    (e,) = read_text(f"{pl},{sl}\n")
    assert e.solution == sol
    (e,) = read_text(f"{pl} {sl} 9.9\n")
    assert e.solution == sol and e.puzzle.name == "9.9"


def test_box_override_and_default_box_for_12x12():
    text = "." * 144
    (e,) = read_text(text)
    assert e.puzzle.box == (3, 4)
    (e,) = read_text(text, box="2x6")
    assert e.puzzle.box == (2, 6)
    (e,) = read_text("." * 36, box=(3, 2))
    assert e.puzzle.box == (3, 2)
    assert parse_box("3X4") == (3, 4)
    with pytest.raises(ParseError, match="RxC"):
        parse_box("three by four")


# ------------------------------------------------------------------ grid, nonomino, vector specifics
def test_grid_reads_compact_rows_rulers_and_letter_regions():
    text = "\n".join(WIKI_GIVENS) + "\n" + "\n".join(WIKI_REGIONS) + "\n"  # no blank line between blocks
    (e,) = read_text(text)
    assert e.format == "grid" and e.puzzle.is_jigsaw
    assert gridsat.check(e.puzzle).status == "unique"
    p9 = example("sudoku-9x9")[0]
    (pretty,) = read_text(format_board(p9))  # our own board print reads back (classic)
    assert pretty.puzzle == p9


def test_grid_compact_16x16_rows_are_a_grid_not_lines():
    p = example("sudoku-16x16")[0]
    text = "\n".join(gridsat.formats.line_string(row) for row in p.rows()) + "\n"
    (e,) = read_text(text)
    assert e.format == "grid" and e.puzzle == p


def test_two_grids_in_one_file_are_two_puzzles():
    p4 = example("sudoku-4x4")[0]
    got = read_text(write(p4, "grid") + "\n" + write(p4, "grid"))
    assert [e.puzzle for e in got] == [p4, p4] and [e.line for e in got] == [1, 6]


def test_grid_dash_and_zero_are_empty():
    (e,) = read_text("1 - 0 .\n. . . .\n. . . .\n. . . 4\n")
    assert e.puzzle.givens[:4] == (1, 0, 0, 0) and e.puzzle.givens[-1] == 4


def test_nonomino_with_commas_equals_the_grid_version():
    cells = [f"{r}{'0' if g == '.' else g}" for gr, rr in zip(WIKI_GIVENS, WIKI_REGIONS) for g, r in zip(gr, rr)]
    text = ",".join(cells[:40]) + ",\n" + ", ".join(cells[40:]) + "\n"
    (e,) = read_text(text)
    assert e.format == "nonomino"
    (g,) = read_text("\n".join(WIKI_GIVENS) + "\n\n" + "\n".join(WIKI_REGIONS))
    assert e.puzzle == g.puzzle


def test_vector_is_box_major():
    # the example from the brief: [1 4 5 2 6 7 3 9 8 6 8 7 ...] has first row 1 4 5 6 8 7 3 2 9
    rows = ["145687329", "267", "398"]
    givens = [int(c) for c in rows[0]] + [int(c) for c in rows[1]] + [0] * 6 + [int(c) for c in rows[2]] + [0] * 60
    sol = gridsat.solve(Sudoku(9, givens)).solution
    text = write(Sudoku(9, sol), "vector")
    assert text.startswith("[1 4 5 2 6 7 3 9 8 6 8 7 ")
    (e,) = read_text(text)
    assert e.puzzle.givens[:9] == (1, 4, 5, 6, 8, 7, 3, 2, 9)
    (e,) = read_text("[" + " ".join(text.strip("[]\n").split()[:10]) + " _ nil" + " 0" * 69 + "]")
    assert e.puzzle.givens[:9] == (1, 4, 5, 6, 0, 0, 0, 0, 0)


def test_vector_non_square_box_and_multiline_vectors():
    p = example("sudoku-6x6")[0]
    text = write(p, "vector")
    assert read_text(text)[0].puzzle == p
    spread = "; a comment\n" + text.replace(" ", "\n  ", 5) + text
    got = read_text(spread)
    assert [e.puzzle for e in got] == [p, p]


def test_json_accepts_strings_flat_lists_and_nulls():
    obj = {"kind": "sudoku", "givens": "1...........4..1"}
    (e,) = read_text(json.dumps(obj))
    assert e.puzzle.givens[0] == 1 and e.puzzle.box == (2, 2)
    obj = {"givens": [1, None] + [0] * 14, "box": [2, 2], "name": "flat"}
    (e,) = read_text(json.dumps(obj))
    assert e.puzzle.givens[:2] == (1, 0) and e.puzzle.name == "flat"
    obj = {"kind": "jigsaw", "n": 9, "givens": WIKI_GIVENS, "regions": WIKI_REGIONS}
    (e,) = read_text(json.dumps(obj, indent=2))
    assert e.puzzle.is_jigsaw


def test_json_dispatches_each_object_on_its_kind():
    from gridsat.formats.jsonfmt import to_json_dict
    from gridsat.kinds.hidato.puzzle import Hidato

    h = Hidato.from_grid([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    s4 = example("sudoku-4x4")[0]
    text = json.dumps([to_json_dict(s4), to_json_dict(h)], indent=1)
    got = read_text(text)
    assert [e.puzzle.kind for e in got] == ["sudoku", "hidato"]
    assert got[0].puzzle == s4 and got[1].puzzle == h
    assert got[1].line == text.splitlines().index(" {", 2) + 1


def test_kind_filter_and_forced_format():
    assert detect_format("{}").name == "json"
    (e,) = read_text('{"kind": "no-such-kind", "givens": []}')
    assert not e.ok and "unknown kind 'no-such-kind'; known:" in e.error.message and "sudoku" in e.error.message
    (e,) = read_text('{"kind": "hidato", "rows": 2}', kind="sudoku")
    assert not e.ok and "expected a sudoku puzzle" in e.error.message
    (e,) = read_text("." * 16, format="json")
    assert not e.ok and e.error.line == 1


# ------------------------------------------------------------------ bad input
def err_of(text: str, **kw) -> ParseError:
    # kind="sudoku": a broken Sudoku can be a fine Hidato, so detection alone cannot know
    entries = read_text(text, file="bad.txt", kind="sudoku", **kw)
    bad = [e for e in entries if not e.ok]
    assert bad, entries
    return bad[0].error


BAD = {
    # id: (text, line, col, message pattern)
    "line-wrong-length": ("." * 80 + "\n", 1, 1, r"80 cells.*81 \(9x9\)"),
    "line-wrong-length-after-good": ("." * 81 + "\n" + "." * 82 + "\n", 2, 1, r"82 cells; expected 81"),
    "line-bad-char": ("1234x" + "." * 76, 1, 5, r"bad character 'x'"),
    "line-bad-char-indented": ("  " + "." * 10 + "?" + "." * 70, 1, 13, r"bad character '\?'"),
    "line-value-out-of-range": ("..5." + "." * 12, 1, 3, r"'5' \(5\) is outside 1..4"),
    "line-16x16-letter-out-of-range": ("." * 20 + "H" + "." * 235, 1, 21, r"outside 1..16"),
    "line-prime-size": ("." * 49, 1, 1, r"size 7 .* region map"),
    "line-bad-solution": ("1" + "." * 15 + " 2341412323141432", 1, 18, r"solution has 2 at r1c1 where the given is 1"),
    "line-too-small": ("1234", 1, 1, r"4 cells"),
    "grid-row-too-short": ("1 2 3 4\n. . .\n. . . .\n. . . .\n", 2, None, r"row 2 has 3 values, expected 4"),
    "grid-bad-token": ("1 2 3 4\n. x . .\n. . . .\n. . . .\n", 2, 3, r"bad given value 'x'"),
    "grid-value-out-of-range": ("1 2 3 4\n. 7 . .\n. . . .\n. . . .\n", 2, 3, r"value 7 is outside 1..4"),
    "grid-missing-rows": ("1 2 3 4\n. . . .\n. . . .\n", 3, None, r"got 3 rows, expected 4 rows of 4 values \(1 row is missing\)"),
    "grid-prime-size": ("1 2 3 4 5\n" + ". . . . .\n" * 4, 1, None, r"size 5 .* region map"),
    "grid-regions-not-partition": (
        "\n".join(WIKI_GIVENS) + "\n\n" + "\n".join(["111133333"] + WIKI_REGIONS[1:]), 11, None,
        r"region '1' has 10 cells, expected 9"),
    "grid-regions-too-many": (". . . .\n" * 4 + "\nA A B B\nA A B B\nC C D D\nC C D E\n", 6, None,
                              r"5 regions, expected 4"),
    "nonomino-partition": (" ".join(["10"] * 10 + ["20"] * 8 + [f"{k}0" for k in range(3, 10) for _ in range(9)]),
                           1, 1, r"region 1 has 10 cells, expected 9"),
    "nonomino-bad-token": ("10 1x" + " 10" * 79, 1, 4, r"bad nonomino cell '1x'"),
    "nonomino-wrong-count": (" ".join(["11"] * 80) + " 12 13", 1, None, r"82 cells"),
    "vector-wrong-count": ("[1 2 3]", 1, 1, r"3 values, expected n\*n"),
    "vector-unclosed": ("[1 2 3\n4 5", 1, 1, r"unclosed"),
    "vector-bad-value": ("[1 2 x" + " 0" * 13 + "]", 1, 6, r"bad value 'x'"),
    "vector-out-of-range": ("[1 2 9" + " 0" * 13 + "]", 1, 6, r"value 9 is outside 1..4"),
    "json-unreadable": ('{"kind": "sudoku",\n "givens": [1, 2,, 3]}', 2, 18, r"unreadable JSON"),
    "json-list-unreadable": ('[{"givens": "' + "." * 16 + '"},\n {"givens": }]', 2, 13, r"unreadable JSON"),
    "json-missing-givens": ('{"kind": "sudoku"}', 1, 1, r'missing "givens"'),
    "json-row-length": ('{"givens": [[1,2,3,4],[0,0,0],[0,0,0,0],[0,0,0,0]]}', 1, 1, r"row 2 has 3 cells"),
    "json-out-of-range": ('{"givens": [[1,2,3,9],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}', 1, 1, r"value 9 at r1c4"),
    "json-unknown-kind": ('\n  {"kind": "no-such-kind", "givens": []}', 2, 3, r"kind 'no-such-kind'"),
    "json-not-object": ('{"givens": "' + "." * 16 + '"}\n 7\n', 2, 2, r"JSON object per puzzle, got int"),
    "json-regions-partition": (json.dumps({"givens": "." * 16, "regions": ["AABB", "AABB", "CCDD", "CCDA"]}),
                               1, 1, r"region 'A' has 5 cells, expected 4"),
}


@pytest.mark.parametrize("key", list(BAD), ids=list(BAD))
def test_bad_input_is_located(key):
    text, line, col, pattern = BAD[key]
    err = err_of(text)
    assert err.file == "bad.txt"
    assert err.line == line, err.located()
    if col is not None:
        assert err.col == col, err.located()
    assert err.col is not None
    import re

    assert re.search(pattern, err.message), err.message
    assert err.located().startswith(f"bad.txt:{line}:")


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n# another\n"], ids=["empty", "blank", "comments"])
def test_empty_input(text):
    with pytest.raises(ParseError, match="empty input") as ei:
        read_text(text, file="e.txt")
    assert ei.value.file == "e.txt" and ei.value.line == 1


def test_bad_puzzle_in_a_batch_does_not_stop_the_others():
    good = example("sudoku-9x9")[0]
    s = write(good, "line").strip()
    got = read_text(f"{s}\n{s[:-1]}\n{s}\n", file="b.txt")
    assert [e.ok for e in got] == [True, False, True]
    assert got[1].error.located().startswith("b.txt:2:1: ")
    jl = write(good, "json") + "{broken\n" + write(good, "json")
    got = read_text(jl)
    assert [e.ok for e in got] == [True, False, True] and got[1].error.line == 2
    vec = write(good, "vector") + "[1 2 3]\n" + write(good, "vector")
    assert [e.ok for e in read_text(vec)] == [True, False, True]


def test_read_file_errors_and_unknown_format(tmp_path):
    with pytest.raises(ParseError, match="no such file") as ei:
        read_file(tmp_path / "missing.txt")
    assert ei.value.file.endswith("missing.txt")
    f = tmp_path / "p.txt"
    f.write_text(write(example("sudoku-4x4")[0], "grid"))
    (e,) = read_file(f)
    assert e.ok and e.file == str(f)
    with pytest.raises(ParseError, match="unknown format 'nope'"):
        read_text("x", format="nope")


# ------------------------------------------------------------------ the board printer
def test_format_board_classic_4x4_exact():
    p = Sudoku.classic([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4])
    assert str(p) == ("1 . | . .\n"
                      ". . | . .\n"
                      "----+----\n"
                      ". . | . .\n"
                      ". . | . 4")


def test_format_board_jigsaw_draws_region_outlines_and_region_grid():
    p, sol = example("jigsaw-9x9")
    board = format_board(p, sol, region_grid=True)
    assert "+" in board and "regions:" in board
    assert board.splitlines()[0].startswith("3   5   8 | 1 |")
    assert board.splitlines()[-9] == "A A A B C C C C C"


def test_format_board_large_boards_symbols_and_numbers():
    p16 = example("sudoku-16x16")[0]
    lines = str(p16).splitlines()
    assert len(lines) == 16 + 3 and all(len(line) <= 16 * 2 + 3 * 2 for line in lines)
    p25 = load_example("sudoku-25x25")
    sol25 = [((r * 5 + r // 5 + c) % 25) + 1 for r in range(25) for c in range(25)]
    b = format_board(p25, sol25)
    assert "P" in b and "10" not in b
    b = format_board(p25, sol25, numbers=True)
    assert "25" in b and "P" not in b


def test_examples_are_listed_and_unique():
    names = [n for n, _ in list_examples()]
    for want in ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16", "sudoku-25x25"]:
        assert want in names
    for name in ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9", "sudoku-16x16"]:
        assert gridsat.check(load_example(name)).status == "unique", name


@pytest.mark.slow
def test_25x25_example_is_unique():
    assert gridsat.check(load_example("sudoku-25x25")).status == "unique"


# ------------------------------------------------------------------ property: any givens round-trip
from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "jigsaw-9x9"]),
       mask=st.lists(st.booleans(), min_size=81, max_size=81),
       fmt=st.sampled_from(SUDOKU_FORMATS),
       with_solution=st.booleans())
def test_any_subset_of_a_solution_round_trips(name, mask, fmt, with_solution):
    p, sol = example(name)
    givens = [v if keep else 0 for v, keep in zip(sol, mask)]
    q = p.with_givens(givens)
    if not allows(fmt, q):
        return
    solution = sol if with_solution else None
    (e,) = read_text(write(q, fmt, solution))
    assert e.ok and e.puzzle == q and e.solution == solution


class _Lines:
    """A text stream that records how many lines were read."""

    def __init__(self, text: str):
        self.lines = text.splitlines(keepends=True)
        self.read_lines = 0

    def readline(self) -> str:
        if self.read_lines >= len(self.lines):
            return ""
        self.read_lines += 1
        return self.lines[self.read_lines - 1]

    def read(self) -> str:
        rest = "".join(self.lines[self.read_lines:])
        self.read_lines = len(self.lines)
        return rest


def test_read_stream_yields_each_line_puzzle_before_reading_on():
    p4 = "1...........4..1"
    stream = _Lines(f"# two puzzles\n{p4}\n\n{p4} named\nnot a puzzle\n")
    entries = read_stream(stream, "<pipe>")
    first = next(entries)
    assert first.ok and first.line == 2 and first.file == "<pipe>" and stream.read_lines == 2
    second = next(entries)
    assert second.ok and second.line == 4 and second.puzzle.name == "named" and stream.read_lines == 4
    bad = next(entries)
    assert not bad.ok and bad.error.line == 5 and bad.error.file == "<pipe>"
    assert next(entries, None) is None


def test_read_stream_reads_other_formats_whole():
    grid = "1 . . .\n. . 4 .\n. 1 . .\n4 . . 1\n"
    stream = _Lines(grid)
    entries = list(read_stream(stream))
    assert [e.format for e in entries] == ["grid"] and stream.read_lines == 4
    with pytest.raises(ParseError):
        list(read_stream(_Lines("# only a comment\n")))



def test_line_reader_reads_each_line_of_a_file_as_it_reads_it_alone():
    """The reader's short way for a bare line of the last puzzle's size gives what the long
    way (every first line takes it) gives: same puzzle, name, box, or the same error."""
    from gridsat.kinds.sudoku.format_line import read_line

    g9 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    g16 = "1" + "." * 254 + "g"
    lines = [g9, g9.replace(".", "0"), g9.replace(".", "_", 5).replace(".", "-", 5), g9 + "  # a comment",
             g9 + " hard", g9[:-1] + "x", g9[:-1] + "#", g9[:80] + "\u00e9", g9 + ",", g9[:-1] + "|",
             g16, g16.upper(), g16.lower(), g16[:-1] + "h", g9, "", "# only a comment", g9[:-2] + "  ",
             "1234" * 4, g9.replace("4", "a"), g9]
    whole = read_line("\n".join(lines) + "\n", "f.txt")
    for got in whole:
        alone = read_line(lines[got.line - 1], "f.txt")
        assert len(alone) == 1, lines[got.line - 1]
        want = alone[0]
        assert got.ok == want.ok, (got.line, lines[got.line - 1])
        if got.ok:
            p, q = got.puzzle, want.puzzle
            assert (p.n, p.givens, p.regions, p.box, p.name) == (q.n, q.givens, q.regions, q.box, q.name)
            assert got.solution == want.solution and got.format == want.format == "line"
        else:
            # (a wrong size is told against the puzzle before, which a line alone has not)
            assert (got.error.message.split(";")[0], got.error.col) == (want.error.message.split(";")[0],
                                                                        want.error.col)
    assert sum(e.ok for e in whole) >= 9
