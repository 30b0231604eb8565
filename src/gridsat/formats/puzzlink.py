"""pzprjs's codes in puzz.link URLs, whatever the kind: region borders and numbers.

Borders: first the ``(cols-1) * rows`` edges between side-by-side cells, row by row, then the
``cols * (rows-1)`` edges between cells one above the other, row by row, five edges a character
in base 32 (``0-9a-v``, the highest bit first; ``1`` is a wall); regions are the pieces the
walls cut. Numbers, cell by cell: a hex digit ``0-f`` is a number below 16, ``-`` and two hex
digits one below 256, a letter ``g`` to ``z`` skips 1 to 20 empty cells.

>>> encode_borders([0, 1, 1, 1], 2, 2), encode_numbers([0, 0, 3, 0])
('gg', 'h3g')
"""

from __future__ import annotations

from typing import Sequence

from ..errors import ParseError

__all__ = ["decode_borders", "encode_borders", "decode_numbers", "encode_numbers"]

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


def decode_numbers(body: str, cells: int, where: "list[int] | None" = None,
                   title: str = "board") -> tuple[list[int], int]:
    """Givens from a number part; returns them and the characters read (``where`` gets the
    position of each given's code; ``title`` names the board in the message for a ``.``).

    >>> decode_numbers("h3", 4)
    ([0, 0, 3, 0], 2)
    """
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
            raise ParseError(f"'.' (an unknown number) is not a {title} given", col=i)
        else:
            raise ParseError(f"bad character {ch!r} in the numbers", col=i)
    return out + [0] * (cells - len(out)), i


def encode_numbers(values: Sequence[int]) -> str:
    """The number part of a body: the givens cell by cell, runs of empty cells as ``g``-``z``.

    >>> encode_numbers([0, 0, 3, 0])
    'h3g'
    """
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
