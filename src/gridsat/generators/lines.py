"""Generated puzzles as one line of text (the CLI's default output, and ``Generated.to_dict()``)."""

from __future__ import annotations

from typing import Any

from ..kinds import kind_of

__all__ = ["puzzle_line"]


def puzzle_line(puzzle: Any) -> str:
    """A puzzle on one line, as the ``jigsaw-line`` / ``hidato-line`` formats read it back.

    Sudoku: the cells row by row (``.`` empty; ``1-9``, then ``A`` = 10 ... for sizes up to 35,
    comma-separated numbers beyond). Jigsaw: the same, then ``|`` and the region letters
    (``A-Z``, ``a-z``, ``0-9``; comma-separated numbers beyond 62 regions).
    Hidato: rows separated by ``/``, cells by ``,``; numbers, ``0`` open, ``#`` no cell;
    Numbrix: the same after the word ``numbrix``. The kind record says which writer
    (:func:`~gridsat.kinds.sudoku.format_oneline.jigsaw_line_string`,
    :func:`~gridsat.kinds.hidato.format_oneline.hidato_line_string`) a puzzle takes.
    """
    return kind_of(puzzle).puzzle_line(puzzle)
