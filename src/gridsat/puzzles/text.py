"""Cell symbols and the pretty board printer used by ``str(Sudoku)`` and the CLI.

Values are written ``1``-``9`` then ``A``, ``B``, ... (``A`` = 10), so boards up to 35x35
keep one character per cell; ``numbers=True`` prints decimal numbers instead.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Sequence


__all__ = ["SYMBOLS", "EMPTY_CHARS", "symbol", "symbol_value", "line_string", "format_board", "solution_line", "board_file"]

#: the symbol of value ``v`` is ``SYMBOLS[v - 1]``.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: characters that mean "empty cell" in the character formats.
EMPTY_CHARS = ".0_-"


def symbol(v: int, empty: str = ".") -> str:
    """One-character symbol of value ``v`` (``empty`` for 0)."""
    return SYMBOLS[v - 1] if v else empty


def symbol_value(ch: str) -> int | None:
    """Value of a one-character symbol (case-insensitive), 0 for an empty mark, ``None`` if invalid."""
    if ch in EMPTY_CHARS:
        return 0
    i = SYMBOLS.find(ch.upper())
    return i + 1 if i >= 0 else None


def line_string(values: Sequence[int], empty: str = ".") -> str:
    """Values as one line of symbols (the ``line`` format without name or solution)."""
    if empty == "." and type(values) in (tuple, list):  # (not bytes(): it reads an array's buffer)
        try:  # every value a byte: one translation (the usual case)
            return bytes(values).translate(_LINE_TABLE).decode("ascii")
        except (ValueError, TypeError, UnicodeDecodeError):
            pass  # (a value past the symbols is reported by the indexing below)
    syms = (empty,) + tuple(SYMBOLS)
    return "".join([syms[v] for v in values])


#: bytes.translate table of :func:`line_string`: 0 -> ``.``, v -> the v-th symbol, any other byte -> 0xFF
_LINE_TABLE = (b"." + SYMBOLS.encode()).ljust(256, b"\xff")


def format_board(puzzle, values: Sequence[int] | None = None, *, numbers: bool | None = None,
                 region_grid: bool = False, empty: str = ".") -> str:
    """A readable board with region borders.

    Parameters
    ----------
    puzzle : Sudoku
        Gives size and region map.
    values : sequence of int, optional
        What to show (default: the givens), e.g. a solution.
    numbers : bool, optional
        Print decimal numbers instead of ``1-9A-Z`` symbols (default: only when n > 35).
    region_grid : bool
        Also print the region map (letters) under the board, when its regions are not boxes
        (``puzzle.box`` is ``None``).
    empty : str
        Mark of an empty cell.

    Notes
    -----
    ``|`` and ``-`` lines are drawn wherever two neighbouring cells are in different
    regions, so classic boxes look as usual and jigsaw regions get their outlines.
    """
    n = puzzle.n
    vals = list(puzzle.givens if values is None else values)
    regs = puzzle.regions
    if numbers is None:
        numbers = n > len(SYMBOLS)
    w = len(str(n)) if numbers else 1

    def cell_text(v: int) -> str:
        if not v:
            return empty.rjust(w)
        return str(v).rjust(w) if numbers else symbol(v)

    def reg(r: int, c: int) -> int:
        return regs[r * n + c]

    # a column gap is wide (" | ") when some row has a region change there
    vsplit = [any(reg(r, c) != reg(r, c + 1) for r in range(n)) for c in range(n - 1)]
    hsplit = [any(reg(r, c) != reg(r + 1, c) for c in range(n)) for r in range(n - 1)]

    def vborder(r: int, c: int) -> bool:  # border between (r,c) and (r,c+1)
        return 0 <= r < n and reg(r, c) != reg(r, c + 1)

    def hborder(r: int, c: int) -> bool:  # border between (r,c) and (r+1,c)
        return 0 <= c < n and reg(r, c) != reg(r + 1, c)

    lines: list[str] = []
    for r in range(n):
        parts = [cell_text(vals[r * n])]
        for c in range(n - 1):
            if vsplit[c]:
                parts.append(" | " if vborder(r, c) else "   ")
            else:
                parts.append(" ")
            parts.append(cell_text(vals[r * n + c + 1]))
        lines.append("".join(parts).rstrip())
        if r < n - 1 and hsplit[r]:
            sep = ["-" * w if hborder(r, 0) else " " * w]
            for c in range(n - 1):
                left, right = hborder(r, c), hborder(r, c + 1)
                if vsplit[c]:
                    up, down = vborder(r, c), vborder(r + 1, c)
                    if (left or right) and (up or down or left != right):
                        mid = "+"
                    elif left and right:
                        mid = "-"
                    elif up and down:
                        mid = "|"
                    elif up or down:
                        mid = "+" if (left or right) else "|"
                    else:
                        mid = " "
                    sep.append(("-" if left else " ") + mid + ("-" if right else " "))
                else:
                    sep.append("-" if left and right else " ")
                sep.append("-" * w if right else " " * w)
            lines.append("".join(sep).rstrip())
    if region_grid and puzzle.box is None:  # (regions that are not boxes)
        lines.append("")
        lines.append("regions:")
        for r in range(n):
            lines.append(" ".join(_region_label(reg(r, c), n) for c in range(n)))
    return "\n".join(lines)


def _region_label(k: int, n: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if n <= len(letters):
        return letters[k]
    return str(k + 1).rjust(len(str(n)))


def solution_line(puzzle, values: Sequence[int]) -> str:
    """A Sudoku solution on one line: symbols (``1-9A-Z``), or comma-separated numbers beyond 35."""
    if puzzle.n > len(SYMBOLS):
        return ",".join(str(v) for v in values)
    return line_string(values)


def board_file(puzzle) -> str:
    """The puzzle as a board that reads back: a jigsaw with its region letters beside it."""
    return format_board(puzzle, region_grid=True)
