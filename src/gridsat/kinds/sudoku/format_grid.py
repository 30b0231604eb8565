"""The ``grid`` format: Sudoku puzzles as rows of values, one or many per file.

``n`` rows of ``n`` whitespace-separated values (``.``, ``0``, ``-``, ``_`` empty; rows may
also be written without spaces, ``|`` and ``---+---`` rulers are ignored), for jigsaw
followed by ``n`` rows of region labels; an optional ``solution:`` block of ``n`` rows
follows. ``regions:`` / ``solution:`` lines may label the blocks.

A file may hold many puzzles, separated by blank lines or by header lines: ``Grid 01``
(the Project Euler 96 file), ``Puzzle 3: easy``, ``# name: ...`` or any ``# comment``
right before a puzzle; the header names the puzzle. An unlabelled block after a puzzle is
its region map only when it looks like one (no empty marks, labels repeated within a row);
anything else starts the next puzzle.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku, default_box
from .puzzle import MAX_SIZE
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import check_solution, header_name, parse_box, strip_comment
from .format_common import box_for, has_default_box
from ...formats.tokens import is_int, split_lines
from ...puzzles.text import symbol_value

__all__ = ["read_grid", "write_grid", "sniff_grid", "grid_blocks", "Block"]


_RULER = re.compile(r"^[\s\-+=|:]*$")
_LABEL = re.compile(r"^\s*(givens|puzzle|regions?|solution)\s*:?\s*$", re.I)
_EMPTY = (".", "0", "-", "_", "*")
#: the lines the sniffer looks at: enough for the first puzzle of any size with rulers and labels
_SNIFF_LINES = 3 * 2 * 35 + 12


@dataclass
class Block:
    """Consecutive rows of a grid text: ``rows`` are ``(line, columns, tokens)``; ``name`` comes
    from a header line before the block, ``label`` from a ``regions:``/``solution:`` line."""

    name: str | None
    label: str | None
    rows: list = field(default_factory=list)


def _row_tokens(content: str) -> tuple[list[int], list[str]]:
    stripped = content.strip()
    compact = re.sub(r"\s*\|\s*", "", stripped)
    toks, cols = [], []
    if len(compact.split()) == 1 and len(compact) > 1 and not re.fullmatch(r"[0-9]{1,2}", compact):
        for j, ch in enumerate(content):  # a row written without spaces: one symbol per cell
            if not ch.isspace() and ch != "|":
                toks.append(ch)
                cols.append(j + 1)
    else:
        for mt in re.finditer(r"[^\s|]+", content):
            toks.append(mt.group(0))
            cols.append(mt.start() + 1)
    return cols, toks


def grid_blocks(text: str, limit: int | None = None) -> list[Block]:
    """The blocks of rows of a grid text (at most ``limit`` lines read)."""
    blocks: list[Block] = []
    name = label = None
    cur: Block | None = None
    lines = split_lines(text if limit is None else "\n".join(text[:200_000].split("\n", limit)[:limit]))
    for lineno, raw in enumerate(lines, 1):
        content, _ = strip_comment(raw)
        if not content.strip():
            cur = None
            if raw.strip():
                name = header_name(raw) or name  # '# name: x' or '# x' names the next puzzle
            continue
        m = _LABEL.match(content)
        if m:
            cur, label = None, m.group(1).lower().rstrip("s")
            continue
        head = header_name(content)
        if head is not None:
            cur, name = None, head
            continue
        stripped = content.strip()
        if _RULER.match(content) and ("+" in stripped or "==" in stripped or "---" in stripped):
            continue
        if cur is None:
            cur = Block(name, label)
            blocks.append(cur)
            name = label = None
        cols, toks = _row_tokens(content)
        cur.rows.append((lineno, cols, toks))
    return blocks


def _grid_value(tok: str, n: int) -> int | None:
    if tok in _EMPTY:
        return 0
    if is_int(tok, signed=False):
        v = int(tok)
        return v if v <= n else -v
    if len(tok) == 1 and n > 9 and tok.isascii():
        v = symbol_value(tok)
        if v is not None:
            return v if v <= n else -v
    return None


def _width(rows) -> int:
    """The row length most rows have (the longer one on a tie)."""
    counts = Counter(len(t) for _, _, t in rows)
    return max(counts, key=lambda k: (counts[k], k))


def _shape_error(b: Block, n: int, file) -> ParseError | None:
    """What is wrong with the shape of a block of ``n``-value rows, or ``None``."""
    if n < 2:
        line, cols, _ = b.rows[0]
        return ParseError(f"a grid row needs at least 2 cells, got {n}", file, line, cols[0] if cols else 1)
    for i, (line, cols, toks) in enumerate(b.rows):
        if len(toks) != n:
            col = cols[n] if len(toks) > n else (cols[-1] if cols else 1)
            return ParseError(f"row {i % n + 1} has {len(toks)} values, expected {n}", file, line, col)
    k = len(b.rows)
    if k < n:
        missing = n - k
        return ParseError(f"got {k} rows, expected {n} rows of {n} values "
                          f"({missing} row{'s are' if missing > 1 else ' is'} missing)", file, b.rows[-1][0], 1)
    if k % n:
        bad = b.rows[(k // n) * n]
        return ParseError(f"block has {k} rows, expected a multiple of {n} (one row per line, {n} rows "
                          f"a puzzle; a blank line between puzzles)", file, bad[0], 1)
    return None


def _letters(rows) -> bool:
    """Whether every token of ``rows`` is one ASCII letter (region labels, on boards whose values
    are digits)."""
    return all(len(t) == 1 and t.isascii() and t.isalpha() for _, _, toks in rows for t in toks)


def _looks_like_regions(chunk) -> bool:
    toks = [t for _, _, row in chunk for t in row]
    if any(t in (".", "-", "_", "*") for t in toks):
        return False
    if not any(len(set(row)) < len(row) for _, _, row in chunk):
        return False  # a solved grid: no value twice in a row
    n = len(chunk)
    return "0" not in toks or all(c == n for c in Counter(toks).values())


@dataclass
class _Pending:
    n: int
    givens: list
    name: str | None
    regions: list | None = None
    solution: list | None = None
    error: ParseError | None = None  # its region block, present but broken


def read_grid(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Read the ``grid`` format: every puzzle of the text, one :class:`Entry` each."""
    box = parse_box(box)
    blocks = grid_blocks(text)
    if not blocks:
        return [Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, "grid")]
    entries: list[Entry] = []
    cur: _Pending | None = None

    def flush():
        nonlocal cur
        if cur is not None:
            entries.append(_entry(cur, file, box))
            cur = None

    for b in blocks:
        n = _width(b.rows)
        err = _shape_error(b, n, file)
        if err is not None and cur is not None and cur.regions is None and cur.solution is None \
                and cur.error is None and (b.label == "region" or cur.n <= 9 and _letters(b.rows)):
            # the puzzle's region map, broken: read without it, the puzzle would lose its regions
            cur.error = err
            continue
        if err is not None:
            flush()
            entries.append(Entry(None, err, file, b.rows[0][0], None, "grid"))
            continue
        for j in range(0, len(b.rows), n):
            chunk = b.rows[j:j + n]
            label = b.label if j == 0 else None
            named = j == 0 and b.name is not None
            fits = cur is not None and cur.n == n
            if label == "solution":
                if not fits or cur.solution is not None:
                    flush()
                    entries.append(Entry(None, ParseError("a solution block with no puzzle of its size before it",
                                                          file, chunk[0][0], 1), file, chunk[0][0], None, "grid"))
                    continue
                cur.solution = chunk
            elif label == "region" or (label is None and not named and fits and cur.regions is None
                                       and cur.solution is None and _looks_like_regions(chunk)):
                if not fits or cur.regions is not None:
                    flush()
                    entries.append(Entry(None, ParseError("a region block with no puzzle of its size before it",
                                                          file, chunk[0][0], 1), file, chunk[0][0], None, "grid"))
                    continue
                cur.regions = chunk
            else:
                flush()
                cur = _Pending(n, chunk, b.name if j == 0 else None)
    flush()
    return entries


