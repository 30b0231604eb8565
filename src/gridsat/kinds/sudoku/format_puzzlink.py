"""The ``puzzlink`` format: puzz.link / pzprjs Sudoku URLs ``p?sudoku/<cols>/<rows>/<body>``.

``https://puzz.link/p?sudoku/4/4/g1k23k3g`` is a 4x4 with givens 1, 2, 3 and 3. The body
lists the cells row by row in pzprjs's number encoding: a hex digit ``0-f`` is a number
below 16, ``-`` and two hex digits a number below 256; a letter ``g`` to ``z`` skips 1 to
20 empty cells. Boxes are the default shape of the size (3x3 for 9x9, 2x3 for 6x6). Any
host serving pzprjs (``puzz.link``, ``pzv.jp``, ...) and ``p.html?`` links are read; a
``.`` (an unknown number) or data after the last cell (region borders) is refused. The
URL holds no answer: a solution is not written.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku, default_box
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import strip_comment
from ...formats.puzzlink import encode_numbers
from ...formats.tokens import is_int, split_lines

__all__ = ["read_puzzlink", "write_puzzlink", "sniff_puzzlink", "decode_body", "encode_body"]

_URL = re.compile(r"(?:https?://[^\s/?]+/)?p(?:\.html)?\?sudoku/([^\s/]*)/([^\s/]*)/?([^\s/]*)(/\S*)?")
_HEX = "0123456789abcdef"
_MAX_SIZE = 36


def decode_body(body: str, cells: int) -> list[int]:
    """The cell values (0 empty) a pzprjs number body encodes; :class:`ParseError` with the
    0-based position in ``.col`` when it is not a body of ``cells`` cells.

    >>> decode_body("g1k23k3g", 16)
    [0, 1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 3, 0]
    """
    out: list[int] = []
    i = 0
    while i < len(body):
        if len(out) >= cells:
            raise ParseError(f"data after the last of the {cells} cells (region borders are not supported)",
                             col=i)
        ch = body[i]
        if ch in _HEX:
            out.append(_HEX.index(ch))
            i += 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if len(digits) != 2 or any(d not in _HEX for d in digits):
                raise ParseError("'-' must be followed by two hex digits", col=i)
            out.append(_HEX.index(digits[0]) * 16 + _HEX.index(digits[1]))
            i += 3
        elif "g" <= ch <= "z":
            skip = ord(ch) - ord("g") + 1
            if len(out) + skip > cells:
                raise ParseError(f"'{ch}' skips {skip} cells, past the last of the {cells}", col=i)
            out += [0] * skip
            i += 1
        elif ch == ".":
            raise ParseError("'.' (an unknown number) is not a Sudoku given", col=i)
        else:
            raise ParseError(f"bad character {ch!r} in a puzz.link Sudoku body", col=i)
    if len(out) < cells:
        raise ParseError(f"the body encodes {len(out)} cells, expected {cells}", col=len(body))
    return out


#: the pzprjs number body of ``values`` (0 empty): ``encode_body([0, 1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0,
#: 3, 0])`` is ``'g1k23k3g'`` (:func:`gridsat.formats.puzzlink.encode_numbers`)
encode_body = encode_numbers


def read_puzzlink(text: str, file: str | None = None) -> list[Entry]:
    """Read puzz.link Sudoku URLs, one per line."""
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        content, comment = strip_comment(raw)
        if not content.strip():
            continue
        m = _URL.search(content)
        col = len(content) - len(content.lstrip()) + 1
        try:
            if m is None:
                raise ParseError("expected a puzz.link Sudoku URL (p?sudoku/<cols>/<rows>/<body>)", file, lineno, col)
            cols_s, rows_s, body, tail = m.groups()
            for s, at in ((cols_s, 1), (rows_s, 2)):
                if not is_int(s, signed=False):
                    raise ParseError(f"size {s[:12]!r} is not a number", file, lineno, m.start(at) + 1)
            cols, rows = int(cols_s), int(rows_s)
            if cols != rows or not 4 <= cols <= _MAX_SIZE:
                raise ParseError(f"a Sudoku is square, 4x4 to {_MAX_SIZE}x{_MAX_SIZE}: got {cols} columns "
                                 f"and {rows} rows", file, lineno, m.start(1) + 1)
            if tail:
                raise ParseError("data after the body (region borders are not supported)",
                                 file, lineno, m.start(4) + 1)
            try:
                givens = decode_body(body, cols * rows)
            except ParseError as e:
                raise ParseError(e.message, file, lineno, m.start(3) + 1 + (e.col or 0)) from None
            try:
                box = default_box(cols)
                for j, v in enumerate(givens):
                    if v > cols:
                        raise ParseError(f"value {v} at r{j // cols + 1}c{j % cols + 1} is outside 1..{cols}",
                                         file, lineno, m.start(3) + 1)
                puzzle = Sudoku(cols, givens, box=box, name=comment or None)
            except GridsatError as e:
                raise locate(e, file, lineno, m.start(3) + 1) from None
            out.append(Entry(puzzle, None, file, lineno, None, "puzzlink"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, "puzzlink"))
    return out


def write_puzzlink(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """A puzz.link URL of a classic puzzle with the default box shape (the URL holds no solution)."""
    n = puzzle.n
    try:
        ok = puzzle.box is not None and puzzle.box == default_box(n) and 4 <= n <= _MAX_SIZE
    except GridsatError:
        ok = False
    if not ok:
        raise ParseError("puzz.link Sudoku URLs hold classic puzzles with the default box shape only")
    name = f" # {' '.join(puzzle.name.split())}" if puzzle.name else ""
    return f"https://puzz.link/p?sudoku/{n}/{n}/{encode_body(puzzle.givens)}{name}\n"


def sniff_puzzlink(text: str) -> bool:
    """The first content line holds a ``p?sudoku/`` URL."""
    for raw in text.split("\n", 50)[:50]:
        s = strip_comment(raw)[0].strip()
        if s:
            return bool(_URL.search(s))
    return False


register_format(Format("puzzlink", "sudoku", read_puzzlink, write_puzzlink, sniff_puzzlink, many=True,
                       description="puzz.link / pzprjs URLs p?sudoku/<cols>/<rows>/<body>",
                       priority=8, link="puzz.link p?sudoku"))
