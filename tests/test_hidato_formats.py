"""Hidato/Numbrix formats: every style reads, writes, round-trips and is detected; bad input is located."""

import json

import pytest

import gridsat
from gridsat import Hidato
from gridsat.errors import ParseError, UnsupportedError
from gridsat.formats import detect_format, get_format, read_text, write

from hidato_samples import blocks

RING = Hidato(4, 4, [(r, c) for r in range(4) for c in range(4) if not (1 <= r <= 2 and 1 <= c <= 2)],
              {(0, 0): 1, (3, 3): 7})
FULL = Hidato(3, 3, givens={(0, 0): 6, (0, 2): 9, (1, 1): 2, (1, 2): 8, (2, 0): 1})
NUMBRIX = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}, adjacency="rook", name="nb")
SHAPE = Hidato(3, 4, cells=[(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)])

GRID_STYLES = ["hidato", "hidato-rosetta", "hidato-haskell", "hidato-haskell2", "json"]


def _formats():
    return [f.name for f in gridsat.formats.list_formats("hidato") if f.kind == "hidato"]


def test_all_styles_registered():
    names = set(_formats())
    for style in ("", "-rosetta", "-haskell", "-haskell2", "-template", "-janko"):
        assert "hidato" + style in names and "numbrix" + style in names


@pytest.mark.parametrize("fmt", GRID_STYLES + ["hidato-janko"])
@pytest.mark.parametrize("puzzle", [RING, FULL, NUMBRIX, SHAPE], ids=["ring", "full", "numbrix", "shape"])
def test_round_trip_and_detection(fmt, puzzle):
    if fmt == "hidato-janko" and not puzzle.full:
        with pytest.raises(UnsupportedError, match="full rectangles"):
            write(puzzle, fmt)
        return
    text = write(puzzle, fmt)
    (e,) = read_text(text, format=fmt)
    q = e.puzzle
    if fmt in ("hidato-haskell", "hidato-haskell2", "hidato-janko") and puzzle.is_numbrix:
        assert q.adjacency == "king"  # these layouts carry no adjacency: numbrix-* reads them as rook
        (e,) = read_text(text, format=fmt.replace("hidato", "numbrix"))
        q = e.puzzle
    assert q == puzzle
    # detection picks the same reader (a Haskell grid without -1 reads the same as native)
    got = detect_format(text, kind="hidato").name
    assert got == fmt or (fmt == "hidato-haskell" and puzzle.full and got == "hidato")


@pytest.mark.parametrize("fmt", GRID_STYLES)
def test_solution_round_trip(fmt):
    sol = gridsat.solve(RING).solution
    text = write(RING, fmt, solution=sol)
    (e,) = read_text(text, format=fmt)
    if fmt == "json":  # JSON keeps the puzzle and its solution apart
        assert e.puzzle == RING and e.solution == tuple(sol)
    else:
        assert e.puzzle.grid() == RING.grid(sol)


def test_template_round_trip_and_detection():
    text = write(SHAPE, "hidato-template")
    assert text == "00--\n-0--\n-00-\n"
    assert detect_format(text).name == "hidato-template"
    (e,) = read_text(text)
    assert e.puzzle == SHAPE
    (e,) = read_text("0 0 -\n- 0 0\n")
    assert e.puzzle.cells == ((0, 0), (0, 1), (1, 1), (1, 2))
    with pytest.raises(UnsupportedError):
        write(RING, "hidato-template")


def test_native_accepts_zero_dot_hash_and_header():
    (e,) = read_text("numbrix demo\n1 0 .\n# . 6\n# # .\n", format="hidato")
    p = e.puzzle
    assert p.adjacency == "rook" and p.name == "demo"
    assert p.grid() == [[1, 0, 0], [None, 0, 6], [None, None, 0]]


def test_haskell_bracket_lists():
    text = "[[0, 3, -1],\n [1, 0, 0]]\n"
    assert detect_format(text).name == "hidato-haskell"
    assert detect_format(text, kind="numbrix").name == "numbrix-haskell"
    (e,) = read_text(text)
    assert e.puzzle.grid() == [[0, 3, None], [1, 0, 0]]


def test_janko_layout():
    text = "3 3\n6 - 9\n- 2 8\n1 - -\n"
    assert detect_format(text).name == "hidato-janko"
    (e,) = read_text(text)
    assert e.puzzle == FULL
    assert write(FULL, "hidato-janko") == text


def test_json_kind_dispatch():
    obj = {"kind": "hidato", "adjacency": "rook", "rows": [[1, 0, None], [None, 0, 0]], "name": "j"}
    (e,) = read_text(json.dumps(obj))
    p = e.puzzle
    assert p.kind == "hidato" and p.adjacency == "rook" and p.name == "j" and p.num_cells == 4
    (e,) = read_text(json.dumps({"kind": "numbrix", "rows": ["1 . #", "# . ."]}))
    assert e.puzzle.adjacency == "rook" and e.puzzle.grid() == [[1, 0, None], [None, 0, 0]]
    sol = gridsat.solve(RING).solution
    (e,) = read_text(write(RING, "json", solution=sol))
    assert e.puzzle == RING and e.solution == tuple(sol)


