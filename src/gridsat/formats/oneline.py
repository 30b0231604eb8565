"""One-line formats written by ``gridsat generate``: ``jigsaw-line``, ``hidato-line``, ``numbrix-line``.

jigsaw-line
    One Sudoku per line: ``n*n`` givens symbols (``1-9`` then ``A`` = 10 ..., ``.`` or ``0``
    empty), ``|``, then ``n*n`` region labels, one character each (any characters, e.g.
    ``AABB...``)::

        .56............3.....1..........2..6|AABBBBAAABBCDAEEECDDECCCDDEEFCDFFFFF

    Boards larger than 35x35 write the givens (and, past 62 regions, the labels) as
    comma-separated numbers. A line without ``|`` is a classic puzzle (box from ``--box`` or
    the squarest). Further whitespace-separated fields: a full grid of symbols is the
    solution, the rest (or a ``#`` comment) the puzzle's name.
hidato-line, numbrix-line
    One Hidato per line: rows separated by ``/``, cells by ``,``; a number is a given, ``0``
    or ``.`` an open cell, ``#`` no cell::

        #,0,28,1,0,#/0,0,0,16,0,0/0,25,#,#,0,3/24,0,#,#,0,4/0,21,8,0,0,0/#,0,0,7,0,#
        numbrix 1,0,0,0/0,0,0,0/0,16,0,0/0,7,0,0

    A leading word ``hidato``/``king`` or ``numbrix``/``rook`` sets the adjacency (otherwise
    the format's: king for ``hidato-line``, rook for ``numbrix-line`` or ``--kind numbrix``).
    A second field of the same shape with every cell numbered is the solution; the rest (or a
    ``#`` comment) is the name. A line starting with ``#`` is a comment unless it is a row
    (``#,0,...``).

These are the lines :func:`gridsat.generators.lines.puzzle_line` writes, so
``gridsat generate ... | gridsat check`` reads them back. :func:`load_generated` reads the
objects ``gridsat generate --json`` writes (``{"kind": ..., "puzzle": "<one line>", ...}``).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..errors import GridsatError, ParseError
from ..kinds import alias_option
from .base import Entry, Format, is_digits, locate, register_format
from .tokens import MAX_DIGITS, is_int, split_lines
from ..puzzles.text import SYMBOLS, symbol_value
from ..verify import verify

if TYPE_CHECKING:
    from ..kinds.hidato.puzzle import Hidato
    from ..kinds.sudoku.puzzle import Sudoku

__all__ = ["read_jigsaw_line", "write_jigsaw_line", "sniff_jigsaw_line", "jigsaw_line_string",
           "read_hidato_line", "write_hidato_line", "sniff_hidato_line", "hidato_line_string",
           "load_generated", "REGION_LETTERS"]

#: region labels of the one-line jigsaw form, label ``k`` is ``REGION_LETTERS[k]``.
REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_ADJ_WORDS = {"hidato": "king", "king": "king", "numbrix": "rook", "rook": "rook"}

#: words that may open a one-line Hidato puzzle (its adjacency): ``numbrix 1,0,0/...``
LINE_HEAD_WORDS = ("hidato", "numbrix", "king", "rook")


def _fields(raw: str) -> tuple[list[tuple[str, int]], str | None]:
    """Whitespace fields with 1-based columns, up to a ``#`` that starts a field (a comment)."""
    out = []
    for m in re.finditer(r"\S+", raw):
        if m.group().startswith("#") and out and not m.group().startswith(("#,", "#/")):
            return out, raw[m.start():].lstrip("#").strip() or None
        out.append((m.group(), m.start() + 1))
    return out, None


# ====================================================================== jigsaw-line
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
    if n * n != k or n < 2:
        raise ParseError(f"{what} has {k} cells; expected a square number: 16 (4x4), 36 (6x6), 81 (9x9), ...",
                         file, line, col)
    return n


