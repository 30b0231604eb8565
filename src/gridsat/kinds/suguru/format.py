"""Suguru text formats: janko.at's text and JSON.

``suguru-janko`` is janko.at's text: a ``rows cols`` line, the givens row by row (a digit, or
``-`` for an empty cell; ``.`` and ``0`` are read as empty too), then the region map row by row
(one label per cell, any word without ``-`` or ``.``; janko.at numbers them ``1, 2, ...``)::

    # suguru
    3 3
    - - 2
    - - -
    1 - -
    1 1 2
    1 2 2
    3 3 2

A file may hold many puzzles, separated by blank lines; ``#`` starts a comment line, and a
comment right before a puzzle names it. A block of ``rows cols`` and the digits of every cell,
after a comment line that says ``solution``, is the published solution of the puzzle before it
(checked by the verifier). Ripple Effect puzzles are written the same way, so the text is taken
for a Suguru only with ``--kind suguru`` or when a comment before the first puzzle says
``suguru`` or ``tectonic`` (the writer puts ``# suguru`` first).

JSON: ``{"kind": "suguru", "rows": [[0, 0, 2], ...], "regions": [[1, 1, 2], ...]}`` (``rows``:
the givens, ``0`` empty; rows may also be strings of the janko.at cells), with an optional
``"name"`` and ``"solution"`` (rows of digits); ``"kind": "tectonic"`` is read alike.

Every bad input is one located error: a ragged row, a token that is not a digit, a cell in no
region (a hole in the map), a region split in two, a region of more than nine cells, a given
above its region's size.
"""

from __future__ import annotations

import json
import re
from typing import Any, Sequence

from ...errors import ParseError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.tokens import split_lines
from .puzzle import MAX_SIDE, Suguru, board_problem

__all__ = ["read_janko", "write_janko", "sniff_janko", "from_json", "to_json"]

_TOKEN = re.compile(r"\S+")
_HEADER = re.compile(r"^\s*([0-9]{1,3})\s+([0-9]{1,3})\s*$")
_MARK = re.compile(r"\b(suguru|tectonic)\b", re.I)
_EMPTY = ("-", ".", "0")


