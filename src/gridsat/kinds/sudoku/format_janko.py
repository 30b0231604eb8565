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
from ...formats.common import header_name, strip_comment
from .format_common import box_for
from ...formats.tokens import is_int, split_lines

__all__ = ["read_janko", "write_janko", "sniff_janko"]

_MAX_SIZE = 35


def _rows(text: str, limit: int | None = None):
    """Content lines as ``(line, [(token, col), ...])``; comment lines as ``(line, name)``."""
    out = []
    lines = split_lines(text) if limit is None else text.split("\n", limit)[:limit]
    for lineno, raw in enumerate(lines, 1):
        content, _ = strip_comment(raw.rstrip("\r"))
        if not content.strip():
            if raw.strip():
                out.append((lineno, header_name(raw)))
            continue
        toks, col = [], None
        for j, ch in enumerate(content + " "):
            if ch.isspace():
                if col is not None:
                    toks.append((content[col:j], col + 1))
                    col = None
            elif col is None:
                col = j
        out.append((lineno, toks))
    return out


def _is_header(toks) -> bool:
    return isinstance(toks, list) and len(toks) == 2 and all(is_int(t, signed=False) for t, _ in toks)


def read_janko(text: str, file: str | None = None) -> list[Entry]:
    """Read janko.at Sudoku texts: each a ``rows cols`` header, the givens and (jigsaw) the regions."""
    rows = _rows(text)
    out: list[Entry] = []
    i, name = 0, None
    while i < len(rows):
        line, toks = rows[i]
        if not isinstance(toks, list):
            name = toks or name
            i += 1
            continue
        if not _is_header(toks):
            err = ParseError("expected a 'rows cols' header line such as '9 9'", file, line, toks[0][1])
            out.append(Entry(None, err, file, line, None, "janko-sudoku"))
            i += 1
            while i < len(rows) and not (isinstance(rows[i][1], list) and _is_header(rows[i][1])):
                i += 1
            continue
        body = []
        j = i + 1
        while j < len(rows) and isinstance(rows[j][1], list) and not _is_header(rows[j][1]):
            body.append(rows[j])
            j += 1
        try:
            out.append(Entry(*_puzzle(toks, body, line, file, name), file=file, line=line, format="janko-sudoku"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, line, 1), file, line, None, "janko-sudoku"))
        i, name = j, None
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, "janko-sudoku"))
    return out


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
            return Sudoku(n, givens, regions=labels, name=name), None
        return Sudoku(n, givens, box=box_for(n, None), name=name), None
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
    rows = [r for r in _rows(text, 3 * _MAX_SIZE) if isinstance(r[1], list)]
    if not rows or not _is_header(rows[0][1]):
        return False
    n, cols = (int(t) for t, _ in rows[0][1])
    if n != cols or not 4 <= n <= _MAX_SIZE or len(rows) < n + 1:
        return False
    body = rows[1:n + 1]
    if any(len(toks) != n or any(not (t == "-" or is_int(t, signed=False) and 1 <= int(t) <= n) for t, _ in toks)
           for _, toks in body):
        return False
    rest = rows[n + 1:2 * n + 1]
    if len(rest) == n and all(len(toks) == n for _, toks in rest) and not _is_header(rest[0][1]):
        return True
    try:
        default_box(n)
    except GridsatError:
        return False
    return True


register_format(Format("janko-sudoku", "sudoku", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at text: 'n n' header, rows with '-' empty, region rows for jigsaw",
                       priority=8))
