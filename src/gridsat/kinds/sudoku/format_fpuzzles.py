"""The ``fpuzzles`` format: f-puzzles and SudokuPad links (``?load=`` lz-string JSON).

An f-puzzles link ``https://www.f-puzzles.com/?load=<data>`` (SudokuPad:
``https://sudokupad.app/fpuzzles<data>``) carries the puzzle as JSON compressed with
lz-string's ``compressToBase64``. The JSON has ``size`` and ``grid``, rows of cells with
``value``, ``given`` and, for jigsaw, ``region`` (0-based; cells without one keep the
default box). A cell with a value but no ``given`` is a digit placed while solving: not a
given; when every open cell has one they are the solution (checked). ``title`` names
the puzzle.

Every other key is a constraint, read by the constraint type that lists it in its
``fpuzzles_keys`` (:mod:`gridsat.constraints`): a list key item by item, a switch over the
whole board (``"antiknight": true``) once. A cell's ``givenPencilMarks`` are read by the type
that lists that key, item ``{"cell": "R1C1", "givenPencilMarks": [...]}``. A type's
``from_fpuzzles`` that takes ``regions`` gets the puzzle's region map, one that takes
``board`` the whole JSON object. A key no type reads, or an item a type refuses, is an error
naming the key and the item: nothing is dropped.

Decoding needs the ``lzstring`` package (a dependency of gridsat); without it the format
says so instead of reading.
"""

from __future__ import annotations

import json
import re
from typing import Any, Sequence

from ...errors import GridsatError, ParseError, PuzzleError, UnsupportedError
from .puzzle import Sudoku, box_regions, default_box
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import check_solution, strip_comment
from ...formats.tokens import split_lines

__all__ = ["read_fpuzzles", "write_fpuzzles", "sniff_fpuzzles", "available"]

_LINK = re.compile(r"(?:https?://)?(?:www\.)?(?:f-puzzles\.com/?\?(?:[^\s#]*&)?load=|"
                   r"(?:sudokupad\.app|app\.crackingthecryptic\.com)/(?:sudoku/?)?(?:\?puzzleid=)?fpuzzles)"
                   r"([A-Za-z0-9+/=%\-_ ]+)", re.I)
_B64 = re.compile(r"[A-Za-z0-9+/=]*")
#: the longest compressed string read (a 16x16 jigsaw with every cell given takes ~3 KB)
MAX_DATA = 60_000
#: keys of the JSON that hold no constraint
_PLAIN_KEYS = {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts", "text", "line",
               "rectangle", "circle", "disabledlogic", "truecandidatesoptions"}
_MAX_SIZE = 16


def available() -> bool:
    """Whether the ``lzstring`` package that decodes the links is installed."""
    try:
        import lzstring  # noqa: F401
    except ImportError:
        return False
    return True


def _decode(data: str) -> Any:
    try:
        import lzstring
    except ImportError:
        raise ParseError("reading f-puzzles links needs the lzstring package (pip install lzstring)") from None
    from urllib.parse import unquote  # (here: urllib.parse alone costs a start-up 5 ms)

    data = unquote(data).replace(" ", "+")
    if len(data) > MAX_DATA:
        raise ParseError(f"the link's data has {len(data)} characters, more than the {MAX_DATA} read")
    if not _B64.fullmatch(data):
        bad = next(ch for ch in data if not _B64.fullmatch(ch))
        raise ParseError(f"bad character {bad!r} in the link's data (lz-string base64 expected)")
    try:
        text = lzstring.LZString().decompressFromBase64(data)
    except Exception:  # the library fails in several ways on corrupt data
        text = None
    if not text:
        raise ParseError("the link's data does not decompress (a truncated or altered link?)")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError("the link's data is not f-puzzles JSON") from None


