"""The ``fpuzzles`` and ``sudokupad`` formats: f-puzzles and SudokuPad links.

An f-puzzles link ``https://www.f-puzzles.com/?load=<data>`` carries the puzzle as JSON
compressed with lz-string's ``compressToBase64``. SudokuPad opens the same data as
``https://sudokupad.app/fpuzzles<data>`` (or ``fpuz<data>``, after ``/sudoku/``, as
``?puzzleid=fpuzzles<data>``, and on its other hosts), and its own form, SCL, as
``https://sudokupad.app/scl<data>`` (or ``ctc<data>``), read by :mod:`.format_scl`. Both
formats read every form, line by line, so a file of links is a batch whatever their mix; a
SudokuPad link that names a puzzle stored on its server (a short id) or an f-puzzles
``?id=`` link carries no puzzle and is refused, saying so.

The f-puzzles JSON has ``size`` and ``grid``, rows of cells with ``value``, ``given`` and,
for jigsaw, ``region`` (0-based; cells without one keep the default box). A cell with a
value but no ``given`` is a digit placed while solving: not a given; when every open cell
has one they are the solution (checked). ``title`` names the puzzle.

Every other key is a constraint, read by the constraint type that lists it in its
``fpuzzles_keys`` (:mod:`gridsat.constraints`): a list key item by item, a switch over the
whole board (``"antiknight": true``) once. A cell's ``givenPencilMarks`` are read by the type
that lists that key, item ``{"cell": "R1C1", "givenPencilMarks": [...]}``. A type's
``from_fpuzzles`` that takes ``regions`` gets the puzzle's region map, one that takes
``board`` the whole JSON object. A key no type reads, or an item a type refuses, is an error
naming the key and the item once (``f-puzzles thermometer item 2 {...}: cell R10C1 is
outside the 9x9 board``): nothing is dropped.

Written, the rules go in one canonical order (by key, then by item), so that equal puzzles
write the same link, and a puzzle read back from its link equals it (the order of a
puzzle's rules does not count in ``==``). ``fpuzzles`` writes the f-puzzles link,
``sudokupad`` the SudokuPad link of the same data.

Writing needs the ``lzstring`` package (a dependency of gridsat); without it the format says
so instead of writing. Reading decodes lz-string here (:func:`lz_decompress_base64`, which
returns what the package's decoder returns), without importing the package.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Sequence

from ...errors import GridsatError, ParseError, PuzzleError, UnsupportedError
from .puzzle import Sudoku, box_regions, default_box
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import check_solution, strip_comment
from ...formats.tokens import split_lines
from .format_scl import MAX_TEXT, max_items, scl_puzzle, unzip

__all__ = ["read_fpuzzles", "write_fpuzzles", "write_sudokupad", "sniff_fpuzzles", "sniff_sudokupad", "available",
           "parse_link", "lz_decompress_base64"]

_DATA = r"([A-Za-z0-9+/=%\-_ ]+)"
_FPUZZLES = re.compile(r"(?:https?://)?(?:www\.)?f-puzzles\.com/?\?(?:[^\s#]*&)?(load|id)=" + _DATA, re.I)
_SUDOKUPAD = re.compile(r"(?:https?://)?(?:www\.|beta\.)?(?:sudokupad\.app|sudokupad\.svencodes\.com|"
                        r"app\.crackingthecryptic\.com)/(?:sudoku/?)?(?:\?(?:[^\s#]*&)?puzzleid=)?" + _DATA,
                        re.I)
#: SudokuPad's puzzle id prefixes: -> the form of the data after it
_PREFIXES = (("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "scl"), ("ctc", "scl"), ("scf", "scf"))
_B64 = re.compile(r"[A-Za-z0-9+/=]*")
#: the longest compressed string read (a 16x16 jigsaw with every cell given takes ~3 KB)
MAX_DATA = 60_000
#: keys of the JSON that hold no constraint
_PLAIN_KEYS = {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts", "text", "line",
               "rectangle", "circle", "disabledlogic", "truecandidatesoptions"}
_MAX_SIZE = 16


def available() -> bool:
    """Whether the ``lzstring`` package that writes the links is installed (reading needs
    none: :func:`lz_decompress_base64`)."""
    try:
        import lzstring  # noqa: F401
    except ImportError:
        return False
    return True


#: lz-string's base64 alphabet (``=``, the padding, is 64: none of the six bits read)
_LZ_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
#: each character of the alphabet -> its six bits, most significant first
_LZ_BITS = {ord(ch): format(i & 63, "06b") for i, ch in enumerate(_LZ_ALPHABET)}


def lz_decompress_base64(data: str) -> str | None:
    """The text of lz-string base64 ``data`` (``compressToBase64``'s output), or ``None``
    when it does not decompress.

    It returns what the ``lzstring`` package's ``decompressFromBase64`` returns, ``""`` and
    ``None`` alike, with ``None`` where that raises (a character outside the alphabet, a
    stream that runs to its last bit), and reads the bits of the whole string at once instead
    of character by character: a link's data decodes in a tenth of the time, and the package
    (with its ``future`` and ``logging`` imports) stays unloaded on the read path.

    Parameters
    ----------
    data : str
        The base64 characters (``A-Z a-z 0-9 + / =``).

    Returns
    -------
    str or None
        The decompressed text.
    """
    if not data:
        return None
    bits = data.translate(_LZ_BITS)[::-1]  # (reversed: a code's first bit is its lowest)
    end = len(bits)
    if end != 6 * len(data):  # (a character outside the alphabet is left as it is)
        return None
    # the package fetches the next character as soon as one is spent, so a read that takes
    # the stream's last bit fails there; ``top`` is where the bits still unread end
    top = end
    if top - 2 <= 0:
        return None
    first = int(bits[top - 2:top], 2)
    top -= 2
    if first == 2:
        return ""
    if first == 3:
        return None
    width = 8 if first == 0 else 16
    if top - width <= 0:
        return None
    w = chr(int(bits[top - width:top], 2))
    top -= width
    entries: list = [0, 1, 2, w]
    result = [w]
    enlarge_in, num_bits = 4, 3
    while True:
        if top - num_bits <= 0:
            return None
        code = int(bits[top - num_bits:top], 2)
        top -= num_bits
        if code < 2:
            width = 8 if code == 0 else 16
            if top - width <= 0:
                return None
            entries.append(chr(int(bits[top - width:top], 2)))
            top -= width
            code = len(entries) - 1
            enlarge_in -= 1
        elif code == 2:
            return "".join(result)
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1
        if code < len(entries):
            entry = entries[code]
        elif code == len(entries):
            entry = w + w[0]
        else:
            return None
        result.append(entry)
        entries.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def _decompress(data: str) -> str:
    """The text of a link's lz-string base64 data (URL-decoded first)."""
    if "%" in data:  # (imported here: urllib.parse alone costs a start-up 5 ms)
        from urllib.parse import unquote

        data = unquote(data)
    data = data.replace(" ", "+")
    if len(data) > MAX_DATA:
        raise ParseError(f"the link's data has {len(data)} characters, more than the {MAX_DATA} read")
    if not _B64.fullmatch(data):
        bad = next(ch for ch in data if not _B64.fullmatch(ch))
        raise ParseError(f"bad character {bad!r} in the link's data (lz-string base64 expected)")
    text = lz_decompress_base64(data)
    if not text:
        raise ParseError("the link's data does not decompress (a truncated or altered link?)")
    if len(text) > MAX_TEXT:
        raise ParseError(f"the link's data unpacks to {len(text)} characters, more than the {MAX_TEXT} read")
    return text


def _decode(data: str) -> Any:
    """The f-puzzles JSON of a link's data."""
    text = _decompress(data)
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
    readers = _readers(k for k, v in obj.items() if k not in _PLAIN_KEYS and v)
    extra = sorted(str(k) for k, v in obj.items() if k not in _PLAIN_KEYS and k not in readers and v)
    if extra:
        from ...constraints.base import fpuzzles_keys

        raise ParseError(f"f-puzzles constraint {extra[0]!r} is not supported; known: " + ", ".join(fpuzzles_keys()))
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
            if pm:
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


def _readers(keys) -> dict[str, type]:
    """Each of the f-puzzles ``keys`` a registered constraint type reads -> that type (the
    registry imports the modules of these keys' types alone)."""
    from ...constraints.base import fpuzzles_reader

    out = {}
    for key in keys:
        cls = fpuzzles_reader(key) if isinstance(key, str) else None
        if cls is not None:
            out[key] = cls
    return out


def _takes(cls: type) -> tuple[bool, bool]:
    """Whether a type's ``from_fpuzzles`` takes ``regions`` and ``board`` (asked once a type)."""
    found = _TAKES.get(cls)
    if found is None:
        import inspect

        params = inspect.signature(cls.from_fpuzzles).parameters
        found = _TAKES[cls] = ("regions" in params, "board" in params)
    return found


#: type -> whether its ``from_fpuzzles`` takes ``regions`` and ``board``
_TAKES: dict[type, tuple[bool, bool]] = {}


def _read_one(cls: type, key: str, item: Any, n: int, regions: Sequence[int], obj: dict,
              where: "str | Callable[[], str]"):
    """The constraint of one item; ``where`` (or what it returns: said only on an error)
    names the item in a refusal."""
    takes_regions, takes_board = _takes(cls)
    kw: dict[str, Any] = {}
    if takes_regions:
        kw["regions"] = tuple(regions)
    if takes_board:
        kw["board"] = obj
    try:
        return cls.from_fpuzzles(key, item, n, **kw)
    except (ParseError, PuzzleError, UnsupportedError) as e:
        text = e.message if isinstance(e, ParseError) else str(e)
        place = where() if callable(where) else where
        raise ParseError(f"f-puzzles {place}: {_own_words(text, (key, cls.type))}") from None


#: what may follow a type's name before its message: its cells and numbers (``12 r1c1 r1c2``)
_CELLS = re.compile(r"(?:(?:[rR]\d+[cC]\d+|-?\d+|in)[\s,]*)+")
#: how much of an item an error message shows
_ITEM_CHARS = 80


def _shown(item: Any) -> str:
    """An item as an error message shows it: its compact JSON, cut short."""
    text = json.dumps(item, separators=(",", ":"))
    return text if len(text) <= _ITEM_CHARS else text[:_ITEM_CHARS - 3] + "..."


def _own_words(text: str, names: Sequence[str]) -> str:
    """A constraint type's message without the names the reader's prefix says already: the
    key or type name that opens it, with the item (JSON) or the cells that follow the name
    (``thermometer {"lines": ...}: cell R10C1 ...`` -> ``cell R10C1 ...``), as often as they
    come."""
    decoder = json.JSONDecoder()
    while True:
        name = next((x for x in names if text.startswith(x) and text[len(x):len(x) + 1] in (":", " ")), None)
        if name is None:
            return text
        rest = text[len(name):].lstrip(" ")
        if rest.startswith(":"):
            text = rest[1:].lstrip(" ")
            continue
        if rest[:1] in "{[\"":
            try:
                _, end = decoder.raw_decode(rest)
            except ValueError:
                return text
            rest = rest[end:]
            if not rest.startswith(":"):
                return text
            text = rest[1:].lstrip(" ")
            continue
        head, sep, tail = rest.partition(": ")  # the rule's cells (r1c1 r1c2), its sum, ...
        if not sep or not _CELLS.fullmatch(head):
            return text
        text = tail


def _constraints(obj: dict, n: int, regions: Sequence[int], marks: list[dict], readers: dict[str, type]) -> list:
    """The constraints of the JSON's keys (and the cells' pencil marks), key by key in the
    JSON's order, item by item."""
    out = []
    for key, value in obj.items():
        if key in _PLAIN_KEYS or key not in readers or not value:
            continue
        cls = readers[key]
        if isinstance(value, list):
            if len(value) > max_items(n):
                raise ParseError(f"f-puzzles {key} has {len(value)} items, more than the {max_items(n)} read on a "
                                 f"{n}x{n} board")
            for i, item in enumerate(value):
                con = _read_one(cls, key, item, n, regions, obj,
                                lambda key=key, i=i, item=item: f"{key} item {i + 1} {_shown(item)}")
                if con is not None:
                    out.append(con)
        elif value is True:
            con = _read_one(cls, key, value, n, regions, obj, key)
            if con is not None:
                out.append(con)
        else:
            raise ParseError(f"f-puzzles {key}: expected a list of items or true, got {str(value)[:40]!r}")
    if marks:
        cls = readers.get(PENCIL_MARKS) or _readers([PENCIL_MARKS]).get(PENCIL_MARKS)
        if cls is None:
            raise ParseError(f"f-puzzles {PENCIL_MARKS!r} (at {marks[0]['cell']}) is not supported")
        for item in marks:
            out.append(_read_one(cls, PENCIL_MARKS, item, n, regions, obj, f"{PENCIL_MARKS} at {item['cell']}"))
    return out


def parse_link(content: str) -> tuple[str, str, int] | None:
    """The link in a line: ``(form, data, column)`` or ``None``; ``form`` is ``fpuzzles``
    (f-puzzles JSON), ``scl`` (SudokuPad's own), ``scf``, ``sudokupad-id`` (a puzzle stored on
    SudokuPad's server) or ``fpuzzles-id`` (one stored on f-puzzles'); ``column`` is 1-based."""
    m = _FPUZZLES.search(content)
    if m is not None:
        return ("fpuzzles" if m.group(1).lower() == "load" else "fpuzzles-id"), m.group(2).strip(), m.start(2) + 1
    m = _SUDOKUPAD.search(content)
    if m is None:
        return None
    data = m.group(1).strip()
    for prefix, form in _PREFIXES:
        if data[:len(prefix)].lower() == prefix:
            return form, data[len(prefix):], m.start(1) + len(prefix) + 1
    return "sudokupad-id", data, m.start(1) + 1


def _read_link(form: str, data: str) -> tuple[Sudoku, tuple[int, ...] | None]:
    if form == "fpuzzles":
        return _puzzle(_decode(data))
    if form == "scl":
        return scl_puzzle(unzip(_decompress(data)), _MAX_SIZE)
    if form == "scf":
        raise ParseError("SudokuPad's legacy scf form is not read; open the puzzle in SudokuPad and share it "
                         "again, or save it as an f-puzzles link")
    site = "SudokuPad" if form == "sudokupad-id" else "f-puzzles"
    raise ParseError(f"this {site} link names a puzzle stored on the site ({data[:30]!r}) and carries no puzzle; "
                     f"gridsat reads links that carry the puzzle (f-puzzles ?load=, SudokuPad fpuzzles or scl)")


def read_fpuzzles(text: str, file: str | None = None) -> list[Entry]:
    """Read f-puzzles and SudokuPad links (every form), one per line; each line that is not a
    link the formats read is an error of its own."""
    out: list[Entry] = []
    for lineno, raw in enumerate(split_lines(text), 1):
        content, comment = strip_comment(raw)
        if not content.strip():
            continue
        found = parse_link(content)
        col = found[2] if found else len(content) - len(content.lstrip()) + 1
        fmt = "sudokupad" if found and found[0] == "scl" else "fpuzzles"
        try:
            if found is None:
                raise ParseError("expected an f-puzzles link (f-puzzles.com/?load=...) or a SudokuPad link "
                                 "(sudokupad.app/fpuzzles... or sudokupad.app/scl...)", file, lineno, col)
            puzzle, solution = _read_link(found[0], found[1])
            if puzzle.name is None and comment:
                puzzle = Sudoku(puzzle.n, puzzle.givens, regions=puzzle.regions, box=puzzle.box, name=comment,
                                extra=puzzle.extra)
            out.append(Entry(puzzle, None, file, lineno, solution, fmt))
        except (ParseError, GridsatError) as e:
            out.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, fmt))
    return out


