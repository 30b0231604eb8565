"""The Sudoku kind's one-line format, ``jigsaw-line`` (written by ``gridsat generate``).

jigsaw-line
    One Sudoku per line: ``n*n`` givens symbols (``1-9`` then ``A`` = 10 ..., ``.`` or ``0``
    empty), ``|``, then ``n*n`` region labels, one character each (any characters, e.g.
    ``AABB...``)::

        .56............3.....1..........2..6|AABBBBAAABBCDAEEECDDECCCDDEEFCDFFFFF

    Boards larger than 35x35 write the givens (and, past 62 regions, the labels) as
    comma-separated numbers. A line without ``|`` is a classic puzzle (box from ``--box`` or
    the squarest). Further whitespace-separated fields: a full grid of symbols is the
    solution, the rest (or a ``#`` comment) the puzzle's name.

:func:`gridsat.formats.oneline.load_generated` reads the ``gridsat generate --json`` objects
of the kinds ``sudoku``, ``classic``, ``nonomino`` and ``jigsaw`` with the loaders here.
"""

from __future__ import annotations

import math
from typing import Sequence

from ...errors import GridsatError, ParseError
from ...formats.base import Entry, Format, is_digits, locate, register_format
from ...formats.oneline import register_generated, split_fields
from ...formats.tokens import MAX_DIGITS, is_int, split_lines
from ...puzzles.text import SYMBOLS, line_string, symbol_value
from ...verifier import verify
from ...formats.common import check_solution, parse_box
from .format_common import JIGSAW_LINE_MIN_SIDE
from .puzzle import Sudoku, default_box

__all__ = ["read_jigsaw_line", "write_jigsaw_line", "sniff_jigsaw_line", "jigsaw_line_string", "REGION_LETTERS"]

#: region labels of the one-line jigsaw form, label ``k`` is ``REGION_LETTERS[k]``.
REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _sudoku_values(tok: str, file, line: int, col: int) -> tuple[list[int], list[int]]:
    """Values of a givens/solution token (symbols, or comma-separated numbers) and each one's column."""
    if "," in tok:
        vals, cols, pos = [], [], col
        for part in tok.split(","):
            p = part.strip()
            if p in ("", ".", "0", "_", "-"):
                if p == "":
                    raise ParseError("empty cell between commas (write 0 or '.')", file, line, pos)
                vals.append(0)
            elif is_int(p, signed=False):
                vals.append(int(p))
            elif is_digits(p):
                raise ParseError(f"number {p[:12]}... has more than {MAX_DIGITS} digits", file, line, pos)
            else:
                raise ParseError(f"bad cell {p!r} (expected a number, '.' or '0')", file, line, pos)
            cols.append(pos)
            pos += len(part) + 1
        return vals, cols
    vals = []
    for j, ch in enumerate(tok):
        v = symbol_value(ch)
        if v is None:
            raise ParseError(f"bad character {ch!r} (expected 1-9, A-Z, '.' or '0' for empty)", file, line, col + j)
        vals.append(v)
    return vals, [col + j for j in range(len(tok))]


def _sudoku_size(k: int, file, line: int, col: int, what: str = "puzzle") -> int:
    n = math.isqrt(k)
    if n * n != k or n < JIGSAW_LINE_MIN_SIDE:
        raise ParseError(f"{what} has {k} cells; expected a square number: 16 (4x4), 36 (6x6), 81 (9x9), ...",
                         file, line, col)
    return n


def _parse_jigsaw_token(tok: str, file, line: int, col: int, box=None, name=None) -> Sudoku:

    left, bar, right = tok.partition("|")
    vals, cols = _sudoku_values(left, file, line, col)
    n = _sudoku_size(len(vals), file, line, col)
    for v, c in zip(vals, cols):
        if v > n:
            raise ParseError(f"value {v} is outside 1..{n} for a {n}x{n} puzzle", file, line, c)
    rcol = col + len(left) + 1
    try:
        if not bar:
            b = box
            if b is None:
                try:
                    b = default_box(n)
                except GridsatError:
                    raise ParseError(f"a {n}x{n} puzzle has no r x c boxes: add '|' and its region labels",
                                     file, line, col + len(left)) from None
            return Sudoku(n, vals, box=b, name=name)
        labels = right.split(",") if "," in right else list(right)
        if len(labels) != n * n:
            raise ParseError(f"region map has {len(labels)} labels, expected {n * n} (one per cell)",
                             file, line, rcol)
        return Sudoku(n, vals, regions=labels, name=name)
    except ParseError:
        raise
    except GridsatError as e:
        raise locate(e, file, line, rcol if bar else col) from None


def read_jigsaw_line(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read ``jigsaw-line``: one ``givens|regions`` puzzle per line (``#`` comment lines skipped)."""
    box = parse_box(box)
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        s = raw.strip()
        if not s or s.startswith(("#", ";")):
            continue
        fields, comment = split_fields(raw)
        tok, col = fields[0]
        try:
            rest = fields[1:]
            sol = None
            left = tok.partition("|")[0]
            cells = left.count(",") + 1 if "," in left else len(left)
            if rest and _solution_attempt(rest[0][0], cells):
                stok, scol = rest[0]
                if "|" in stok:
                    raise ParseError("a solution field holds no '|' and region labels", file, lineno, scol)
                vals, vcols = _sudoku_values(stok, file, lineno, scol)
                if len(vals) != cells:
                    raise ParseError(f"the solution has {len(vals)} cells, the puzzle {cells}", file, lineno, scol)
                sol = (vals, scol, vcols)
                rest = rest[1:]
            name = " ".join(t for t, _ in rest) or comment
            puzzle = _parse_jigsaw_token(tok, file, lineno, col, box, name)
            solution = None
            if sol is not None:
                solution = tuple(sol[0])
                bad = next((k for k, v in enumerate(solution) if v > puzzle.n), None)
                if bad is not None:
                    raise ParseError(f"solution value {solution[bad]} is outside 1..{puzzle.n}", file, lineno,
                                     sol[2][bad])
                try:
                    check_solution(puzzle, solution)
                except ParseError as e:
                    raise locate(e, file, lineno, sol[1]) from None
                problems = verify(puzzle, solution)
                if problems:
                    raise ParseError(f"the solution is wrong: {problems[0]}", file, lineno, sol[1])
            out.append(Entry(puzzle, None, file, lineno, solution, "jigsaw-line"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, "jigsaw-line"))
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, "jigsaw-line"))
    return out


