"""Hidato and Numbrix text formats: native grid, Rosetta Code, Haskell matrices, game files, templates, janko.at, JSON.

Every grid format is registered twice: ``hidato-*`` reads king adjacency (rook when the
reader is called with ``kind="numbrix"``) and ``numbrix-*`` rook adjacency; both
sniff alike, with ``hidato-*`` preferred unless ``--kind numbrix`` narrows the choice. JSON
objects go through the shared ``json`` format (``"kind": "hidato"`` or ``"numbrix"``).
Grid files may hold several puzzles, separated by blank lines or header lines (``Grid 01``,
``hidato NAME``, ``numbrix``, ``puzzle NAME``; a ``# name`` comment right before a puzzle
names it); a ``solution`` header announces a verified solution of the puzzle before it (see
:mod:`.hidato_read`). Solutions are written as the same grid with every number filled in.
Reading goes through :mod:`.tokens`: ASCII digits only, at most nine, lines split at
``\\n`` only. Rows must be complete except where the table says short rows are holes.

============== =============================================================== ==================
format         cells                                                           detected by
============== =============================================================== ==================
``hidato``     numbers, ``.`` or ``0`` open, ``#`` hole                         default (1)
``rosetta``    numbers, ``_`` open, ``.`` hole; short rows are holes            a ``_`` token
``haskell``    numbers, ``0`` open, ``-1`` off-board; ``[[..],[..]]`` ok        a ``-1`` or ``[[``
``haskell2``   numbers, ``-2`` open, ``-1`` off-board; ``[[..],[..]]`` ok       a ``-2``
``game``       numbers, ``0`` open, ``-`` no cell (Haskell game files)         ``-`` and numbers
``template``   ``0`` cell, ``-`` no cell (no givens)                           only ``0``/``-``
``janko``      ``rows cols`` header, numbers, ``-`` open; full rectangle       the header (2)
``quoted``     ``"13"``, ``"-2"`` open, ``" "`` no cell; short rows are holes   quoted cells
``json``       ``{"kind": "hidato", "adjacency": ..., "rows": [...]}``         the ``json`` format
============== =============================================================== ==================

(1) Detection does not read a board shaped like an ``n x n`` Sudoku grid (give or take a row
or a cell) as a Hidato when its numbers stay at or below ``2 n``, unless it is a plausible Hidato
(distinct numbers, ``1`` and the last number given); when a Sudoku format reads it too,
detection asks for ``--kind``. Single rows and columns are not detected as Hidato boards.
(2) ``rows cols`` that match the board below; without it ``-`` is a hole (``game``).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from ...errors import ParseError, UnsupportedError
from .. import alias_option
from .puzzle import Hidato
from ...formats.base import Entry, Format, register_format, register_json_kind
from .read import CELL_READERS, check_grid_solution, detect, make_puzzle, read_grid

__all__ = ["read_grid", "write_grid", "from_json", "to_json", "STYLES", "detect"]

#: the adjacency of each kind name a JSON object or a first line may give
_KIND_ADJ = {"hidato": "king", "numbrix": "rook"}


def _kind_adjacency(kind: Any) -> str | None:
    """The adjacency of a ``hidato``/``numbrix`` kind value; ``None`` for anything else."""
    return _KIND_ADJ.get(kind) if isinstance(kind, str) else None


# ---------------------------------------------------------------------------- styles
def _w_native(v, width):
    return ("#" if v is None else "." if v == 0 else str(v)).rjust(width)


def _w_rosetta(v, width):
    return ("." if v is None else "_" if v == 0 else str(v)).rjust(width)


def _w_haskell(v, width):
    return str(-1 if v is None else v).rjust(width)


def _w_haskell2(v, width):
    return str(-1 if v is None else -2 if v == 0 else v).rjust(width)


def _w_template(v, width):
    return "-" if v is None else "0"


def _w_janko(v, width):
    return ("-" if v == 0 else str(v)).rjust(width)


def _w_game(v, width):
    return ("-" if v is None else str(v)).rjust(width)


def _w_quoted(v, width):
    return '"' + (" " if v is None else "-2" if v == 0 else str(v)).rjust(width) + '"'


#: style name -> (cell reader, cell writer, description)
STYLES: dict[str, tuple[Callable, Callable, str]] = {
    "native": (CELL_READERS["native"], _w_native, "numbers, '.' or '0' open, '#' hole; complete rows"),
    "rosetta": (CELL_READERS["rosetta"], _w_rosetta,
                "Rosetta Code: numbers, '_' open, '.' hole; short rows are holes"),
    "haskell": (CELL_READERS["haskell"], _w_haskell,
                "Haskell matrix: numbers, 0 open, -1 off the board ([[..],[..]] on one line or many)"),
    "haskell2": (CELL_READERS["haskell2"], _w_haskell2,
                 "Haskell matrix: numbers, -2 open, -1 off the board ([[..],[..]] on one line or many)"),
    "template": (CELL_READERS["template"], _w_template, "template: '0' cell, '-' no cell"),
    "game": (CELL_READERS["game"], _w_game, "game file: numbers, '0' open, '-' no cell; complete rows"),
    "janko": (CELL_READERS["janko"], _w_janko, "janko.at: 'rows cols' header, numbers, '-' open"),
    "quoted": (CELL_READERS["quoted"], _w_quoted,
               'quoted matrix print: "13", "-2" open, " " no cell; short rows are holes'),
}


# ---------------------------------------------------------------------------- writing
def write_grid(puzzle: Hidato, solution: Sequence[int] | None = None, style: str = "native") -> str:
    """The puzzle (or ``solution``, numbers per cell) as a grid in ``style``."""
    writer = STYLES[style][1]
    if style == "janko" and not puzzle.full:
        raise UnsupportedError(f"the janko.at format holds full rectangles; this board has "
                               f"{puzzle.rows * puzzle.cols - puzzle.num_cells} holes")
    if style == "template" and (solution is not None or puzzle.givens):
        raise UnsupportedError("a template holds only the board shape: no givens or solutions")
    grid = puzzle.grid(solution)
    width = len(str(puzzle.num_cells))
    if style in ("haskell", "haskell2"):
        width = max(width, 2)
    sep = "" if style == "template" else " "
    lines = []
    if style == "janko":
        lines.append(f"{puzzle.rows} {puzzle.cols}")
    elif style in ("native", "rosetta", "game", "quoted") and (puzzle.is_numbrix or puzzle.name):
        name = " ".join(str(puzzle.name).split()) if puzzle.name else ""
        lines.append(("numbrix" if puzzle.is_numbrix else "hidato") + (f" {name}" if name else ""))
    lines += [sep.join(writer(v, width) for v in row).rstrip() for row in grid]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- JSON
def _json_name(obj: dict, file, line) -> str | None:
    """The object's ``"name"``: a string, a number as its text, else a located error."""
    name = obj.get("name")
    if name is None or isinstance(name, str):
        return name
    if isinstance(name, (int, float)) and not isinstance(name, bool):
        return str(name)
    raise ParseError(f'"name" must be a string, got {type(name).__name__}', file, line, 1)