def _data(puzzle: Sudoku, solution: Sequence[int] | None) -> str:
    """The lz-string base64 data of the puzzle's f-puzzles JSON."""
    try:
        import lzstring
    except ImportError:
        raise ParseError("writing f-puzzles links needs the lzstring package (pip install lzstring)") from None
    n = puzzle.n
    if n > _MAX_SIZE or n < 4:
        raise ParseError(f"f-puzzles holds boards of 4x4 to {_MAX_SIZE}x{_MAX_SIZE}, not {n}x{n}")
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
    items = []
    for con in puzzle.extra:
        try:
            key, item = con.to_fpuzzles()
        except UnsupportedError as e:
            raise UnsupportedError(f"f-puzzles cannot hold {con.describe()}: {_own_words(str(e), (con.type,))}"
                                   ) from None
        if getattr(con, "fpuzzles_needs_regions", False) and tuple(getattr(con, "regions", ())) != puzzle.regions:
            raise UnsupportedError(f"f-puzzles cannot hold {con.describe()}: its regions are not the puzzle's")
        items.append((key, item, con))
    # one canonical order, by key then by item: equal puzzles write the same link
    items.sort(key=lambda t: (t[0], json.dumps(t[1], sort_keys=True)))
    for key, item, con in items:
        if key == PENCIL_MARKS:
            r, c = (int(x) - 1 for x in item["cell"][1:].upper().split("C"))
            held = grid[r][c].get(PENCIL_MARKS)
            if held is not None and held != item[PENCIL_MARKS]:
                raise UnsupportedError(f"f-puzzles cannot hold {con.describe()}: the cell has another list of "
                                       "given pencil marks, and holds one")
            grid[r][c][PENCIL_MARKS] = item[PENCIL_MARKS]
        elif isinstance(item, bool):
            obj[key] = item
        elif not (key == "negative" and item in obj.get(key, ())):  # (a negative rule is named once)
            obj.setdefault(key, []).append(item)
    if puzzle.name:
        obj["title"] = puzzle.name
    return lzstring.LZString().compressToBase64(json.dumps(obj, separators=(",", ":")))


