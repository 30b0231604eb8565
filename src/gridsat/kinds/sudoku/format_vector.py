"""The ``vector`` format: a bracketed list of values per puzzle, in box-major order.

Each vector holds ``n*n`` values, box 1 row by row, then box 2, ...; ``0``, ``.``, ``_`` or
``nil`` is empty. Several vectors make several puzzles, and a second vector on the line where
one ends is its solution. A ``; name: ...`` comment before a vector names the puzzle.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import HEADER_RE, NAME_RE, check_solution, parse_box, strip_comment
from .format_common import box_for, require_default_box
from ...puzzles.text import symbol_value
from ...formats.tokens import is_int, split_lines

__all__ = ["read_vector", "write_vector", "sniff_vector"]


def _box_major_index(n: int, box: tuple[int, int]) -> list[int]:
    """``order[k]`` = row-major cell of the k-th value in box-major order."""
    br, bc = box
    per_row = n // bc
    order = []
    for b in range(n):
        r0, c0 = (b // per_row) * br, (b % per_row) * bc
        for j in range(n):
            order.append((r0 + j // bc) * n + c0 + j % bc)
    return order


def _vectors(text: str, file):
    """Top-level ``[...]`` vectors: (tokens with positions, start line, end line, name)."""
    out = []
    depth = 0
    toks: list = []
    start = None
    name = None
    lines = split_lines(text)
    for lineno, raw in enumerate(lines, 1):
        m = NAME_RE.match(raw)
        if m and depth == 0:
            name = m.group(1)
            continue
        content, comment = strip_comment(raw, "#;")
        if depth == 0 and not content.strip() and comment:
            name = comment  # a '; comment' or '# comment' line before a vector names it
            continue
        head = HEADER_RE.match(content) if depth == 0 else None
        if head:
            name = head.group(1)  # 'Grid 01'
            continue
        for mt in re.finditer(r"\[|\]|[^\s,\[\]]+", content):
            t, col = mt.group(0), mt.start() + 1
            if t == "[":
                if depth == 0:
                    start = (lineno, col)
                    toks = []
                depth += 1
            elif t == "]":
                if depth == 0:
                    raise ParseError("unmatched ']'", file, lineno, col)
                depth -= 1
                if depth == 0:
                    out.append((toks, start, lineno, name))
                    name = None
            elif depth == 0:
                raise ParseError(f"unexpected {t!r} outside a [...] vector", file, lineno, col)
            else:
                toks.append((t, lineno, col))
    if depth:
        raise ParseError("unclosed '[': the vector never ends", file, start[0], start[1])
    return out


def _vector_values(toks, n, file):
    vals = []
    for t, line, col in toks:
        if t in ("nil", "_", ".", "-"):
            vals.append(0)
            continue
        v = int(t) if is_int(t, signed=False) else (symbol_value(t) if len(t) == 1 and n > 9 and t.isascii() else None)
        if v is None:
            raise ParseError(f"bad value {t!r} (expected 0..{n}, '.', '_' or nil)", file, line, col)
        if v > n:
            raise ParseError(f"value {v} is outside 1..{n}", file, line, col)
        vals.append(v)
    return vals


def read_vector(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read the ``vector`` format (box-major values, one puzzle per top-level vector)."""
    box = parse_box(box)
    try:
        vecs = _vectors(text, file)
    except ParseError as e:
        return [Entry(None, e, file, e.line, None, "vector")]
    if not vecs:
        return [Entry(None, ParseError("empty input: no [...] vector found", file, 1, 1), file, 1, None, "vector")]
    out: list[Entry] = []
    prev_end = None
    for toks, (line, col), end, name in vecs:
        try:
            k = len(toks)
            n = math.isqrt(k)
            if n * n != k or n < 2:
                raise ParseError(f"vector has {k} values, expected n*n (81 for 9x9)", file, line, col)
            b = box_for(n, box)
            vals = _vector_values(toks, n, file)
            grid = [0] * k
            for pos, cell in zip(range(k), _box_major_index(n, b)):
                grid[cell] = vals[pos]
            # a full grid starting on the line where the previous puzzle ended is that puzzle's solution
            if out and prev_end == line and out[-1].ok and out[-1].solution is None \
                    and out[-1].puzzle.n == n and all(grid):
                try:
                    check_solution(out[-1].puzzle, grid)
                except ParseError as e:
                    raise locate(e, file, line, col) from None
                out[-1].solution = tuple(grid)
                prev_end = None
                continue
            try:
                puzzle = Sudoku(n, grid, box=b, name=name)
            except GridsatError as e:
                raise locate(e, file, line, col) from None
            out.append(Entry(puzzle, None, file, line, None, "vector"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, line, col), file, line, None, "vector"))
        prev_end = end
    return out


def write_vector(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """``[...]`` in box-major order; a solution follows on the same line."""
    require_default_box(puzzle, "vector")
    order = _box_major_index(puzzle.n, puzzle.box)

    def vec(vals):
        return "[" + " ".join(str(vals[c]) for c in order) + "]"

    out = ""
    if puzzle.name:
        out = f"; name: {' '.join(puzzle.name.split())}\n"
    out += vec(puzzle.givens)
    if solution is not None:
        out += " " + vec(solution)
    return out + "\n"


def sniff_vector(text: str) -> bool:
    """Starts with ``[`` followed by a value (not a JSON object or string)."""
    body = "\n".join(c for c in (strip_comment(raw, "#;")[0] for raw in text[:10_000].split("\n"))
                     if not HEADER_RE.match(c)).lstrip()
    if not body.startswith("["):
        return False
    if body[1:].lstrip().startswith("["):
        return False  # a list of rows: sudoku-matrix (or a Hidato matrix)
    rest = body[1:].lstrip()
    if not rest or rest[0] in '{"]':
        return False
    cells = re.split(r"[\s,\[\]]+", rest[:200])[:20]
    return not (len(cells) > 4 and all(len(c) == 2 and c.isascii() and c.isdigit() for c in cells))


register_format(Format("vector", "sudoku", read_vector, write_vector, sniff_vector, many=True,
                       description="[v1 v2 ...] in box-major order (box 1 row by row, then box 2, ...)",
                       options=frozenset({"box"}), priority=5))
