"""The ``grid`` format: one Sudoku per text, as rows of values.

``n`` rows of ``n`` whitespace-separated values (``.``, ``0``, ``-``, ``_`` empty; rows may
also be written without spaces, ``|`` and ``---+---`` rulers are ignored), for jigsaw
followed by ``n`` rows of region labels; an optional ``solution:`` block of ``n`` rows
follows. ``regions:`` / ``solution:`` lines may label the blocks, and a ``# name: ...``
comment names the puzzle.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..errors import GridsatError, ParseError
from ..puzzles import Sudoku, default_box
from .base import Entry, Format, is_digits, locate, register_format
from .sudoku_common import NAME_RE, box_for, check_solution, parse_box, strip_comment
from ..puzzles.text import symbol_value

__all__ = ["read_grid", "write_grid", "sniff_grid"]


_RULER = re.compile(r"^[\s\-+=|:]*$")
_LABEL = re.compile(r"^\s*(givens|puzzle|regions?|solution)\s*:?\s*$", re.I)


def _grid_rows(text: str):
    """Content rows of a grid text: (lineno, col of each token, tokens, label, name)."""
    rows = []
    label = None
    name = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        m = NAME_RE.match(raw)
        if m:
            name = m.group(1)
            continue
        content, _ = strip_comment(raw)
        if not content.strip():
            rows.append(None)  # blank line: a block boundary
            continue
        m = _LABEL.match(content)
        if m:
            label = m.group(1).lower().rstrip("s")
            rows.append(None)
            continue
        stripped = content.strip()
        if _RULER.match(content) and ("+" in stripped or "==" in stripped or "---" in stripped):
            continue
        compact = re.sub(r"\s*\|\s*", "", stripped)
        if len(compact.split()) == 1 and len(compact) > 1 and not re.fullmatch(r"[0-9]{1,2}", compact):
            # a row written without spaces: one symbol per cell
            toks, cols = [], []
            for j, ch in enumerate(content):
                if not ch.isspace() and ch != "|":
                    toks.append(ch)
                    cols.append(j + 1)
        else:
            toks, cols = [], []
            for mt in re.finditer(r"[^\s|]+", content):
                toks.append(mt.group(0))
                cols.append(mt.start() + 1)
        rows.append((lineno, cols, toks, label))
        label = None
    return rows, name


def _grid_value(tok: str, n: int) -> int | None:
    if tok in (".", "0", "-", "_", "*"):
        return 0
    if is_digits(tok):
        v = int(tok)
        return v if v <= n else -v
    if len(tok) == 1 and n > 9:
        v = symbol_value(tok)
        if v is not None:
            return v if v <= n else -v
    return None


def read_grid(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read the ``grid`` format (one puzzle per text)."""
    box = parse_box(box)
    try:
        puzzle, solution, line = _read_grid(text, file, box)
        return [Entry(puzzle, None, file, line, solution, "grid")]
    except ParseError as e:
        err = locate(e, file, 1)
        return [Entry(None, err, file, err.line, None, "grid")]


