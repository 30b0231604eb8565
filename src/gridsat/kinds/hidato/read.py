"""Reading the Hidato/Numbrix grid styles: cells, rows, files of many puzzles, detection.

Every style's cells go through :mod:`.tokens` (ASCII digits only, bounded length, lines split
at ``\\n`` and ``\\r\\n`` only). A file holds one puzzle or many: puzzles are separated by blank
lines or by header lines. A header is a line that starts with a word: ``Grid 01``, ``Hidato 0``
or ``puzzle NAME`` names the next puzzle; ``hidato``/``numbrix``/``king``/``rook`` (and an
optional name) also sets its adjacency; ``solution`` (or ``Solution 0``) announces a solution
of the puzzle before it, which must pass the verifier. A ``#`` (or ``;``, ``//``) comment
line right before a puzzle names it (``# name: Ring`` or ``# Ring``).

Rows must all have the same number of cells, except in the ``rosetta`` and ``quoted`` styles,
whose boards leave out the holes at the end of a row (short rows are holes there).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from ...errors import GridsatError, ParseError, PuzzleError
from .puzzle import Hidato
from ...verifier import verify
from ...formats.base import Entry, is_digits
from ...formats.tokens import MAX_DIGITS, is_int, parse_int, split_lines

__all__ = ["CELL_READERS", "RAGGED_OK", "MAX_SIDE", "read_grid", "detect", "make_puzzle", "check_grid_solution",
           "ADJ_WORDS"]

HOLE = None
_TOKEN = re.compile(r"\S+")
_QUOTED = re.compile(r'"([^"]*)"|"\s*$|(\S+)')
#: the adjacency a header's first word sets
ADJ_WORDS = {"hidato": "king", "numbrix": "rook", "king": "king", "rook": "rook"}
#: the most rows or columns a Hidato board read from text may have (a bound on the reader's
#: work; the solvers' own size caps are far lower)
MAX_SIDE = 1000
#: the ``"kind"`` values of Hidato JSON objects and their adjacency
_JSON_KIND_ADJ = {"hidato": "king", "numbrix": "rook"}
#: styles whose short rows are holes (the board leaves out the holes at the end of a row)
RAGGED_OK = frozenset({"rosetta", "quoted"})
_BRACKETED = frozenset({"haskell", "haskell2"})


# ---------------------------------------------------------------------------- cells
def _number(tok: str) -> int:
    if not is_int(tok, signed=False):
        if is_digits(tok):
            raise ValueError(f"{tok[:12]!r}... has more than {MAX_DIGITS} digits")
        raise ValueError(f"{tok[:20]!r} is not a number or a cell mark")
    return int(tok)


def _signed(tok: str) -> int:
    if not is_int(tok, signed=True):
        raise ValueError(f"{tok[:20]!r} is not a number")
    return int(tok)


def _native_cell(tok: str):
    if tok in (".", "0"):
        return 0
    if tok == "#":
        return HOLE
    return _number(tok)


def _rosetta_cell(tok: str):
    if tok in ("_", "__"):
        return 0
    if tok in (".", ".."):
        return HOLE
    return _number(tok)


def _haskell_cell(tok: str):
    v = _signed(tok)
    if v == -1:
        return HOLE
    if v < -1:
        raise ValueError(f"{tok!r} is not a cell (0 open, -1 off the board, or a number)")
    return v


def _haskell2_cell(tok: str):
    v = _signed(tok)
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


def _game_cell(tok: str):
    if tok == "-":
        return HOLE
    return _number(tok)


def _janko_cell(tok: str):
    return 0 if tok == "-" else _number(tok)


def _quoted_cell(tok: str):
    t = tok.strip()
    if t == "":
        return HOLE
    if t == "-2":
        return 0
    if t == "-1":
        return HOLE
    return _number(t)


#: style name -> cell reader (``None``: no cell, ``0``: open, ``> 0``: given)
CELL_READERS: dict[str, Callable[[str], Any]] = {
    "native": _native_cell, "rosetta": _rosetta_cell, "haskell": _haskell_cell, "haskell2": _haskell2_cell,
    "template": _template_cell, "game": _game_cell, "janko": _janko_cell, "quoted": _quoted_cell,
}


# ---------------------------------------------------------------------------- puzzles
def make_puzzle(grid, adjacency: str, name, file, line: int, col: int = 1) -> Hidato:
    """A :class:`Hidato` from rows, or a :class:`ParseError` at ``file:line:col``.

    A board needs at least two cells (one open cell alone is no puzzle)."""
    width = max((len(r) for r in grid), default=0)
    if len(grid) > MAX_SIDE or width > MAX_SIDE:
        raise ParseError(f"a {len(grid)}x{width} board is larger than any reader accepts "
                         f"(at most {MAX_SIDE} rows and columns)", file, line, col)
    if sum(1 for row in grid for v in row if v is not None) < 2:
        raise ParseError("a Hidato board needs at least 2 cells", file, line, col)
    try:
        return Hidato.from_grid(grid, adjacency, name=name)
    except (PuzzleError, GridsatError) as e:
        raise ParseError(str(e), file, line, col) from None


def check_grid_solution(puzzle: Hidato, sgrid, file, line: int, col: int = 1) -> tuple[int, ...]:
    """The values of solution rows ``sgrid`` per cell, after the verifier accepted them."""
    if len(sgrid) != puzzle.rows or any(len(r) > puzzle.cols for r in sgrid):
        raise ParseError(f"the solution's shape differs from the puzzle's {puzzle.rows}x{puzzle.cols}",
                         file, line, col)
    values = []
    for i, (r, c) in enumerate(puzzle.cells):
        v = sgrid[r][c] if c < len(sgrid[r]) else None
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise ParseError(f"the solution leaves {puzzle.cell_name(i)} without a number", file, line, col)
        values.append(v)
    for (r, row) in enumerate(sgrid):
        for c, v in enumerate(row):
            if v and (r, c) not in puzzle.index:
                raise ParseError(f"the solution has {v} at r{r + 1}c{c + 1}, which is not a cell", file, line, col)
    problems = verify(puzzle, values)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}", file, line, col)
    return tuple(values)


# ---------------------------------------------------------------------------- rows
def _is_comment(s: str) -> bool:
    """``//`` and ``;`` lines, and ``#`` lines with words in them (a row of holes has none)."""
    return s.startswith(("//", ";")) or (s.startswith("#") and any(ch.isalpha() for ch in s))


