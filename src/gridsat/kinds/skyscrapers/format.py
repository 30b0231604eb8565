"""Skyscrapers text formats: janko.at's text, puzz.link URLs and JSON.

``skyscrapers`` (janko.at): a header ``n n m`` (side, side, tallest height; ``n n`` alone
means ``m = n``), four lines of ``n`` clues (top and bottom by column, left and right by row;
``-`` no clue), then ``n`` rows of cells (``-`` open, a height, ``0`` an empty cell when
``m < n``). A file holds many puzzles separated by blank lines; a block of only a header and
``n`` full rows right after a puzzle is that puzzle's solution (checked); lines starting with
``#`` are comments. Detection needs the three-number header; ``--kind skyscrapers`` reads
the two-number one too.

``skyscrapers-puzzlink``: ``https://puzz.link/p?skyscrapers/<cols>/<rows>/<body>`` (also
``building``): the clues in pzprjs's outside-number order (top, bottom, left, right), then
optionally the given cells, each in its number encoding (a hex digit, ``-`` and two hex
digits, ``g``-``z`` skipping 1 to 20). Its boards have heights 1..n.

JSON: ``{"kind": "skyscrapers", "size": n, "max": m, "top": [...], "bottom": [...],
"left": [...], "right": [...], "rows": [[null or height, ...], ...], "name": ...}`` (``0``
or ``null`` no clue; ``rows`` optional; ``"solution"``: rows of heights).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...errors import GridsatError, ParseError, UnsupportedError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.common import line_blocks
from ...formats.oneline import generated_object, register_generated
from ...formats.puzzlink import encode_numbers
from ...verifier import verify
from .puzzle import MAX_SIZE, SIDES, Skyscrapers

__all__ = ["guess", "read_janko", "write_janko", "sniff_janko", "read_puzzlink", "write_puzzlink", "from_json", "to_json"]


def _tokens(no: int, line: str) -> list[tuple[int, str]]:
    """``(column, token)`` of a line's whitespace-separated tokens (1-based columns)."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def _number(tok: str) -> int | None:
    return int(tok) if tok.isascii() and tok.isdigit() and len(tok) <= 3 else None


def _header(block, file) -> tuple[int, int, bool]:
    no, line = block[0]
    toks = _tokens(no, line)
    nums = [_number(t) for _, t in toks]
    if len(toks) not in (2, 3) or any(v is None for v in nums):
        raise ParseError("expected a header 'n n m' (side, side, tallest height)", file, no, toks[0][0] if toks else 1)
    if nums[0] != nums[1]:
        raise ParseError(f"a skyscrapers board is square, got {nums[0]}x{nums[1]}", file, no, toks[1][0])
    n = nums[0]
    if not 2 <= n <= MAX_SIZE:
        raise ParseError(f"a skyscrapers board has a side of 2 to {MAX_SIZE}, got {n}", file, no, toks[0][0])
    m = nums[2] if len(nums) == 3 else n
    if not 1 <= m <= n:
        raise ParseError(f"the tallest height must be 1..{n}, got {m}", file, no, toks[2][0])
    return n, m, len(nums) == 3


def _row(no: int, line: str, n: int, file, what: str) -> list[tuple[int, str]]:
    toks = _tokens(no, line)
    if len(toks) != n:
        col = toks[n][0] if len(toks) > n else len(line.rstrip()) + 1
        raise ParseError(f"{what} has {len(toks)} entries, expected {n}", file, no, col)
    return toks


def _cells(block, start: int, n: int, m: int, file, full: bool) -> list[int | None]:
    low = 0 if m < n else 1
    out: list[int | None] = []
    for no, line in block[start:start + n]:
        for col, tok in _row(no, line, n, file, f"row {no - block[start][0] + 1}"):
            if tok in ("-", ".") and not full:
                out.append(None)
                continue
            v = _number(tok)
            if v is None or not low <= v <= m:
                raise ParseError(f"{tok!r} is not a {'height' if full else 'cell'}: {low}..{m}"
                                 + ("" if full else " or '-' open"), file, no, col)
            out.append(v)
    return out


def _puzzle(block, file, name=None) -> Skyscrapers:
    n, m, _ = _header(block, file)
    if len(block) != n + 5:
        no = block[min(len(block) - 1, n + 4)][0]
        raise ParseError(f"a {n}x{n} skyscrapers puzzle has a header, 4 clue lines and {n} rows "
                         f"({n + 5} lines), got {len(block)}", file, no, 1)
    clues = []
    for (no, line), side in zip(block[1:5], SIDES):
        row = []
        for col, tok in _row(no, line, n, file, f"the {side} clue line"):
            if tok in ("-", "."):
                row.append(0)
                continue
            v = _number(tok)
            if v is None or not 1 <= v <= m:
                raise ParseError(f"the {side} clue {tok!r} is outside 1..{m}", file, no, col)
            row.append(v)
        clues.append(row)
    givens = _cells(block, 5, n, m, file, False)
    try:
        return Skyscrapers(n, m, top=clues[0], bottom=clues[1], left=clues[2], right=clues[3], givens=givens,
                           name=name)
    except GridsatError as e:
        raise ParseError(str(e), file, block[0][0], 1) from None