def _values(chunk, n, what, file):
    out = []
    for lineno, cols, toks in chunk:
        for tok, col in zip(toks, cols):
            v = _grid_value(tok, n)
            if v is None:
                shown = tok if len(tok) <= 12 else tok[:12] + "..."
                raise ParseError(f"bad {what} value {shown!r} (expected 1..{n}, or '.', '0', '-' for empty)",
                                 file, lineno, col)
            if v < 0:
                raise ParseError(f"{what} value {-v} is outside 1..{n}", file, lineno, col)
            out.append(v)
    return out


def _entry(p: _Pending, file, box) -> Entry:
    line0 = p.givens[0][0]
    if p.error is not None:
        return Entry(None, p.error, file, line0, None, "grid")
    try:
        puzzle, solution = _build(p, file, box)
        return Entry(puzzle, None, file, line0, solution, "grid")
    except ParseError as e:
        err = locate(e, file, line0, 1)
        return Entry(None, err, file, line0, None, "grid")


def _build(p: _Pending, file, box):
    n = p.n
    givens = _values(p.givens, n, "given", file)
    line0 = p.givens[0][0]
    labels = None
    try:
        if p.regions is not None:
            labels = [tok for _, _, toks in p.regions for tok in toks]
            puzzle = Sudoku(n, givens, regions=labels, name=p.name)
        else:
            puzzle = Sudoku(n, givens, box=box_for(n, box), name=p.name)
    except ParseError as e:
        raise locate(e, file, line0, 1) from None
    except GridsatError as e:
        raise locate(e, file, p.regions[0][0] if p.regions is not None else line0, 1) from None
    solution = None
    if p.solution is not None:
        solution = tuple(_values(p.solution, n, "solution", file))
        try:
            check_solution(puzzle, solution)
        except ParseError as e:
            raise locate(e, file, p.solution[0][0], 1) from None
    return puzzle, solution


