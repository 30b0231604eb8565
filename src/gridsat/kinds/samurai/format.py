"""Samurai (gattai) text formats: janko.at's text and JSON.

``samurai-janko`` is janko.at's text: a ``rows cols`` line, then the whole board row by row, a
digit or ``-`` per position (``-`` for an empty cell and for a hole; ``.`` and ``0`` are read as
empty too)::

    # samurai
    21 21
    9 2 - 4 3 - - - - - - - - 3 8 - - - 7 - 2
    ...

The board's size names its layout (21x21 Samurai, 12x12 butterfly, 21x33 gattai-8, 21x45
shogun, 33x33 sumo); a comment ``# layout: windmill`` (or ``sohei``, ...) before a puzzle names
another layout of that size. A file may hold many puzzles, separated by blank lines; ``#``
starts a comment line, and another comment right before a puzzle names it. A block after a
comment line that says ``solution`` is the published solution of the puzzle before it (digits
in the cells, ``-`` in the holes; checked by the verifier). Detection takes a text for a Samurai
when its first board is a layout's size and no digit lies in a hole of a layout of that size,
and either that layout has holes (every size but the butterfly's 12x12) or a comment before the
board says ``samurai`` (the writer's first line) or names a layout.

JSON: ``{"kind": "samurai", "layout": "samurai", "rows": [[9, 2, 0, ...], ...]}`` (``rows``: the
whole board, ``0`` empty and in holes; rows may also be strings of the janko.at tokens), with
an optional ``"name"`` and ``"solution"`` (rows of the whole board, ``0`` in holes).

Every bad input is one located error: a ragged row, a token that is not a digit 1-9 or ``-``, a
digit in a hole, a board size no layout has, an unknown layout.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...errors import ParseError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.common import SIZE_LINE, LineCursor, is_comment_line, read_blocks, words
from ...formats.oneline import generated_object, register_generated
from ...formats.tokens import split_lines
from .puzzle import LAYOUTS, Samurai, layout_cells, layout_for_size

__all__ = ["read_janko", "write_janko", "sniff_janko", "from_json", "to_json"]

_HEADER = SIZE_LINE
_LAYOUT = re.compile(r"^\s*#+\s*layout\s*:\s*(\S*)", re.I)
_EMPTY = ("-", ".", "0")
_CELL = re.compile(r"^(?:[-.0-9])$")
_MARK = re.compile(r"^\s*#.*\b(samurai|gattai)\b", re.I)
_LEAD = re.compile(r"(?i)^(samurai|gattai)\b\s*")


_tokens, _is_comment, _Cursor = words, is_comment_line, LineCursor


def _digit(tok: str, file, line, col) -> int:
    if tok in _EMPTY:
        return 0
    if len(tok) == 1 and tok in "123456789":
        return int(tok)
    raise ParseError(f"{tok[:12]!r} is not a digit 1-9 or '-' (empty)", file, line, col)


def _board(cur: _Cursor, file, what: str) -> tuple[int, int, list[list[tuple[int, int, int]]], int]:
    """A size line and its rows: ``(rows, cols, [[(digit, line, col), ...], ...], first line)``."""
    start = cur.i + 1
    m = _HEADER.match(cur.peek())
    if not m:
        toks = _tokens(cur.peek())
        raise ParseError("expected the size line 'rows cols' (two numbers)", file, start, toks[0][1] if toks else 1)
    rows, cols = int(m.group(1)), int(m.group(2))
    cur.i += 1
    out = []
    for k in range(rows):
        if cur.done() or not cur.peek().strip() or _is_comment(cur.peek()):
            raise ParseError(f"expected {rows} rows of {what} after the size line {start}, found {k}",
                             file, cur.i + 1, 1)
        lineno = cur.i + 1
        line = cur.peek()
        toks = _tokens(line)
        if len(toks) != cols:
            col = toks[cols][1] if len(toks) > cols else len(line.rstrip()) + 1
            raise ParseError(f"a ragged row: {len(toks)} cells, the size line says {cols}", file, lineno, col)
        out.append([(_digit(t, file, lineno, col), lineno, col) for t, col in toks])
        cur.i += 1
    if not cur.done() and cur.peek().strip() and not _is_comment(cur.peek()):
        raise ParseError(f"a row after the {rows} rows (puzzles are separated by a blank line)", file, cur.i + 1, 1)
    return rows, cols, out, start


def _values(layout: str, grid, file) -> tuple[int, ...]:
    """The cells' digits of a board read for ``layout``; a digit in a hole is an error there."""
    inside = set(layout_cells(layout))
    for r, row in enumerate(grid):
        for c, (v, ln, col) in enumerate(row):
            if v and (r, c) not in inside:
                raise ParseError(f"r{r + 1}c{c + 1} is a hole of the {layout} layout but holds {v}", file, ln, col)
    return tuple(grid[r][c][0] for r, c in layout_cells(layout))


