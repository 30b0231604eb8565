"""Kakuro text formats: janko.at's text, puzz.link URLs and JSON.

``kakuro`` (janko.at): a header ``rows cols`` (the clue row and column included), then
``rows`` lines of ``cols`` tokens: ``0`` a white cell, ``-`` a black cell without sums,
``down,across`` a black cell with its sums (either side may be empty: ``16,`` a down sum
alone, ``,7`` an across sum alone). A file holds many puzzles separated by blank lines; a
block of a header and ``rows`` lines of digits and ``-`` right after a puzzle is that
puzzle's solution (checked); lines starting with ``#`` are comments. Detection needs a
token with a comma.

``kakuro-puzzlink``: ``https://puzz.link/p?kakuro/<cols>/<rows>/<body>`` in pzprjs's
encoding, ``cols`` and ``rows`` counting the inner board (the first row and column hold the
outside sums): the inner cells row by row (a run of ``k`` white cells as the base-36 letter
``k + 19``, a black cell ``.`` or its down and across sums as one character each), then the
down sums above the columns and the across sums beside the rows that start white.

JSON: ``{"kind": "kakuro", "rows": R, "cols": C, "cells": [[null or [down, across], ...], ...],
"name": ..., "solution": [[digit or 0, ...], ...]}``.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...errors import ParseError, PuzzleError, UnsupportedError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.common import iter_line_blocks, line_blocks
from ...formats.oneline import generated_object, register_generated
from ...verifier import verify
from .puzzle import MAX_SIDE, Kakuro

__all__ = ["read_janko", "write_janko", "sniff_janko", "from_json", "to_json", "guess", "read_puzzlink", "write_puzzlink"]

_CLUE = re.compile(r"(\d{0,2}),(\d{0,2})")
_TOKEN = re.compile(r"\S+")


def _tokens(line: str) -> list[tuple[int, str]]:
    """``(column, token)`` of a line's whitespace-separated tokens (1-based columns)."""
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line)]


def _header(block, file) -> tuple[int, int]:
    no, line = block[0]
    toks = line.split()  # (the columns of the line's tokens are found only for a fault)
    if len(toks) != 2 or not all(t.isascii() and t.isdigit() and len(t) <= 3 for t in toks):
        raise ParseError("expected a header 'rows cols'", file, no, _tokens(line)[0][0] if toks else 1)
    rows, cols = int(toks[0]), int(toks[1])
    for k, v, what in ((0, rows, "rows"), (1, cols, "columns")):
        if not 2 <= v <= MAX_SIDE:
            raise ParseError(f"a kakuro board has 2 to {MAX_SIDE} {what}, got {v}", file, no, _tokens(line)[k][0])
    return rows, cols


def _rows(block, rows: int, cols: int, file) -> list[list[str]]:
    """The tokens of the ``rows`` lines below the header, each line of ``cols`` tokens."""
    if len(block) == rows + 1:
        out = [line.split() for _, line in block[1:]]
        if all(len(toks) == cols for toks in out):
            return out
    _grid(block, rows, cols, file)  # (raises the located fault)
    raise AssertionError("unreachable")


def _grid(block, rows: int, cols: int, file) -> list[list[tuple[int, int, str]]]:
    """The ``rows`` lines below the header as ``(line, column, token)``, each of ``cols`` tokens."""
    if len(block) < rows + 1:
        no, line = block[-1]
        raise ParseError(f"a {rows}x{cols} kakuro has {rows} rows below its header, got {len(block) - 1}",
                         file, no + 1, 1)
    if len(block) > rows + 1:
        raise ParseError(f"a {rows}x{cols} kakuro has {rows} rows; this line is one too many", file, block[rows + 1][0], 1)
    out = []
    for k, (no, line) in enumerate(block[1:], 1):
        toks = _tokens(line)
        if len(toks) != cols:
            col = toks[cols][0] if len(toks) > cols else len(line.rstrip()) + 1
            raise ParseError(f"row {k} has {len(toks)} cells, expected {cols}", file, no, col)
        out.append([(no, col, tok) for col, tok in toks])
    return out


#: token -> its cell, for the tokens read so far in this process (only valid ones are kept: a
#: token is checked the first time it comes, its cell then looked up)
_CELL_OF: dict[str, Any] = {"0": None, ".": None, "-": (0, 0)}