def _parse_jigsaw_token(tok: str, file, line: int, col: int, box=None, name=None) -> Sudoku:
    from ..kinds.sudoku.puzzle import Sudoku, default_box  # the kinds' parts, loaded with their packages when used

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
    from ..kinds.sudoku.format_common import check_solution, parse_box

    box = parse_box(box)
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        s = raw.strip()
        if not s or s.startswith(("#", ";")):
            continue
        fields, comment = _fields(raw)
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
        s = "".join("." if not v else SYMBOLS[v - 1] for v in vals)
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


# ====================================================================== hidato-line
_ROWS_RE = re.compile(r"[0-9.#]+(?:,[0-9.#]+)*(?:/[0-9.#]+(?:,[0-9.#]+)*)*")


def _is_rows(tok: str) -> bool:
    return bool(_ROWS_RE.fullmatch(tok)) and ("," in tok or "/" in tok)


def _rows_attempt(tok: str) -> bool:
    """Whether a field after the rows is meant as the solution: it has ``,`` or ``/`` and digits."""
    return ("," in tok or "/" in tok) and any(ch in "0123456789" for ch in tok)


def _parse_rows(tok: str, file, line: int, col: int) -> list[list[int | None]]:
    grid: list[list[int | None]] = []
    pos = col
    for rtext in tok.split("/"):
        row: list[int | None] = []
        for cell in rtext.split(","):
            if cell in (".", "0"):
                row.append(0)
            elif cell == "#":
                row.append(None)
            elif is_int(cell, signed=False):
                row.append(int(cell))
            elif is_digits(cell):
                raise ParseError(f"number {cell[:12]}... has more than {MAX_DIGITS} digits", file, line, pos)
            else:
                what = "nothing between the commas" if cell == "" else f"bad cell {cell!r}"
                raise ParseError(f"{what} (expected a number, 0 or '.' open, '#' no cell)", file, line, pos)
            pos += len(cell) + 1
        grid.append(row)
    widths = {len(r) for r in grid}
    if len(widths) > 1:
        raise ParseError(f"rows have different lengths ({', '.join(str(len(r)) for r in grid)} cells); "
                         "write '#' for a cell that is not on the board", file, line, col)
    return grid


def _hidato_entry(raw: str, lineno: int, file, adjacency: str, fmt_name: str) -> Entry | None:
    from ..kinds.hidato.read import check_grid_solution, make_puzzle

    s = raw.strip()
    if not s or s.startswith(";") or s.startswith("//"):
        return None
    fields, comment = _fields(raw)
    if not fields:  # '#' comments: _fields keeps a leading '#...' token, so this is only blank
        return None
    adj = adjacency
    if fields[0][0].lower() in _ADJ_WORDS:
        adj = _ADJ_WORDS[fields[0][0].lower()]
        fields = fields[1:]
        if not fields:
            return Entry(None, ParseError("expected the puzzle rows after the adjacency word", file, lineno,
                                          len(raw) - len(raw.lstrip()) + 1), file, lineno, None, fmt_name)
    tok, col = fields[0]
    if tok.startswith("#") and not _is_rows(tok):
        return None  # a comment line
    try:
        bad = next((i for i, ch in enumerate(tok) if ch not in "0123456789.#,/"), None)
        if bad is not None:
            raise ParseError(f"bad character {tok[bad]!r}: a Hidato line is rows of cells like 1,0,#/0,0,5 "
                             "(',' between cells, '/' between rows)", file, lineno, col + bad)
        grid = _parse_rows(tok, file, lineno, col)
        rest = fields[1:]
        sol_grid = None
        if rest and _rows_attempt(rest[0][0]):
            stok, scol = rest[0]
            sbad = next((i for i, ch in enumerate(stok) if ch not in "0123456789.#,/"), None)
            if sbad is not None:
                raise ParseError(f"bad character {stok[sbad]!r} in the solution field (rows of numbers like "
                                 "1,2,#/4,3,5)", file, lineno, scol + sbad)
            sol_grid = (_parse_rows(stok, file, lineno, scol), scol)
            rest = rest[1:]
        name = " ".join(t for t, _ in rest) or comment
        puzzle = make_puzzle(grid, adj, name, file, lineno, col)
        solution = None
        if sol_grid is not None:
            sgrid, scol = sol_grid
            for (r, c) in puzzle.cells:
                if r < len(sgrid) and c < len(sgrid[r]) and grid[r][c] and sgrid[r][c] != grid[r][c]:
                    raise ParseError(f"the solution has {sgrid[r][c]} at r{r + 1}c{c + 1} where the given is "
                                     f"{grid[r][c]}", file, lineno, scol)
            solution = check_grid_solution(puzzle, [[v or 0 for v in row] for row in sgrid], file, lineno, scol)
        return Entry(puzzle, None, file, lineno, solution, fmt_name)
    except ParseError as e:
        return Entry(None, locate(e, file, lineno, col), file, lineno, None, fmt_name)