def write_fpuzzles(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """An f-puzzles link (every rule under its key); a solution is written as placed (not given) digits."""
    return "https://www.f-puzzles.com/?load=" + _data(puzzle, solution) + "\n"


def write_sudokupad(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """A SudokuPad link of the same f-puzzles data (SudokuPad draws and checks what it knows of
    each rule)."""
    return "https://sudokupad.app/fpuzzles" + _data(puzzle, solution) + "\n"


def _first_link(text: str) -> tuple[str, str, int] | None | bool:
    """The link of the first content line (``False``: no content line in the head)."""
    for raw in text.split("\n", 50)[:50]:
        s = strip_comment(raw)[0].strip()
        if s:
            return parse_link(s)
    return False


def sniff_fpuzzles(text: str) -> bool:
    """The first content line holds an f-puzzles link or a SudokuPad link of f-puzzles data."""
    found = _first_link(text)
    return bool(found) and found[0] in ("fpuzzles", "fpuzzles-id")


def sniff_sudokupad(text: str) -> bool:
    """The first content line holds a SudokuPad link of its own forms (``scl``, ``ctc``,
    ``scf``, or a puzzle stored on its server)."""
    found = _first_link(text)
    return bool(found) and found[0] in ("scl", "scf", "sudokupad-id")


register_format(Format("fpuzzles", "sudoku", read_fpuzzles, write_fpuzzles, sniff_fpuzzles, many=True, constraints=True,
                       description="f-puzzles / SudokuPad links: ?load=<lz-string base64 JSON> with size, "
                                   "grid cells (value, given, region) and every constraint key",
                       priority=8, link="f-puzzles ?load=, SudokuPad fpuzzles"))
register_format(Format("sudokupad", "sudoku", read_fpuzzles, write_sudokupad, sniff_sudokupad, many=True,
                       constraints=True,
                       description="SudokuPad links: sudokupad.app/scl<data> (givens, regions, cages) and "
                                   "sudokupad.app/fpuzzles<data>; written as the latter",
                       priority=8, link="SudokuPad scl"))
