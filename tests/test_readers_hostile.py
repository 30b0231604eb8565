"""Hostile input for the readers: each case once crashed a reader, was wrongly accepted, lost work
or took too long. Every case is checked through ``gridsat.formats.read_text`` and through the
command line in-process (exit code 2 and one located error line, never a traceback)."""

from __future__ import annotations

import io
import json
import re
import time

import pytest

import gridsat
import gridsat.cli
from gridsat.errors import GridsatError, ParseError
from gridsat.examples import example_text
from gridsat.formats import read_file, read_text, write
from gridsat.formats.stream import read_stream
from gridsat.verifier import verify

from cpu import cpu

SUDOKU = read_text(example_text("sudoku-9x9"))[0].puzzle
SUDOKU_JSON = write(SUDOKU, "json")


def _entries(text: str, **kw):
    """Entries of ``text``; a whole-input :class:`ParseError` counts as one error entry."""
    try:
        return read_text(text, file="in.txt", **kw)
    except ParseError as e:
        return [gridsat.formats.Entry(None, e, "in.txt", e.line)]


def _refused(text: str, **kw) -> ParseError:
    """``text`` holds no readable puzzle: the first error, located in ``in.txt``."""
    es = _entries(text, **kw)
    assert not any(e.ok for e in es), [e.puzzle for e in es]
    err = es[0].error
    assert isinstance(err, ParseError) and err.file == "in.txt" and err.line is not None, err
    return err