def _json_rows(rows: Any, what: str, file, line) -> list[list[int | None]]:
    """A JSON ``rows`` (or ``solution``) value as rows of cells (``None`` no cell, ``0`` open)."""
    if not isinstance(rows, list) or not rows:
        raise ParseError(f'"{what}" must be a non-empty list of rows', file, line, 1)
    native = CELL_READERS["native"]
    grid = []
    for i, row in enumerate(rows):
        if isinstance(row, str):
            try:
                grid.append([native(t) for t in row.split()])
            except ValueError as e:
                raise ParseError(f"{what}[{i}]: {e}", file, line, 1) from None
        elif isinstance(row, list):
            out = []
            for v in row:
                if v is None:
                    out.append(None)
                elif isinstance(v, int) and not isinstance(v, bool) and -1 <= v < 10 ** 9:
                    out.append(None if v == -1 else v)
                else:
                    shown = repr(v) if not isinstance(v, (list, dict)) else type(v).__name__
                    raise ParseError(f"{what}[{i}]: {shown[:30]} is not a cell (number, 0 open, null no cell)",
                                     file, line, 1)
            grid.append(out)
        else:
            raise ParseError(f"{what}[{i}] must be a list or a string", file, line, 1)
        if len(grid[-1]) != len(grid[0]):
            raise ParseError(f"{what}[{i}] has {len(grid[-1])} cells, {what}[0] has {len(grid[0])} "
                             "(write null for a cell that is not on the board)", file, line, 1)
    return grid


