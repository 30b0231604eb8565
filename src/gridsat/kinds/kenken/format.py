"""KenKen text formats: janko.at's text (``kenken-janko``), one line (``kenken-line``) and JSON.

``kenken-janko``: a ``rows cols`` header (a square, ``6 6``), then ``n`` rows of clues (the
clue of a cage in one of its cells: ``12+``, ``2/``, ``3-``, ``24*`` (or ``24x``), a bare
number for a one-cell cage; ``.`` or ``-`` elsewhere), then ``n`` rows of cage labels
(numbers or letters; cells with one label form one cage). Several puzzles may follow one
another; a ``# name`` comment line names the next one. A block of a header and ``n`` rows of
digits right after a puzzle is its solution (verified when read).

``kenken-line``: ``kenken CLUES MAP`` on one line, both fields rows joined by ``/`` and cells
by ``,``, a division written ``:`` (``2:``) as ``/`` parts rows (what ``gridsat generate
kenken`` writes).

``json``: ``{"kind": "kenken", "size": n, "cages": [{"cells": [[r, c], ...], "target": t,
"op": "+"}, ...]}`` (cells 0-based; ``op`` ``=`` for a given; a cage without ``op`` has no
clue), with an optional ``"solution"`` (rows of digits).

Every bad input is one :class:`~gridsat.errors.ParseError` at ``file:line:col``: a ragged row,
a clue that is not one, a cage with two clues, a cell without a cage label, a cage that is
not connected, a ``-`` or ``/`` cage of other than two cells, a target no digits can make.
"""

from __future__ import annotations

import json
import re
from typing import Any, Sequence

from ...errors import GridsatError, ParseError, PuzzleError
from ...formats.base import Entry, Format, register_format, register_json_kind
from ...formats.common import header_name
from ...formats.oneline import register_generated
from ...formats.tokens import parse_int, split_lines
from .puzzle import MAX_SIZE, KenKen, make_cage

__all__ = ["read_janko", "write_janko", "read_line", "kenken_line", "from_json", "to_json", "sniff_janko"]

_CLUE = re.compile(r"^(\d{1,6})([-+*/x×:÷=]?)$")
_EMPTY = {".", "-"}
_HEADER = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")
#: the word that opens a one-line puzzle
_WORD = KenKen.kind


_TOKEN = re.compile(r"\S+")


def _tokens(line: str) -> list[tuple[str, int]]:
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


def _clue(tok: str, file, line, col) -> tuple[int, str] | None:
    if tok in _EMPTY:
        return None
    m = _CLUE.match(tok)
    if not m:
        raise ParseError(f"{tok!r} is not a cage clue (a number with +, -, *, x or /, a bare number, or . )",
                         file, line, col)
    return int(m.group(1)), (m.group(2) or "=")


def _build(n: int, clues: list, labels: list, file, name) -> KenKen:
    """The puzzle from the clue rows and label rows (each ``[(token, line, col)]``)."""
    groups: dict[str, list[int]] = {}
    for r, row in enumerate(labels):
        base = r * n
        for c, (tok, line, col) in enumerate(row):
            cells = groups.get(tok)
            if cells is not None:
                cells.append(base + c)
                continue
            if tok in _EMPTY or tok == "0":
                raise ParseError(f"the cell r{r + 1}c{c + 1} has no cage label (the cage map has a hole)",
                                 file, line, col)
            groups[tok] = [base + c]
    cage_clue: dict[str, tuple[int, str, int, int]] = {}
    for r, row in enumerate(clues):
        for c, (tok, line, col) in enumerate(row):
            if tok in _EMPTY:
                continue
            cl = _clue(tok, file, line, col)
            lab = labels[r][c][0]
            if lab in cage_clue:
                raise ParseError(f"the cage {lab!r} has a second clue {tok!r} (one clue a cage)", file, line, col)
            cage_clue[lab] = (*cl, line, col)
    cages = [(cells, *cage_clue.get(lab, (None, None))[:2]) for lab, cells in groups.items()]
    try:
        return KenKen(n, cages, name=name)
    except GridsatError as e:
        # a cage's own fault is named at its clue (or its first label); the rest at the map
        where: dict[str, tuple[int, int]] = {}
        for row in labels:
            for tok, line, col in row:
                where.setdefault(tok, (line, col))
        for lab, cells in groups.items():
            target, op, line, col = cage_clue.get(lab, (None, None, *where[lab]))
            try:
                make_cage(n, cells, target, op)
            except PuzzleError as e2:
                raise ParseError(f"cage {lab!r}: {e2}", file, line, col) from None
        raise ParseError(str(e), file, labels[0][0][1], 1) from None


