"""The ``janko-sudoku`` format: janko.at's text for Sudoku and jigsaw (Chaos) Sudoku.

A ``rows cols`` header line (``9 9``), then ``n`` rows of ``n`` values with ``-`` for an
empty cell, then for jigsaw ``n`` rows of region labels (numbers or letters). Several
puzzles may follow one another, each with its header; a ``# name`` comment line before a
header names the puzzle. The Hidoku files of janko.at share the header and ``-`` (read
by ``hidato-janko``): a Sudoku is recognised by a square header whose size has a box shape
or is followed by a region block, and values no larger than the size.
"""

from __future__ import annotations

from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku, default_box
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import is_size_header, read_header_blocks, token_rows
from .format_common import box_for
from ...formats.tokens import is_int

__all__ = ["read_janko", "write_janko", "sniff_janko"]

_MAX_SIZE = 35


def read_janko(text: str, file: str | None = None) -> list[Entry]:
    """Read janko.at Sudoku texts: each a ``rows cols`` header, the givens and (jigsaw) the regions."""
    return read_header_blocks(text, file, "janko-sudoku", _puzzle)


def _puzzle(header, body, line, file, name):
    (r_s, rc), (c_s, cc) = header
    n, cols = int(r_s), int(c_s)
    if n != cols or not 4 <= n <= _MAX_SIZE:
        raise ParseError(f"a Sudoku is square, 4x4 to {_MAX_SIZE}x{_MAX_SIZE}: the header says {n} rows "
                         f"and {cols} columns", file, line, rc)
    for k, (lno, toks) in enumerate(body):
        if len(toks) != n:
            col = toks[n][1] if len(toks) > n else toks[-1][1]
            raise ParseError(f"row {k % n + 1} has {len(toks)} values, expected {n}", file, lno, col)
    if len(body) not in (n, 2 * n):
        at = body[-1][0] if body else line
        what = "rows are missing" if len(body) < n else "expected the givens, then the region rows"
        raise ParseError(f"got {len(body)} rows after the header, expected {n} (or {2 * n} with regions): {what}",
                         file, at, 1)
    givens = []
    for lno, toks in body[:n]:
        for t, col in toks:
            if t == "-":
                givens.append(0)
            elif is_int(t, signed=False) and 1 <= int(t) <= n:
                givens.append(int(t))
            else:
                raise ParseError(f"bad value {t[:12]!r} (expected 1..{n} or '-')", file, lno, col)
    try:
        if len(body) == 2 * n:
            labels = [t for _, toks in body[n:] for t, _ in toks]
            return Sudoku(n, givens, regions=labels, name=name)
        return Sudoku(n, givens, box=box_for(n, None), name=name)
    except GridsatError as e:
        raise locate(e, file, body[n][0] if len(body) == 2 * n else body[0][0], 1) from None


def write_janko(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """janko.at text: header, givens with ``-`` empty, region rows for jigsaw (no solution)."""
    n = puzzle.n
    out = []
    if puzzle.name:
        out.append(f"# {' '.join(puzzle.name.split())}")
    out.append(f"{n} {n}")
    w = len(str(n))
    out += [" ".join((str(v) if v else "-").rjust(w) for v in row) for row in puzzle.rows()]
    try:
        classic = puzzle.box is not None and puzzle.box == default_box(n)
    except GridsatError:
        classic = False
    if not classic:
        out += [" ".join(str(k + 1).rjust(w) for k in puzzle.regions[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(out) + "\n"


def sniff_janko(text: str) -> bool:
    """A square ``n n`` header, then ``n`` rows of ``-``/``1..n`` (a box shape, or ``n`` region rows)."""
    rows = [r for r in token_rows(text, 3 * _MAX_SIZE) if isinstance(r[1], list)]
    if not rows or not is_size_header(rows[0][1]):
        return False
    n, cols = (int(t) for t, _ in rows[0][1])
    if n != cols or not 4 <= n <= _MAX_SIZE or len(rows) < n + 1:
        return False
    body = rows[1:n + 1]
    if any(len(toks) != n or any(not (t == "-" or is_int(t, signed=False) and 1 <= int(t) <= n) for t, _ in toks)
           for _, toks in body):
        return False
    rest = rows[n + 1:2 * n + 1]
    if len(rest) == n and all(len(toks) == n for _, toks in rest) and not is_size_header(rest[0][1]):
        return True
    try:
        default_box(n)
    except GridsatError:
        return False
    return True


register_format(Format("janko-sudoku", "sudoku", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at text: 'n n' header, rows with '-' empty, region rows for jigsaw",
                       priority=8))