def from_json(obj: dict[str, Any], file: str | None = None, line: int | None = None,
              adjacency: str | None = None) -> Hidato:
    """A puzzle from a decoded JSON object ``{"kind": "hidato", "adjacency": ..., "rows": [...]}``.

    ``rows`` holds lists of numbers (``0`` open, ``null`` or ``-1`` no cell) or strings in
    the native grid syntax, all of one length. The ``json`` format reaches it through the
    ``hidato`` and ``numbrix`` JSON kinds; ``adjacency`` is the default when the object names
    none. A ``"name"`` must be a string (a number is taken as its text).
    """
    kind_adj = _kind_adjacency(obj.get("kind", "hidato")) if isinstance(obj, dict) else None
    if kind_adj is None:
        raise ParseError("expected an object with \"kind\": \"hidato\"", file, line, 1)
    adj = obj.get("adjacency") or adjacency or kind_adj
    if not isinstance(adj, str):
        raise ParseError(f'"adjacency" must be "king" or "rook", got {type(adj).__name__}', file, line, 1)
    grid = _json_rows(obj.get("rows"), "rows", file, line)
    return make_puzzle(grid, adj, _json_name(obj, file, line), file, line)


def to_json(puzzle: Hidato, solution: Sequence[int] | None = None) -> str:
    """The puzzle as JSON text (one line): kind, adjacency, rows (``null`` for no cell), name, solution."""
    d: dict[str, Any] = {"kind": "hidato", "adjacency": puzzle.adjacency, "rows": puzzle.grid()}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = puzzle.grid(solution)
    return json.dumps(d)


# ---------------------------------------------------------------------------- registration
def _sniffer(style: str, loose: bool = False) -> Callable[[str], bool]:
    return lambda text: detect(text, loose) == style


def _reader(style: str, default_adj: str):
    def read(text: str, file: str | None = None, kind: str | None = None) -> list[Entry]:
        adj = alias_option(kind, "adjacency", default_adj)
        entries = read_grid(text, file, style, adj)
        for e in entries:
            e.format = _name_of(style, default_adj)
        return entries

    return read


def _name_of(style: str, adj: str) -> str:
    prefix = "hidato" if adj == "king" else "numbrix"
    return prefix if style == "native" else f"{prefix}-{style}"


_PRIORITY = {"native": 1, "rosetta": 2, "haskell": 6, "haskell2": 6, "template": 2, "janko": 2, "game": 2,
             "quoted": 2}

for _style, (_r, _w, _desc) in STYLES.items():
    for _adj in ("king", "rook"):
        register_format(Format(
            name=_name_of(_style, _adj),
            kind="hidato",
            read=_reader(_style, _adj),
            write=lambda puzzle, solution=None, _s=_style: write_grid(puzzle, solution, _s),
            sniff=_sniffer(_style),
            many=True,
            description=f"{'Hidato' if _adj == 'king' else 'Numbrix'} {_desc}",
            options=frozenset({"kind"}),
            # hidato-* beat numbrix-* in detection (numbrix-* compete only under --kind numbrix);
            # bracketed Haskell matrices beat Sudoku's flat [v1 v2 ...] vector
            priority=_PRIORITY[_style] + (1 if _adj == "king" else 0),
            kind_sniff=_sniffer(_style, loose=True),
        ))


def _json_load(default_adj: str):
    def load(obj: dict):
        p = from_json(obj, adjacency=default_adj)
        sol = obj.get("solution")
        if sol is None:
            return p, None
        sgrid = _json_rows(sol, "solution", None, None)
        return p, check_grid_solution(p, [[0 if v is None else v for v in r] for r in sgrid], None, None)

    return load


def _json_dump(puzzle: Hidato, solution=None) -> dict:
    return json.loads(to_json(puzzle, solution))


register_json_kind("hidato", _json_load("king"), _json_dump)
register_json_kind("numbrix", _json_load("rook"), _json_dump, puzzle_kind="hidato")