def _cli(tmp_path, capsys, text: str, *args: str) -> tuple[int, list[str], str]:
    path = tmp_path / "in.txt"
    path.write_text(text, encoding="utf-8")
    rc = gridsat.cli.main(["check", "-t", "2", *args, str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    located = re.compile(re.escape(str(path)) + r":\d+:\d+: ")
    return rc, [l for l in (out + err).splitlines() if located.match(l)], out


def _cli_refuses(tmp_path, capsys, text: str, *args: str) -> str:
    rc, errors, _ = _cli(tmp_path, capsys, text, *args)
    assert rc == 2, (rc, errors)
    assert len(errors) == 1, errors
    assert errors[0].startswith(str(tmp_path / "in.txt") + ":")
    return errors[0]


# ------------------------------------------------------------------ tracebacks once
TRACEBACKS = {
    "unicode digit": "\u00b2\n",
    "unicode digit in a Hidato row": "1 . \u0663\n. . .\n. . 9\n",
    "unicode digit in a Hidato line": "1,0,\u0663/0,0,9\n",
    "huge number, one-line Hidato": "1,0/0," + "9" * 5000 + "\n",
    "huge number, janko": "2 2\n1 -\n- " + "9" * 5000 + "\n",
    "huge number, JSON": '{"kind": "sudoku", "givens": [' + "9" * 5000 + "]}\n",
    "huge number, Hidato JSON": '{"kind": "hidato", "rows": [[1, ' + "9" * 5000 + "]]}\n",
    "deep JSON": '{"kind":"sudoku","givens":' + "[" * 100000 + "]" * 100000 + "}\n",
    "deep JSON list": "[" * 100000 + "]" * 100000 + "\n",
    "janko 0 0": "0 0\n",
    "generated Kakuro object, its line a number": '{"puzzle":"2","kind":"kakuro"}\n',
    "generated Str8ts object, its line a list": '{"puzzle":"[1]","kind":"str8ts"}\n',
    "generated Samurai object, its line null": '{"puzzle":"null","kind":"samurai"}\n',
    "generated Skyscrapers object, its line broken JSON": '{"puzzle":"{]","kind":"skyscrapers"}\n',
    "Skyscrapers JSON of side ten digits": '{"kind":"skyscrapers","size":9999999999}\n',
    "Str8ts JSON of side ten digits": '{"kind":"str8ts","size":9999999999}\n',
}


@pytest.mark.parametrize("name", list(TRACEBACKS))
def test_former_tracebacks_are_located_errors(name, tmp_path, capsys):
    text = TRACEBACKS[name]
    fmt = "hidato-janko" if "janko" in name else None
    _refused(text, format=fmt)
    _cli_refuses(tmp_path, capsys, text, *(["--format", fmt] if fmt else []))


@pytest.mark.parametrize("line,says", [("2", "got int"), ("[1]", "got list"), ("null", "got NoneType"),
                                        ("{]", "not a JSON object")])
def test_a_generated_line_that_is_not_a_json_object_is_a_parse_error(line, says):
    from gridsat.formats.oneline import generated_object, load_generated

    with pytest.raises(ParseError, match=re.escape(says)):
        generated_object(line)
    assert generated_object('{"a": 1}') == {"a": 1}
    with pytest.raises(ValueError, match="one line, got int"):
        load_generated({"kind": "kakuro", "puzzle": 7})


def test_janko_zero_header_is_an_error_not_an_index_error():
    err = _refused("0 0\n", format="hidato-janko")
    assert (err.line, err.col) == (1, 1) and "0x0" in err.message


def test_hidato_json_name_is_a_string_or_refused():
    (e,) = read_text('{"kind": "hidato", "rows": [[1, 0], [0, 4]], "name": 7}')
    assert e.ok and e.puzzle.name == "7"
    for bad in ('[1, 2]', '{"a": 1}'):
        err = _refused('{"kind": "hidato", "rows": [[1, 0], [0, 4]], "name": %s}\n' % bad)
        assert '"name" must be a string' in err.message


# ------------------------------------------------------------------ wrong accepts once
WRONG_ACCEPTS = {
    "arabic digit, Hidato": "1 . .\n. \u0665 .\n. . 9\n",
    "fullwidth digit, Hidato line": "1,0,0/0,\uff15,0/0,0,9\n",
    "plus sign": "+1 . .\n. . .\n. . 9\n",
    "underscore in a number": "1 . .\n. . .\n. . 1_0\n",
    "plus sign, Hidato line": "+1,0,0/0,0,0/0,0,9\n",
    "underscore, Hidato line": "1,0,0/0,0,0/0,0,0,1_0\n",
    "ragged Hidato rows": "1 . . .\n. . .\n. . . 12\n",
    "ragged Haskell rows": "1 0 -1\n0 0\n0 0 7\n",
    "ragged game rows": "1 0 -\n0 0\n- 0 6\n",
    "dot alone": ".\n",
    "one open cell": "0\n",
}


@pytest.mark.parametrize("name", list(WRONG_ACCEPTS))
def test_former_wrong_accepts_are_refused(name, tmp_path, capsys):
    text = WRONG_ACCEPTS[name]
    _refused(text)
    _refused(text, kind="hidato")
    _cli_refuses(tmp_path, capsys, text)


@pytest.mark.parametrize("sep", ["\x1c", "\x85", "\u2028", "\x1d", "\x0b", "\x0c"])
def test_only_newlines_split_rows(sep):
    text = f"1 . .{sep}. . .\n. . .\n. . 9\n"
    es = _entries(text, kind="hidato")
    assert not any(e.ok and e.puzzle.rows == 4 for e in es)
    line = "1,0,0/0,0,0" + sep + "0,0,9\n"
    assert not any(e.ok for e in _entries(line, kind="hidato"))


def test_ragged_rows_are_errors_unless_the_format_says_holes():
    err = _refused("1 . . .\n. . .\n. . . 12\n", kind="hidato")
    assert (err.line, err.col) == (2, 1) and "row has 3 cells, expected 4" in err.message
    # Rosetta Code's boards leave out holes at the end of a row
    (e,) = read_text("1 _ _ _\n_ _ _\n_ _ _ 11\n", format="hidato-rosetta")
    assert e.ok and e.puzzle.grid()[1] == [0, 0, 0, None]
    assert "short rows are holes" in gridsat.formats.get_format("hidato-rosetta").description
    assert "short rows are holes" in gridsat.formats.get_format("hidato-quoted").description


def test_hidato_json_solution_is_verified():
    obj = {"kind": "hidato", "rows": [[1, 0], [0, 4]], "solution": [[1, -7], [99, 4]]}
    err = _refused(json.dumps(obj) + "\n")
    assert err.line == 1 and "solution" in err.message
    obj["solution"] = [[1, 3], [2, 4]]
    (e,) = read_text(json.dumps(obj))
    assert e.ok and verify(e.puzzle, e.solution) == []
    obj["solution"] = [[1, 2], [4, 3]]  # 3 and 4 in the wrong places: 4 is a given at r2c2
    _refused(json.dumps(obj))
    obj["solution"] = [[1, 2], [3, 4]]  # numbers fill the board but 2 ... 3 are not neighbours? they are
    (e,) = read_text(json.dumps({**obj, "adjacency": "rook"}))
    assert not e.ok  # under rook moves 2 (r1c2) and 3 (r2c1) do not touch


def test_grid_solution_blocks_are_verified():
    good = "hidato ring\n1 . .\n. . .\n. . 9\nsolution\n1 2 3\n6 5 4\n7 8 9\n"
    (e,) = read_text(good)
    assert e.ok and e.puzzle.name == "ring" and e.solution and verify(e.puzzle, e.solution) == []
    bad = good.replace("7 8 9", "8 7 9")
    err = _refused(bad)
    assert err.line == 6 and "the solution is wrong" in err.message  # its first row


def test_a_broken_region_map_fails_its_puzzle_not_read_as_classic_boxes(tmp_path, capsys):
    # a jigsaw in the grid format whose region block lost two labels: read without the block, the
    # puzzle would have been answered as a classic Sudoku, its regions dropped
    jig = gridsat.examples.load_example("jigsaw-9x9")
    text = write(jig, "grid")
    rows = text.rstrip("\n").split("\n")
    last = max(i for i, r in enumerate(rows) if r.split() and all(t.isalpha() for t in r.split()))
    rows[last] = " ".join(rows[last].split()[:7])
    broken = "\n".join(rows) + "\n"
    (e,) = _entries(broken)
    assert not e.ok and e.error.line == last + 1 and e.error.col is not None and "has 7 values" in e.error.message
    assert "has 7 values" in _cli_refuses(tmp_path, capsys, broken)
    (e,) = _entries(text)  # whole, it reads as the jigsaw it is
    assert e.ok and e.puzzle.regions == jig.regions


@pytest.mark.parametrize("line,col", [
    ("1,0,0/0,0,0/0,0,9 1,2,3/6,5,4/7,8,x # n\n", 35),
    ("1,0,0/0,0,0/0,0,9 1,2,3/6,5,4/7,9,8 # n\n", 19),
    ("1,0,0/0,0,0/0,0,9 1,2,3/6,5/7,8,9 # n\n", 19),
    ("1,0,0/0,0,0/0,0,9 1,2,3/6,\u0665,4/7,8,9\n", 27),
])
def test_corrupted_hidato_line_solution_is_an_error_not_a_name(line, col):
    err = _refused(line)
    assert (err.line, err.col) == (1, col)
    (e,) = read_text("1,0,0/0,0,0/0,0,9 1,2,3/6,5,4/7,8,9 # n\n")
    assert e.ok and e.name == "n" and verify(e.puzzle, e.solution) == []


def test_corrupted_jigsaw_line_solution_is_an_error_not_a_name():
    p = SUDOKU
    sol = gridsat.solve(p).solution
    line = write(p, "jigsaw-line", sol)
    (e,) = read_text(line, format="jigsaw-line")
    assert e.ok and e.solution == tuple(sol) and e.name is None
    fields = line.split()
    broken = fields[1][:10] + "x" + fields[1][11:]
    err = _refused(f"{fields[0]} {broken}\n", format="jigsaw-line")
    assert err.col == len(fields[0]) + 2 + 10
    swapped = list(fields[1])
    i = next(k for k in range(80) if not p.givens[k] and not p.givens[k + 1] and k % 9 < 8 and swapped[k] != swapped[k + 1])
    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    err = _refused(f"{fields[0]} {''.join(swapped)}\n", format="jigsaw-line")
    assert "solution" in err.message and err.col > len(fields[0])


# ------------------------------------------------------------------ lost work once
def _six_with_a_broken_fourth() -> str:
    lines = [SUDOKU_JSON] * 6
    lines[3] = SUDOKU_JSON[:40] + "\n"
    return "".join(lines)


def test_json_lines_bad_line_fails_alone_from_a_file(tmp_path):
    path = tmp_path / "six.jsonl"
    path.write_text(_six_with_a_broken_fourth())
    es = read_file(path)
    assert [e.ok for e in es] == [True, True, True, False, True, True]
    assert es[3].error.line == 4 and es[4].line == 5


@pytest.mark.parametrize("broken", [0, 3, 5])
def test_json_lines_bad_line_fails_alone_from_stdin(broken):
    lines = [SUDOKU_JSON] * 6
    lines[broken] = SUDOKU_JSON[:40] + "\n"
    es = list(read_stream(io.StringIO("".join(lines))))
    assert [e.ok for e in es] == [i != broken for i in range(6)]
    assert es[broken].error.line == broken + 1


def test_json_lines_bad_line_through_the_cli(tmp_path, capsys):
    rc, errors, out = _cli(tmp_path, capsys, _six_with_a_broken_fourth())
    assert rc == 2 or rc == 1
    assert len(errors) == 1 and ":4:" in errors[0]
    assert sum(1 for l in out.splitlines() if " unique " in l) == 5


def test_numbers_after_an_object_are_one_error_of_its_line():
    es = read_text(SUDOKU_JSON.strip() + " 1 2 3\n" + SUDOKU_JSON)
    assert [e.ok for e in es] == [True, False, True]
    assert (es[1].error.line, es[1].error.col) == (1, len(SUDOKU_JSON.strip()) + 2)


def test_non_object_json_line_fails_alone():
    text = SUDOKU_JSON + "[1, 2]\n" + "7\n" + SUDOKU_JSON
    assert [e.ok for e in read_text(text)] == [True, False, False, True]


# ------------------------------------------------------------------ slow parsing once
def test_a_720k_json_line_of_numbers_parses_fast():
    nums = ",".join(str(i % 90 + 1) for i in range(250000))
    assert len(nums) > 700_000
    for text in ('{"kind": "sudoku", "givens": [%s]}' % nums, '{"kind": "hidato", "rows": [[%s]]}' % nums,
                 "[" + nums + "]", " ".join(['{"kind": "sudoku", "givens": [1]}'] * 23000),
                 '{"kind": "sudoku", "givens": [1]} ' + "1 " * 360000):
        with cpu() as spent:
            es = _entries(text)
        assert spent.own < 3.0  # 35 s when locating errors was quadratic
        assert es


def test_ten_thousand_json_lines_start_answering_fast():
    text = SUDOKU_JSON * 10000
    with cpu() as spent:
        es = read_text(text)
    assert spent.own < 3.0  # 9.3 s before the linear reader
    assert len(es) == 10000 and all(e.ok for e in es[:3] + es[-3:])
    with cpu() as spent:
        first = next(iter(read_stream(io.StringIO(text))))
    assert first.ok and spent.own < 0.5


# ------------------------------------------------------------------ near misses of Sudoku (issue 12)
NEAR_SUDOKU = {
    "4x4 with a short row": "1 . . 4\n. . 1\n. 1 . .\n4 . . 1\n",
    "5 in a 4x4": "5 . . .\n. . 1 .\n. 1 . .\n4 . . 1\n",
    "9x9 with 8 rows": "".join(" ".join(SUDOKU.rows()[r][c] and str(SUDOKU.rows()[r][c]) or "." for c in range(9))
                               + "\n" for r in range(8)),
    "4x4 with a dash row": "1 - - 4\n- - 1\n- 1 - -\n4 - - 1\n",
}


@pytest.mark.parametrize("name", list(NEAR_SUDOKU))
def test_near_miss_sudoku_is_never_a_hidato(name, tmp_path, capsys):
    text = NEAR_SUDOKU[name]
    es = _entries(text)
    assert not any(e.ok for e in es)
    assert all(e.puzzle is None for e in es)
    assert "given twice" not in es[0].error.message
    line = _cli_refuses(tmp_path, capsys, text)
    assert "hidato" not in line.lower() or "--kind" in line


def test_full_sudoku_grid_is_sudoku_and_a_real_hidato_needs_its_ends():
    (e,) = read_text("1 . . .\n. . . .\n. . 2 .\n. . . .\n")
    assert e.ok and e.puzzle.kind == "sudoku"
    (e,) = read_text("1 . . .\n. . . .\n. . 2 .\n. . . .\n", kind="hidato")
    assert e.ok and e.puzzle.kind == "hidato"
    (e,) = read_text("1 . . .\n. . . .\n. . . .\n. . . 16\n")
    assert e.ok and e.puzzle.kind == "hidato"


def test_two_kinds_reading_a_text_ask_for_kind():
    text = "1 2 - -\n- - 3 -\n- - - 4\n- - - -\n"  # a Sudoku grid ('-' empty) and a 4-cell Hidato game board
    with pytest.raises(ParseError, match="ambiguous input.*--kind"):
        read_text(text)
    assert read_text(text, kind="hidato")[0].puzzle.num_cells == 4
    assert read_text(text, kind="sudoku")[0].puzzle.kind == "sudoku"


# ------------------------------------------------------------------ every reader survives junk
JUNK = ["\x00", "\ufeff", "[", "{", "]", '"', "#", "-", "--", "- -", "0 0\n0", "[[", "[[]]", "[[1],[", '" "', '"',
        "hidato", "numbrix\n", "solution\n1 2", "1/2", ",", "/", "#,#/#", "1 2\n3", "\r\n\r\n1"]


@pytest.mark.parametrize("fmt", sorted(gridsat.formats.FORMATS))
def test_no_reader_raises_anything_but_parse_errors(fmt):
    for junk in JUNK + list(TRACEBACKS.values()) + list(WRONG_ACCEPTS.values()):
        try:
            es = read_text(junk, format=fmt)
        except GridsatError:
            continue
        for e in es:
            assert e.ok or isinstance(e.error, ParseError)
            if e.ok and e.solution is not None:
                assert verify(e.puzzle, e.solution) == []


# ------------------------------------------------------------------ found by the fuzzing campaign
CAMPAIGN_FINDINGS = [  # (kind the text was made from, minimal input): never read as the other kind
    ("sudoku", "[[0,1,0,0],[0,0,0,3],[0,2,0,0],[4,0,0,0]]\n[[0,1,0,0],[0,0,0,3],[0,2,0,0],[4,0,0,-1]]\n"),
    ("sudoku", "[[0,1,0,0][0,0,0,3][0,2,0,0][4,0,0,0]]\n[["),
    ("sudoku", "4 4\n5 1 - -\n- - - 3\n- 2 - -\n4 - - -"),
    ("hidato", "1 0 0 0\n0 - - 0\n0 - - 0\n0 0 0 0"),
    ("sudoku", "-0\n-0"),
    ("sudoku", ". . . . . . . . 1\n. . . . 5 . . 9 .\n\n.\n9 ."),
    ("sudoku", "4 . . . 3 . . . .\n. . . 6 . . 8 . .\n. . . . . . . . 1\n. . . . 5 . . 9 .\n\n. 8 . . . . 6 . .\n"
               ". 7 . 2 . . . . .\n. . . 1 . 2 7 . .\n53 . . . . 4 .\n9 . . . . . . . .\n"),
    ("sudoku", ". . \n\n. . . .\n"),
    ("sudoku", "1 2 3 "),
    ("sudoku", ". . .\n. . ."),
    ("sudoku", "./. "),
    ("sudoku", "[[0,0,0,0],[0,0,0,010],[0,0,0,0],[0,0,0,0]]\n"),
]


@pytest.mark.parametrize("kind,text", CAMPAIGN_FINDINGS)
def test_campaign_findings_are_not_read_as_another_kind(kind, text):
    for e in _entries(text):
        assert e.puzzle is None or e.puzzle.kind == kind, (e.format, e.puzzle)


def test_files_split_lines_at_newline_only(tmp_path):
    crlf, cr = tmp_path / "crlf.txt", tmp_path / "cr.txt"
    crlf.write_bytes(b"1 . .\r\n. . .\r\n. . 9\r\n")
    cr.write_bytes(b"1 . .\r. . .\r. . 9\r")
    (e,) = read_file(crlf)
    assert e.ok and e.puzzle.rows == 3
    assert not any(e.ok and e.puzzle.kind == "hidato" for e in read_file(cr))


def test_an_unknown_kind_is_named_not_taken_for_the_text():
    from gridsat.errors import ParseError
    from gridsat.formats import read_text

    from gridsat.kinds import list_kinds

    with pytest.raises(ParseError, match=f"unknown kind 'bogus'; known: {', '.join(list_kinds())}"):
        read_text("4" + "." * 15, "f.txt", kind="bogus")
    assert read_text("4" + "." * 15, kind="sudoku")[0].ok
    assert read_text("1 . .\n. . .\n. . 9\n", kind="numbrix")[0].puzzle.is_numbrix
