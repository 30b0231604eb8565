"""SudokuPad's own puzzle form, SCL: what the ``scl`` (or ``ctc``) links of SudokuPad carry.

A SudokuPad link ``https://sudokupad.app/scl<data>`` carries the puzzle as SudokuPad draws
it: lz-string ``compressToBase64`` of a JSON object in SudokuPad's compact spelling (keys
without quotes and renamed to one or two letters, ``ce`` for ``cells``, ``re`` for
``regions``, ``ca`` for ``cages``, ``v`` for ``value``; ``t``/``f`` for true/false; empty
objects left out between commas; strings in single quotes). :func:`unzip` undoes that
spelling; :func:`scl_puzzle` reads the object.

SCL states few rules outright, and those are what is read:

* ``cells``: ``n`` rows of ``n`` cells; a cell's ``value`` is a given;
* ``regions``: lists of ``[row, col]`` (0-based) that split the board into ``n`` regions of
  ``n`` cells (a puzzle without them is refused: the board needs its regions);
* ``cages``: a cage with cells and a number (``value``, or ``sum``) is a killer cage, its
  digits different and adding up to the number; a cage with cells and no number is a cage
  of different digits; a cage without cells holds metadata (``title: ...``); a cage drawn
  ``unique: false`` without a number states nothing;
* ``metadata``: ``title`` names the puzzle; a ``solution`` of ``n * n`` digits is the
  solution (verified);
* the whole-board switches ``antiknight`` and ``antiking`` of ``global``, and ``diagonal+``
  / ``diagonal-`` set to true.

Everything else that can carry a rule (``lines``, ``arrows``, ``overlays``, ``underlays``,
fog, other ``global`` rules, a cage of another style, given pencil marks) means what the
puzzle's rules text says, which is prose: the puzzle is refused, naming what it holds.
Nothing is dropped.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...constraints.base import fpuzzles_reader
from ...errors import ParseError, PuzzleError
from ...formats.common import check_solution
from .puzzle import Sudoku

__all__ = ["unzip", "scl_puzzle", "PROP_NAMES", "max_items"]

#: SudokuPad's compact key names -> the full names
PROP_NAMES = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor", "ce": "cells",
    "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
    "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize", "th": "thickness",
    "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text", "d": "duration", "d2": "d",
}
#: top-level keys that hold no rule
_PLAIN = {"id", "cellSize", "metadata", "metaData", "videos", "settings"}
#: top-level keys whose rule lives in the rules text, with the words that name them
_TEXT_RULES = {"lines": "lines", "arrows": "arrows", "overlays": "overlays", "underlays": "underlays",
               "foglight": "fog lights", "triggereffect": "fog triggers"}
#: board-wide switches read through the constraint types of these f-puzzles keys
_SWITCHES = ("antiknight", "antiking", "diagonal+", "diagonal-")
#: keys of a cage that only say how it is drawn
_CAGE_LOOKS = {"outlineC", "fontC", "color", "borderColor", "backgroundColor", "opacity", "thickness", "fontSize",
               "textStroke", "borderSize"}
_META = re.compile(r"^([^: ]+):\s*(.*)$", re.S)
_STRING = re.compile(r'("(?:[^"]|\\"])*")')
_MARKER = re.compile(r'"__\{S(\d+)\}__"')
#: the longest unzipped text read
MAX_TEXT = 2_000_000


#: SudokuPad's words for the style of a cage it draws with a sum (no style: the same cage)
_SUM_CAGE_STYLES = frozenset({None, "killer"})

def max_items(n: int) -> int:
    """The most items of one kind (cages, dots, lines) read on a board of side ``n``: four per
    cell, more than a puzzle uses; a link with more is refused rather than read for minutes."""
    return 4 * n * n


def unzip(text: str) -> Any:
    """The JSON object of SudokuPad's compact spelling (plain JSON is read as it is).

    Raises
    ------
    ParseError
        The text is neither.
    """
    if len(text) > MAX_TEXT:
        raise ParseError(f"the puzzle's data unpacks to {len(text)} characters, more than the {MAX_TEXT} read")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    s = text
    if '"' not in s:  # single quotes stand for double ones; \' is a quote inside a string
        s = s.replace("\\'", "\ue000").replace("'", '"').replace("\ue000", "'")
    strings: list[str] = []

    def hide(m: re.Match) -> str:
        strings.append(m.group(1))
        return f'"__{{S{len(strings) - 1}}}__"'

    s = _STRING.sub(hide, s)
    s = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', s)
    s = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", s)
    s = s.replace("{_}", "{}")
    s = re.sub(r"([,{\[])_", r"\1{}", s)
    s = re.sub(r"(:)f([,}\]])", r"\1false\2", s)
    s = re.sub(r"(:)t([,}\]])", r"\1true\2", s)
    s = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', s)
    s = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', s)
    s = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', s)
    s = _MARKER.sub(lambda m: strings[int(m.group(1))] if int(m.group(1)) < len(strings) else m.group(0), s)
    try:
        obj = json.loads(s)
    except (ValueError, RecursionError):
        raise ParseError("the link's data is neither JSON nor SudokuPad's compact JSON") from None
    return _long_names(obj, 0)


def _long_names(obj: Any, depth: int) -> Any:
    if depth > 60:
        raise ParseError("the puzzle's data is nested too deeply")
    if isinstance(obj, list):
        return [_long_names(v, depth + 1) for v in obj]
    if isinstance(obj, dict):
        out: dict = {}
        for k, v in obj.items():
            name = PROP_NAMES.get(k, k)
            if name in out:
                raise ParseError(f"the puzzle's data has both {name!r} and its short name {k!r}")
            out[name] = _long_names(v, depth + 1)
        return out
    return obj


def _rc(what: str, p: Any, n: int) -> int:
    """The cell of a ``[row, col]`` pair (0-based)."""
    if (not isinstance(p, list) or len(p) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in p)):
        raise ParseError(f"{what}: {json.dumps(p)[:40]} is not a [row, col] pair")
    r, c = p
    if not (0 <= r < n and 0 <= c < n):
        raise ParseError(f"{what}: [{r}, {c}] is outside the {n}x{n} board")
    return r * n + c


def _number(v: Any) -> int | None:
    """A cage's number: an int or a string of digits; ``None`` for none (absent or blank)."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, str) and re.fullmatch(r"\s*\d{1,4}\s*", v):
        return int(v)
    raise ValueError(v)


