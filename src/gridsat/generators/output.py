"""One-line text for generated puzzles (the CLI's default output, and ``Generated.to_dict()``)."""

from __future__ import annotations

__all__ = ["puzzle_line", "value_symbol"]

_DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def value_symbol(v: int, n: int) -> str:
    """``.`` for empty, ``1-9`` then ``A-Z`` (10..35) for values."""
    return "." if not v else _DIGITS[v - 1]


def puzzle_line(puzzle) -> str:
    """A puzzle on one line, as the ``jigsaw-line`` / ``hidato-line`` formats read it back.

    Sudoku: the cells row by row (``.`` empty; ``1-9``, then ``A`` = 10 ... for sizes up to 35,
    comma-separated numbers beyond). Jigsaw: the same, then ``|`` and the region letters
(``A-Z``, ``a-z``, ``0-9``; comma-separated numbers beyond 62 regions).
    Hidato: rows separated by ``/``, cells by ``,``; numbers, ``0`` open, ``#`` no cell;
    Numbrix: the same after the word ``numbrix``.
    """
    from ..formats.oneline import hidato_line_string, jigsaw_line_string

    if puzzle.kind == "sudoku":
        return jigsaw_line_string(puzzle)
    return hidato_line_string(puzzle)
