"""The ``ripple-puzzlink`` format: puzz.link / pzprjs Ripple URLs ``p?ripple/<cols>/<rows>/<body>``.

The body is pzprjs's border code then its number code. Borders: first the ``(cols-1) * rows``
edges between side-by-side cells, row by row, then the ``cols * (rows-1)`` edges between cells
one above the other, row by row, five edges a character in base 32 (``0-9a-v``, the highest bit
first; ``1`` is a wall). Regions are the pieces the walls cut. Numbers, cell by cell: a hex digit
``0-f`` is a given below 16, ``-`` and two hex digits one below 256, a letter ``g`` to ``z``
skips 1 to 20 empty cells. ``p?hakyuu/`` is read alike. A ``.`` (an unknown number) and empty
(off-board) cells after the numbers are refused. The URL holds no answer: a solution is not
written.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import ParseError
from ...formats.base import Entry, Format, register_format
from ...formats.common import strip_comment
from ...formats.tokens import split_lines
from .puzzle import MAX_SIDE, Ripple, board_problem

__all__ = ["read_puzzlink", "write_puzzlink", "sniff_puzzlink", "decode_borders", "encode_borders"]

_URL = re.compile(r"(?:https?://[^\s/?]+/)?p(?:\.html)?\?(?:ripple|hakyuu)/([^\s/]*)/([^\s/]*)/?([^\s/]*)(/\S*)?")
_B32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"


def _edge_count(rows: int, cols: int) -> tuple[int, int]:
    return (cols - 1) * rows, cols * (rows - 1)


def decode_borders(body: str, rows: int, cols: int) -> tuple[list[int], int]:
    """The region label of each cell from the border part of ``body``, and where that part ends.

    >>> decode_borders("g", 1, 2)
    ([0, 1], 1)
    """
    nv, nh = _edge_count(rows, cols)
    chars = (nv + 4) // 5 + (nh + 4) // 5
    if len(body) < chars:
        raise ParseError(f"the borders take {chars} characters, the body has {len(body)}", col=len(body))
    bits: list[int] = []
    for first, part, count in ((0, body[:(nv + 4) // 5], nv), ((nv + 4) // 5, body[(nv + 4) // 5:chars], nh)):
        out = []
        for i, ch in enumerate(part):
            if ch not in _B32:
                raise ParseError(f"bad character {ch!r} in the borders (0-9, a-v)", col=first + i)
            val = _B32.index(ch)
            out += [(val >> (4 - w)) & 1 for w in range(5)]
        bits += out[:count]
    vertical, horizontal = bits[:nv], bits[nv:]
    label = [-1] * (rows * cols)
    nxt = 0
    for start in range(rows * cols):
        if label[start] >= 0:
            continue
        label[start] = nxt
        stack = [start]
        while stack:
            c = stack.pop()
            r, k = divmod(c, cols)
            steps = []
            if k + 1 < cols and not vertical[r * (cols - 1) + k]:
                steps.append(c + 1)
            if k > 0 and not vertical[r * (cols - 1) + k - 1]:
                steps.append(c - 1)
            if r + 1 < rows and not horizontal[r * cols + k]:
                steps.append(c + cols)
            if r > 0 and not horizontal[(r - 1) * cols + k]:
                steps.append(c - cols)
            for d in steps:
                if label[d] < 0:
                    label[d] = nxt
                    stack.append(d)
        nxt += 1
    return label, chars


def encode_borders(regions: Sequence[int], rows: int, cols: int) -> str:
    """The border part of a body: walls between cells of different regions.

    >>> encode_borders([0, 1], 1, 2)
    'g'
    """
    vertical = [int(regions[r * cols + k] != regions[r * cols + k + 1]) for r in range(rows) for k in range(cols - 1)]
    horizontal = [int(regions[r * cols + k] != regions[(r + 1) * cols + k]) for r in range(rows - 1) for k in range(cols)]
    out = []
    for bits in (vertical, horizontal):
        for i in range(0, len(bits), 5):
            chunk = bits[i:i + 5] + [0] * (5 - len(bits[i:i + 5]))
            out.append(_B32[sum(b << (4 - w) for w, b in enumerate(chunk))])
    return "".join(out)


def _decode_numbers(body: str, cells: int, where: "list[int] | None" = None) -> tuple[list[int], int]:
    """Givens from a number part; returns them and the characters read (``where`` gets the
    position of each given's code)."""
    out: list[int] = []
    i = 0
    while i < len(body) and len(out) < cells:
        ch = body[i]
        if where is not None and (ch in _HEX or ch == "-"):
            where += [i] * (len(out) + 1 - len(where))
        if ch in _HEX:
            out.append(_HEX.index(ch))
            i += 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if len(digits) != 2 or any(d not in _HEX for d in digits):
                raise ParseError("'-' must be followed by two hex digits", col=i)
            out.append(int(digits, 16))
            i += 3
        elif "g" <= ch <= "z":
            skip = ord(ch) - ord("g") + 1
            if len(out) + skip > cells:
                raise ParseError(f"'{ch}' skips {skip} cells, past the last of the {cells}", col=i)
            out += [0] * skip
            i += 1
        elif ch == ".":
            raise ParseError("'.' (an unknown number) is not a Ripple given", col=i)
        else:
            raise ParseError(f"bad character {ch!r} in the numbers", col=i)
    return out + [0] * (cells - len(out)), i


def _encode_numbers(values: Sequence[int]) -> str:
    out, run = [], 0
    for v in values:
        if not v:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("g") + run - 1))
            run = 0
        out.append(_HEX[v] if v < 16 else "-" + format(v, "02x"))
    if run:
        out.append(chr(ord("g") + run - 1))
    return "".join(out)