def _header_word(s: str) -> str | None:
    """The first word of a header line (``Grid 01``, ``hidato``, ``solution``), else ``None``:
    no cell of any style starts with a letter."""
    return s.split()[0].lower() if s[:1].isascii() and s[:1].isalpha() else None


def _comment_name(s: str) -> str | None:
    body = s.lstrip("#;/").strip()
    m = re.match(r"name\s*:\s*(.*)$", body, re.I)
    body = m.group(1).strip() if m else body
    return body or None


def _row_tokens(line: str, style: str) -> list[tuple[str, int]]:
    """Tokens of a grid row with 1-based columns; brackets and commas count as blanks."""
    if style in _BRACKETED:
        line = re.sub(r"[\[\],]", " ", line)
    if style == "quoted":
        return [(m.group(1) if m.group(1) is not None else (m.group(2) or " "), m.start() + 1)
                for m in _QUOTED.finditer(line)]
    toks = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
    if style == "template" and len(toks) == 1 and len(toks[0][0]) > 1:
        tok, col = toks[0]
        toks = [(ch, col + i) for i, ch in enumerate(tok)]
    return toks


class _Block:
    """The rows of one puzzle (or of a solution) with what its header said."""

    def __init__(self, adj=None, name=None, solution=False, line=None):
        self.lines: list[tuple[int, str]] = []
        self.adj, self.name, self.solution, self.line = adj, name, solution, line


def _blocks(text: str, style: str) -> list[_Block]:
    """The puzzles (and solution blocks) of ``text``, split at blank lines and headers."""
    out: list[_Block] = []
    cur = _Block()
    pending_name = None

    def close():
        nonlocal cur
        if cur.lines:
            out.append(cur)
        elif cur.solution or cur.name is not None or cur.adj is not None:
            if cur.line is not None and cur.solution:
                out.append(cur)  # an empty solution block: reported
        cur = _Block()

    depth = 0
    for no, raw in enumerate(split_lines(text), 1):
        line = raw.rstrip()
        s = line.strip()
        if style in _BRACKETED:
            if re.match(r"\[\s*(\[|$)", s) and depth <= 0 and cur.lines:
                close()  # one bracketed puzzle per '[[ ... ]]'
            depth += s.count("[") - s.count("]")
        if not s:
            if cur.lines:
                close()
            continue
        if _is_comment(s):
            if cur.lines:
                close()
            pending_name = _comment_name(s)
            continue
        word = _header_word(s)
        if word is not None:
            close()
            rest = s.split(None, 1)[1].strip() if len(s.split(None, 1)) > 1 else None
            if word.startswith("solution"):
                cur = _Block(solution=True, line=no)
            elif word in ADJ_WORDS:
                cur = _Block(ADJ_WORDS[word], rest if rest is not None else pending_name, line=no)
            else:
                cur = _Block(None, rest if word == "puzzle" and rest else s, line=no)
            pending_name = None
            continue
        if not cur.lines and cur.name is None and pending_name is not None:
            cur.name = pending_name
        pending_name = None
        cur.lines.append((no, line))
    close()
    return out