def _int(x: Any, lo: int, hi: int, what: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
        raise ParseError(f"{what} must be an integer {lo}..{hi}, got {str(x)[:20]!r}")
    return x


def _puzzle(obj: Any) -> tuple[Sudoku, tuple[int, ...] | None]:
    if not isinstance(obj, dict):
        raise ParseError("f-puzzles data must be a JSON object")
    readers = _readers()
    extra = sorted(str(k) for k, v in obj.items() if k not in _PLAIN_KEYS and k not in readers and v)
    if extra:
        raise ParseError(f"f-puzzles constraint {extra[0]!r} is not supported; known: "
                         + ", ".join(sorted(readers)))
    n = _int(obj.get("size"), 4, _MAX_SIZE, '"size"')
    grid = obj.get("grid")
    if not isinstance(grid, list) or len(grid) != n or not all(isinstance(r, list) and len(r) == n for r in grid):
        raise ParseError(f'"grid" must be {n} rows of {n} cells')
    try:
        box = default_box(n)
        regions = list(box_regions(n, box))
    except GridsatError:
        box, regions = None, [None] * (n * n)
    givens, placed = [], []
    marks: list[dict] = []
    custom = False
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"cell r{r + 1}c{c + 1} must be a JSON object")
            v = cell.get("value")
            v = 0 if v is None else _int(v, 1, n, f"value at r{r + 1}c{c + 1}")
            given = cell.get("given") is True
            givens.append(v if given else 0)
            placed.append(v)
            pm = cell.get("givenPencilMarks")
            if pm and not given:
                marks.append({"cell": f"R{r + 1}C{c + 1}", "givenPencilMarks": pm})
            if cell.get("region") is not None:
                regions[r * n + c] = _int(cell["region"], 0, n - 1, f"region at r{r + 1}c{c + 1}")
                custom = True
    if None in regions:
        raise ParseError(f"size {n} has no box shape: every cell needs a region")
    title = obj.get("title")
    name = title if isinstance(title, str) and title.strip() else None
    rules = _constraints(obj, n, regions, marks, readers)
    if custom:
        puzzle = Sudoku(n, givens, regions=regions, name=name, extra=rules)
    else:
        puzzle = Sudoku(n, givens, box=box, name=name, extra=rules)
    solution = tuple(placed) if all(placed) and placed != givens else None
    if solution is not None:
        check_solution(puzzle, solution)
    return puzzle, solution


#: the cell-level key of given pencil marks (a cell limited to the digits listed)
PENCIL_MARKS = "givenPencilMarks"


def _readers() -> dict[str, type]:
    """Every f-puzzles key a registered constraint type reads -> that type."""
    from ...constraints import get_constraint, list_constraints

    return {key: get_constraint(t) for t in list_constraints() for key in get_constraint(t).fpuzzles_keys}


def _read_one(cls: type, key: str, item: Any, n: int, regions: Sequence[int], obj: dict, where: str):
    import inspect

    params = inspect.signature(cls.from_fpuzzles).parameters
    kw: dict[str, Any] = {}
    if "regions" in params:
        kw["regions"] = tuple(regions)
    if "board" in params:
        kw["board"] = obj
    try:
        return cls.from_fpuzzles(key, item, n, **kw)
    except (ParseError, PuzzleError, UnsupportedError) as e:
        text = e.message if isinstance(e, ParseError) else str(e)
        raise ParseError(f"f-puzzles {where}: {text}") from None


def _constraints(obj: dict, n: int, regions: Sequence[int], marks: list[dict], readers: dict[str, type]) -> list:
    """The constraints of the JSON's keys (and the cells' pencil marks), key by key in the
    JSON's order, item by item."""
    out = []
    for key, value in obj.items():
        if key in _PLAIN_KEYS or key not in readers or not value:
            continue
        cls = readers[key]
        if isinstance(value, list):
            for i, item in enumerate(value):
                con = _read_one(cls, key, item, n, regions, obj, f"{key} item {i + 1}")
                if con is not None:
                    out.append(con)
        elif value is True:
            con = _read_one(cls, key, value, n, regions, obj, key)
            if con is not None:
                out.append(con)
        else:
            raise ParseError(f"f-puzzles {key}: expected a list of items or true, got {str(value)[:40]!r}")
    if marks:
        cls = readers.get(PENCIL_MARKS)
        if cls is None:
            raise ParseError(f"f-puzzles {PENCIL_MARKS!r} (at {marks[0]['cell']}) is not supported")
        for item in marks:
            out.append(_read_one(cls, PENCIL_MARKS, item, n, regions, obj, f"{PENCIL_MARKS} at {item['cell']}"))
    return out