def read_janko(text: str, file: str | None = None, kind: str | None = None) -> list[Entry]:
    """Every puzzle of a janko.at text (blank-line separated), each an :class:`Entry`."""
    entries: list[Entry] = []
    for block in line_blocks(text):
        start = block[0][0]
        try:
            n, m, _ = _header(block, file)
            if len(block) == n + 1 and entries and entries[-1].ok and entries[-1].solution is None \
                    and entries[-1].puzzle.n == n:
                p = entries[-1].puzzle
                sol = tuple(_cells(block, 1, n, m, file, True))
                wrong = verify(p, sol)
                if wrong:
                    raise ParseError(f"the solution does not solve the puzzle above: {wrong[0]}", file, start, 1)
                entries[-1].solution = sol
                continue
            entries.append(Entry(_puzzle(block, file), None, file, start, format="skyscrapers"))
        except ParseError as e:
            entries.append(Entry(None, e, file, start, format="skyscrapers"))
    if not entries:
        entries.append(Entry(None, ParseError("no skyscrapers puzzle found", file, 1, 1), file, 1))
    return entries


def write_janko(puzzle: Skyscrapers, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text (with ``solution``: its cells filled in)."""
    n = puzzle.n
    cells = puzzle.givens if solution is None else tuple(solution)
    lines = [f"{n} {n} {puzzle.m}"]
    lines += [" ".join(str(v) if v else "-" for v in getattr(puzzle, side)) for side in SIDES]
    lines += [" ".join("-" if v is None else str(v) for v in cells[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(lines) + "\n"


def sniff_janko(text: str, loose: bool = False) -> bool:
    """Whether ``text`` starts with a janko.at skyscrapers puzzle (``loose``: a two-number header too)."""
    blocks = line_blocks(text)
    if not blocks:
        return False
    block = blocks[0]
    nums = [_number(t) for _, t in _tokens(*block[0])]
    if len(nums) not in ((2, 3) if loose else (3,)) or None in nums or nums[0] != nums[1]:
        return False
    n = nums[0]
    return len(block) == n + 5 and all(len(_tokens(*row)) == n for row in block[1:])


def guess(text: str, early: bool) -> str | None:
    """``skyscrapers`` for a text no format claims whose first line is a header ``n n m`` (asked
    late only), so its reader says what is wrong below it (two numbers could be another kind's
    ``rows cols``)."""
    blocks = line_blocks(text[:20_000])
    if early or not blocks:
        return None
    nums = [_number(t) for _, t in _tokens(*blocks[0][0])]
    return "skyscrapers" if len(nums) == 3 and None not in nums and nums[0] == nums[1] else None


# ---------------------------------------------------------------------- puzz.link
_URL = re.compile(r"(?:https?://[^\s/?]+/)?p(?:\.html)?\?(?:skyscrapers|building)/(\d{1,6})/(\d{1,6})/?([^\s/]*)(/\S*)?")
_HEX = "0123456789abcdef"


def _decode(body: str, count: int, pos: int, what: str) -> tuple[list[int], int]:
    """``count`` numbers (0 none) from ``body`` at ``pos``; the position after them."""
    out: list[int] = []
    while len(out) < count and pos < len(body):
        ch = body[pos]
        if ch in _HEX:
            out.append(_HEX.index(ch))
            pos += 1
        elif ch == "-":
            digits = body[pos + 1:pos + 3]
            if len(digits) != 2 or any(d not in _HEX for d in digits):
                raise ParseError(f"{what}: '-' must be followed by two hex digits", col=pos)
            out.append(int(digits, 16))
            pos += 3
        elif "g" <= ch <= "z":
            out += [0] * (int(ch, 36) - 15)
            pos += 1
        else:
            raise ParseError(f"{what}: {ch!r} is not a number or a skip", col=pos)
    if len(out) > count:
        raise ParseError(f"{what}: a skip runs past the last of {count}", col=pos - 1)
    return out + [0] * (count - len(out)), pos


def _one_url(url: str, file, no: int, col: int) -> Skyscrapers:
    m = _URL.fullmatch(url)
    if not m:
        raise ParseError("expected a puzz.link URL p?skyscrapers/<cols>/<rows>/<body>", file, no, col)
    cols, rows, body, rest = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if cols != rows or not 2 <= cols <= MAX_SIZE:
        raise ParseError(f"a skyscrapers board is square, 2 to {MAX_SIZE} on a side; got {cols}x{rows}", file, no, col)
    n = cols
    at = col + url.index(body) if body else col
    try:
        clues, pos = _decode(body, 4 * n, 0, "the clues")
        givens, pos = _decode(body, n * n, pos, "the cells")
        if pos < len(body) or rest:
            raise ParseError("data after the last cell", col=pos)
    except ParseError as e:
        raise ParseError(e.message, file, no, at + (e.col or 0)) from None
    for i, v in enumerate(clues):
        if v > n:
            raise ParseError(f"the {SIDES[i // n]} clue {v} is outside 1..{n}", file, no, at)
    for v in givens:
        if v > n:
            raise ParseError(f"the given {v} is outside 1..{n}", file, no, at)
    return Skyscrapers(n, n, top=clues[:n], bottom=clues[n:2 * n], left=clues[2 * n:3 * n], right=clues[3 * n:],
                       givens=[v or None for v in givens])


def read_puzzlink(text: str, file: str | None = None) -> list[Entry]:
    """One puzzle per URL line."""
    entries = []
    for no, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            entries.append(Entry(_one_url(s, file, no, line.index(s) + 1), None, file, no, format="skyscrapers-puzzlink"))
        except ParseError as e:
            entries.append(Entry(None, e, file, no, format="skyscrapers-puzzlink"))
    return entries or [Entry(None, ParseError("no puzz.link URL found", file, 1, 1), file, 1)]


def write_puzzlink(puzzle: Skyscrapers, solution: Sequence[int] | None = None) -> str:
    """The puzz.link URL of ``puzzle`` (heights 1..n only; a URL holds no solution)."""
    if puzzle.m != puzzle.n:
        raise UnsupportedError("puzz.link skyscrapers have heights 1..n; this board has empty cells")
    n = puzzle.n
    body = encode_numbers([v for side in SIDES for v in getattr(puzzle, side)])
    if any(v is not None for v in puzzle.givens):
        body += encode_numbers([v or 0 for v in puzzle.givens])
    return f"https://puzz.link/p?skyscrapers/{n}/{n}/{body}\n"


def sniff_puzzlink(text: str) -> bool:
    """Whether every non-blank line is a skyscrapers URL."""
    lines = [s.strip() for s in text.split("\n") if s.strip() and not s.strip().startswith("#")]
    return bool(lines) and all(_URL.fullmatch(s) for s in lines)


# ---------------------------------------------------------------------- JSON
def _json_list(obj: dict, key: str, n: int) -> list:
    v = obj.get(key)
    if v is None:
        return [0] * n
    if not isinstance(v, list):
        raise ParseError(f'"{key}" must be a list of {n} clues')
    return [0 if x is None else x for x in v]


def from_json(obj: dict[str, Any]) -> tuple[Skyscrapers, tuple[int, ...] | None]:
    """A puzzle (and its solution, if the object holds one) from a decoded JSON object."""
    n = obj.get("size")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ParseError('"size" must be the board\'s side')
    if not 2 <= n <= MAX_SIZE:  # (before any list of n cells is made)
        raise ParseError(f'"size": a skyscrapers board has a side of 2 to {MAX_SIZE}, got {n}')
    m = obj.get("max", n)
    rows = obj.get("rows")
    givens: list = []
    if rows is not None:
        if not isinstance(rows, list) or len(rows) != n or any(not isinstance(r, list) or len(r) != n for r in rows):
            raise ParseError(f'"rows" must be {n} rows of {n} cells (null open)')
        givens = [v for r in rows for v in r]
    name = obj.get("name")
    p = Skyscrapers(n, m, **{side: _json_list(obj, side, n) for side in SIDES}, givens=givens,
                    name=None if name is None else str(name))
    sol = obj.get("solution")
    if sol is None:
        return p, None
    if not isinstance(sol, list) or len(sol) != n or any(not isinstance(r, list) or len(r) != n for r in sol):
        raise ParseError(f'"solution" must be {n} rows of {n} heights')
    values = tuple(v for r in sol for v in r)
    wrong = verify(p, values)
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle: {wrong[0]}")
    return p, values


def to_json(puzzle: Skyscrapers, solution: Sequence[int] | None = None) -> dict:
    """The puzzle as a JSON-ready object (with ``solution`` rows when given)."""
    d: dict[str, Any] = {"kind": "skyscrapers", "size": puzzle.n, "max": puzzle.m}
    d.update({side: list(getattr(puzzle, side)) for side in SIDES})
    d["rows"] = puzzle.rows()
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = puzzle.rows(solution)
    return d


register_format(Format("skyscrapers", "skyscrapers", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at skyscrapers: 'n n m' header, clues top/bottom/left/right, rows",
                       options=frozenset({"kind"}), priority=3, kind_sniff=lambda t: sniff_janko(t, loose=True),
                       certain=True))
register_format(Format("skyscrapers-puzzlink", "skyscrapers", read_puzzlink, write_puzzlink, sniff_puzzlink,
                       many=True, description="puzz.link / pzprjs URLs p?skyscrapers/<n>/<n>/<body>", priority=8,
                       link="puzz.link p?skyscrapers"))
register_json_kind("skyscrapers", from_json, to_json)


def _load_generated(obj: dict, line: str, name, kind, box) -> Skyscrapers:
    """The puzzle of a ``gridsat generate --json`` object: its line is a URL or a JSON object."""
    text = line.strip()
    if text.startswith("{"):
        p, _ = from_json(generated_object(text))
    else:
        p = _one_url(text, None, None, 1)
    return Skyscrapers(p.n, p.m, top=p.top, bottom=p.bottom, left=p.left, right=p.right, givens=p.givens, name=name)


register_generated(("skyscrapers",), _load_generated)
