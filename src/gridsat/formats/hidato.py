"""Hidato and Numbrix text formats: native grid, Rosetta Code, Haskell matrices, templates, janko.at, JSON.

Every grid format is registered twice: ``hidato-*`` reads king adjacency (rook when the
reader is called with ``kind="numbrix"``) and ``numbrix-*`` rook adjacency; both
sniff alike, with ``hidato-*`` preferred unless ``--kind numbrix`` narrows the choice. A first line ``hidato``/``numbrix`` (or ``king``/``rook``, optionally
followed by a name) in a native or Rosetta file sets the adjacency. JSON objects go through
the shared ``json`` format (``"kind": "hidato"`` or ``"numbrix"``). Grid files may hold several
puzzles separated by blank lines; lines containing letters (``# source: ...``) are
comments. Solutions are written as the same grid with every number filled in.

============== =========================================================== ==============
format         cells                                                       detected by
============== =========================================================== ==============
``hidato``     numbers, ``.`` or ``0`` open, ``#`` hole                     default
``rosetta``    numbers, ``_`` open, ``.`` hole                             a ``_`` token
``haskell``    numbers, ``0`` open, ``-1`` off-board (``[[..],..]`` ok)    a ``-1``, no ``-2``
``haskell2``   numbers, ``-2`` open, ``-1`` off-board                      a ``-2``
``template``   ``0`` cell, ``-`` no cell (no givens)                       only ``0``/``-``
``janko``      ``rows cols`` header, numbers, ``-`` open; full rectangle   two-int header
``json``       ``{"kind": "hidato", "adjacency": ..., "rows": [...]}``     the ``json`` format
============== =========================================================== ==============
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError
from ..kinds import alias_option
from ..puzzles.hidato import Hidato
from .base import Entry, Format, is_digits, register_format, register_json_kind

__all__ = ["read_grid", "write_grid", "from_json", "to_json", "STYLES", "detect"]

HOLE = None
_TOKEN = re.compile(r"\S+")
#: the adjacency of each kind name a JSON object or a first line may give
_KIND_ADJ = {"hidato": "king", "numbrix": "rook"}
_ADJ_WORDS = {**_KIND_ADJ, "king": "king", "rook": "rook"}


def _kind_adjacency(kind: Any) -> str | None:
    """The adjacency of a ``hidato``/``numbrix`` kind value; ``None`` for anything else."""
    return _KIND_ADJ.get(kind) if isinstance(kind, str) else None


# ---------------------------------------------------------------------------- styles
def _native_cell(tok: str):
    if tok in (".", "0"):
        return 0
    if tok == "#":
        return HOLE
    return _number(tok)


def _rosetta_cell(tok: str):
    if tok == "_":
        return 0
    if tok == ".":
        return HOLE
    return _number(tok)


def _haskell_cell(tok: str):
    v = _int(tok)
    if v == -1:
        return HOLE
    if v < -1:
        raise ValueError(f"{tok!r} is not a cell (0 open, -1 off the board, or a number)")
    return v


def _haskell2_cell(tok: str):
    v = _int(tok)
    if v == -1:
        return HOLE
    if v == -2:
        return 0
    if v < 1:
        raise ValueError(f"{tok!r} is not a cell (-2 open, -1 off the board, or a number)")
    return v


def _template_cell(tok: str):
    if tok == "0":
        return 0
    if tok == "-":
        return HOLE
    raise ValueError(f"{tok!r} is not a template cell (0 cell, - no cell)")


def _janko_cell(tok: str):
    return 0 if tok == "-" else _number(tok)


def _int(tok: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise ValueError(f"{tok!r} is not a number") from None


def _number(tok: str) -> int:
    if not is_digits(tok):
        raise ValueError(f"{tok!r} is not a number or a cell mark")
    return int(tok)


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


#: style name -> (cell reader, cell writer, description)
STYLES: dict[str, tuple[Callable, Callable, str]] = {
    "native": (_native_cell, _w_native, "numbers, '.' or '0' open, '#' hole"),
    "rosetta": (_rosetta_cell, _w_rosetta, "Rosetta Code: numbers, '_' open, '.' hole"),
    "haskell": (_haskell_cell, _w_haskell, "Haskell matrix: numbers, 0 open, -1 off the board"),
    "haskell2": (_haskell2_cell, _w_haskell2, "Haskell matrix: numbers, -2 open, -1 off the board"),
    "template": (_template_cell, _w_template, "template: '0' cell, '-' no cell"),
    "janko": (_janko_cell, _w_janko, "janko.at: 'rows cols' header, numbers, '-' open"),
}


# ---------------------------------------------------------------------------- reading
def _is_comment(line: str) -> bool:
    """``//`` and ``;`` lines, and ``#`` lines with words in them (a row of holes has none)."""
    s = line.strip()
    return s.startswith(("//", ";")) or (s.startswith("#") and any(ch.isalpha() for ch in s))