def _read_grid(text, file, box):
    rows, name = _grid_rows(text)
    # split into blocks at blank/label lines
    blocks: list[list] = []
    cur: list = []
    for row in rows:
        if row is None:
            if cur:
                blocks.append(cur)
                cur = []
            continue
        if row[3] is not None and cur:
            blocks.append(cur)
            cur = []
        cur.append(row)
    if cur:
        blocks.append(cur)
    if not blocks:
        raise ParseError("empty input: no puzzle found", file, 1, 1)
    first = blocks[0][0]
    n = len(first[2])
    if n < 2:
        raise ParseError(f"a grid row needs at least 2 cells, got {n}", file, first[0], first[1][0] if first[1] else 1)
    # re-split blocks into runs of n rows (a missing blank line between blocks is fine)
    chunks: list[list] = []
    for b in blocks:
        if len(b) % n and len(b) > n:
            # report the first row that makes the block the wrong size
            bad = b[(len(b) // n) * n]
            raise ParseError(f"block has {len(b)} rows, expected a multiple of {n} (one row per line, {n} rows)",
                             file, bad[0], 1)
        if len(b) < n:
            last = b[-1]
            raise ParseError(f"got {len(b)} rows, expected {n} rows of {n} values", file, last[0], 1)
        for k in range(0, len(b), n):
            chunks.append(b[k:k + n])
    for ch in chunks:
        for lineno, cols, toks, _ in ch:
            if len(toks) != n:
                raise ParseError(f"row has {len(toks)} values, expected {n}", file, lineno,
                                 cols[min(len(cols) - 1, n)] if len(toks) > n else (cols[-1] if cols else 1))
    labels = [ch[0][3] for ch in chunks]
    givens_rows = chunks[0]
    regions_rows = solution_rows = None
    rest = list(zip(labels[1:], chunks[1:]))
    for lab, ch in rest:
        if lab == "solution" or (lab is None and regions_rows is not None and solution_rows is None):
            if solution_rows is not None:
                raise ParseError("more than one solution block", file, ch[0][0], 1)
            solution_rows = ch
        elif lab == "region" or (lab is None and regions_rows is None and solution_rows is None):
            if regions_rows is not None:
                raise ParseError("more than one region block", file, ch[0][0], 1)
            regions_rows = ch
        else:
            raise ParseError(f"unexpected extra block of {n} rows (expected regions, then a solution)",
                             file, ch[0][0], 1)

    def values(chunk, what):
        out = []
        for lineno, cols, toks, _ in chunk:
            for tok, col in zip(toks, cols):
                v = _grid_value(tok, n)
                if v is None:
                    raise ParseError(f"bad {what} value {tok!r} (expected 1..{n}, or '.', '0', '-' for empty)",
                                     file, lineno, col)
                if v < 0:
                    raise ParseError(f"{what} value {-v} is outside 1..{n}", file, lineno, col)
                out.append(v)
        return out

    givens = values(givens_rows, "given")
    line0 = givens_rows[0][0]
    try:
        if regions_rows is not None:
            labels_ = [tok for _, _, toks, _ in regions_rows for tok in toks]
            puzzle = Sudoku(n, givens, regions=labels_, name=name)
        else:
            puzzle = Sudoku(n, givens, box=box_for(n, box), name=name)
    except ParseError as e:
        raise locate(e, file, line0, 1) from None
    except GridsatError as e:
        where = regions_rows[0][0] if regions_rows is not None else line0
        if regions_rows is not None and any(t in (".", "0", "-", "_") for t in labels_):
            e = ParseError(f"{e}: the second block looks like another puzzle, not a region map "
                           "(a grid file holds one puzzle; use the line or json format for many)")
        raise locate(e, file, where, 1) from None
    solution = None
    if solution_rows is not None:
        solution = tuple(values(solution_rows, "solution"))
        try:
            check_solution(puzzle, solution)
        except ParseError as e:
            raise locate(e, file, solution_rows[0][0], 1) from None
    return puzzle, solution, line0


def _grid_token(v: int, n: int, empty: str = ".") -> str:
    if not v:
        return empty.rjust(len(str(n)))
    return str(v).rjust(len(str(n)))


def write_grid(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """The ``grid`` format: givens, then the region map (jigsaw), then ``solution:`` rows."""
    n = puzzle.n
    out = []
    if puzzle.name:
        out.append(f"# name: {' '.join(puzzle.name.split())}")
    out += [" ".join(_grid_token(v, n) for v in row) for row in puzzle.rows()]
    if puzzle.is_jigsaw:
        out.append("")
        w = 1 if n <= 26 else len(str(n))
        for r in range(n):
            row = puzzle.regions[r * n:(r + 1) * n]
            out.append(" ".join(chr(65 + k) if n <= 26 else str(k + 1).rjust(w) for k in row))
    if solution is not None:
        out.append("")
        out.append("solution:")
        out += [" ".join(_grid_token(v, n) for v in row) for row in puzzle.rows(solution)]
    return "\n".join(out) + "\n"


#: the most non-blank lines one grid puzzle can take: three 35x35 blocks, a ruler under every
#: row, three labels and a name
_MOST_LINES = 3 * 2 * 35 + 4


def sniff_grid(text: str) -> bool:
    """A whole number of ``n x n`` blocks (1 to 3) whose first block holds values in range."""
    if sum(1 for line in text.splitlines() if line.strip()) > _MOST_LINES:
        return False  # more lines than three 35x35 blocks with rulers and labels: not one grid
    try:
        rows, _ = _grid_rows(text)
    except Exception:  # pragma: no cover - defensive
        return False
    content = [r for r in rows if r is not None]
    if not content:
        return False
    n = len(content[0][2])
    if n < 2 or len(content) not in (n, 2 * n, 3 * n):
        return False
    if len(content) == n:  # no region block: the size needs a box shape
        try:
            default_box(n)
        except GridsatError:
            return False
    if any(len(r[2]) != n for r in content):
        return False
    return all(_grid_value(t, n) is not None and _grid_value(t, n) >= 0 for r in content[:n] for t in r[2])


register_format(Format("grid", "sudoku", read_grid, write_grid, sniff_grid, many=False,
                       description="n rows of n values ('.', '0', '-' empty), then region rows for jigsaw",
                       options=frozenset({"box"}), priority=5))