def _grid_token(v: int, n: int, empty: str = ".") -> str:
    if not v:
        return empty.rjust(len(str(n)))
    return str(v).rjust(len(str(n)))


def write_grid(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """The ``grid`` format: givens, then the region map (jigsaw, or boxes of a shape other than the
    size's default), then ``solution:`` rows."""
    n = puzzle.n
    out = []
    if puzzle.name:
        out.append(f"# name: {' '.join(puzzle.name.split())}")
    out += [" ".join(_grid_token(v, n) for v in row) for row in puzzle.rows()]
    if not has_default_box(puzzle):
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


def sniff_grid(text: str) -> bool:
    """The first block is one to three ``n x n`` chunks whose first holds values in range."""
    first = grid_blocks(text, 16)  # a first row wider than any Sudoku is told at once
    if first and len(first[0].rows[0][2]) > MAX_SIZE:
        return False
    blocks = grid_blocks(text, _SNIFF_LINES)
    if not blocks:
        return False
    first = blocks[0]
    rows = first.rows
    n = len(rows[0][2])
    if n < 2 or len(rows) not in (n, 2 * n, 3 * n) or any(len(r[2]) != n for r in rows):
        return False
    toks = {t for r in rows[:n] for t in r[2]}
    if "-" in toks and "0" in toks:
        return False  # '-' no cell and '0' open: a Hidato board
    if not all((v := _grid_value(t, n)) is not None and v >= 0 for t in toks):
        return False
    if len(rows) == n and (len(blocks) == 1 or blocks[1].label != "region"
                           and not (len(blocks[1].rows) == n and _looks_like_regions(blocks[1].rows))):
        try:  # no region block: the size needs a box shape
            default_box(n)
        except GridsatError:
            return False
    return True


register_format(Format("grid", "sudoku", read_grid, write_grid, sniff_grid, many=True,
                       description="n rows of n values ('.', '0', '-' empty), then region rows for jigsaw; "
                                   "puzzles separated by blank lines or headers such as 'Grid 01'",
                       options=frozenset({"box"}), priority=5))