def test_numbrix_formats_read_rook_and_kind_option():
    text = write(FULL, "hidato")
    (e,) = read_text(text, format="numbrix")
    assert e.puzzle.adjacency == "rook"
    (e,) = get_format("hidato").read(text, None, kind="numbrix")
    assert e.puzzle.adjacency == "rook"
    (e,) = read_text(text, kind="numbrix")
    assert e.puzzle.adjacency == "rook" and e.format == "numbrix"
    (e,) = read_text(text)
    assert e.puzzle.adjacency == "king" and e.format == "hidato"


@pytest.mark.parametrize("name,want", [
    ("rosetta_sample", "hidato-rosetta"), ("rosetta_snake_in_the_grass", "hidato-rosetta")])
def test_detects_rosetta_samples(name, want):
    assert detect_format(blocks("rosetta_hidato.txt")[name]["puzzle"]).name == want


def test_several_puzzles_and_comments():
    text = "# two puzzles\n1 . .\n. . 9\n. . .\n\n; another\n_ 2 _\n_ _ _\n"
    es = read_text(text, format="hidato")
    assert len(es) == 2 and es[0].ok and not es[1].ok  # '_' is not native
    es = read_text("1 . .\n. . 9\n. . .\n\n. 2 .\n. . .\n", format="hidato")
    assert [e.puzzle.num_cells for e in es] == [9, 6] and es[1].line == 5


@pytest.mark.parametrize("fmt,text,line,col,msg", [
    ("hidato", "1 . x\n. . .\n", 1, 5, "'x' is not a number"),
    ("hidato", "1 . .\n. 10 .\n. . .\n", 1, 1, "outside 1..9"),
    ("hidato", "1 . .\n. 1 .\n", 1, 1, "1 is given twice"),
    ("hidato", "1 # .\n# # #\n. # .\n", 1, 1, "not connected"),
    ("hidato-rosetta", "_ _\n_ ?\n", 2, 3, "'?' is not a number"),
    ("hidato-haskell", "0 -3\n", 1, 3, "not a cell"),
    ("hidato-haskell2", "-2 0\n", 1, 4, "not a cell"),
    ("hidato-template", "0 0\n0 x\n", 2, 3, "not a template cell"),
    ("hidato-janko", "2 2\n- 1\n-\n", 3, 1, "header says 2"),
    ("hidato-janko", "3 3\n- 1 -\n", 1, 1, "header says 3 rows, found 1"),
])
def test_bad_input_is_located(fmt, text, line, col, msg):
    es = read_text(text, format=fmt, file="f.txt")
    err = next(e.error for e in es if not e.ok)
    assert isinstance(err, ParseError)
    assert (err.file, err.line, err.col) == ("f.txt", line, col)
    assert msg in err.message


def test_bad_json_is_located():
    es = read_text('{"kind": "hidato", "rows": [[1, "x"]]}\n', file="j.json")
    assert not es[0].ok and es[0].error.file == "j.json" and "not a cell" in es[0].error.message


def test_json_kind_option_accepts_numbrix_objects_as_hidato_only():
    numbrix = json.dumps({"kind": "numbrix", "rows": [[1, 0], [0, 4]]})
    hidato = json.dumps({"kind": "hidato", "rows": [[1, 0], [0, 4]]})
    (e,) = read_text(numbrix, format="json", kind="hidato")
    assert e.ok and e.puzzle.is_numbrix
    (e,) = read_text(numbrix, format="json", kind="numbrix")
    assert e.ok and e.puzzle.is_numbrix
    (e,) = read_text(hidato, format="json", kind="numbrix")
    assert not e.ok and "expected a numbrix puzzle, got kind 'hidato'" in e.error.message
    (e,) = read_text(hidato, format="json", kind="sudoku")
    assert not e.ok and "expected a sudoku puzzle, got kind 'hidato'" in e.error.message


def test_generated_json_objects_check_their_kind():
    def one(obj, **kw):
        (e,) = read_text(json.dumps(obj), format="json", **kw)
        return e

    e = one({"kind": "numbrix", "seed": 3, "puzzle": "numbrix 1,0/0,4", "givens": 2})
    assert e.ok and e.puzzle.is_numbrix and e.puzzle.name == "seed 3"
    e = one({"kind": "hidato", "puzzle": "numbrix 1,0/0,4", "givens": 2})
    assert not e.ok and '"puzzle" says numbrix, "kind" says hidato' in e.error.message
    e = one({"kind": "jigsaw", "puzzle": "1...........4..1", "givens": 3})
    assert not e.ok and 'a jigsaw "puzzle" needs "|"' in e.error.message
    e = one({"kind": "classic", "puzzle": "1...........4..1", "givens": 3})
    assert e.ok and e.puzzle.box == (2, 2)
    e = one({"kind": "no-such-kind", "puzzle": "1...........4..1", "givens": 3})
    assert not e.ok
    from gridsat.formats.oneline import load_generated

    with pytest.raises(ValueError, match="unknown kind 'no-such-kind' for a generated puzzle"):
        load_generated({"puzzle": "1...........4..1"}, "no-such-kind")