def _parse_rows(lines, style: str, file, allow_zero_open: bool = True) -> list[list[Any]]:
    reader = CELL_READERS[style]
    grid = []
    width = None
    for no, line in lines:
        row = []
        for tok, col in _row_tokens(line, style):
            try:
                row.append(reader(tok))
            except ValueError as e:
                raise ParseError(str(e), file, no, col) from None
        if not row:
            raise ParseError("a row without cells", file, no, 1)
        if width is None:
            width = len(row)
        elif len(row) != width and style not in RAGGED_OK:
            raise ParseError(f"row has {len(row)} cells, expected {width} like the first row "
                             "(every row of this format is complete)", file, no, 1)
        grid.append(row)
    return grid


def _bracket_rows(lines, file) -> list[tuple[int, str]]:
    """``[[a,b],[c,d]]`` (on one line or several) as one ``(line, row text)`` per inner list;
    a row's text keeps its columns (blanks stand for what came before it on the line)."""
    rows: list[list] = []
    depth = 0
    for no, line in lines:
        for m in re.finditer(r"[\[\]]|[^\[\]]+", line):
            t = m.group()
            if t == "[":
                depth += 1
                if depth > 2:
                    raise ParseError("a Haskell board is a list of lists, nested two deep", file, no, m.start() + 1)
                if depth == 2:
                    rows.append([no, " " * (m.start() + 1)])
            elif t == "]":
                depth -= 1
                if depth < 0:
                    raise ParseError("']' without its '['", file, no, m.start() + 1)
            elif depth == 2:
                row = rows[-1]
                row[1] += t if row[0] == no else " " + t
            elif t.strip(" ,\t"):
                raise ParseError(f"{t.strip()[:20]!r} outside a row list", file, no, m.start() + 1)
    if depth != 0:
        raise ParseError("the board's brackets do not close", file, lines[-1][0], len(lines[-1][1]) + 1)
    return [(no, t) for no, t in rows]


def _grid_of(block: _Block, style: str, file):
    lines = block.lines
    if style in _BRACKETED and re.match(r"\[\s*\[", "".join(l.strip() for _, l in lines)):
        lines = _bracket_rows(lines, file)
        if not lines:
            raise ParseError("an empty board", file, block.lines[0][0], 1)
    return _parse_rows(lines, style, file)


def read_grid(text: str, file: str | None = None, style: str = "native", adjacency: str = "king") -> list[Entry]:
    """Every puzzle in ``text`` written in grid ``style``; a ``solution`` block after a puzzle is
    verified and kept as the entry's solution."""
    if style == "janko":
        return _read_janko(text, file, adjacency)
    out: list[Entry] = []
    for block in _blocks(text, style):
        first = block.lines[0][0] if block.lines else block.line
        try:
            if block.solution:
                prev = out[-1] if out else None
                if prev is None or prev.puzzle is None:
                    if prev is not None:
                        continue  # the puzzle itself failed: already reported
                    raise ParseError("a solution without a puzzle before it", file, first, 1)
                if not block.lines:
                    raise ParseError("a 'solution' header without rows", file, first, 1)
                sgrid = _grid_of(block, style, file)
                sol = check_grid_solution(prev.puzzle, [[0 if v is None else v for v in r] for r in sgrid],
                                          file, first)
                if prev.solution is None:
                    prev.solution = sol
                continue
            grid = _grid_of(block, style, file)
            p = make_puzzle(grid, block.adj or adjacency, block.name, file, first)
            out.append(Entry(p, None, file, first))
        except ParseError as e:
            if block.solution and out and out[-1].ok:
                out[-1] = Entry(None, e, file, out[-1].line)
            else:
                out.append(Entry(None, e, file, first))
    if not out:
        out.append(Entry(None, ParseError("no puzzle found", file, 1, 1), file, 1))
    return out


