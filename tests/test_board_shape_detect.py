"""A board shape (rows of ``0`` cells and ``-`` holes, the Hidato template) is read as one
whatever its width: rows of ten or more symbols are not taken for Sudoku ``line`` puzzles.
The page and the command line read it alike, with no kind given."""

from __future__ import annotations

from gridsat.formats import detect_format, read_text

#: an arrow drawn by hand, rows 10 wide
ARROW = "----0-----\n----00----\n0000000---\n00000000--\n0000000---\n----00----\n----0-----\n"


def test_a_wide_board_shape_is_a_template():
    assert detect_format(ARROW).name == "hidato-template"
    puzzle = read_text(ARROW)[0].puzzle
    assert puzzle.num_cells == ARROW.count("0") and not any(puzzle.givens)


def test_the_shipped_arrow_with_its_comment_is_a_template():
    from importlib import resources

    text = resources.files("gridsat.generators").joinpath("shapes/arrow.txt").read_text()
    assert text.startswith("#") and detect_format(text).name == "hidato-template"
    assert read_text(text)[0].puzzle.num_cells == text.split("\n", 1)[1].count("0")


def test_one_line_of_cells_is_still_a_sudoku_line():
    assert detect_format("0-0-0-0-0-0-0-0-0-0-0\n").name == "line"
    assert detect_format("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").name == "line"
