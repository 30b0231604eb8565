"""Str8ts text formats: janko.at's text and JSON.

``str8ts`` (janko.at): a header ``n n`` (rows, columns), then ``n`` rows of ``n`` cells:
``-`` an open white cell, a digit a given white cell, ``x`` a black cell, a digit followed by
``x`` (``4x``) a black cell with its digit. A file holds many puzzles separated by blank lines;
a block of a header and ``n`` full rows right after a puzzle is that puzzle's solution
(digits, ``-`` on the black cells without a digit; checked); lines starting with ``#`` are
comments. Detection needs a black cell (an ``x``) somewhere: a board without one reads as
str8ts with ``--kind str8ts``. puzz.link has no Str8ts.

JSON: ``{"kind": "str8ts", "size": n, "black": [[0 or 1, ...], ...], "rows": [[null or
digit, ...], ...], "name": ...}`` (``rows`` holds the white givens and the black cells'
digits; ``"solution"``: rows of digits, ``0`` on a black cell without one).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...errors import GridsatError, ParseError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.common import line_blocks
from ...formats.oneline import generated_object, register_generated
from ...verifier import verify
from .puzzle import MAX_SIZE, Str8ts

__all__ = ["read_janko", "write_janko", "sniff_janko", "from_json", "to_json"]

_CELL = re.compile(r"(-|\.|x|X|\d{1,2}|\d{1,2}[xX])")


def _tokens(line: str) -> list[tuple[int, str]]:
    """``(column, token)`` of a line's whitespace-separated tokens (1-based columns)."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def _number(tok: str) -> int | None:
    return int(tok) if tok.isascii() and tok.isdigit() and len(tok) <= 3 else None


def _header(block, file) -> int:
    no, line = block[0]
    toks = _tokens(line)
    nums = [_number(t) for _, t in toks]
    if len(toks) != 2 or None in nums:
        raise ParseError("expected a header 'n n' (rows, columns)", file, no, toks[0][0] if toks else 1)
    if nums[0] != nums[1]:
        raise ParseError(f"a str8ts board is square, got {nums[0]}x{nums[1]}", file, no, toks[1][0])
    n = nums[0]
    if not 2 <= n <= MAX_SIZE:
        raise ParseError(f"a str8ts board has a side of 2 to {MAX_SIZE}, got {n}", file, no, toks[0][0])
    return n


def _rows(block, n: int, file) -> list[list[tuple[int, int, str]]]:
    """The ``n`` rows after the header, each ``n`` tokens ``(line, column, token)``; ragged rows refused."""
    if len(block) != n + 1:
        no, line = block[min(len(block) - 1, n + 1)]
        what = "more" if len(block) > n + 1 else "fewer"
        raise ParseError(f"a {n}x{n} str8ts board has a header and {n} rows, this one has {what} "
                         f"({len(block) - 1} rows)", file, no, 1)
    out = []
    for r, (no, line) in enumerate(block[1:], 1):
        toks = _tokens(line)
        if len(toks) != n:
            col = toks[n][0] if len(toks) > n else len(line.rstrip()) + 1
            raise ParseError(f"row {r} has {len(toks)} cells, expected {n}", file, no, col)
        out.append([(no, col, tok) for col, tok in toks])
    return out


def _puzzle(block, file) -> Str8ts:
    n = _header(block, file)
    black: list[bool] = []
    givens: list[int | None] = []
    where: list[tuple[int, int]] = []
    for row in _rows(block, n, file):
        for no, col, tok in row:
            if not _CELL.fullmatch(tok):
                raise ParseError(f"{tok!r} is not a cell: '-' open, a digit, 'x' black or a digit and 'x'",
                                 file, no, col)
            is_black = tok[-1] in "xX"
            digits = tok[:-1] if is_black else tok
            v = _number(digits) if digits not in ("-", ".") else None
            if v is not None and not 1 <= v <= n:
                raise ParseError(f"the digit {v} is outside 1..{n}", file, no, col)
            black.append(is_black)
            givens.append(v)
            where.append((no, col))
    _repeats(n, givens, where, file)
    try:
        return Str8ts(n, black, givens)
    except GridsatError as e:
        raise ParseError(str(e), file, block[0][0], 1) from None