def _cell(tok: str, file, where: tuple[int, str], k: int):
    """The cell of token ``tok``, the ``k``-th (from 0) of line ``where`` (its number and text),
    kept in :data:`_CELL_OF`, or the located fault: a digit on a white cell, not a cell, a sum
    outside 1..45."""
    m = _CLUE.fullmatch(tok)
    if m is None:
        what = ("a digit on a white cell: a white cell is '0' and a clue is 'down,across'"
                if tok.isdigit() else "not a cell: '0' white, '-' black, 'down,across' a clue cell")
        raise ParseError(f"{tok!r} is {what}", file, where[0], _tokens(where[1])[k][0])
    down, across = (int(g) if g else 0 for g in m.groups())
    for v, side in ((down, "down"), (across, "across")):
        if m.group(1 if side == "down" else 2) and not 1 <= v <= 45:
            raise ParseError(f"the {side} sum {v} is outside 1..45", file, where[0], _tokens(where[1])[k][0])
    cell = (down, across)
    if tok.isascii():  # (a bounded table: at most three characters either side of the comma)
        _CELL_OF[tok] = cell
    return cell


def _puzzle(block, file, name=None) -> Kakuro:
    rows, cols = _header(block, file)
    lines = _rows(block, rows, cols, file)
    cells: list = []
    take = _CELL_OF.__getitem__
    for k, toks in enumerate(lines, 1):
        try:
            row = list(map(take, toks))
        except KeyError:  # a token not met before: checked (and kept) one by one
            row = [_CELL_OF[tok] if tok in _CELL_OF else _cell(tok, file, block[k], j) for j, tok in enumerate(toks)]
        cells += row
    try:
        return Kakuro._read(rows, cols, cells, name)
    except PuzzleError as e:
        m = re.match(r"r(\d+)c(\d+):", str(e))
        r, c = (int(m.group(1)) - 1, int(m.group(2)) - 1) if m else (-1, -1)
        no, col = (block[r + 1][0], _tokens(block[r + 1][1])[c][0]) if 0 <= r < rows and 0 <= c < cols \
            else (block[0][0], 1)
        raise ParseError(str(e), file, no, col) from None


def _solution(puzzle: Kakuro, block, file) -> tuple[int, ...]:
    grid = _grid(block, puzzle.rows, puzzle.cols, file)
    out = []
    for row in grid:
        for no, col, tok in row:
            if tok in ("-", "0"):
                out.append(0)
            elif tok.isascii() and tok.isdigit() and len(tok) == 1:
                out.append(int(tok))
            else:
                raise ParseError(f"{tok!r} is not a solution cell: a digit 1..9 or '-'", file, no, col)
    wrong = verify(puzzle, tuple(out))
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle above: {wrong[0]}", file, block[0][0], 1)
    return tuple(out)


def _is_solution(block) -> bool:
    return all(t == "-" or (t.isdigit() and len(t) == 1) for _, line in block[1:] for t in line.split())


def read_janko(text: str, file: str | None = None, **_: Any) -> list[Entry]:
    """Every puzzle of a janko.at kakuro text (blank-line separated), each an :class:`Entry`."""
    entries: list[Entry] = []
    for block in line_blocks(text):
        start = block[0][0]
        try:
            rows, cols = _header(block, file)
            prev = entries[-1] if entries else None
            if (prev is not None and prev.ok and prev.solution is None and _is_solution(block)
                    and (prev.puzzle.rows, prev.puzzle.cols) == (rows, cols)):
                prev.solution = _solution(prev.puzzle, block, file)
                continue
            entries.append(Entry(_puzzle(block, file), None, file, start, format="kakuro"))
        except ParseError as e:
            entries.append(Entry(None, e, file, start, format="kakuro"))
    if not entries:
        entries.append(Entry(None, ParseError("no kakuro puzzle found", file, 1, 1), file, 1))
    return entries


def _token(cell) -> str:
    if cell is None:
        return "0"
    down, across = cell
    if not down and not across:
        return "-"
    return f"{down or ''},{across or ''}"


