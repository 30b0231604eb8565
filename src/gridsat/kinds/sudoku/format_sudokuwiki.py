"""The ``sudokuwiki`` format: SudokuWiki solver links and their packed ``S9B`` strings.

One puzzle per line, either a link ``https://www.sudokuwiki.org/sudoku.htm?bd=...`` or the
bare ``bd`` value. The value is 81 digits (``0`` empty) for a classic 9x9, or the packed
``S9B`` string the solver exports with candidates: ``S9B`` then 81 two-character base-36
numbers, one per cell row by row, where 1-9 is a given, 10-18 a digit placed while solving
(value + 9), and 19 and up an open cell whose candidates are the bits of (number - 18),
bit 0 for candidate 1. Placed digits and candidates are not givens: a placed digit is
read as open, and when every open cell holds a placed digit those digits are the
solution (checked against the givens). A bare 81-digit string is the ``line`` format's.

The jigsaw string ``J9B`` is recognised but refused: its layout (how the region map is
packed next to the cells) is not established here.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import check_solution, strip_comment
from ...formats.tokens import split_lines

__all__ = ["read_sudokuwiki", "write_sudokuwiki", "sniff_sudokuwiki", "LINK"]

#: the solver page a link opens
LINK = "https://www.sudokuwiki.org/sudoku.htm?bd="
_URL = re.compile(r"(?:https?://)?(?:www\.)?sudokuwiki\.org/sudoku\.htm\?(?:[^\s#]*&)?bd=([^\s&#]*)", re.I)
_PACKED = re.compile(r"[SJ]9B[0-9a-zA-Z]*")
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _value(text: str, file, line, col) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Givens and (when the string holds a full grid) the solution of a ``bd`` value."""
    if text.startswith("J9B"):
        raise ParseError("SudokuWiki J9B (jigsaw) strings are not supported: their packed layout is not "
                         "established; give the jigsaw as grid, nonomino or f-puzzles", file, line, col)
    if text.startswith("S9B"):
        body = text[3:].lower()
        if len(body) != 162:
            raise ParseError(f"an S9B string holds 81 cells of 2 characters (162), got {len(body)}",
                             file, line, col + 3 + min(len(body), 162))
        givens, placed = [], []
        for i in range(81):
            pair = body[2 * i:2 * i + 2]
            if any(ch not in _B36 for ch in pair):
                raise ParseError(f"bad S9B cell {pair!r} (two base-36 digits)", file, line, col + 3 + 2 * i)
            v = _B36.index(pair[0]) * 36 + _B36.index(pair[1])
            if v == 0 or v > 18 + 511:
                raise ParseError(f"S9B cell {pair!r} is {v}: expected 1-9 (given), 10-18 (placed) "
                                 "or 19-529 (candidates)", file, line, col + 3 + 2 * i)
            givens.append(v if v <= 9 else 0)
            placed.append(v if v <= 9 else v - 9 if v <= 18 else 0)
        return tuple(givens), (tuple(placed) if all(placed) and placed != givens else None)
    if len(text) != 81:
        raise ParseError(f"a SudokuWiki board has 81 digits, got {len(text)}", file, line, col)
    for j, ch in enumerate(text):
        if not ("0" <= ch <= "9" or ch == "."):
            raise ParseError(f"bad character {ch!r} in a SudokuWiki board (expected 0-9)", file, line, col + j)
    return tuple(0 if ch == "." else ord(ch) - 48 for ch in text), None


def read_sudokuwiki(text: str, file: str | None = None) -> list[Entry]:
    """Read SudokuWiki links and ``S9B`` strings, one per line."""
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        content, comment = strip_comment(raw)
        s = content.strip()
        if not s:
            continue
        col = len(content) - len(content.lstrip()) + 1
        m = _URL.search(s)
        if m:
            value, vcol = m.group(1), col + m.start(1)
            rest = (s[:m.start()] + " " + s[m.end():]).split()
        else:
            token = s.split()[0]
            value, vcol, rest = token, col, s.split()[1:]
            if not _PACKED.fullmatch(token) and "sudokuwiki" not in token.lower():
                out.append(Entry(None, ParseError("expected a SudokuWiki link (sudoku.htm?bd=...) or an S9B string",
                                                  file, lineno, col), file, lineno, None, "sudokuwiki"))
                continue
        try:
            givens, solution = _value(value, file, lineno, vcol)
            name = " ".join(rest) or comment or None
            try:
                puzzle = Sudoku(9, givens, box=(3, 3), name=name)
                if solution is not None:
                    check_solution(puzzle, solution)
            except GridsatError as e:
                raise locate(e, file, lineno, vcol) from None
            out.append(Entry(puzzle, None, file, lineno, solution, "sudokuwiki"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, lineno, vcol), file, lineno, None, "sudokuwiki"))
    return out


def _b36(v: int) -> str:
    return _B36[v // 36] + _B36[v % 36]


def write_sudokuwiki(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """A SudokuWiki link (classic 9x9 only); with a solution, the ``S9B`` form with the solved digits placed."""
    if puzzle.n != 9 or puzzle.is_jigsaw or puzzle.box != (3, 3):
        raise ParseError("SudokuWiki links hold classic 9x9 puzzles only")
    if solution is None:
        body = "".join(str(v) for v in puzzle.givens)
    else:
        body = "S9B" + "".join(_b36(g if g else v + 9) for g, v in zip(puzzle.givens, solution))
    name = f" # {' '.join(puzzle.name.split())}" if puzzle.name else ""
    return LINK + body + name + "\n"


def sniff_sudokuwiki(text: str) -> bool:
    """The first content line holds a SudokuWiki link or starts with ``S9B``/``J9B``."""
    for raw in text.split("\n", 50)[:50]:
        s = strip_comment(raw)[0].strip()
        if s:
            return bool(_URL.search(s)) or bool(_PACKED.match(s.split()[0]))
    return False


register_format(Format("sudokuwiki", "sudoku", read_sudokuwiki, write_sudokuwiki, sniff_sudokuwiki, many=True,
                       description="SudokuWiki links sudoku.htm?bd=<81 digits> and packed S9B strings (candidates)",
                       priority=8, link="sudokuwiki.org bd=/S9B"))