def _repeats(n: int, givens: Sequence[int | None], where: Sequence[tuple[int, int]], file) -> None:
    """Refuse a digit given twice in a row or column, located at the second one."""
    for lines, what in (([[r * n + c for c in range(n)] for r in range(n)], "row"),
                        ([[r * n + c for r in range(n)] for c in range(n)], "column")):
        for i, cells in enumerate(lines, 1):
            seen: dict[int, int] = {}
            for c in cells:
                v = givens[c]
                if v is None:
                    continue
                if v in seen:
                    first = seen[v]
                    raise ParseError(f"{v} is given twice in {what} {i} (also at r{first // n + 1}c{first % n + 1})",
                                     file, *where[c])
                seen[v] = c


def _solution(block, p: Str8ts, file) -> tuple[int, ...] | None:
    """The block as ``p``'s solution if it has the solution's shape (``-`` exactly on the black
    cells without a digit, digits elsewhere), else ``None``."""
    n = p.n
    try:
        rows = _rows(block, n, file)
    except ParseError:
        return None
    values = []
    for no, col, tok in (t for row in rows for t in row):
        c = len(values)
        if tok in ("-", ".") and p.black[c] and p.givens[c] is None:
            values.append(0)
            continue
        v = _number(tok)
        if v is None or (p.black[c] and p.givens[c] is None):
            return None
        values.append(v)
    sol = tuple(values)
    wrong = verify(p, sol)
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle above: {wrong[0]}", file, block[0][0], 1)
    return sol


def read_janko(text: str, file: str | None = None, kind: str | None = None) -> list[Entry]:
    """Every puzzle of a janko.at str8ts text (blank-line separated), each an :class:`Entry`."""
    entries: list[Entry] = []
    for block in line_blocks(text):
        start = block[0][0]
        try:
            n = _header(block, file)
            last = entries[-1] if entries else None
            if last is not None and last.ok and last.solution is None and last.puzzle.n == n:
                sol = _solution(block, last.puzzle, file)
                if sol is not None:
                    last.solution = sol
                    continue
            p = _puzzle(block, file)
            entries.append(Entry(p, None, file, start, format="str8ts"))
        except ParseError as e:
            entries.append(Entry(None, e, file, start, format="str8ts"))
    if not entries:
        entries.append(Entry(None, ParseError("no str8ts puzzle found", file, 1, 1), file, 1))
    return entries


def _token(p: Str8ts, c: int, v: int | None) -> str:
    if p.black[c]:
        return "x" if p.givens[c] is None else f"{p.givens[c]}x"
    return "-" if v is None else str(v)