def _tokens(line: str) -> list[tuple[str, int]]:
    """The words of a line with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


class _Lines:
    """A cursor over the lines of a text, with comments and blank lines told apart."""

    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)
        self.i = 0

    def done(self) -> bool:
        return self.i >= len(self.lines)

    def peek(self) -> str:
        return self.lines[self.i]


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _digit(tok: str, file, line, col, what: str) -> int:
    if tok in _EMPTY:
        return 0
    if tok.isascii() and tok.isdigit() and len(tok) <= 2:
        return int(tok)
    raise ParseError(f"{what} {tok[:12]!r} is not a digit or '-' (empty)", file, line, col)


def _rows(cur: _Lines, count: int, cols: int, file, what: str, header_line: int) -> list[list[tuple[str, int, int]]]:
    """``count`` rows of ``cols`` tokens each: ``[(token, line, col), ...]`` per row."""
    out = []
    for k in range(count):
        if cur.done() or not cur.peek().strip() or _is_comment(cur.peek()):
            at = cur.i + 1
            raise ParseError(f"expected {count} rows of {what} after the size line {header_line}, found {k}",
                             file, at, 1)
        lineno = cur.i + 1
        line = cur.peek()
        toks = _tokens(line)
        if len(toks) != cols:
            col = toks[cols][1] if len(toks) > cols else len(line.rstrip()) + 1
            raise ParseError(f"a ragged row: {len(toks)} cells in a row of {what}, the size line says {cols}",
                             file, lineno, col)
        out.append([(t, lineno, col) for t, col in toks])
        cur.i += 1
    return out


def _block_puzzle(cur: _Lines, file, name) -> tuple[Suguru, int]:
    """A puzzle from the size line on; returns it and its first line."""
    start = cur.i + 1
    m = _HEADER.match(cur.peek())
    if not m:
        toks = _tokens(cur.peek())
        raise ParseError("expected the size line 'rows cols' (two numbers)", file, start, toks[0][1] if toks else 1)
    rows, cols = int(m.group(1)), int(m.group(2))
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParseError(f"a Suguru has 1 to {MAX_SIDE} rows and columns, got {rows}x{cols}", file, start,
                         m.start(1) + 1)
    cur.i += 1
    grows = _rows(cur, rows, cols, file, "givens", start)
    rrows = _rows(cur, rows, cols, file, "regions", start)
    givens = [_digit(t, file, ln, col, "given") for row in grows for t, ln, col in row]
    labels = [None if t in ("-", ".") else t for row in rrows for t, _, _ in row]
    problem = board_problem(rows, cols, labels, givens)
    if problem is not None:
        msg, cell, part = problem
        _, ln, col = (grows if part == "givens" else rrows)[cell // cols][cell % cols]
        raise ParseError(msg, file, ln, col)
    if not cur.done() and cur.peek().strip() and not _is_comment(cur.peek()):
        raise ParseError(f"a row after the {rows} rows of regions (puzzles are separated by a blank line)",
                         file, cur.i + 1, 1)
    return Suguru(rows, cols, labels, givens, name), start


def _block_solution(cur: _Lines, puzzle: Suguru, file) -> tuple[int, ...]:
    """A solution block (size line and the digits of every cell) of ``puzzle``, checked."""
    start = cur.i + 1
    m = _HEADER.match(cur.peek())
    if not m or (int(m.group(1)), int(m.group(2))) != (puzzle.rows, puzzle.cols):
        raise ParseError(f"expected the solution's size line '{puzzle.rows} {puzzle.cols}'", file, start, 1)
    cur.i += 1
    srows = _rows(cur, puzzle.rows, puzzle.cols, file, "the solution", start)
    values = tuple(_digit(t, file, ln, col, "solution digit") for row in srows for t, ln, col in row)
    from ...verifier import verify

    problems = verify(puzzle, values)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}", file, start, 1)
    return values


def read_janko(text: str, file: str | None = None) -> list[Entry]:
    """Every puzzle of a janko.at Suguru text (with the solutions it gives), one entry each."""
    cur = _Lines(text)
    out: list[Entry] = []
    name = None
    solution_next = False
    while not cur.done():
        line = cur.peek()
        if not line.strip():
            cur.i += 1
            name = None
            continue
        if _is_comment(line):
            words = line.strip().lstrip("#").strip()
            solution_next = bool(re.match(r"(?i)solution\b", words))
            words = re.sub(r"(?i)^(suguru|tectonic)\b\s*", "", words)
            name = None if solution_next else (words or None)
            cur.i += 1
            continue
        lineno = cur.i + 1
        try:
            if solution_next and out and out[-1].ok:
                prev = out[-1]
                prev.solution = _block_solution(cur, prev.puzzle, file)
            else:
                puzzle, start = _block_puzzle(cur, file, name)
                out.append(Entry(puzzle, None, file, start, None, "suguru-janko"))
        except ParseError as e:
            out.append(Entry(None, e if e.line is not None else ParseError(e.message, file, lineno, 1),
                             file, lineno, None, "suguru-janko"))
            while not cur.done() and cur.peek().strip():  # go on after the next blank line
                cur.i += 1
        solution_next = False
        name = None
    return out


def write_janko(puzzle: Suguru, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text (regions numbered from 1), with its solution block if given."""
    head = "# suguru" + (f" {' '.join(puzzle.name.split())}" if puzzle.name else "")
    lines = [head, f"{puzzle.rows} {puzzle.cols}"]
    width = len(str(max(puzzle.regions) + 1))
    lines += [" ".join(str(v) if v else "-" for v in row) for row in puzzle.grid()]
    lines += [" ".join(str(r + 1).rjust(width) for r in row) for row in puzzle.grid(puzzle.regions)]
    if solution is not None:
        lines += ["# solution", f"{puzzle.rows} {puzzle.cols}"]
        lines += [" ".join(map(str, row)) for row in puzzle.grid(solution)]
    return "\n".join(lines) + "\n"


def _shape_ok(text: str) -> bool:
    """The first content line is a size line ``rows cols`` followed by rows of as many cells."""
    lines = [ln for ln in split_lines(text)[:400] if ln.strip() and not _is_comment(ln)]
    if len(lines) < 3:
        return False
    m = _HEADER.match(lines[0])
    if not m:
        return False
    rows, cols = int(m.group(1)), int(m.group(2))
    body = lines[1:1 + 2 * rows]
    return len(body) == 2 * rows and all(len(ln.split()) == cols for ln in body)


