"""The board description the workbench draws and edits every kind by: the overlay (what a kind
draws besides cells, regions and digits, from its constraint layers and layout), the blocked
positions, the clues a setter may change, and the formats that write the puzzle.

No browser here: ``test_web_kinds_page.py`` drives the page itself."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints.arrows import Arrow
from gridsat.constraints.cages import KillerCage
from gridsat.constraints.dots import Difference, Ratio
from gridsat.constraints.lines import Renban, Thermometer
from gridsat.formats import read_text, write
from gridsat.kinds import get_kind
from gridsat.web.app import boards
from gridsat.web.board import CELL, board_of, overlay

from test_web_static import page_spec

#: a small unique puzzle of each kind's generator: kind -> (generator options, the overlay's
#: element classes, whether it has blocked positions, whether it has clues)
GENERATED = {
    "killer": ({"size": 4, "seed": 2}, {"killercage", "killercage-sum"}, False, True),
    "kenken": ({"size": 4, "seed": 2}, {"cage-clue"}, False, True),
    "kakuro": ({"size": 6, "seed": 2}, {"kakuro-black", "kakuro-down", "kakuro-across"}, True, True),
    "skyscrapers": ({"size": 4, "seed": 2}, {"skyscraper-clue"}, False, True),
    "str8ts": ({"size": 6, "seed": 2}, {"str8ts-black"}, True, False),
    "suguru": ({"rows": 5, "cols": 5, "seed": 2}, set(), False, False),
    "ripple": ({"rows": 5, "cols": 5, "seed": 2}, set(), False, False),
}


def generated(name: str):
    opts = GENERATED[name][0]
    return get_kind(name).generators[name].make(**opts).puzzle


def elements(markup: str) -> list[ET.Element]:
    """The overlay's top-level SVG elements (it must parse as the page parses it)."""
    return list(ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{markup}</g>'))


def classes(markup: str) -> set[str]:
    return {e.get("class") for e in elements(markup)}


def set_clue(spec: dict, path: list, value: int) -> dict:
    """``static/kinds.js`` ``setClue``, mirrored."""
    out = copy.deepcopy(spec)
    at = out
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return out


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_a_kind_draws_its_clues_and_blocks_its_black_cells(name):
    puzzle = generated(name)
    want, has_blocked, has_clues = GENERATED[name][1:]
    board = board_of(puzzle)
    json.dumps(board)  # (all of it goes to the page as JSON)
    assert want <= classes(board["overlay"]), board["overlay"][:300]
    assert bool(board["blocked"]) == has_blocked and bool(board["clues"]) == has_clues
    for p in board["blocked"]:
        assert board["cell_of"][p] is not None and board["region"][p] is not None
    for clue in board["clues"]:
        assert set(clue) == {"label", "value", "path", "pos", "x", "y"}
        assert clue["pos"] is None or 0 <= clue["pos"] < board["rows"] * board["cols"]
        # the path names the clue's value in the puzzle's json object
        at = board["spec"]
        for key in clue["path"]:
            at = at[key]
        assert at == clue["value"]
    # the page's text of the board, unedited, reads back as the puzzle
    assert read_text(json.dumps(page_spec(board, boards()[name])))[0].puzzle == puzzle


@pytest.mark.parametrize("name", [n for n in sorted(GENERATED) if GENERATED[n][3]])
def test_a_clue_set_on_the_page_reads_back_changed(name):
    puzzle = generated(name)
    board = board_of(puzzle)
    # the first clue and value (one more or one less) the kind's reader takes
    for clue in board["clues"]:
        for new in (clue["value"] + 1, clue["value"] - 1):
            spec = set_clue(page_spec(board, boards()[name]), clue["path"], new)
            entry = read_text(json.dumps(spec))[0]
            if entry.ok:
                break
        if entry.ok:
            break
    assert entry.ok, entry.error
    changed = entry.puzzle
    again = board_of(changed)
    assert changed != puzzle
    assert any(c["path"] == clue["path"] and c["value"] == new for c in again["clues"])
    assert again["overlay"] != board["overlay"]


def test_a_blocked_cell_keeps_its_digit_and_draws_it_in_the_overlay():
    puzzle = generated("str8ts")
    board = board_of(puzzle)
    digits = {p for p in board["blocked"] if puzzle.givens[p] is not None}
    assert digits, "the generated board has a black cell with a digit"
    texts = [e for e in elements(board["overlay"]) if e.tag.endswith("text")]
    assert len(texts) == len(digits)
    spec = page_spec(board, boards()["str8ts"])
    assert read_text(json.dumps(spec))[0].puzzle.givens == puzzle.givens


def test_the_overlay_is_laid_out_at_the_page_cell_side():
    puzzle = generated("kakuro")
    board = board_of(puzzle)
    rects = [e for e in elements(board["overlay"]) if e.get("class") == "kakuro-black"]
    assert {float(e.get("width")) for e in rects} == {CELL}
    xs = {float(e.get("x")) for e in rects}
    assert all(x % CELL == 0 and 0 <= x < board["cols"] * CELL for x in xs)
    # the page's cell side is board.js's
    js = (gridsat.web.board.__file__.rsplit("/", 1)[0] + "/static/board.js")
    with open(js, encoding="utf-8") as f:
        assert re.search(rf"const S = {CELL};", f.read())


def test_variant_constraints_come_in_the_overlay():
    extra = [Thermometer(9, ((0, 1, 2, 3),)), Arrow(9, (40,), ((41, 42),)), Difference(9, (72, 73), 1),
             Ratio(9, (74, 75), 2), KillerCage(9, (60, 61, 69), 15), Renban(9, ((18, 27, 36),))]
    puzzle = read_text(write(Sudoku(9, [0] * 81, box=(3, 3), extra=extra), "fpuzzles"))[0].puzzle
    drawn = classes(board_of(puzzle)["overlay"])
    assert {"thermometer", "arrow", "arrow-circle", "difference", "ratio", "killercage", "killercage-sum",
            "renban"} <= drawn
    assert overlay(Sudoku(4, [0] * 16)) == ""  # a plain board draws nothing over its cells


def test_copy_as_offers_only_formats_that_write_the_puzzle():
    jigsaw = read_text(gridsat.examples.example_text("jigsaw-9x9"))[0].puzzle
    assert "writes" not in board_of(jigsaw)  # (only where the page loads a board)
    offered = board_of(jigsaw, formats=True)["writes"]
    assert "json" in offered and "line" not in offered
    for name in offered:
        write(jigsaw, name)
    classic = read_text(gridsat.examples.example_text("sudoku-9x9"))[0].puzzle
    assert "line" in board_of(classic, formats=True)["writes"]


@pytest.mark.parametrize("name", sorted(GENERATED) + ["samurai"])
def test_a_puzzle_crosses_to_a_worker_process(name):
    """The server sends the puzzle object to its workers: it pickles and comes back equal."""
    import pickle

    opts = GENERATED[name][0] if name in GENERATED else {"seed": 2}
    puzzle = get_kind(name).generators[name].make(**opts).puzzle
    back = pickle.loads(pickle.dumps(puzzle))
    assert back == puzzle and board_of(back) == board_of(puzzle)


def test_a_cell_given_empty_stays_empty_through_the_page():
    """Heights below the side leave cells empty (0); open cells are null. A cell given empty
    takes no digit on the page and goes back as given."""
    sky = get_kind("skyscrapers").puzzle_class
    puzzle = sky(4, 3, top=[3, 0, 0, 0], givens=[0, None, None, 2] + [None] * 12)
    board = board_of(puzzle)
    assert board["blocked"] == [0]
    assert "empty" in classes(board["overlay"])
    spec = page_spec(board, boards()["skyscrapers"])
    assert spec["rows"][0] == [0, None, None, 2]
    assert read_text(json.dumps(spec))[0].puzzle == puzzle


@pytest.mark.parametrize("name", sorted(GENERATED) + ["samurai"])
def test_the_page_takes_no_value_past_the_kind_s_largest(name):
    """A kind whose page takes values up to the board's side (``max_value`` ``"side"``) must
    have its side as its largest value: a gattai board is 21 wide and holds digits 1..9, so
    its page would take 21 in a cell; such a kind names ``"board"`` (the board's own largest)."""
    opts = GENERATED[name][0] if name in GENERATED else {"seed": 2}
    puzzle = get_kind(name).generators[name].make(**opts).puzzle
    b = board_of(puzzle)
    web = get_kind(name).web
    if web.get("max_value", "side") == "side":
        assert b["rows"] == b["max_value"], (b["rows"], b["max_value"])