def _solution(puzzle: KenKen, rows: list, file) -> tuple[int, ...]:
    from ...verifier import verify

    vals = []
    for row in rows:
        for tok, line, col in row:
            if not tok.isdigit():
                raise ParseError(f"{tok!r} is not a digit of the solution", file, line, col)
            vals.append(int(tok))
    problems = verify(puzzle, vals)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}", file, rows[0][0][1], 1)
    return tuple(vals)


def read_janko(text: str, file: str | None = None, **_: Any) -> list[Entry]:
    """Every puzzle of a janko.at KenKen text (a bad puzzle: an entry with its located error, and reading stops)."""
    lines = split_lines(text)
    content: list[tuple[int, str]] = []
    names: dict[int, str] = {}
    for i, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s:
            continue
        if s.startswith("#"):
            nm = header_name(s)
            if nm and not nm.lower().startswith("solution"):
                names[len(content)] = nm
            continue
        content.append((i, raw))
    out: list[Entry] = []
    k = 0
    try:
        while k < len(content):
            line, raw = content[k]
            m = _HEADER.match(raw)
            if not m:
                raise ParseError("expected a 'rows cols' header line (such as '6 6')", file, line, 1)
            rows, cols = (parse_int(m.group(g), file, line, m.start(g) + 1, signed=False, what="header number")
                          for g in (1, 2))
            if rows != cols or not 1 <= rows <= MAX_SIZE:
                raise ParseError(f"a KenKen board is square, 1x1 to {MAX_SIZE}x{MAX_SIZE}; the header says "
                                 f"{rows} rows and {cols} columns", file, line, 1)
            n, name, start = rows, names.get(k), line
            block = _rows(content, k + 1, 2 * n, n, file, line)
            puzzle = _build(n, block[:n], block[n:], file, name)
            k += 1 + 2 * n
            sol = None
            if k < len(content) and _HEADER.match(content[k][1]) and _is_solution(content, k + 1, n):
                sol = _solution(puzzle, _rows(content, k + 1, n, n, file, content[k][0]), file)
                k += 1 + n
            out.append(Entry(puzzle, file=file, line=start, solution=sol, format="kenken-janko"))
    except ParseError as e:
        out.append(Entry(None, error=e, file=file, line=e.line))
    return out


def _is_solution(content, k: int, n: int) -> bool:
    """Whether the ``n`` lines from ``k`` are rows of digits and then a header or the end."""
    if k + n > len(content):
        return False
    if not all(all(t.isdigit() for t, _ in _tokens(content[j][1])) for j in range(k, k + n)):
        return False
    return k + n == len(content) or bool(_HEADER.match(content[k + n][1]))


def _rows(content, k: int, count: int, n: int, file, header_line: int) -> list[list[tuple[str, int, int]]]:
    out = []
    for j in range(k, k + count):
        if j >= len(content):
            raise ParseError(f"the board has {j - k} of its {count} rows ({n} of clues, then {n} of cage labels)",
                             file, content[-1][0] if content else header_line, 1)
        line, raw = content[j]
        toks = [(m.group(), line, m.start() + 1) for m in _TOKEN.finditer(raw)]
        if len(toks) != n:
            col = toks[n][2] if len(toks) > n else len(raw.rstrip()) + 1
            raise ParseError(f"a row of {len(toks)} cells, expected {n} (a ragged row)", file, line, col)
        out.append(toks)
    return out