def _solution_attempt(tok: str, cells: int) -> bool:
    """Whether a field after the puzzle is meant as its solution (then it must be one): cell
    symbols or comma-separated numbers, at least half as many as the puzzle has cells."""
    if tok.startswith("#"):
        return False
    if "," in tok:
        return tok.count(",") + 1 >= cells // 2
    return len(tok) >= max(2, cells // 2) and sum(1 for ch in tok if symbol_value(ch) is not None
                                                  or ch in ".0|") >= len(tok) * 0.8


def jigsaw_line_string(puzzle: Sudoku, values: Sequence[int] | None = None) -> str:
    """``givens|regions`` (just the givens for a classic puzzle); ``values`` replaces the givens."""
    n = puzzle.n
    vals = puzzle.givens if values is None else values
    if n <= len(SYMBOLS):
        s = line_string(vals)
    else:
        s = ",".join(str(v) for v in vals)
    if values is None and puzzle.is_jigsaw:
        if n <= len(REGION_LETTERS):
            s += "|" + "".join(REGION_LETTERS[r] for r in puzzle.regions)
        else:
            s += "|" + ",".join(str(r + 1) for r in puzzle.regions)
    return s


def write_jigsaw_line(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """One ``jigsaw-line`` line: ``givens|regions``, then the solution and name if any."""
    out = jigsaw_line_string(puzzle)
    if solution is not None:
        out += " " + jigsaw_line_string(puzzle, solution)
    if puzzle.name:
        out += " # " + " ".join(puzzle.name.split())
    return out + "\n"


def sniff_jigsaw_line(text: str) -> bool:
    """The first content line starts with ``givens|regions`` of matching square sizes (or 36x36+ numbers)."""
    for raw in split_lines(text):
        s = raw.strip()
        if not s or s.startswith(("#", ";")):
            continue
        tok = s.split()[0]
        left, bar, right = tok.partition("|")
        if not bar and left.count(",") >= 36 * 36 - 1:  # a classic board above 35x35: numbers
            try:
                vals, _ = _sudoku_values(left, None, 1, 1)
            except ParseError:
                return False
            n = math.isqrt(len(vals))
            return n * n == len(vals) and all(v <= n for v in vals)
        if not bar or "|" in right:
            return False
        try:
            vals, _ = _sudoku_values(left, None, 1, 1)
        except ParseError:
            return False
        n = math.isqrt(len(vals))
        labels = right.split(",") if "," in right else list(right)
        return n * n == len(vals) and n >= 2 and len(labels) == n * n and all(v <= n for v in vals) \
            and len(set(labels)) == n
    return False


def _generated_sudoku(obj: dict, text: str, name: str | None, kind: str, box) -> Sudoku:
    """A ``givens|regions`` (or classic givens) line; ``"regions"`` must match its map."""
    b = obj.get("box")
    b = parse_box(b) if b is not None else parse_box(box)
    tok = text.strip()
    if not tok or len(tok.split()) != 1:
        raise ValueError('"puzzle" must be one givens|regions token')
    try:
        p = _parse_jigsaw_token(tok, None, 1, 1, b, name)
    except ParseError as e:
        raise ValueError(f'"puzzle": {e.message}') from None
    regs = obj.get("regions")
    if regs is not None:
        if not isinstance(regs, list) or len(regs) != p.n * p.n:
            raise ValueError(f'"regions" must be a list of {p.n * p.n} labels')
        other = Sudoku(p.n, [0] * (p.n * p.n), regions=[tuple(r) if isinstance(r, list) else r for r in regs])
        if other.regions != p.regions:
            raise ValueError('"regions" does not match the region map in "puzzle"')
    return p


def _generated_jigsaw(obj: dict, text: str, name: str | None, kind: str, box) -> Sudoku:
    """As :func:`_generated_sudoku`, but a classic-looking line must say ``|`` and its regions."""
    p = _generated_sudoku(obj, text, name, kind, box)
    if not p.is_jigsaw and "|" not in text.strip():
        raise ValueError('a jigsaw "puzzle" needs "|" and its region labels')
    return p


def _looks_like_jigsaw(tok: str) -> bool:
    """A line's first token looks like ``givens|regions`` (for a broken line no format claims:
    the reader then says what is wrong)."""
    return "|" in tok and not tok.startswith("|")


# ====================================================================== registration
register_format(Format("jigsaw-line", "sudoku", read_jigsaw_line, write_jigsaw_line, sniff_jigsaw_line, many=True,
                       description="one puzzle per line: n*n symbols, '|', n*n region letters "
                                   "(gridsat generate jigsaw)",
                       options=frozenset({"box"}), priority=6, one_line=True, line_token=_looks_like_jigsaw))
register_generated(("sudoku", "classic", "nonomino"), _generated_sudoku)
register_generated(("jigsaw",), _generated_jigsaw)
