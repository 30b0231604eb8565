"""The formats of boards of regions holding ``1..k`` (:mod:`gridsat.puzzles.regionboard`):
janko.at's text, JSON and puzz.link URLs, one reader and writer for every kind of the family.

A kind makes one :class:`RegionBoardText` of its puzzle class and its alias and registers the
bound readers and writers under its own format names (``<kind>-janko``, ``<kind>-puzzlink``
and the JSON kind); its own format modules document what the texts look like.

janko.at's text: a ``rows cols`` line, the givens row by row (a digit, or ``-`` for an empty
cell; ``.`` and ``0`` are read as empty too), then the region map row by row (one label per
cell). A comment right before a puzzle names it; a block of ``rows cols`` and the digits of
every cell, after a comment line that says ``solution``, is the solution of the puzzle before
it (checked by the verifier). The kinds of the family write the same text, so the writer puts
``# <kind>`` first and the sniff wants a comment naming the kind.

puzz.link: ``p?<kind>/<cols>/<rows>/<body>``, the body pzprjs's border code then its number code
(:mod:`gridsat.formats.puzzlink`).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..errors import ParseError
from ..puzzles.regionboard import MAX_SIDE, RegionBoard
from .base import Entry
from .common import SIZE_LINE, LineCursor, is_comment_line, read_blocks, strip_comment, words
from .puzzlink import decode_borders, decode_numbers, encode_borders, encode_numbers
from .tokens import split_lines

__all__ = ["RegionBoardText", "size_first"]

_EMPTY = ("-", ".", "0")


def _digit(tok: str, file, line, col, what: str) -> int:
    if tok in _EMPTY:
        return 0
    if tok.isascii() and tok.isdigit() and len(tok) <= 2:
        return int(tok)
    raise ParseError(f"{what} {tok[:12]!r} is not a digit or '-' (empty)", file, line, col)


def _rows(cur: LineCursor, count: int, cols: int, file, what: str, header_line: int) -> list[list[tuple[str, int, int]]]:
    """``count`` rows of ``cols`` tokens each: ``[(token, line, col), ...]`` per row."""
    out = []
    for k in range(count):
        if cur.done() or not cur.peek().strip() or is_comment_line(cur.peek()):
            at = cur.i + 1
            raise ParseError(f"expected {count} rows of {what} after the size line {header_line}, found {k}",
                             file, at, 1)
        lineno = cur.i + 1
        line = cur.peek()
        toks = words(line)
        if len(toks) != cols:
            col = toks[cols][1] if len(toks) > cols else len(line.rstrip()) + 1
            raise ParseError(f"a ragged row: {len(toks)} cells in a row of {what}, the size line says {cols}",
                             file, lineno, col)
        out.append([(t, lineno, col) for t, col in toks])
        cur.i += 1
    return out


def _shape_ok(text: str) -> bool:
    """The first content line is a size line ``rows cols`` followed by rows of as many cells."""
    lines = [ln for ln in split_lines(text)[:400] if ln.strip() and not is_comment_line(ln)]
    if len(lines) < 3:
        return False
    m = SIZE_LINE.match(lines[0])
    if not m:
        return False
    rows, cols = int(m.group(1)), int(m.group(2))
    body = lines[1:1 + 2 * rows]
    return len(body) == 2 * rows and all(len(ln.split()) == cols for ln in body)


def size_first(text: str) -> bool:
    """The first content line is a size line ``rows cols`` (the kind named: its reader says what is wrong)."""
    for line in split_lines(text)[:50]:
        if line.strip() and not is_comment_line(line):
            return bool(SIZE_LINE.match(line))
    return False


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


class RegionBoardText:
    """The janko.at text, JSON and puzz.link URL of one kind of region board.

    Parameters
    ----------
    cls : type
        The kind's puzzle class (a :class:`~gridsat.puzzles.regionboard.RegionBoard`): its
        ``kind`` names the formats, the JSON kind and the URL, its ``title`` the board in messages.
    alias : str
        The kind's other name, read alike in a comment, a URL and a JSON object's ``"kind"``.
    """

    def __init__(self, cls: "type[RegionBoard]", alias: str) -> None:
        self.cls, self.kind, self.title = cls, cls.kind, cls.title
        #: the names of the kind's formats, for the entries read
        self.janko, self.puzzlink = f"{cls.kind}-janko", f"{cls.kind}-puzzlink"
        words = f"{re.escape(cls.kind)}|{re.escape(alias)}"
        self._mark = re.compile(rf"\b({words})\b", re.I)
        self._lead = re.compile(rf"(?i)^({words})\b\s*")
        self._url = re.compile(r"(?:https?://[^\s/?]+/)?p(?:\.html)?\?(?:" + words
                               + r")/([^\s/]*)/([^\s/]*)/?([^\s/]*)(/\S*)?")

    # ------------------------------------------------------------------ janko.at's text
    def _block_puzzle(self, cur: LineCursor, file, name) -> tuple[RegionBoard, int]:
        """A puzzle from the size line on; returns it and its first line."""
        start = cur.i + 1
        m = SIZE_LINE.match(cur.peek())
        if not m:
            toks = words(cur.peek())
            raise ParseError("expected the size line 'rows cols' (two numbers)", file, start, toks[0][1] if toks else 1)
        rows, cols = int(m.group(1)), int(m.group(2))
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise ParseError(f"a {self.title} has 1 to {MAX_SIDE} rows and columns, got {rows}x{cols}", file, start,
                             m.start(1) + 1)
        cur.i += 1
        grows = _rows(cur, rows, cols, file, "givens", start)
        rrows = _rows(cur, rows, cols, file, "regions", start)
        givens = [_digit(t, file, ln, col, "given") for row in grows for t, ln, col in row]
        labels = [None if t in ("-", ".") else t for row in rrows for t, _, _ in row]
        problem = self.cls.problem(rows, cols, labels, givens)
        if problem is not None:
            msg, cell, part = problem
            _, ln, col = (grows if part == "givens" else rrows)[cell // cols][cell % cols]
            raise ParseError(msg, file, ln, col)
        if not cur.done() and cur.peek().strip() and not is_comment_line(cur.peek()):
            raise ParseError(f"a row after the {rows} rows of regions (puzzles are separated by a blank line)",
                             file, cur.i + 1, 1)
        return self.cls(rows, cols, labels, givens, name), start

    def _block_solution(self, cur: LineCursor, puzzle: RegionBoard, file) -> tuple[int, ...]:
        """A solution block (size line and the digits of every cell) of ``puzzle``, checked."""
        start = cur.i + 1
        m = SIZE_LINE.match(cur.peek())
        if not m or (int(m.group(1)), int(m.group(2))) != (puzzle.rows, puzzle.cols):
            raise ParseError(f"expected the solution's size line '{puzzle.rows} {puzzle.cols}'", file, start, 1)
        cur.i += 1
        srows = _rows(cur, puzzle.rows, puzzle.cols, file, "the solution", start)
        values = tuple(_digit(t, file, ln, col, "solution digit") for row in srows for t, ln, col in row)
        from ..verifier import verify

        problems = verify(puzzle, values)
        if problems:
            raise ParseError(f"the solution is wrong: {problems[0]}", file, start, 1)
        return values

    def read_janko(self, text: str, file: str | None = None) -> list[Entry]:
        """Every puzzle of a janko.at text of the kind (with the solutions it gives), one entry each."""
        return read_blocks(text, file, self.janko, lambda cur, name: self._block_puzzle(cur, file, name),
                           lambda cur, puzzle: self._block_solution(cur, puzzle, file), lead=self._lead)

    def write_janko(self, puzzle: RegionBoard, solution: Sequence[int] | None = None) -> str:
        """The puzzle in janko.at's text (regions numbered from 1), with its solution block if given."""
        head = f"# {self.kind}" + (f" {' '.join(puzzle.name.split())}" if puzzle.name else "")
        lines = [head, f"{puzzle.rows} {puzzle.cols}"]
        width = len(str(max(puzzle.regions) + 1))
        lines += [" ".join(str(v) if v else "-" for v in row) for row in puzzle.grid()]
        lines += [" ".join(str(r + 1).rjust(width) for r in row) for row in puzzle.grid(puzzle.regions)]
        if solution is not None:
            lines += ["# solution", f"{puzzle.rows} {puzzle.cols}"]
            lines += [" ".join(map(str, row)) for row in puzzle.grid(solution)]
        return "\n".join(lines) + "\n"

    def sniff_janko(self, text: str) -> bool:
        """A comment naming the kind (or its alias) before the first puzzle, which has janko.at's shape."""
        for line in split_lines(text)[:50]:
            if not line.strip():
                continue
            if not is_comment_line(line):
                return False
            if self._mark.search(line):
                return _shape_ok(text)
        return False

    # ------------------------------------------------------------------ JSON
    def from_json(self, obj: dict[str, Any]) -> tuple[RegionBoard, "tuple[int, ...] | None"]:
        """A puzzle (and its solution, if the object has one) from a decoded JSON object."""
        if not isinstance(obj, dict):
            raise ParseError(f'expected an object with "kind": "{self.kind}"')
        givens = _json_grid(obj.get("rows"), "rows")
        regions = _json_grid(obj.get("regions"), "regions", labels=True)
        rows, cols = len(givens), len(givens[0])
        if (len(regions), len(regions[0])) != (rows, cols):
            raise ParseError(f'"regions" is {len(regions)}x{len(regions[0])}, "rows" is {rows}x{cols}')
        if not (rows <= MAX_SIDE and cols <= MAX_SIDE):
            raise ParseError(f"a {self.title} has 1 to {MAX_SIDE} rows and columns, got {rows}x{cols}")
        flat_g = [v for row in givens for v in row]
        flat_r = [v for row in regions for v in row]
        problem = self.cls.problem(rows, cols, flat_r, flat_g)
        if problem is not None:
            raise ParseError(problem[0])
        name = obj.get("name")
        if name is not None and not isinstance(name, str):
            raise ParseError('"name" must be a string')
        puzzle = self.cls(rows, cols, flat_r, flat_g, name)
        sol = obj.get("solution")
        if sol is None:
            return puzzle, None
        values = tuple(v for row in _json_grid(sol, "solution") for v in row)
        from ..verifier import verify

        problems = verify(puzzle, values)
        if problems:
            raise ParseError(f"the solution is wrong: {problems[0]}")
        return puzzle, values

    def to_json(self, puzzle: RegionBoard, solution: Sequence[int] | None = None) -> dict:
        """The puzzle as a JSON object: kind, rows (givens), regions (numbered from 1), name, solution."""
        d: dict[str, Any] = {"kind": self.kind, "rows": puzzle.grid(),
                             "regions": [[r + 1 for r in row] for row in puzzle.grid(puzzle.regions)]}
        if puzzle.name:
            d["name"] = puzzle.name
        if solution is not None:
            d["solution"] = puzzle.grid(solution)
        return d

    # ------------------------------------------------------------------ puzz.link
    def _parse(self, m: "re.Match[str]", file, lineno: int, name) -> RegionBoard:
        cols_s, rows_s, body, tail = m.groups()
        for s, at in ((cols_s, 1), (rows_s, 2)):
            if not (s.isascii() and s.isdigit() and len(s) <= 3):
                raise ParseError(f"size {s[:12]!r} is not a number", file, lineno, m.start(at) + 1)
        cols, rows = int(cols_s), int(rows_s)
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise ParseError(f"a {self.title} has 1 to {MAX_SIDE} rows and columns, got {cols} columns and {rows} rows",
                             file, lineno, m.start(1) + 1)
        if tail:
            raise ParseError("data after the body", file, lineno, m.start(4) + 1)
        at = m.start(3) + 1
        used = 0
        where: list[int] = []
        try:
            labels, used = decode_borders(body, rows, cols)
            givens, read = decode_numbers(body[used:], rows * cols, where, self.title)
        except ParseError as e:
            raise ParseError(e.message, file, lineno, at + used + (e.col or 0)) from None
        rest = body[used + read:]
        if rest.strip("0"):
            raise ParseError(f"empty (off-board) cells are not supported in a {self.title}", file, lineno,
                             at + used + read)
        problem = self.cls.problem(rows, cols, labels, givens)
        if problem is not None:
            msg, cell, part = problem
            off = used + where[cell] if part == "givens" and cell < len(where) else 0
            raise ParseError(msg, file, lineno, at + off)
        return self.cls(rows, cols, labels, givens, name)

    def read_puzzlink(self, text: str, file: str | None = None) -> list[Entry]:
        """Read puzz.link URLs of the kind, one per line (a ``# comment`` after one names it)."""
        out: list[Entry] = []
        for lineno, raw in enumerate(split_lines(text), 1):
            content, comment = strip_comment(raw)
            if not content.strip():
                continue
            col = len(content) - len(content.lstrip()) + 1
            m = self._url.search(content)
            try:
                if m is None:
                    raise ParseError(f"expected a puzz.link {self.title} URL (p?{self.kind}/<cols>/<rows>/<body>)",
                                     file, lineno, col)
                puzzle = self._parse(m, file, lineno, comment or None)
                out.append(Entry(puzzle, None, file, lineno, None, self.puzzlink))
            except ParseError as e:
                out.append(Entry(None, e, file, lineno, None, self.puzzlink))
        return out

    def write_puzzlink(self, puzzle: RegionBoard, solution: Sequence[int] | None = None) -> str:
        """A puzz.link URL of the puzzle (the URL holds no answer)."""
        name = f" # {' '.join(puzzle.name.split())}" if puzzle.name else ""
        body = encode_borders(puzzle.regions, puzzle.rows, puzzle.cols) + encode_numbers(puzzle.givens)
        return f"https://puzz.link/p?{self.kind}/{puzzle.cols}/{puzzle.rows}/{body}{name}\n"

    def sniff_puzzlink(self, text: str) -> bool:
        """The first content line holds a ``p?<kind>/`` (or its alias) URL."""
        for raw in text.split("\n", 50)[:50]:
            s = strip_comment(raw)[0].strip()
            if s:
                return bool(self._url.search(s))
        return False
