"""One-line text for generated puzzles (the CLI's default output, and ``Generated.to_dict()``)."""

from __future__ import annotations

__all__ = ["puzzle_line", "value_symbol"]

_DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_REGIONS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def value_symbol(v: int, n: int) -> str:
    """``.`` for empty, ``1-9`` then ``A-Z`` (10..35) for values."""
    return "." if not v else _DIGITS[v - 1]


def puzzle_line(puzzle) -> str:
    """A puzzle on one line.

    Sudoku: the cells row by row (``.`` empty; ``1-9``, then ``A`` = 10 ... for sizes up to 35,
    comma-separated numbers beyond). Jigsaw: the same, then ``|`` and the region letters.
    Hidato/Numbrix: rows separated by ``/``, cells by ``,``; numbers, ``0`` open, ``#`` no cell.
    """
    if puzzle.kind == "sudoku":
        n = puzzle.n
        if n <= 35:
            s = "".join(value_symbol(v, n) for v in puzzle.givens)
        else:
            s = ",".join(str(v) for v in puzzle.givens)
        if puzzle.is_jigsaw:
            s += "|" + "".join(_REGIONS[r] for r in puzzle.regions)
        return s
    rows = puzzle.grid()
    return "/".join(",".join("#" if v is None else str(v) for v in row) for row in rows)