def write_janko(puzzle: Kakuro, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text (with ``solution``: a solution block below it)."""
    R, C = puzzle.rows, puzzle.cols
    lines = [f"{R} {C}"]
    lines += [" ".join(_token(puzzle.cells[r * C + c]) for c in range(C)) for r in range(R)]
    if solution is not None:
        lines += ["", f"{R} {C}"]
        lines += [" ".join(str(v) if v else "-" for v in solution[r * C:(r + 1) * C]) for r in range(R)]
    return "\n".join(lines) + "\n"


def sniff_janko(text: str) -> bool:
    """Whether ``text`` starts with a janko.at kakuro: a ``rows cols`` header, full rows, a ``down,across`` token."""
    block = next(iter_line_blocks(text[:200_000]), None)
    if block is None:
        return False
    toks = block[0][1].split()
    if len(toks) != 2 or not all(t.isascii() and t.isdigit() and len(t) <= 3 for t in toks):
        return False  # (a number thousands of digits long is past int()'s limit; no board is that big)
    rows, cols = int(toks[0]), int(toks[1])
    if len(block) != rows + 1:
        return False
    lines = [line.split() for _, line in block[1:]]
    if any(len(toks) != cols for toks in lines):
        return False
    body = [t for toks in lines for t in toks]
    return any("," in t for t in body) and all(t in ("0", "-") or _CLUE.fullmatch(t) for t in body)


def guess(text: str, early: bool) -> str | None:
    """``kakuro`` for a text no format claims whose first rows hold a ``down,across`` token, so
    its reader says what is wrong."""
    blocks = line_blocks(text[:20_000])
    if not blocks or len(blocks[0]) < 2:
        return None
    toks = _tokens(blocks[0][0][1])
    if len(toks) != 2 or not all(t.isdigit() for _, t in toks):
        return None
    body = [t for _, line in blocks[0][1:] for _, t in _tokens(line)]
    return "kakuro" if any(_CLUE.fullmatch(t) and t != "," for t in body) else None


# ---------------------------------------------------------------------- JSON
def from_json(obj: dict[str, Any]) -> tuple[Kakuro, tuple[int, ...] | None]:
    """A puzzle (and its solution, if the object holds one) from a decoded JSON object."""
    R, C = obj.get("rows"), obj.get("cols")
    if not isinstance(R, int) or not isinstance(C, int) or isinstance(R, bool) or isinstance(C, bool):
        raise ParseError('"rows" and "cols" must be the board\'s size')
    grid = obj.get("cells")
    if not isinstance(grid, list) or len(grid) != R or any(not isinstance(r, list) or len(r) != C for r in grid):
        raise ParseError(f'"cells" must be {R} rows of {C} cells (null white, [down, across] black)')
    cells = [None if v is None else tuple(v) if isinstance(v, list) else v for r in grid for v in r]
    name = obj.get("name")
    try:
        p = Kakuro(R, C, cells, name=None if name is None else str(name))
    except PuzzleError as e:
        raise ParseError(str(e)) from None
    sol = obj.get("solution")
    if sol is None:
        return p, None
    if not isinstance(sol, list) or len(sol) != R or any(not isinstance(r, list) or len(r) != C for r in sol):
        raise ParseError(f'"solution" must be {R} rows of {C} digits (0 black)')
    values = tuple(v for r in sol for v in r)
    wrong = verify(p, values)
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle: {wrong[0]}")
    return p, values


def to_json(puzzle: Kakuro, solution: Sequence[int] | None = None) -> dict:
    """The puzzle as a JSON-ready object (with ``solution`` rows when given)."""
    R, C = puzzle.rows, puzzle.cols
    d: dict[str, Any] = {"kind": "kakuro", "rows": R, "cols": C,
                         "cells": [[None if v is None else list(v) for v in puzzle.cells[r * C:(r + 1) * C]]
                                   for r in range(R)]}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = [list(solution[r * C:(r + 1) * C]) for r in range(R)]
    return d


register_format(Format("kakuro", "kakuro", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at kakuro: 'rows cols' header, rows of 0 / - / down,across",
                       priority=3, certain=True))
register_json_kind("kakuro", from_json, to_json)


def _load_generated(obj: dict, line: str, name, kind, box) -> Kakuro:
    """The puzzle of a ``gridsat generate --json`` object: its line is the puzzle's JSON object."""
    p, _ = from_json(generated_object(line))
    return Kakuro(p.rows, p.cols, p.cells, name=name)


register_generated(("kakuro",), _load_generated)


# ---------------------------------------------------------------------- puzz.link
_URL = re.compile(r"(?:https?://[^\s/?]+/)?p(?:\.html)?\?kakuro/(\d{1,6})/(\d{1,6})/([0-9a-zA-Z.]*)")


def _decval(ch: str) -> int | None:
    if ch.isdigit():
        return int(ch)
    if "a" <= ch <= "j":
        return ord(ch) - ord("a") + 10
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 20
    return None


def _encval(v: int) -> str:
    if 1 <= v <= 9:
        return str(v)
    if 10 <= v <= 19:
        return chr(ord("a") + v - 10)
    if 20 <= v <= 45:
        return chr(ord("A") + v - 20)
    return "0"


def _one_url(url: str, file, no: int | None, col: int) -> Kakuro:
    m = _URL.fullmatch(url)
    if m is None:
        raise ParseError("not a puzz.link kakuro URL (p?kakuro/<cols>/<rows>/<body>)", file, no, col)
    cols, rows, body = int(m.group(1)), int(m.group(2)), m.group(3)
    at = col + m.start(3)
    if not 1 <= cols < MAX_SIDE or not 1 <= rows < MAX_SIDE:
        raise ParseError(f"a kakuro board has 1 to {MAX_SIDE - 1} inner rows and columns, got {cols}x{rows}",
                         file, no, col)
    R, C = rows + 1, cols + 1
    cells: list = [(0, 0)] * C + [None] * (R * C - C)
    for r in range(1, R):
        cells[r * C] = (0, 0)
    inner = [r * C + c for r in range(1, R) for c in range(1, C)]
    i = k = 0
    while k < len(inner):
        if i >= len(body):
            raise ParseError(f"the URL's body ends after {k} of {len(inner)} cells", file, no, at + i)
        ch = body[i]
        if "k" <= ch <= "z":
            k += int(ch, 36) - 19
            i += 1
            continue
        if ch == ".":
            cells[inner[k]] = (0, 0)
            i += 1
        else:
            pair = [_decval(x) for x in body[i:i + 2]]
            if len(pair) != 2 or None in pair:
                raise ParseError(f"{body[i:i + 2]!r} is not a pair of sums", file, no, at + i)
            cells[inner[k]] = (pair[0], pair[1])
            i += 2
        k += 1
    if k > len(inner):
        raise ParseError(f"the URL's body runs past the board's {len(inner)} cells", file, no, at + i - 1)
    edges = [(c, 0) for c in range(1, C) if cells[C + c] is None] + \
            [(r * C, 1) for r in range(1, R) if cells[r * C + 1] is None]
    for cell, slot in edges:
        v = _decval(body[i]) if i < len(body) else None
        if v is None:
            raise ParseError("the URL's body lacks an outside sum", file, no, at + min(i, len(body)))
        sums = [0, 0]
        sums[slot] = v
        cells[cell] = tuple(sums)
        i += 1
    if i != len(body):
        raise ParseError("the URL's body has characters past its sums", file, no, at + i)
    try:
        return Kakuro(R, C, cells)
    except PuzzleError as e:
        raise ParseError(str(e), file, no, col) from None


def read_puzzlink(text: str, file: str | None = None, **_: Any) -> list[Entry]:
    """Every puzz.link kakuro URL of a text, one per line."""
    entries: list[Entry] = []
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        col = raw.index(line[0]) + 1
        try:
            entries.append(Entry(_one_url(line, file, no, col), None, file, no, format="kakuro-puzzlink"))
        except ParseError as e:
            entries.append(Entry(None, e, file, no, format="kakuro-puzzlink"))
    if not entries:
        entries.append(Entry(None, ParseError("no kakuro URL found", file, 1, 1), file, 1))
    return entries


def write_puzzlink(puzzle: Kakuro, solution: Sequence[int] | None = None) -> str:
    """The puzzle as a puzz.link URL (its first row and column must be black: puzz.link keeps
    the sums there outside the board)."""
    R, C, cells = puzzle.rows, puzzle.cols, puzzle.cells
    edge = list(range(C)) + [r * C for r in range(1, R)]
    if any(cells[i] is None for i in edge):
        raise UnsupportedError("puzz.link keeps a kakuro's first row and column for sums: they must be black")
    out, count = [], 0
    for r in range(1, R):
        for c in range(1, C):
            v = cells[r * C + c]
            if v is None:
                count += 1
                if count == 16:
                    out.append("z")
                    count = 0
                continue
            if count:
                out.append(chr(ord("k") + count - 1))
                count = 0
            out.append("." if v == (0, 0) else _encval(v[0]) + _encval(v[1]))
    if count:
        out.append(chr(ord("k") + count - 1))
    out += [_encval(cells[c][0]) for c in range(1, C) if cells[C + c] is None]
    out += [_encval(cells[r * C][1]) for r in range(1, R) if cells[r * C + 1] is None]
    return f"https://puzz.link/p?kakuro/{C - 1}/{R - 1}/{''.join(out)}\n"


def sniff_puzzlink(text: str) -> bool:
    """Whether every non-blank line is a puzz.link kakuro URL."""
    lines = [s.strip() for s in text.split("\n") if s.strip() and not s.strip().startswith("#")]
    return bool(lines) and all(_URL.fullmatch(s) for s in lines)


register_format(Format("kakuro-puzzlink", "kakuro", read_puzzlink, write_puzzlink, sniff_puzzlink, many=True,
                       description="puzz.link / pzprjs URLs p?kakuro/<cols>/<rows>/<body>", priority=8,
                       link="puzz.link p?kakuro"))