def _items(obj: dict, key: str) -> list:
    v = obj.get(key)
    if v is None:
        return []
    if not isinstance(v, list):
        raise ParseError(f"SCL {key!r} must be a list, got {json.dumps(v)[:40]}")
    return v


def scl_puzzle(obj: Any, max_size: int = 16) -> tuple[Sudoku, tuple[int, ...] | None]:
    """The puzzle (and stated solution, or ``None``) of an SCL object (long key names).

    Raises
    ------
    ParseError
        Naming what is wrong or what is refused (a key whose rule is in the rules text).
    """
    if not isinstance(obj, dict):
        raise ParseError("SudokuPad data must be a JSON object")
    refused = [f"{words} ({len(obj[k]) if isinstance(obj[k], list) else 1})" for k, words in _TEXT_RULES.items()
               if obj.get(k)]
    glob = _items(obj, "global")
    refused += [f"global rule {g!r}" for g in glob if g not in _SWITCHES]
    if refused:
        raise ParseError("SudokuPad puzzle with " + ", ".join(refused) + ": what they mean is in the rules text, "
                         "which gridsat does not read (it reads givens, regions and cages)")
    unknown = sorted(str(k) for k in obj if k not in _PLAIN and k not in ("cells", "regions", "cages", "global")
                     and k not in _SWITCHES)
    if unknown:
        raise ParseError(f"SCL key {unknown[0][:30]!r} is not read (gridsat reads cells, regions, cages, metadata)")
    rows = obj.get("cells")
    if not isinstance(rows, list) or not rows:
        raise ParseError('SCL "cells" must be rows of cells')
    n = len(rows)
    if not 4 <= n <= max_size:
        raise ParseError(f"SCL board has {n} rows; gridsat reads boards of 4 to {max_size} rows")
    if not all(isinstance(row, list) and len(row) == n for row in rows):
        raise ParseError(f'SCL "cells" must be {n} rows of {n} cells (a square board)')
    givens = [0] * (n * n)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            where = f"SCL cell r{r + 1}c{c + 1}"
            if cell is None:
                continue
            if not isinstance(cell, dict):
                raise ParseError(f"{where} must be an object")
            other = sorted(k for k, v in cell.items() if k != "value" and v not in (None, [], ""))
            if other:
                raise ParseError(f"{where}: {other[0][:30]!r} is not read (given pencil marks mean what the rules "
                                 "text says)")
            v = cell.get("value")
            if v in (None, ""):
                continue
            try:
                d = int(v) if isinstance(v, (int, str)) and not isinstance(v, bool) else None
            except ValueError:
                d = None
            if d is None or not 1 <= d <= n:
                raise ParseError(f"{where}: value {json.dumps(v)[:10]} is not a digit 1..{n}")
            givens[r * n + c] = d
    regions = _regions(obj, n)
    name, solution_text = _metadata(obj)
    extra = []
    cages = _items(obj, "cages")
    if len(cages) > max_items(n):
        raise ParseError(f"SCL puzzle has {len(cages)} cages, more than the {max_items(n)} read on a {n}x{n} board")
    for i, cage in enumerate(cages):
        where = f"SCL cage {i + 1}"
        if not isinstance(cage, dict):
            raise ParseError(f"{where} must be an object")
        cells = cage.get("cells") or []
        if not cells:
            m = _META.match(str(cage.get("value", "")))
            if m and m.group(1) == "title" and name is None and m.group(2).strip():
                name = m.group(2).strip()
            elif m and m.group(1) == "solution" and solution_text is None:
                solution_text = m.group(2).strip()
            continue  # no cells: metadata, no rule
        if not isinstance(cells, list):
            raise ParseError(f"{where}: \"cells\" must be a list of [row, col] pairs")
        style = cage.get("style")
        if style not in _SUM_CAGE_STYLES or cage.get("type") is not None:
            raise ParseError(f"{where}: a cage of style {str(style or cage.get('type'))[:30]!r} is not read")
        other = sorted(k for k in cage if k not in _CAGE_LOOKS and k not in ("cells", "value", "sum", "unique",
                                                                               "hidden", "style", "type"))
        if other:
            raise ParseError(f"{where}: key {other[0][:30]!r} is not read")
        try:
            total, stated = _number(cage.get("value")), _number(cage.get("sum"))
        except ValueError as e:
            raise ParseError(f"{where}: {str(e)[:30]!r} is not a cage sum") from None
        if total is not None and stated is not None and total != stated:
            raise ParseError(f"{where}: its value {total} and its sum {stated} differ")
        total = stated if total is None else total
        unique = cage.get("unique", True)
        if unique is False:
            if total is None:
                continue  # drawn only: no number, digits may repeat
            raise ParseError(f"{where}: a sum whose digits may repeat (unique: false) is not read")
        members = tuple(_rc(where, p, n) for p in cells)
        from ...constraints.cages import KillerCage  # (here: a link without cages loads no cage type)

        try:
            extra.append(KillerCage(n, members, total))
        except PuzzleError as e:
            raise ParseError(f"{where}: {e}") from None
    extra += _switches(obj, glob, n)
    try:
        puzzle = Sudoku(n, givens, regions=regions, name=name, extra=extra)
    except PuzzleError as e:
        raise ParseError(str(e)) from None
    solution = None
    digits = re.sub(r"\s", "", solution_text or "")
    if n <= 9 and len(digits) == n * n and digits.isascii() and digits.isdigit() and "0" not in digits:
        solution = tuple(int(ch) for ch in digits)
        check_solution(puzzle, solution)
    return puzzle, solution