def _row_tokens(line: str, style: str) -> list[tuple[str, int]]:
    """Tokens of a grid row with 1-based columns; brackets and commas count as blanks."""
    if style in ("haskell", "haskell2"):
        line = re.sub(r"[\[\],]", " ", line)
    toks = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
    if style == "template" and len(toks) == 1 and len(toks[0][0]) > 1:
        tok, col = toks[0]
        toks = [(ch, col + i) for i, ch in enumerate(tok)]
    return toks


def _blocks(text: str, style: str):
    """(first line number, [(line number, line)], adjacency word or None) per blank-separated block."""
    block: list[tuple[int, str]] = []
    adj = None
    name = None
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        s = line.strip()
        if style in ("haskell", "haskell2") and s in ("[", "]", "],", "[]"):
            continue
        if not s:
            if block:
                out.append((block, adj, name))
                block, adj, name = [], None, None
            continue
        word = s.split()[0].lower()
        if word in _ADJ_WORDS and not block:
            adj = _ADJ_WORDS[word]
            rest = s.split(None, 1)
            name = rest[1] if len(rest) > 1 else name
            continue
        if _is_comment(line):
            if block:
                out.append((block, adj, name))
                block, adj, name = [], None, None
            continue
        block.append((no, line))
    if block:
        out.append((block, adj, name))
    return out


def _parse_rows(lines, style: str, file, adjacency: str, name=None) -> Hidato:
    reader = STYLES[style][0]
    grid = []
    width = None
    for no, line in lines:
        toks = _row_tokens(line, style)
        row = []
        for tok, col in toks:
            try:
                row.append(reader(tok))
            except ValueError as e:
                raise ParseError(str(e), file, no, col) from None
        if width is None:
            width = len(row)
        elif len(row) != width and style != "native" and style != "rosetta":
            raise ParseError(f"row has {len(row)} cells, expected {width}", file, no, 1)
        grid.append(row)
    if style == "janko" and any(v is None for r in grid for v in r):
        raise ParseError("janko.at puzzles fill their rectangle", file, lines[0][0], 1)
    try:
        return Hidato.from_grid(grid, adjacency, name=name)
    except PuzzleError as e:
        raise ParseError(str(e), file, lines[0][0], 1) from None


def read_grid(text: str, file: str | None = None, style: str = "native",
              adjacency: str = "king") -> list[Entry]:
    """Every puzzle in ``text`` written in grid ``style`` (see :data:`STYLES`)."""
    if style == "janko":
        return _read_janko(text, file, adjacency)
    out = []
    for block, adj, name in _blocks(text, style):
        try:
            p = _parse_rows(block, style, file, adj or adjacency, name)
            out.append(Entry(p, None, file, block[0][0]))
        except ParseError as e:
            out.append(Entry(None, e, file, block[0][0]))
    if not out:
        out.append(Entry(None, ParseError("no puzzle found", file, 1, 1), file, 1))
    return out


def _read_janko(text: str, file, adjacency: str) -> list[Entry]:
    lines = [(no, l.rstrip()) for no, l in enumerate(text.splitlines(), 1)]
    lines = [(no, l) for no, l in lines if l.strip() and not _is_comment(l)]
    out = []
    i = 0
    while i < len(lines):
        no, head = lines[i]
        toks = head.split()
        if len(toks) != 2 or not all(is_digits(t) for t in toks):
            out.append(Entry(None, ParseError("expected a 'rows cols' header", file, no, 1), file, no))
            break
        r, c = int(toks[0]), int(toks[1])
        body = lines[i + 1: i + 1 + r]
        i += 1 + r
        try:
            if len(body) < r:
                raise ParseError(f"header says {r} rows, found {len(body)}", file, no, 1)
            for bno, bl in body:
                if len(bl.split()) != c:
                    raise ParseError(f"row has {len(bl.split())} cells, header says {c}", file, bno, 1)
            out.append(Entry(_parse_rows(body, "janko", file, adjacency), None, file, no))
        except ParseError as e:
            out.append(Entry(None, e, file, no))
    if not out:
        out.append(Entry(None, ParseError("no puzzle found", file, 1, 1), file, 1))
    return out


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
    elif style in ("native", "rosetta") and (puzzle.is_numbrix or puzzle.name):
        lines.append(("numbrix" if puzzle.is_numbrix else "hidato") + (f" {puzzle.name}" if puzzle.name else ""))
    lines += [sep.join(writer(v, width) for v in row).rstrip() for row in grid]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- JSON
