"""The ``sudoku-matrix`` format: a Sudoku as a list of rows, ``[[5,3,0,...],[6,0,0,...],...]``.

How Haskell (``[[Int]]``), Python or JSON print a board: ``n`` lists of ``n`` integers,
``0`` empty, row by row; the list may span lines, and several lists make several puzzles.
A ``# name`` (or ``-- name``) comment line before a list names it. Negative numbers
(``-1`` off the board) make a Hidato matrix, not this format.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, line_col, locate, register_format
from .format_common import box_for, require_default_box
from ...formats.tokens import is_int, split_lines

__all__ = ["read_matrix", "write_matrix", "sniff_matrix"]

_TOKEN = re.compile(r"\[|\]|,|[^\s\[\],]+")
_COMMENT = re.compile(r"^\s*(?:#|--)\s*(.*?)\s*$")
_MAX_SIZE = 64


def _matrices(text: str, file):
    """Top-level ``[[...], ...]`` lists: (rows of (token, pos), start pos, name)."""
    out = []
    name = None
    depth = 0
    rows: list = []
    row: list = []
    start = 0
    pos = 0
    for raw in split_lines(text):
        m = _COMMENT.match(raw)
        if m and depth == 0:
            name = m.group(1) or name
            pos += len(raw) + 1
            continue
        for t in _TOKEN.finditer(raw):
            tok, at = t.group(0), pos + t.start()
            if tok == "[":
                depth += 1
                if depth == 1:
                    rows, start = [], at
                elif depth == 2:
                    row = []
                else:
                    raise ParseError("a Sudoku matrix nests two levels deep: [[row], [row], ...]",
                                     file, *line_col(text, at))
            elif tok == "]":
                if depth == 0:
                    raise ParseError("unmatched ']'", file, *line_col(text, at))
                depth -= 1
                if depth == 1:
                    rows.append(row)
                elif depth == 0:
                    out.append((rows, start, name))
                    name = None
            elif tok == ",":
                continue
            elif depth == 2:
                row.append((tok, at))
            else:
                raise ParseError(f"unexpected {tok[:12]!r} outside a row list", file, *line_col(text, at))
        pos += len(raw) + 1
    if depth:
        raise ParseError("unclosed '[': the matrix never ends", file, *line_col(text, start))
    return out


def read_matrix(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read Sudoku matrices ``[[...],[...]]``, one puzzle per top-level list."""
    try:
        mats = _matrices(text, file)
    except ParseError as e:
        return [Entry(None, e, file, e.line, None, "sudoku-matrix")]
    if not mats:
        return [Entry(None, ParseError("empty input: no [[...]] matrix found", file, 1, 1), file, 1, None,
                      "sudoku-matrix")]
    out = []
    for rows, start, name in mats:
        line, col = line_col(text, start)
        try:
            n = len(rows)
            if not 4 <= n <= _MAX_SIZE:
                raise ParseError(f"a Sudoku matrix has 4 to {_MAX_SIZE} rows, got {n}", file, line, col)
            vals = []
            for k, row in enumerate(rows, 1):
                if len(row) != n:
                    at = row[min(len(row), n) - 1][1] if row else start
                    raise ParseError(f"row {k} has {len(row)} values, expected {n}", file, *line_col(text, at))
                for tok, at in row:
                    if not is_int(tok, signed=False) or int(tok) > n:
                        raise ParseError(f"bad value {tok[:12]!r} (expected 0..{n}, 0 empty)", file,
                                         *line_col(text, at))
                    vals.append(int(tok))
            try:
                puzzle = Sudoku(n, vals, box=box_for(n, box), name=name)
            except GridsatError as e:
                raise locate(e, file, line, col) from None
            out.append(Entry(puzzle, None, file, line, None, "sudoku-matrix"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, line, col), file, line, None, "sudoku-matrix"))
    return out


def write_matrix(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """``[[...],...]`` on one line (classic boxes only; the format holds no solution)."""
    require_default_box(puzzle, "sudoku-matrix")

    def mat(vals):
        return "[" + ",".join("[" + ",".join(str(v) for v in row) + "]" for row in puzzle.rows(vals)) + "]"

    out = f"# {' '.join(puzzle.name.split())}\n" if puzzle.name else ""
    return out + mat(puzzle.givens) + "\n"


def sniff_matrix(text: str) -> bool:
    """Starts with ``[[`` and the first row holds only non-negative integers."""
    body = [raw for raw in text[:20_000].split("\n") if raw.strip() and not _COMMENT.match(raw)]
    s = "".join(body).replace(" ", "")
    if not s.startswith("[["):
        return False
    first = s[2:].split("]", 1)[0]
    cells = first.split(",")
    return len(cells) >= 4 and all(is_int(c, signed=False) for c in cells) and max(int(c) for c in cells) <= len(cells)


register_format(Format("sudoku-matrix", "sudoku", read_matrix, write_matrix, sniff_matrix, many=True,
                       description="rows as a list of lists [[5,3,0,...],[6,0,0,...],...] (Haskell [[Int]]), 0 empty",
                       options=frozenset({"box"}), priority=6))