def _regions(obj: dict, n: int) -> list[int]:
    regs = _items(obj, "regions")
    if not regs:
        raise ParseError(f'SCL puzzle has no "regions": a {n}x{n} Sudoku needs {n} regions of {n} cells')
    labels = [-1] * (n * n)
    if len(regs) != n:
        raise ParseError(f"SCL puzzle has {len(regs)} regions, expected {n}")
    for k, reg in enumerate(regs):
        if not isinstance(reg, list) or len(reg) != n:
            raise ParseError(f"SCL region {k + 1} must list {n} cells")
        for p in reg:
            cell = _rc(f"SCL region {k + 1}", p, n)
            if labels[cell] >= 0:
                raise ParseError(f"SCL region {k + 1}: r{cell // n + 1}c{cell % n + 1} is in region "
                                 f"{labels[cell] + 1} too")
            labels[cell] = k
    return labels


def _metadata(obj: dict) -> tuple[str | None, str | None]:
    meta = obj.get("metadata", obj.get("metaData")) or {}
    if not isinstance(meta, dict):
        raise ParseError('SCL "metadata" must be an object')
    title, solution = meta.get("title"), meta.get("solution")
    return (title.strip() if isinstance(title, str) and title.strip() else None,
            solution if isinstance(solution, str) else None)


def _switches(obj: dict, glob: list, n: int) -> list:
    """The board-wide rules stated outright, read by the constraint types of their f-puzzles keys."""
    on = [g for g in _SWITCHES if g in glob or obj.get(g) is True]
    bad = [g for g in _SWITCHES if obj.get(g) not in (None, True, False)]
    if bad:
        raise ParseError(f"SCL {bad[0]!r} must be true or false")
    out = []
    for key in on:
        reader = fpuzzles_reader(key)
        if reader is None:
            raise ParseError(f"SCL rule {key!r} is not supported")
        try:
            out.append(reader.from_fpuzzles(key, True, n))
        except (ParseError, PuzzleError) as e:
            raise ParseError(f"SCL {key}: {e}") from None
    return out
