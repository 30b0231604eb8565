"""The Hidato kind's one-line formats, ``hidato-line`` and ``numbrix-line`` (written by ``gridsat generate``).

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

:func:`gridsat.formats.oneline.load_generated` reads the ``gridsat generate --json`` objects
of the kinds ``hidato`` and ``numbrix`` with the loader here.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from ...formats.base import Entry, Format, is_digits, locate, register_format
from ...formats.oneline import register_generated, split_fields
from ...formats.tokens import MAX_DIGITS, is_int, split_lines
from ..base import alias_option
from .puzzle import Hidato
from .read import ADJ_WORDS, check_grid_solution, make_puzzle

__all__ = ["read_hidato_line", "write_hidato_line", "sniff_hidato_line", "hidato_line_string"]

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
    s = raw.strip()
    if not s or s.startswith(";") or s.startswith("//"):
        return None
    fields, comment = split_fields(raw)
    if not fields:  # '#' comments: _fields keeps a leading '#...' token, so this is only blank
        return None
    adj = adjacency
    if fields[0][0].lower() in ADJ_WORDS:
        adj = ADJ_WORDS[fields[0][0].lower()]
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
    # (one row has no '/' to tell the line from another kind's: the word says it)
    if values is None and (puzzle.adjacency != default_adj or puzzle.rows == 1):
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
        word = toks[0].lower() in ADJ_WORDS
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


def _generated_hidato(obj: dict, text: str, name: str | None, kind: str, box) -> Hidato:
    """A ``hidato``/``numbrix`` line: its adjacency must be the one ``kind`` says."""
    adj = ADJ_WORDS[kind]
    e = _hidato_entry(text, 1, None, adj, "json")
    if e is None:
        raise ValueError('"puzzle" is empty')
    if not e.ok:
        raise ValueError(f'"puzzle": {e.error.message}')
    p = e.puzzle
    if p.adjacency != adj:
        raise ValueError(f'"puzzle" says {"numbrix" if p.is_numbrix else "hidato"}, "kind" says {kind}')
    return Hidato.from_grid(p.grid(), p.adjacency, name=name)


def _looks_like_rows(tok: str) -> bool:
    """A line's first token looks like a one-line Hidato's rows, ``..,../..`` (for a broken line
    no format claims: the reader then says what is wrong)."""
    return "/" in tok and "," in tok and not tok.startswith(("[", "{"))


# ====================================================================== registration
for _name, _adj, _prio in (("hidato-line", "king", 4), ("numbrix-line", "rook", 3)):
    register_format(Format(_name, "hidato", _hidato_reader(_adj, _name),
                           lambda puzzle, solution=None, _a=_adj: write_hidato_line(puzzle, solution, _a),
                           sniff_hidato_line,
                           many=True,
                           description=f"one {'Hidato' if _adj == 'king' else 'Numbrix'} per line: rows split by '/', "
                                       "cells by ',', 0 open, # no cell (gridsat generate)",
                           options=frozenset({"kind"}), priority=_prio,
                           one_line=True, line_token=_looks_like_rows, head_words=frozenset(ADJ_WORDS)))
register_generated(("hidato", "numbrix"), _generated_hidato)