def read_hidato_line(text: str, file: str | None = None, adjacency: str = "king",
                     fmt_name: str = "hidato-line") -> list[Entry]:
    """Read one-line Hidato/Numbrix puzzles, one per line."""
    out = []
    for lineno, raw in enumerate(split_lines(text), 1):
        e = _hidato_entry(raw, lineno, file, adjacency, fmt_name)
        if e is not None:
            out.append(e)
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, fmt_name))
    return out


def hidato_line_string(puzzle: Hidato, values: Sequence[int] | None = None, default_adj: str = "king") -> str:
    """Rows joined by ``/``, cells by ``,`` (``0`` open, ``#`` no cell).

    The adjacency word (``numbrix ``, or ``hidato `` under ``default_adj="rook"``) comes first
    when the puzzle's adjacency is not ``default_adj``; ``values`` (a solution) has no word.
    """
    body = "/".join(",".join("#" if v is None else str(v) for v in row) for row in puzzle.grid(values))
    if values is None and puzzle.adjacency != default_adj:
        return ("numbrix " if puzzle.is_numbrix else "hidato ") + body
    return body


def write_hidato_line(puzzle: Hidato, solution: Sequence[int] | None = None, default_adj: str = "king") -> str:
    """One ``hidato-line`` line: the rows, then the solution and name if any."""
    out = hidato_line_string(puzzle, None, default_adj)
    if solution is not None:
        out += " " + hidato_line_string(puzzle, solution)
    if puzzle.name:
        out += " # " + " ".join(puzzle.name.split())
    return out + "\n"


def sniff_hidato_line(text: str) -> bool:
    """The first content line is ``[hidato|numbrix] r1c1,r1c2,.../r2c1,...``: with the leading word,
    or with at least one ``/`` and one given number."""
    for raw in split_lines(text):
        toks = raw.split()
        if not toks or raw.strip().startswith((";", "//")):
            continue
        word = toks[0].lower() in _ADJ_WORDS
        if word:
            toks = toks[1:]
        if not toks:
            return False
        if toks[0].startswith("#") and not _is_rows(toks[0]):
            continue  # comment
        # without a leading word the line needs a given number: './.' is no evidence of a Hidato
        return _is_rows(toks[0]) and (word or ("/" in toks[0] and any(c.strip("0") and c.isdigit()
                                                                     for c in re.split(r"[,/]", toks[0]))))
    return False


def _hidato_reader(default_adj: str, fmt_name: str):
    def read(text: str, file: str | None = None, kind: str | None = None) -> list[Entry]:
        adj = alias_option(kind, "adjacency", default_adj)
        return read_hidato_line(text, file, adj, fmt_name)

    return read