def _layout_of(rows: int, cols: int, named: "str | None", file, line: int, named_at) -> str:
    if named is not None:
        if named not in LAYOUTS:
            ln, col = named_at
            raise ParseError(f"unknown layout {named[:30]!r}; the layouts are {', '.join(LAYOUTS)}", file, ln, col)
        if LAYOUTS[named][:2] != (rows, cols):
            r, c, _ = LAYOUTS[named]
            raise ParseError(f"the {named} layout is {r}x{c}, the size line says {rows}x{cols}", file, line, 1)
        return named
    layout = layout_for_size(rows, cols)
    if layout is None:
        sizes = sorted({f"{r}x{c}" for r, c, _ in LAYOUTS.values()})
        raise ParseError(f"no layout is {rows}x{cols} (the layouts are {', '.join(sizes)})", file, line, 1)
    return layout


def read_janko(text: str, file: str | None = None) -> list[Entry]:
    """Every puzzle of a janko.at Samurai text (with the solutions it gives), one entry each."""
    named: list = [None, (1, 1)]  # a "# layout: NAME" comment for the next puzzle, and where it is

    def layout_comment(line: str, lineno: int) -> bool:
        m = _LAYOUT.match(line)
        if m:
            named[:] = [m.group(1), (lineno, m.start(1) + 1)]
        return m is not None

    def puzzle(cur: _Cursor, name: "str | None") -> tuple[Samurai, int]:
        rows, cols, grid, start = _board(cur, file, "the board")
        layout = _layout_of(rows, cols, named[0], file, start, named[1])
        made = Samurai(_values(layout, grid, file), layout, name)
        named[0] = None
        return made, start

    def solution(cur: _Cursor, p: Samurai) -> tuple[int, ...]:
        rows, cols, grid, start = _board(cur, file, "the solution")
        if (rows, cols) != (p.rows, p.cols):
            raise ParseError(f"the solution is {rows}x{cols}, the puzzle {p.rows}x{p.cols}", file, start, 1)
        values = _values(p.pattern, grid, file)
        from ...verifier import verify

        problems = verify(p, values)
        if problems:
            raise ParseError(f"the solution is wrong: {problems[0]}", file, start, 1)
        return values

    def forget() -> None:
        named[0] = None

    return read_blocks(text, file, "samurai-janko", puzzle, solution, lead=_LEAD, directive=layout_comment,
                       after_error=forget)


def _rows_text(puzzle: Samurai, values: Sequence[int]) -> list[str]:
    return [" ".join("-" if v is None or v == 0 else str(v) for v in row) for row in puzzle.board_rows(values)]