def _size_first(text: str) -> bool:
    """The first content line is a size line ``rows cols`` (the kind named: its reader says what is wrong)."""
    for line in split_lines(text)[:50]:
        if line.strip() and not _is_comment(line):
            return bool(_HEADER.match(line))
    return False


def sniff_janko(text: str) -> bool:
    """A comment naming Suguru (or Tectonic) before the first puzzle, which has janko.at's shape."""
    for line in split_lines(text)[:50]:
        if not line.strip():
            continue
        if not _is_comment(line):
            return False
        if _MARK.search(line):
            return _shape_ok(text)
    return False


# ---------------------------------------------------------------------------- JSON
def _json_grid(rows: Any, what: str, labels: bool = False) -> list[list[Any]]:
    if not isinstance(rows, list) or not rows:
        raise ParseError(f'"{what}" must be a non-empty list of rows')
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, str):
            row = row.split()
        if not isinstance(row, list):
            raise ParseError(f"{what}[{i}] must be a list or a string")
        cells = []
        for v in row:
            if labels:
                if v is None or v in ("-", ".", ""):
                    cells.append(None)
                elif isinstance(v, (int, str)) and not isinstance(v, bool):
                    cells.append(v)
                else:
                    raise ParseError(f"{what}[{i}]: {str(v)[:20]} is not a region label (a number or a word)")
                continue
            if isinstance(v, str):
                if v in _EMPTY:
                    cells.append(0)
                elif v.isascii() and v.isdigit() and len(v) <= 2:
                    cells.append(int(v))
                else:
                    raise ParseError(f"{what}[{i}]: {v[:12]!r} is not a digit")
            elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 100:
                cells.append(v)
            else:
                raise ParseError(f"{what}[{i}]: {str(v)[:20]} is not a digit (0 empty)")
        if len(cells) != len(out[0] if out else cells):
            raise ParseError(f"a ragged row: {what}[{i}] has {len(cells)} cells, {what}[0] has {len(out[0])}")
        out.append(cells)
    return out


def from_json(obj: dict[str, Any]) -> tuple[Suguru, "tuple[int, ...] | None"]:
    """A puzzle (and its solution, if the object has one) from a decoded JSON object."""
    if not isinstance(obj, dict):
        raise ParseError('expected an object with "kind": "suguru"')
    givens = _json_grid(obj.get("rows"), "rows")
    regions = _json_grid(obj.get("regions"), "regions", labels=True)
    rows, cols = len(givens), len(givens[0])
    if (len(regions), len(regions[0])) != (rows, cols):
        raise ParseError(f'"regions" is {len(regions)}x{len(regions[0])}, "rows" is {rows}x{cols}')
    if not (rows <= MAX_SIDE and cols <= MAX_SIDE):
        raise ParseError(f"a Suguru has 1 to {MAX_SIDE} rows and columns, got {rows}x{cols}")
    flat_g = [v for row in givens for v in row]
    flat_r = [v for row in regions for v in row]
    problem = board_problem(rows, cols, flat_r, flat_g)
    if problem is not None:
        raise ParseError(problem[0])
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        raise ParseError('"name" must be a string')
    puzzle = Suguru(rows, cols, flat_r, flat_g, name)
    sol = obj.get("solution")
    if sol is None:
        return puzzle, None
    values = tuple(v for row in _json_grid(sol, "solution") for v in row)
    from ...verifier import verify

    problems = verify(puzzle, values)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}")
    return puzzle, values


def to_json(puzzle: Suguru, solution: Sequence[int] | None = None) -> dict:
    """The puzzle as a JSON object: kind, rows (givens), regions (numbered from 1), name, solution."""
    d: dict[str, Any] = {"kind": "suguru", "rows": puzzle.grid(),
                         "regions": [[r + 1 for r in row] for row in puzzle.grid(puzzle.regions)]}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = puzzle.grid(solution)
    return d


register_format(Format("suguru-janko", "suguru", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at Suguru text: 'rows cols', givens ('-' empty), region labels",
                       priority=4, kind_sniff=_size_first, certain=True))
register_json_kind("suguru", from_json, to_json, aliases=("tectonic",))
