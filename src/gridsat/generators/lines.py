"""Generated puzzles as one line of text (the CLI's default output, and ``Generated.to_dict()``)."""

from __future__ import annotations

from ..formats.oneline import hidato_line_string, jigsaw_line_string

__all__ = ["puzzle_line"]


def puzzle_line(puzzle) -> str:
    """A puzzle on one line, as the ``jigsaw-line`` / ``hidato-line`` formats read it back.

    Sudoku: the cells row by row (``.`` empty; ``1-9``, then ``A`` = 10 ... for sizes up to 35,
    comma-separated numbers beyond). Jigsaw: the same, then ``|`` and the region letters
    (``A-Z``, ``a-z``, ``0-9``; comma-separated numbers beyond 62 regions).
    Hidato: rows separated by ``/``, cells by ``,``; numbers, ``0`` open, ``#`` no cell;
    Numbrix: the same after the word ``numbrix``.
    """
    if puzzle.kind == "sudoku":
        return jigsaw_line_string(puzzle)
    return hidato_line_string(puzzle)