def write_janko(puzzle: Samurai, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text (``-`` empty and in holes), with its solution block if given."""
    lines = ["# samurai" + (f" {' '.join(puzzle.name.split())}" if puzzle.name else "")]
    if puzzle.pattern != layout_for_size(puzzle.rows, puzzle.cols):
        lines.append(f"# layout: {puzzle.pattern}")
    lines += [f"{puzzle.rows} {puzzle.cols}", *_rows_text(puzzle, puzzle.givens)]
    if solution is not None:
        lines += ["# solution", f"{puzzle.rows} {puzzle.cols}", *_rows_text(puzzle, solution)]
    return "\n".join(lines) + "\n"


def _first_board(text: str) -> "tuple[int, int, list[list[str]], str] | None":
    """The first content line's size, the rows after it and the line after those, or ``None``."""
    lines = split_lines(text)[:200]
    i = 0
    while i < len(lines) and (not lines[i].strip() or _is_comment(lines[i])):
        i += 1
    if i >= len(lines):
        return None
    m = _HEADER.match(lines[i])
    if not m:
        return None
    rows, cols = int(m.group(1)), int(m.group(2))
    body = [ln.split() for ln in lines[i + 1:i + 1 + rows]]
    after = lines[i + 1 + rows] if i + 1 + rows < len(lines) else ""
    return rows, cols, body, after


def sniff_janko(text: str) -> bool:
    """A layout's size, rows of single digits or ``-``, no digit in some layout's holes, and either
    holes in that layout or a comment naming Samurai (or gattai, or a layout) before the board."""
    first = _first_board(text)
    if first is None:
        return False
    rows, cols, body, after = first
    marked = False
    for line in split_lines(text)[:50]:
        if line.strip() and not _is_comment(line):
            break
        marked = marked or bool(_MARK.search(line) or _LAYOUT.match(line))
    fits = [name for name, (r, c, _) in LAYOUTS.items()
            if (r, c) == (rows, cols) and (marked or len(layout_cells(name)) < r * c)]
    if not fits or len(body) != rows or any(len(row) != cols for row in body):
        return False
    if any(not _CELL.match(t) for row in body for t in row):
        return False
    if after.strip() and not _is_comment(after):  # the board goes on: another kind's second block
        return False
    digits = {(r, c) for r, row in enumerate(body) for c, t in enumerate(row) if t not in _EMPTY}
    return any(digits <= set(layout_cells(name)) for name in fits)


def _size_first(text: str) -> bool:
    """The first content line is a size line (the kind named: its reader says what is wrong)."""
    for line in split_lines(text)[:50]:
        if line.strip() and not _is_comment(line):
            return bool(_HEADER.match(line))
    return False


# ---------------------------------------------------------------------------- JSON
def _json_rows(rows: Any, what: str) -> list[list[int]]:
    if not isinstance(rows, list) or not rows:
        raise ParseError(f'"{what}" must be a non-empty list of rows')
    out: list[list[int]] = []
    for i, row in enumerate(rows):
        if isinstance(row, str):
            row = row.split()
        if not isinstance(row, list):
            raise ParseError(f"{what}[{i}] must be a list or a string")
        cells = []
        for v in row:
            if isinstance(v, str) and v in _EMPTY:
                cells.append(0)
            elif isinstance(v, str) and len(v) == 1 and v in "123456789":
                cells.append(int(v))
            elif v is None:
                cells.append(0)
            elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9:
                cells.append(v)
            else:
                raise ParseError(f"{what}[{i}]: {str(v)[:20]} is not a digit 1-9 (0 empty)")
        if out and len(cells) != len(out[0]):
            raise ParseError(f"a ragged row: {what}[{i}] has {len(cells)} cells, {what}[0] has {len(out[0])}")
        out.append(cells)
    return out


def from_json(obj: dict[str, Any]) -> tuple[Samurai, "tuple[int, ...] | None"]:
    """A puzzle (and its solution, if the object has one) from a decoded JSON object."""
    if not isinstance(obj, dict):
        raise ParseError('expected an object with "kind": "samurai"')
    grid = _json_rows(obj.get("rows"), "rows")
    rows, cols = len(grid), len(grid[0])
    layout = obj.get("layout")
    if layout is None:
        layout = layout_for_size(rows, cols)
        if layout is None:
            raise ParseError(f"no layout is {rows}x{cols}")
    elif not isinstance(layout, str) or layout not in LAYOUTS:
        raise ParseError(f"unknown layout {str(layout)[:30]!r}; the layouts are {', '.join(LAYOUTS)}")
    if LAYOUTS[layout][:2] != (rows, cols):
        raise ParseError(f'the {layout} layout is {LAYOUTS[layout][0]}x{LAYOUTS[layout][1]}, "rows" is {rows}x{cols}')
    inside = set(layout_cells(layout))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v and (r, c) not in inside:
                raise ParseError(f"rows[{r}][{c}]: r{r + 1}c{c + 1} is a hole of the {layout} layout but holds {v}")
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        raise ParseError('"name" must be a string')
    puzzle = Samurai(tuple(grid[r][c] for r, c in layout_cells(layout)), layout, name)
    sol = obj.get("solution")
    if sol is None:
        return puzzle, None
    sgrid = _json_rows(sol, "solution")
    if (len(sgrid), len(sgrid[0])) != (rows, cols):
        raise ParseError(f'"solution" is {len(sgrid)}x{len(sgrid[0])}, "rows" is {rows}x{cols}')
    values = tuple(sgrid[r][c] for r, c in layout_cells(layout))
    from ...verifier import verify

    problems = verify(puzzle, values)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}")
    return puzzle, values


def to_json(puzzle: Samurai, solution: Sequence[int] | None = None) -> dict:
    """The puzzle as a JSON object: kind, layout, rows (the whole board, 0 empty and in holes), name, solution."""
    def grid(values):
        return [[v or 0 for v in row] for row in puzzle.board_rows(values)]

    d: dict[str, Any] = {"kind": "samurai", "layout": puzzle.pattern, "rows": grid(puzzle.givens)}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = grid(solution)
    return d


def _load_generated(obj: dict, line: str, name, kind, box) -> Samurai:
    """The puzzle of a ``gridsat generate --json`` object: its line is the puzzle's JSON object."""
    p, _ = from_json(generated_object(line))
    return p.with_givens(p.givens, name=name)


register_generated(("samurai",), _load_generated)
register_format(Format("samurai-janko", "samurai", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at Samurai/gattai text: 'rows cols', the whole board ('-' empty and holes)",
                       priority=4, kind_sniff=_size_first, certain=True))
register_json_kind("samurai", from_json, to_json, aliases=("gattai",))