def _read_janko(text: str, file, adjacency: str) -> list[Entry]:
    lines = [(no, l.rstrip()) for no, l in enumerate(split_lines(text), 1)]
    lines = [(no, l) for no, l in lines if l.strip() and not _is_comment(l.strip())]
    out = []
    i = 0
    while i < len(lines):
        no, head = lines[i]
        toks = head.split()
        if len(toks) != 2 or not all(is_int(t, signed=False) for t in toks):
            out.append(Entry(None, ParseError("expected a 'rows cols' header", file, no, 1), file, no))
            break
        r, c = int(toks[0]), int(toks[1])
        if r < 1 or c < 1:
            out.append(Entry(None, ParseError(f"header says {r}x{c}: a board needs rows and columns",
                                              file, no, 1), file, no))
            break
        body = lines[i + 1: i + 1 + r]
        i += 1 + r
        try:
            if len(body) < r:
                raise ParseError(f"header says {r} rows, found {len(body)}", file, no, 1)
            for bno, bl in body:
                if len(bl.split()) != c:
                    raise ParseError(f"row has {len(bl.split())} cells, header says {c}", file, bno, 1)
            grid = _parse_rows(body, "janko", file)
            out.append(Entry(make_puzzle(grid, adjacency, None, file, no), None, file, no))
        except ParseError as e:
            out.append(Entry(None, e, file, no))
    if not out:
        out.append(Entry(None, ParseError("no puzzle found", file, 1, 1), file, 1))
    return out


# ---------------------------------------------------------------------------- detection
def _content_lines(text: str) -> list[list[str]]:
    """The blocks of content lines (comments and header lines left out), split at blank lines."""
    blocks: list[list[str]] = [[]]
    for raw in split_lines(text):
        s = raw.strip()
        if not s:
            if blocks[-1]:
                blocks.append([])
            continue
        if _is_comment(s) or _header_word(s) is not None:
            continue
        blocks[-1].append(s)
    return [b for b in blocks if b]


def _latin_grid_like(rows: list[list[str]]) -> str:
    """How much ``rows`` (the content rows of a text or of one puzzle) look like a Latin-square
    grid (an ``n x n`` board of values ``1..n``, as a Sudoku is) rather than a Hidato.

    ``n`` is the larger of the row count and the widest row. ``""``: unlike a Sudoku (``n < 4``,
    a ``#`` hole, or numbers that run past ``2 n`` as a Hidato's do); ``"both"``: shaped like a
    Sudoku grid but a plausible Hidato too (distinct numbers, ``1`` and the last number given);
    ``"grid"``: a full ``n x n`` grid of blanks and values ``1..n``; ``"near"``: no plausible
    Hidato and numbers no larger than ``2 n`` (or, on a Sudoku-shaped board, mostly no larger
    than ``n``, or fewer than three numbers): a Sudoku with a typo, a missing or short row, or
    a fragment of one.

    Sudoku-shaped: at most two rows missing, no row shorter than ``n / 2``, three rows in four
    ``n`` long.
    """
    n = max(len(rows), max((len(r) for r in rows), default=0))
    if n < 4 or any(t == "#" for r in rows for t in r):
        return ""
    vals = [int(t) for r in rows for t in r if is_int(t, signed=False) and t != "0"]
    cells = sum(1 for r in rows for t in r if t not in ("-", "-1"))
    top = max(vals, default=0)
    shaped = len(rows) >= n - 2 and all(len(r) >= n / 2 for r in rows) \
        and sum(1 for r in rows if len(r) == n) >= 0.75 * len(rows)
    if vals and 1 in vals and top == cells and len(set(vals)) == len(vals):
        return "both" if shaped else ""
    if shaped and len(rows) == n and all(len(r) == n for r in rows) and top <= n:
        return "grid"
    small = sum(1 for v in vals if v <= n)
    if top <= 2 * n or (shaped and (len(vals) < 3 or small >= 0.75 * len(vals))):
        return "near"
    return ""


def _all_rows(lines: list[str], bracketed: bool) -> list[list[str]]:
    """The cell tokens of every content row (the rows of a Haskell list of lists when bracketed)."""
    if bracketed:
        try:
            return [t.replace(",", " ").split() for _, t in _bracket_rows(list(enumerate(lines, 1)), None)]
        except ParseError:
            pass
    return [re.sub(r"[\[\],]", " ", l).split() for l in lines]