def write_janko(puzzle: Str8ts, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text; with ``solution``, the puzzle followed by its solution block."""
    n = puzzle.n
    lines = ["# str8ts", f"{n} {n}"]  # (the comment names the kind: a board without black cells reads as others' too)
    lines += [" ".join(_token(puzzle, c, puzzle.givens[c]) for c in range(r * n, (r + 1) * n)) for r in range(n)]
    if solution is not None:
        lines += ["", f"{n} {n}"]
        lines += [" ".join(str(v) if v else "-" for v in solution[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(lines) + "\n"


def _first(text: str) -> tuple[int, list[tuple[int, str]]] | None:
    """``(n, block)`` when the first block opens with a square header ``n n``, else ``None``."""
    blocks = line_blocks(text[:20_000])
    if not blocks:
        return None
    nums = [_number(t) for _, t in _tokens(blocks[0][0][1])]
    if len(nums) != 2 or None in nums or nums[0] != nums[1]:
        return None
    return nums[0], blocks[0]


def _header_only(text: str) -> bool:
    """With ``--kind str8ts``: a text opening with a header ``n n`` is the kind's (its reader
    says what is wrong below it)."""
    blocks = line_blocks(text[:20_000])
    return bool(blocks) and [_number(t) is not None for _, t in _tokens(blocks[0][0][1])] == [True, True]


def _named(text: str) -> bool:
    """A comment naming the kind (``# str8ts``) before the first board."""
    for line in text[:20_000].splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return False
        if line.lstrip().startswith("#") and "str8ts" in line.lower():
            return True
    return False


def sniff_janko(text: str) -> bool:
    """Whether ``text`` starts with a janko.at str8ts board: a header ``n n`` and at most ``n``
    rows of cells (ragged rows too, so the reader can locate them), with at least one black
    cell (an ``x``: another kind's text with rows of ``n`` cells has none), or after a comment
    naming the kind (as the writer puts it)."""
    first = _first(text)
    if first is None:
        return False
    if _named(text):
        return True
    n, block = first
    toks = [t for _, line in block[1:] for _, t in _tokens(line)]
    return 1 < len(block) <= n + 1 and all(_CELL.fullmatch(t) for t in toks) and any(t[-1] in "xX" for t in toks)


# ---------------------------------------------------------------------- JSON
def from_json(obj: dict[str, Any]) -> tuple[Str8ts, tuple[int, ...] | None]:
    """A puzzle (and its solution, if the object holds one) from a decoded JSON object."""
    n = obj.get("size")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ParseError('"size" must be the board\'s side')
    if not 2 <= n <= MAX_SIZE:
        raise ParseError(f'"size": a str8ts board has a side of 2 to {MAX_SIZE}, got {n}')

    def grid(key: str, what: str) -> list | None:
        rows = obj.get(key)
        if rows is None:
            return None
        if not isinstance(rows, list) or len(rows) != n or any(not isinstance(r, list) or len(r) != n for r in rows):
            raise ParseError(f'"{key}" must be {n} rows of {n} {what}')
        return [v for r in rows for v in r]

    black = grid("black", "0 or 1") or [0] * (n * n)
    if any(v not in (0, 1) or isinstance(v, float) for v in black):
        raise ParseError('"black" holds 0 (white) or 1 (black) per cell')
    givens = grid("rows", "cells (null open)") or [None] * (n * n)
    name = obj.get("name")
    p = Str8ts(n, [bool(v) for v in black], givens, name=None if name is None else str(name))
    clash = p.conflicts()
    if clash:
        raise ParseError(clash[0])
    sol = grid("solution", "digits")
    if sol is None:
        return p, None
    values = tuple(sol)
    wrong = verify(p, values)
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle: {wrong[0]}")
    return p, values


def to_json(puzzle: Str8ts, solution: Sequence[int] | None = None) -> dict:
    """The puzzle as a JSON-ready object (with ``solution`` rows when given)."""
    n = puzzle.n
    d: dict[str, Any] = {"kind": "str8ts", "size": n,
                         "black": [[int(b) for b in puzzle.black[r * n:(r + 1) * n]] for r in range(n)],
                         "rows": puzzle.rows()}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = puzzle.rows(solution)
    return d


register_format(Format("str8ts", "str8ts", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at str8ts: 'n n' header, rows of '-', digits, 'x' and '4x' black cells",
                       options=frozenset({"kind"}), priority=4, kind_sniff=_header_only, certain=True))
register_json_kind("str8ts", from_json, to_json)


def _load_generated(obj: dict, line: str, name, kind, box) -> Str8ts:
    """The puzzle of a ``gridsat generate --json`` object: its line is a JSON object."""
    p, _ = from_json(generated_object(line.strip()))
    return Str8ts(p.n, p.black, p.givens, name=name)


register_generated(("str8ts",), _load_generated)
