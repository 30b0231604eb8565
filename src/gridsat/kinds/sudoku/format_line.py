"""The ``line`` format: one Sudoku per line.

``n*n`` symbols (``1-9`` then ``A``, ``B``, ... ; lowercase too), ``.``, ``0``, ``_`` or ``-``
empty; ``#`` starts a comment. Further whitespace-separated fields are kept: a full grid of
the same size that fits the givens is the solution, the rest (e.g. a rating) becomes the
puzzle's name; ``puzzle,solution`` also works.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from .puzzle import made
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import check_solution, parse_box, strip_comment
from .format_common import LINE_MIN_SIDE, box_for, require_default_box
from ...formats.tokens import split_lines
from ...puzzles.text import EMPTY_CHARS, SYMBOLS, line_string, symbol_value

__all__ = ["read_line", "write_line", "sniff_line"]


_TABLES: dict[int, dict[str, int]] = {}
_FIRST = re.compile(r"\s*(\S+)")


def _table(n: int) -> dict[str, int]:
    """Symbol -> value for an ``n x n`` board: the empty marks, then ``1-9`` (``A``... above 9), any case."""
    table = _TABLES.get(n)
    if table is None:
        table = {ch: 0 for ch in EMPTY_CHARS}
        for v in range(1, n + 1):
            table[SYMBOLS[v - 1]] = table[SYMBOLS[v - 1].lower()] = v
        _TABLES[n] = table
    return table


_BYTE_TABLES: dict[int, bytes] = {}


def _byte_table(n: int) -> bytes:
    """:func:`_table` as a ``bytes.translate`` table: each symbol's byte -> its value, 255 for any other byte."""
    table = _BYTE_TABLES.get(n)
    if table is None:
        out = bytearray([255]) * 256
        for ch, v in _table(n).items():
            out[ord(ch)] = v
        table = _BYTE_TABLES[n] = bytes(out)
    return table


def _decode_symbols(token: str, n: int, file, lineno, col0) -> list[int]:
    try:
        table = _table(n)
        return [table[ch] for ch in token]  # the fast path; the loop below locates a bad symbol
    except KeyError:
        pass
    out = []
    for j, ch in enumerate(token):
        v = symbol_value(ch)
        if v is None or (v > 9 and n <= 9):
            allowed = "1-9" + (f", A-{SYMBOLS[n - 1]}" if n > 9 else "")
            raise ParseError(f"bad character {ch!r} (expected {allowed}, '.' or '0' for empty)",
                             file, lineno, col0 + j)
        if v > n:
            raise ParseError(f"value {ch!r} ({v}) is outside 1..{n} for a {n}x{n} puzzle", file, lineno, col0 + j)
        out.append(v)
    return out


def _line_size(length: int, expect: int | None) -> int:
    n = math.isqrt(length)
    if n * n != length or n < LINE_MIN_SIDE:
        hint = f"expected {expect * expect} like the puzzle before" if expect else \
            "expected a square number: 16 (4x4), 36 (6x6), 81 (9x9), 256 (16x16), 625 (25x25), ..."
        raise ParseError(f"puzzle has {length} cells; {hint}")
    if n > len(SYMBOLS):
        raise ParseError(f"{n}x{n} is too large for the line format (at most {len(SYMBOLS)}x{len(SYMBOLS)})")
    return n


def read_line(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read the ``line`` format: one puzzle per line, comments and blank lines skipped."""
    box = parse_box(box)
    entries: list[Entry] = []
    last_n: int | None = None
    size, table, shape = -1, b"", None  # the last puzzle's cells, its symbols' byte table and box
    for lineno, raw in enumerate(split_lines(text), 1):
        # the usual line: just the n*n symbols of a puzzle of the last one's size (anything
        # else, a comment, a name or a bad symbol, maps some byte to 255 and takes the long way)
        if len(raw) == size and raw.isascii():
            values = raw.encode("ascii").translate(table)
            if 255 not in values:
                entries.append(Entry(made(last_n, values, None, shape, None), None, file, lineno, None, "line"))
                continue
        content, comment = strip_comment(raw)
        if not content.strip():
            continue
        m = _FIRST.match(content)
        token, col = m.group(1), m.start(1) + 1
        rest = content[m.end(1):].split()
        try:
            sol_token = None
            if "," in token:
                token, _, sol_token = token.partition(",")
            try:
                n = _line_size(len(token), last_n)
            except ParseError as e:
                if "|" in token:  # givens|regions: a generated jigsaw line
                    e = ParseError(f"{e.message} ('|' in a line: a jigsaw puzzle givens|regions "
                                   "is read by --format jigsaw-line)")
                raise ParseError(e.message, file, lineno, col) from None
            givens = _decode_symbols(token, n, file, lineno, col)
            if sol_token is None and rest and len(rest[0]) == n * n:
                cand = [symbol_value(ch) for ch in rest[0]]
                if all(v is not None and 0 < v <= n for v in cand):
                    sol_token, rest = rest[0], rest[1:]
            name = " ".join(rest) or comment or None
            try:
                shape = box_for(n, box)
            except GridsatError as e:
                raise locate(e, file, lineno, col) from None
            puzzle = made(n, givens, None, shape, name)  # (n*n values in 0..n, decoded above)
            solution = None
            if sol_token is not None:
                scol = col + content[col - 1:].find(sol_token) if sol_token else col
                if len(sol_token) != n * n:
                    raise ParseError(f"solution has {len(sol_token)} cells, expected {n * n}", file, lineno, scol)
                solution = tuple(_decode_symbols(sol_token, n, file, lineno, scol))
                try:
                    check_solution(puzzle, solution)
                except ParseError as e:
                    raise locate(e, file, lineno, scol) from None
            if n != last_n:
                size, table = n * n, _byte_table(n)
            last_n, shape = n, puzzle.box
            entries.append(Entry(puzzle, None, file, lineno, solution, "line"))
        except ParseError as e:
            entries.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, "line"))
    return entries


def write_line(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """One ``line``-format line (classic puzzles only: the format has no region map)."""
    require_default_box(puzzle, "line")
    if puzzle.n > len(SYMBOLS):
        raise ParseError(f"{puzzle.n}x{puzzle.n} is too large for the line format")
    out = line_string(puzzle.givens)
    if solution is not None:
        out += " " + line_string(solution)
    if puzzle.name:
        name = " ".join(puzzle.name.split())
        out += (" # " if "#" in name or solution is None and _looks_like_solution(name, puzzle.n) else " ") + name
    return out + "\n"


def _looks_like_solution(word: str, n: int) -> bool:
    first = word.split()[0] if word.split() else ""
    return len(first) == n * n


def sniff_line(text: str) -> bool:
    """The first content line starts with a square-length token of valid symbols."""
    for raw in text.split("\n", 200)[:200]:
        content, _ = strip_comment(raw)
        if not content.strip():
            continue
        token = content.split()[0].partition(",")[0]
        n = math.isqrt(len(token))
        if n * n != len(token) or n < 4 or n > len(SYMBOLS):
            return False
        if token.isascii():  # (the usual case: one translation; the same answer as the loop below)
            return 255 not in token.encode("ascii").translate(_byte_table(n))
        vals = [symbol_value(ch) for ch in token]
        return all(v is not None and v <= n for v in vals)
    return False


register_format(Format("line", "sudoku", read_line, write_line, sniff_line, many=True,
                       description="one puzzle per line: n*n symbols 1-9A-Z, '.' or '0' empty, # comments",
                       options=frozenset({"box"}), priority=5, one_line=True))
