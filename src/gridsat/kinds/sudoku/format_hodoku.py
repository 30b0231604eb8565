"""The ``hodoku`` format (read only): HoDoKu's pencil-mark grid of a 9x9 position.

::

    .----------------.----------------.----------------.
    | 5    3    124  | 26   7    1268 | ...
    :----------------+----------------+----------------:
    '----------------'----------------'----------------'

Each cell lists its candidates. HoDoKu marks no givens, so a cell with one candidate is
*not* taken as a given on that ground alone: it is a filled cell only when no cell that
shares a row, column or box with it still lists its digit (HoDoKu removes a set digit from
its peers, while a naked single not yet placed leaves it there). Filled cells become the
givens of the puzzle read, which is the position the grid shows (digits placed while
solving included); the remaining candidates are not kept. Several grids may follow one
another.
"""

from __future__ import annotations

import re

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, locate, register_format
from ...formats.tokens import split_lines

__all__ = ["read_hodoku", "sniff_hodoku", "write_hodoku"]

_BORDER = re.compile(r"^\s*[.:'][-.:'+]*\s*$")
_TOP = re.compile(r"^\s*\.-+\.-+\.-+\.\s*$")


def _peers(i: int) -> set[int]:
    r, c = divmod(i, 9)
    b0 = (r // 3) * 27 + (c // 3) * 3
    box = {b0 + 9 * dr + dc for dr in range(3) for dc in range(3)}
    return ({r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)} | box) - {i}


def _grid(rows, file) -> Sudoku:
    cands: list[str] = []
    for lineno, raw in rows:
        parts = raw.strip().strip("|").split("|")
        toks = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", raw) if m.group(0) != "|"]
        if len(parts) != 3 or len(toks) != 9:
            raise ParseError(f"a pencil-mark row holds 3 boxes of 3 cells, got {len(toks)} cells", file, lineno, 1)
        for tok, col in toks:
            if not re.fullmatch(r"[1-9]{1,9}", tok) or len(set(tok)) != len(tok):
                raise ParseError(f"bad candidates {tok[:12]!r} (distinct digits 1-9)", file, lineno, col)
            cands.append(tok)
    givens = []
    for i, tok in enumerate(cands):
        single = len(tok) == 1 and not any(tok in cands[j] for j in _peers(i))
        givens.append(int(tok) if single else 0)
    return Sudoku(9, givens, box=(3, 3))


def read_hodoku(text: str, file: str | None = None) -> list[Entry]:
    """Read HoDoKu pencil-mark grids (9 rows between ``.---`` and ``'---`` borders)."""
    out: list[Entry] = []
    rows: list[tuple[int, str]] = []
    start = None

    def flush():
        nonlocal rows, start
        if rows or start is not None:
            line = start or rows[0][0]
            try:
                if len(rows) != 9:
                    raise ParseError(f"a pencil-mark grid has 9 rows, got {len(rows)}", file, line, 1)
                out.append(Entry(_grid(rows, file), None, file, line, None, "hodoku"))
            except (ParseError, GridsatError) as e:
                out.append(Entry(None, locate(e, file, line, 1), file, line, None, "hodoku"))
        rows, start = [], None

    for lineno, raw in enumerate(split_lines(text), 1):
        s = raw.strip()
        if not s:
            continue
        if _BORDER.match(raw):
            if _TOP.match(raw) and (rows or start is not None):
                flush()
            if start is None and not rows:
                start = lineno
            if s.startswith("'"):
                flush()
            continue
        if s.startswith("|"):
            rows.append((lineno, raw))
        else:
            flush()
            out.append(Entry(None, ParseError("expected a pencil-mark row '| ... |' or a border", file, lineno, 1),
                             file, lineno, None, "hodoku"))
    flush()
    return out


def write_hodoku(puzzle: Sudoku, solution=None) -> str:
    """Not written: the format is read only."""
    raise ParseError("the hodoku pencil-mark format is read only; write grid, line or sudokuwiki instead")


def sniff_hodoku(text: str) -> bool:
    """The first content line is a ``.----.----.----.`` border."""
    for raw in text.split("\n", 20)[:20]:
        if raw.strip():
            return bool(_TOP.match(raw))
    return False


register_format(Format("hodoku", "sudoku", read_hodoku, write_hodoku, sniff_hodoku, many=True,
                       description="HoDoKu pencil-mark grids (read only): set digits are givens, "
                                   "candidates are dropped",
                       priority=8))