def sniff_janko(text: str) -> bool:
    """A header, then a first row that holds a clue with an operation (``12+``) or only clues and dots."""
    lines = [s for s in (raw.strip() for raw in split_lines(text)[:40]) if s and not s.startswith("#")]
    if len(lines) < 3 or not _HEADER.match(lines[0]):
        return False
    head = lines[0].split()[0]
    if len(head) > 3:  # no board that wide (and no int() of a number thousands of digits long)
        return False
    n = int(head)
    first = lines[1].split()
    if len(first) != n:
        return False
    return any(re.match(r"^\d+[-+*/x×:÷]$", t) for ln in lines[1:n + 1] for t in ln.split())


def _clue_grid(puzzle: KenKen) -> list[list[str]]:
    n = puzzle.n
    grid = [["."] * n for _ in range(n)]
    for cage in puzzle.cages:
        if cage.op is not None:
            c = cage.cells[0]
            grid[c // n][c % n] = cage.clue.replace("x", "*")
    return grid


def write_janko(puzzle: KenKen, solution: Sequence[int] | None = None) -> str:
    """The puzzle in janko.at's text (its solution after it, as a header and rows of digits)."""
    n = puzzle.n
    head = f"# {puzzle.name}\n" if puzzle.name else ""
    grid = _clue_grid(puzzle)
    w = max(len(t) for row in grid for t in row)
    lw = len(str(len(puzzle.cages)))
    text = head + f"{n} {n}\n" + "".join(" ".join(t.ljust(w) for t in row).rstrip() + "\n" for row in grid)
    text += "".join(" ".join(str(i + 1).rjust(lw) for i in row) + "\n" for row in puzzle.cage_map())
    if solution is not None:
        text += f"{n} {n}\n" + "".join(" ".join(map(str, solution[r * n:(r + 1) * n])) + "\n" for r in range(n))
    return text


# ---------------------------------------------------------------------------- one line
def kenken_line(puzzle: KenKen) -> str:
    """``kenken CLUES MAP``: rows joined by ``/``, cells by ``,`` (a division clue as ``2:``)."""
    clues = "/".join(",".join(t.replace("/", ":") for t in row) for row in _clue_grid(puzzle))
    cmap = "/".join(",".join(str(i + 1) for i in row) for row in puzzle.cage_map())
    return f"kenken {clues} {cmap}"


def _line_fields(line_text: str, file, line: int) -> KenKen:
    toks = _tokens(line_text)
    if not toks or toks[0][0].lower() != _WORD:
        raise ParseError("a kenken line starts with the word 'kenken'", file, line, 1)
    if len(toks) != 3:
        col = toks[3][1] if len(toks) > 3 else len(line_text.rstrip()) + 1
        raise ParseError("a kenken line is 'kenken CLUES MAP' (three fields)", file, line, col)
    grids = []
    for tok, col in toks[1:]:
        rows, pos = [], col
        for rtext in tok.split("/"):
            cells, p = [], pos
            for cell in rtext.split(","):
                cells.append((cell, line, p))
                p += len(cell) + 1
            rows.append(cells)
            pos += len(rtext) + 1
        grids.append(rows)
    n = len(grids[0])
    for rows in grids:
        if len(rows) != n:
            raise ParseError(f"{len(rows)} rows where the clues have {n}", file, line, rows[0][0][2])
        for row in rows:
            if len(row) != n:
                raise ParseError(f"a row of {len(row)} cells, expected {n} (a ragged row)", file, line, row[0][2])
    if n > MAX_SIZE:
        raise ParseError(f"a KenKen board is at most {MAX_SIZE}x{MAX_SIZE}", file, line, toks[1][1])
    return _build(n, grids[0], grids[1], file, None)


def read_line(text: str, file: str | None = None, **_: Any) -> list[Entry]:
    """One puzzle per ``kenken ...`` line (blank and ``#`` lines skipped)."""
    out = []
    for i, raw in enumerate(split_lines(text), 1):
        body = raw.split("#", 1)[0] if raw.lstrip().startswith("#") else raw
        if not body.strip():
            continue
        try:
            out.append(Entry(_line_fields(body, file, i), file=file, line=i, format="kenken-line"))
        except ParseError as e:
            out.append(Entry(None, error=e, file=file, line=i))
    return out


def _sniff_line(text: str) -> bool:
    first = next((s for s in (r.strip() for r in split_lines(text)[:20]) if s and not s.startswith("#")), "")
    return first.lower().startswith("kenken ")


# ---------------------------------------------------------------------------- JSON
def from_json(obj: dict[str, Any], file: str | None = None, line: int | None = None) -> KenKen:
    """A puzzle from its JSON object (see the module's docstring)."""
    n = obj.get("size")
    cages = obj.get("cages")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ParseError(f"a kenken object needs \"size\" (the side), got {n!r}", file, line)
    if not isinstance(cages, list):
        raise ParseError("a kenken object needs \"cages\", a list of {\"cells\", \"target\", \"op\"}", file, line)
    made = []
    for i, cage in enumerate(cages):
        if not isinstance(cage, dict):
            raise ParseError(f"cage {i + 1} is not an object", file, line)
        cells = cage.get("cells")
        if not isinstance(cells, list):
            raise ParseError(f"cage {i + 1} needs \"cells\", a list of [row, col]", file, line)
        made.append(([tuple(c) if isinstance(c, list) else c for c in cells], cage.get("target"), cage.get("op")))
    try:
        return KenKen(n, made, name=obj.get("name") if isinstance(obj.get("name"), str) else None)
    except GridsatError as e:
        raise ParseError(str(e), file, line) from None


def _json_dump(puzzle: KenKen, solution=None) -> dict:
    n = puzzle.n
    d: dict[str, Any] = {"kind": "kenken", "size": n}
    if puzzle.name:
        d["name"] = puzzle.name
    d["cages"] = [{"cells": [[c // n, c % n] for c in cage.cells],
                   **({"target": cage.target, "op": cage.op} if cage.op else {})} for cage in puzzle.cages]
    if solution is not None:
        d["solution"] = [list(solution[r * n:(r + 1) * n]) for r in range(n)]
    return d


def to_json(puzzle: KenKen, solution: Sequence[int] | None = None) -> str:
    """The puzzle (and a solution) as a JSON object."""
    return json.dumps(_json_dump(puzzle, solution))


def _json_load(obj: dict):
    p = from_json(obj)
    sol = obj.get("solution")
    if sol is None:
        return p, None
    if not (isinstance(sol, list) and all(isinstance(r, list) for r in sol)):
        raise ParseError("\"solution\" is rows of digits")
    flat = [v for r in sol for v in r]
    from ...verifier import verify

    problems = verify(p, flat)
    if problems:
        raise ParseError(f"the solution is wrong: {problems[0]}")
    return p, tuple(flat)


def _load_generated(obj, line, name, kind, box):
    text = obj.get("puzzle")
    if not isinstance(text, str):
        raise ParseError("a generated kenken object needs \"puzzle\", its one line", None, line)
    return _line_fields(text, None, line)


register_format(Format(name="kenken-janko", kind="kenken", read=read_janko, write=write_janko, sniff=sniff_janko,
                       many=True, description="KenKen: janko.at's text (header, clue rows, cage label rows)",
                       priority=3, kind_sniff=lambda text: bool(_HEADER.match(
                           next((s for s in split_lines(text) if s.strip() and not s.strip().startswith("#")), "")))))
register_format(Format(name="kenken-line", kind="kenken", read=read_line,
                       write=lambda puzzle, solution=None: kenken_line(puzzle) + "\n", sniff=_sniff_line,
                       many=True, description="KenKen: one line, 'kenken CLUES MAP'", priority=3, one_line=True,
                       line_token=lambda tok: tok.lower() == _WORD))
register_json_kind("kenken", _json_load, _json_dump, aliases=("calcudoku",))
register_generated(("kenken",), _load_generated)