# ------------------------------------------------------------------ issue 12 spellings
REPORT_PRINT = '''Main> :main
Hidato 0
" " "-2" "13" " " " " "
"10" "-2" "12" "-2" " " "
"-2" "-2" "-2" "15" " " "
" 7" " 5" "-2" "-2" " " "
" " "-2" " 1" "17" " " "
" " " " "20" "19" "-2"

Solution 0
" " "11" "13" " " " " "
"10" " 9" "12" "14" " " "
" 8" " 4" " 3" "15" " " "
" 7" " 5" "16" " 2" " " "
" " " 6" " 1" "17" " " "
" " " " "20" "19" "18"
'''


def test_quoted_matrix_print_of_the_haskell_report():
    assert detect_format(REPORT_PRINT).name == "hidato-quoted"
    (e,) = read_text(REPORT_PRINT)
    p = e.puzzle
    assert e.ok and p.num_cells == 20 and p.name == "0"
    assert p.grid()[0][:3] == [None, 0, 13] and p.grid()[5][:5] == [None, None, 20, 19, 0]
    assert e.solution is not None and gridsat.verify(p, e.solution) == []
    assert read_text(write(p, "hidato-quoted"))[0].puzzle == p


def test_game_file_dash_is_no_cell_janko_dash_is_open():
    game = "- 0 13 -\n10 0 12 0\n0 0 0 15\n7 5 0 0\n- 0 1 17\n- 20 19 18\n"
    assert detect_format(game).name == "hidato-game"
    (e,) = read_text(game)
    assert e.ok and e.puzzle.grid()[0] == [None, 0, 13, None] and e.puzzle.num_cells == 20
    janko = "3 3\n6 - 9\n- 2 8\n1 - -\n"
    assert detect_format(janko).name == "hidato-janko"
    assert read_text(janko)[0].puzzle.num_cells == 9
    # a game board whose first row happens to be two numbers is not a janko header
    assert detect_format("1 0\n- 0 4\n").name != "hidato-janko"


@pytest.mark.parametrize("text", [
    "[[-1,-2,3],[1,-2,-2],[-2,-2,8]]\n",
    "[[-1, -2, 3],\n [1, -2, -2],\n [-2, -2, 8]]\n",
    "[\n  [-1, -2, 3],\n  [1, -2, -2],\n  [-2, -2, 8]\n]\n",
])
def test_haskell_list_of_lists_on_one_line_or_many(text):
    assert detect_format(text).name == "hidato-haskell2"
    (e,) = read_text(text)
    assert e.ok, e.error
    assert e.puzzle.grid() == [[None, 0, 3], [1, 0, 0], [0, 0, 8]]


def test_haskell_list_errors_are_located():
    es = read_text("[[0, 1, -1],\n [0, 0, 5]]\n[[1, 0], [0, x]]\n", format="hidato-haskell", file="h")
    assert es[0].ok and not es[1].ok
    assert (es[1].error.line, es[1].error.col) == (3, 14)
    (e,) = read_text("[[0, 1], [0, 5]]]\n", format="hidato-haskell")
    assert not e.ok and "without its '['" in e.error.message
    (e,) = read_text("[[[0, 1], [0, 5]]]\n", format="hidato-haskell")
    assert not e.ok and "two deep" in e.error.message


@pytest.mark.parametrize("fmt", ["hidato", "hidato-rosetta", "hidato-haskell", "hidato-haskell2", "hidato-game",
                                 "hidato-quoted", "hidato-janko"])
def test_many_puzzles_with_blank_lines_and_headers(fmt):
    one, two = FULL, Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9})
    body = [write(p, fmt) for p in (one, two)]
    if fmt == "hidato-janko":
        text = body[0] + body[1]  # the header separates them
    else:
        strip = [b if not b.startswith(("hidato", "numbrix")) else b.split("\n", 1)[1] for b in body]
        text = "\n".join(strip) + "\n"
        named = f"Grid 01\n{strip[0]}# name: second\n{strip[1]}"
        es = read_text(named, format=fmt)
        assert [e.puzzle for e in es] == [one, two], [e.error for e in es]
        assert [e.name for e in es] == ["Grid 01", "second"]
    es = read_text(text, format=fmt)
    assert [e.puzzle for e in es] == [one, two]
    assert es[1].line > es[0].line


@pytest.mark.parametrize("style", ["hidato-game", "hidato-quoted"])
@pytest.mark.parametrize("puzzle", [RING, FULL, NUMBRIX, SHAPE], ids=["ring", "full", "numbrix", "shape"])
def test_new_styles_round_trip(style, puzzle):
    text = write(puzzle, style)
    fmt = style.replace("hidato", "numbrix") if puzzle.is_numbrix else style
    (e,) = read_text(text, format=fmt)
    assert e.puzzle == puzzle
    ends = {1, puzzle.num_cells} <= set(puzzle.givens.values())  # a plausible Hidato: both ends given
    if ends and (style == "hidato-quoted" or not puzzle.full):
        assert detect_format(text).name.endswith(style.split("-")[1])