def _parse(m: "re.Match[str]", file, lineno: int, name) -> Ripple:
    cols_s, rows_s, body, tail = m.groups()
    for s, at in ((cols_s, 1), (rows_s, 2)):
        if not (s.isascii() and s.isdigit() and len(s) <= 3):
            raise ParseError(f"size {s[:12]!r} is not a number", file, lineno, m.start(at) + 1)
    cols, rows = int(cols_s), int(rows_s)
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParseError(f"a Ripple has 1 to {MAX_SIDE} rows and columns, got {cols} columns and {rows} rows",
                         file, lineno, m.start(1) + 1)
    if tail:
        raise ParseError("data after the body", file, lineno, m.start(4) + 1)
    at = m.start(3) + 1
    used = 0
    where: list[int] = []
    try:
        labels, used = decode_borders(body, rows, cols)
        givens, read = _decode_numbers(body[used:], rows * cols, where)
    except ParseError as e:
        raise ParseError(e.message, file, lineno, at + used + (e.col or 0)) from None
    rest = body[used + read:]
    if rest.strip("0"):
        raise ParseError("empty (off-board) cells are not supported in a Ripple", file, lineno, at + used + read)
    problem = board_problem(rows, cols, labels, givens)
    if problem is not None:
        msg, cell, part = problem
        off = used + where[cell] if part == "givens" and cell < len(where) else 0
        raise ParseError(msg, file, lineno, at + off)
    return Ripple(rows, cols, labels, givens, name)


def read_puzzlink(text: str, file: str | None = None) -> list[Entry]:
    """Read puzz.link Ripple URLs, one per line (a ``# comment`` after one names it)."""
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        content, comment = strip_comment(raw)
        if not content.strip():
            continue
        col = len(content) - len(content.lstrip()) + 1
        m = _URL.search(content)
        try:
            if m is None:
                raise ParseError("expected a puzz.link Ripple URL (p?ripple/<cols>/<rows>/<body>)", file, lineno, col)
            out.append(Entry(_parse(m, file, lineno, comment or None), None, file, lineno, None, "ripple-puzzlink"))
        except ParseError as e:
            out.append(Entry(None, e, file, lineno, None, "ripple-puzzlink"))
    return out


def write_puzzlink(puzzle: Ripple, solution: Sequence[int] | None = None) -> str:
    """A puzz.link URL of the puzzle (the URL holds no answer)."""
    name = f" # {' '.join(puzzle.name.split())}" if puzzle.name else ""
    body = encode_borders(puzzle.regions, puzzle.rows, puzzle.cols) + _encode_numbers(puzzle.givens)
    return f"https://puzz.link/p?ripple/{puzzle.cols}/{puzzle.rows}/{body}{name}\n"


def sniff_puzzlink(text: str) -> bool:
    """The first content line holds a ``p?ripple/`` (or ``p?hakyuu/``) URL."""
    for raw in text.split("\n", 50)[:50]:
        s = strip_comment(raw)[0].strip()
        if s:
            return bool(_URL.search(s))
    return False


register_format(Format("ripple-puzzlink", "ripple", read_puzzlink, write_puzzlink, sniff_puzzlink, many=True,
                       description="puzz.link / pzprjs URLs p?ripple/<cols>/<rows>/<body>",
                       priority=8, link="puzz.link p?ripple"))