# ====================================================================== generator JSON objects
def load_generated(obj: dict, kind: str | None = None, *,
                   box: "str | tuple[int, int] | None" = None) -> tuple[Any, None]:
    """The puzzle of a ``gridsat generate --json`` object (``"puzzle"``: its one-line text).

    Parameters
    ----------
    obj : dict
        The decoded object.
    kind : str, optional
        The object's kind (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``; default its
        ``"kind"``, else ``sudoku``). A ``"regions"`` list must agree with the line's region
        map; ``"box"`` (else ``box``) gives the box shape of a classic puzzle.

    Returns
    -------
    (puzzle, None)
        The name is ``"name"`` if present, else ``seed N``; the object holds no solution.

    Raises
    ------
    ValueError
        With a plain message when the object does not describe a puzzle.
    """
    text = obj["puzzle"]
    k = kind or obj.get("kind") or "sudoku"
    name = obj.get("name")
    if name is None and obj.get("seed") is not None:
        name = f"seed {obj['seed']}"
    if name is not None and not isinstance(name, str):
        name = str(name)
    if "\n" in text.strip():
        raise ValueError('"puzzle" must be one line')
    load = _GENERATED_LOADERS.get(k) if isinstance(k, str) else None
    if load is None:
        raise ValueError(f"unknown kind {k!r} for a generated puzzle")
    return load(obj, text, name, k, box), None


def _generated_hidato(obj: dict, text: str, name: str | None, kind: str, box) -> Hidato:
    """A ``hidato``/``numbrix`` line: its adjacency must be the one ``kind`` says."""
    from ..kinds.hidato.puzzle import Hidato  # the kinds' parts, loaded with their packages when used

    adj = _ADJ_WORDS[kind]
    e = _hidato_entry(text, 1, None, adj, "json")
    if e is None:
        raise ValueError('"puzzle" is empty')
    if not e.ok:
        raise ValueError(f'"puzzle": {e.error.message}')
    p = e.puzzle
    if p.adjacency != adj:
        raise ValueError(f'"puzzle" says {"numbrix" if p.is_numbrix else "hidato"}, "kind" says {kind}')
    return Hidato.from_grid(p.grid(), p.adjacency, name=name)


def _generated_sudoku(obj: dict, text: str, name: str | None, kind: str, box) -> Sudoku:
    """A ``givens|regions`` (or classic givens) line; ``"regions"`` must match its map."""
    from ..kinds.sudoku.format_common import parse_box  # the kinds' parts, loaded with their packages when used
    from ..kinds.sudoku.puzzle import Sudoku

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
    from ..kinds.sudoku.puzzle import Sudoku  # the kinds' parts, loaded with their packages when used

    p = _generated_sudoku(obj, text, name, kind, box)
    if not p.is_jigsaw and "|" not in text.strip():
        raise ValueError('a jigsaw "puzzle" needs "|" and its region labels')
    return p


#: the object's kind -> ``load(obj, line, name, kind, box) -> puzzle``
_GENERATED_LOADERS: dict[str, Callable[..., Any]] = {
    "hidato": _generated_hidato, "numbrix": _generated_hidato,
    "sudoku": _generated_sudoku, "classic": _generated_sudoku, "nonomino": _generated_sudoku,
    "jigsaw": _generated_jigsaw,
}


# ====================================================================== registration
register_format(Format("jigsaw-line", "sudoku", read_jigsaw_line, write_jigsaw_line, sniff_jigsaw_line, many=True,
                       description="one puzzle per line: n*n symbols, '|', n*n region letters "
                                   "(gridsat generate jigsaw)",
                       options=frozenset({"box"}), priority=6))
for _name, _adj, _prio in (("hidato-line", "king", 4), ("numbrix-line", "rook", 3)):
    register_format(Format(_name, "hidato", _hidato_reader(_adj, _name),
                           lambda puzzle, solution=None, _a=_adj: write_hidato_line(puzzle, solution, _a),
                           sniff_hidato_line,
                           many=True,
                           description=f"one {'Hidato' if _adj == 'king' else 'Numbrix'} per line: rows split by '/', "
                                       "cells by ',', 0 open, # no cell (gridsat generate)",
                           options=frozenset({"kind"}), priority=_prio))