def from_json(obj: dict[str, Any], file: str | None = None, line: int | None = None,
              adjacency: str | None = None) -> Hidato:
    """A puzzle from a decoded JSON object ``{"kind": "hidato", "adjacency": ..., "rows": [...]}``.

    ``rows`` holds lists of numbers (``0`` open, ``null`` or ``-1`` no cell) or strings in
    the native grid syntax. The ``json`` format reaches it through the ``hidato`` and ``numbrix``
    JSON kinds; ``adjacency`` is the default when the object names none.
    """
    kind_adj = _kind_adjacency(obj.get("kind", "hidato")) if isinstance(obj, dict) else None
    if kind_adj is None:
        raise ParseError("expected an object with \"kind\": \"hidato\"", file, line, 1)
    adj = obj.get("adjacency") or adjacency or kind_adj
    rows = obj.get("rows")
    if not isinstance(rows, list) or not rows:
        raise ParseError("\"rows\" must be a non-empty list", file, line, 1)
    grid = []
    for i, row in enumerate(rows):
        if isinstance(row, str):
            try:
                grid.append([_native_cell(t) for t in row.split()])
            except ValueError as e:
                raise ParseError(f"rows[{i}]: {e}", file, line, 1) from None
        elif isinstance(row, list):
            out = []
            for v in row:
                if v is None:
                    out.append(None)
                elif isinstance(v, int) and not isinstance(v, bool) and v >= -1:
                    out.append(None if v == -1 else v)
                else:
                    raise ParseError(f"rows[{i}]: {v!r} is not a cell (number, 0 open, null no cell)", file, line, 1)
            grid.append(out)
        else:
            raise ParseError(f"rows[{i}] must be a list or a string", file, line, 1)
    try:
        return Hidato.from_grid(grid, adj, name=obj.get("name"))
    except PuzzleError as e:
        raise ParseError(str(e), file, line, 1) from None


def to_json(puzzle: Hidato, solution: Sequence[int] | None = None) -> str:
    """The puzzle as JSON text (one line): kind, adjacency, rows (``null`` for no cell), name, solution."""
    d: dict[str, Any] = {"kind": "hidato", "adjacency": puzzle.adjacency, "rows": puzzle.grid()}
    if puzzle.name:
        d["name"] = puzzle.name
    if solution is not None:
        d["solution"] = puzzle.grid(solution)
    return json.dumps(d)


# ---------------------------------------------------------------------------- detection
@functools.lru_cache(maxsize=4)  # every Hidato format's sniffer asks about the same text
def detect(text: str) -> str | None:
    """The grid style ``text`` is unambiguously in, or ``None``.

    A ``.`` grid without ``_`` counts as native (``.`` open), not Rosetta (``.`` hole).
    """
    s = text.strip()
    if not s:
        return None
    if s.startswith("{") or s.startswith("[{"):
        try:
            obj = json.loads(s.splitlines()[0] if not s.startswith("[") else s)
        except json.JSONDecodeError:
            try:
                obj = json.loads(s)
            except json.JSONDecodeError:
                return None
        obj = obj[0] if isinstance(obj, list) and obj else obj
        return "json" if isinstance(obj, dict) and _kind_adjacency(obj.get("kind")) else None
    lines = [l for l in s.splitlines() if l.strip() and not _is_comment(l)
             and l.strip().split()[0].lower() not in _ADJ_WORDS]
    if not lines:
        return None
    head = lines[0].split()
    if len(head) == 2 and all(is_digits(t) for t in head) and len(lines) > 1 and "-" in " ".join(lines[1:]).split():
        return "janko"
    toks = set()
    for l in lines:
        toks.update(re.sub(r"[\[\],]", " ", l).split())
    if toks and toks <= {"0", "-"} and "-" in toks:
        return "template"
    if all(len(l.split()) == 1 and set(l.strip()) <= {"0", "-"} for l in lines) and any("-" in l for l in lines):
        return "template"
    if "_" in toks:
        return "rosetta" if all(t in ("_", ".") or is_digits(t) for t in toks) else None
    if all(re.fullmatch(r"-?\d+", t) for t in toks):
        if "-2" in toks:
            return "haskell2"
        if "-1" in toks:
            return "haskell"
        return "native"
    if all(t in (".", "#", "0") or is_digits(t) for t in toks):
        return "native"
    return None


def _sniffer(style: str) -> Callable[[str], bool]:
    return lambda text: detect(text) == style


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


_PRIORITY = {"native": 1, "rosetta": 2, "haskell": 6, "haskell2": 6, "template": 2, "janko": 2}

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
        ))


def _json_load(default_adj: str):
    def load(obj: dict):
        p = from_json(obj, adjacency=default_adj)
        sol = obj.get("solution")
        if sol is None:
            return p, None
        values = []
        for r, c in p.cells:
            try:
                v = sol[r][c]
            except (IndexError, TypeError, KeyError):
                raise ValueError(f"solution has no cell r{r + 1}c{c + 1}") from None
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"solution cell r{r + 1}c{c + 1} is {v!r}, not a number")
            values.append(v)
        return p, tuple(values)

    return load


def _json_dump(puzzle: Hidato, solution=None) -> dict:
    return json.loads(to_json(puzzle, solution))


register_json_kind("hidato", _json_load("king"), _json_dump)
register_json_kind("numbrix", _json_load("rook"), _json_dump, puzzle_kind="hidato")