@functools.lru_cache(maxsize=8)  # every Hidato format's sniffer asks about the same text
def detect(text: str, loose: bool = False) -> str | None:
    """The grid style ``text`` is unambiguously in, or ``None``.

    A ``.`` grid without ``_`` counts as native (``.`` open), not Rosetta (``.`` hole). A board of
    blanks and small numbers shaped like a Sudoku grid is not claimed when it misses one (a short
    row, a value one past the size), and only when it reads as a Hidato when it is a full grid;
    ``loose`` (the caller said the kind) drops that caution.
    """
    from ...formats.jsonparse import first_value

    s = text.strip()
    if not s:
        return None
    if s.startswith("{") or s.startswith("[{"):
        obj = first_value(s)
        obj = obj[0] if isinstance(obj, list) and obj else obj
        kind = obj.get("kind") if isinstance(obj, dict) else None
        return "json" if isinstance(kind, str) and _JSON_KIND_ADJ.get(kind) else None
    blocks = _content_lines(s)
    if not blocks:
        return None
    lines = [l for b in blocks for l in b]
    if all(l.startswith('"') for l in lines):
        return "quoted"
    head = lines[0].split()
    if len(head) == 2 and all(is_int(t, signed=False) for t in head) and len(blocks[0]) > 1:
        r, c = int(head[0]), int(head[1])
        body = blocks[0][1:1 + r]
        if len(body) == r and all(len(b.split()) == c for b in body) \
                and all(t == "-" or is_int(t, signed=False) for b in body for t in b.split()):
            body_rows = [["0" if t == "-" else t for t in b.split()] for b in body]
            return _unless_latin_grid(text, [body_rows], "janko", loose)
    bracketed = re.match(r"\[\s*\[", s) is not None
    unbracket = (lambda l: re.sub(r"[\[\],]", " ", l)) if bracketed else (lambda l: l)
    parsed = _blocks(s, "haskell" if bracketed else "native")
    loose = loose or any(b.adj is not None for b in parsed)  # a 'hidato'/'numbrix' header says the kind
    puzzles = [[l for _, l in b.lines] for b in parsed if b.lines and not b.solution]
    rows = [_all_rows([l for p in puzzles for l in p], bracketed)] + (
        [_all_rows(p, bracketed) for p in puzzles] if len(puzzles) > 1 else [])
    toks = {t for l in lines for t in unbracket(l).split()}
    if (toks and toks <= {"0", "-"} and "-" in toks) or (
            all(len(l.split()) == 1 and set(l) <= {"0", "-"} for l in lines) and any("-" in l for l in lines)):
        # a board shape; fewer than three cells or a single row is a fragment, not a template
        return "template" if loose or (len(lines) > 1 and s.count("0") >= 3) else None
    if toks & {"_", "__"}:
        return "rosetta" if all(t in ("_", "__", ".", "..") or is_int(t, signed=False) for t in toks) else None
    if not bracketed and "-" in toks and all(t == "-" or is_int(t, signed=False) for t in toks):
        return _unless_latin_grid(text, rows, "game", loose, holes=True)
    if all(is_int(t) for t in toks):
        if "-2" in toks:
            return "haskell2"
        if "-1" in toks or bracketed:
            return _unless_latin_grid(text, rows, "haskell", loose) if all(int(t) >= -1 for t in toks) else None
        style = "native"
    elif all(t in (".", "#", "0") or is_int(t, signed=False) for t in toks):
        style = "native"
    else:
        return None
    return _unless_latin_grid(text, rows, style, loose)


def _unless_latin_grid(text: str, rows: list[list[list[str]]], style: str, loose: bool,
                   holes: bool = False) -> str | None:
    """``style``, unless the board (all rows together, or any puzzle of the text) is a Sudoku
    grid or a near miss of one (see :func:`_latin_grid_like`), or a puzzle is a single row or column.

    ``holes``: the board marks holes with ``-``, which a Sudoku grid reads as empty cells; such a
    Sudoku-shaped board is claimed, and detection then asks for ``--kind`` if a Sudoku format
    reads it too."""
    if not loose and any(len(b) < 2 or max(len(r) for r in b) < 2 for b in (rows[1:] or rows)):
        return None  # one row or one column: a fragment of something, not a board to guess at
    if not loose and not holes and not any(is_int(t, signed=False) and t.strip("0") for r in rows[0] for t in r):
        return None  # blanks only: a shape with no numbers says nothing of its kind
    likes = set() if loose else {_latin_grid_like(r) for r in rows}
    if likes & {"near", "grid"} and not holes:
        return None
    if likes & {"both", "near", "grid"} and not all(e.ok for e in read_grid(text, None, style)):
        return None
    return style