def read_fpuzzles(text: str, file: str | None = None) -> list[Entry]:
    """Read f-puzzles / SudokuPad links, one per line."""
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        content, comment = strip_comment(raw)
        if not content.strip():
            continue
        m = _LINK.search(content)
        col = (m.start(1) + 1) if m else len(content) - len(content.lstrip()) + 1
        try:
            if m is None:
                raise ParseError("expected an f-puzzles link (f-puzzles.com/?load=...) or a SudokuPad "
                                 "fpuzzles link", file, lineno, col)
            puzzle, solution = _puzzle(_decode(m.group(1).strip()))
            if puzzle.name is None and comment:
                puzzle = Sudoku(puzzle.n, puzzle.givens, regions=puzzle.regions, box=puzzle.box, name=comment,
                                extra=puzzle.extra)
            out.append(Entry(puzzle, None, file, lineno, solution, "fpuzzles"))
        except (ParseError, GridsatError) as e:
            out.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, "fpuzzles"))
    return out


def write_fpuzzles(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """An f-puzzles link; a solution is written as placed (not given) digits."""
    try:
        import lzstring
    except ImportError:
        raise ParseError("writing f-puzzles links needs the lzstring package (pip install lzstring)") from None
    n = puzzle.n
    if n > _MAX_SIZE:
        raise ParseError(f"f-puzzles holds boards up to {_MAX_SIZE}x{_MAX_SIZE}, not {n}x{n}")
    try:
        own_regions = puzzle.box != default_box(n)
    except GridsatError:
        own_regions = True
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell: dict[str, Any] = {}
            if puzzle.givens[i]:
                cell = {"value": puzzle.givens[i], "given": True}
            elif solution is not None:
                cell = {"value": int(solution[i])}
            if own_regions:
                cell["region"] = puzzle.regions[i]
            row.append(cell)
        grid.append(row)
    obj: dict[str, Any] = {"size": n, "grid": grid}
    for con in puzzle.extra:
        try:
            key, item = con.to_fpuzzles()
        except UnsupportedError as e:
            raise UnsupportedError(f"f-puzzles cannot hold {con.describe()}: {e}") from None
        if getattr(con, "fpuzzles_needs_regions", False) and tuple(getattr(con, "regions", ())) != puzzle.regions:
            raise UnsupportedError(f"f-puzzles cannot hold {con.describe()}: its regions are not the puzzle's")
        if key == PENCIL_MARKS:
            cell_ref = item["cell"]
            r, c = (int(x) - 1 for x in cell_ref[1:].upper().split("C"))
            grid[r][c][PENCIL_MARKS] = item[PENCIL_MARKS]
        elif isinstance(item, bool):
            obj[key] = item
        else:
            obj.setdefault(key, []).append(item)
    if puzzle.name:
        obj["title"] = puzzle.name
    data = lzstring.LZString().compressToBase64(json.dumps(obj, separators=(",", ":")))
    return "https://www.f-puzzles.com/?load=" + data + "\n"


def sniff_fpuzzles(text: str) -> bool:
    """The first content line holds an f-puzzles or SudokuPad ``fpuzzles`` link."""
    for raw in text.split("\n", 50)[:50]:
        s = strip_comment(raw)[0].strip()
        if s:
            return bool(_LINK.search(s))
    return False


register_format(Format("fpuzzles", "sudoku", read_fpuzzles, write_fpuzzles, sniff_fpuzzles, many=True, constraints=True,
                       description="f-puzzles / SudokuPad links: ?load=<lz-string base64 JSON> with size, "
                                   "grid cells (value, given, region)",
                       priority=8, link="f-puzzles or SudokuPad ?load="))
