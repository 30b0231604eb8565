"""Sudoku text formats: ``line``, ``grid``, ``nonomino``, ``vector`` (and the Sudoku part of ``json``).

line
    One puzzle per line, ``n*n`` symbols (``1-9`` then ``A``, ``B``, ... ; lowercase too),
    ``.``, ``0``, ``_`` or ``-`` empty; ``#`` starts a comment. Further whitespace-separated
    fields are kept: a full grid of the same size that fits the givens is the solution, the
    rest (e.g. a rating) becomes the puzzle's name; ``puzzle,solution`` also works.
grid
    ``n`` rows of ``n`` whitespace-separated values (``.``, ``0``, ``-``, ``_`` empty; rows
    may also be written without spaces, ``|`` and ``---+---`` rulers are ignored), for
    jigsaw followed by ``n`` rows of region labels; an optional ``solution:`` block of ``n``
    rows follows. ``regions:`` / ``solution:`` lines may label the blocks.
nonomino
    ``n*n`` integers (whitespace or commas) whose tens digit is the region and units digit
    the value (0 empty), row by row; a second block of ``n*n`` is the solution.
vector
    ``[v1 v2 ...]`` holding ``n*n`` values in box-major order (box 1 row by row, then box 2,
    ...), ``0``, ``.``, ``_`` or ``nil`` empty; several vectors make several puzzles, and a
    second vector on the line where one ends is its solution.

A ``# name: ...`` comment (``; name: ...`` in vectors) before a puzzle names it.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from ..errors import GridsatError, ParseError
from ..puzzles import Sudoku, default_box
from .base import Entry, Format, locate, register_format, register_json_kind
from .text import SYMBOLS, line_string, symbol_value

__all__ = ["read_line", "write_line", "read_grid", "write_grid", "read_nonomino", "write_nonomino",
           "read_vector", "write_vector", "parse_box", "sudoku_from_json", "sudoku_to_json"]

_NAME_RE = re.compile(r"^\s*[#;]+\s*name\s*:\s*(.*?)\s*$", re.I)


def parse_box(text: "str | Sequence[int] | None") -> tuple[int, int] | None:
    """``"3x4"`` (or ``(3, 4)``) as a box shape ``(rows, cols)``."""
    if text is None:
        return None
    if isinstance(text, str):
        m = re.fullmatch(r"\s*(\d+)\s*[xX*,]\s*(\d+)\s*", text)
        if not m:
            raise ParseError(f"box must look like RxC (e.g. 3x4), got {text!r}")
        return int(m.group(1)), int(m.group(2))
    r, c = text
    return int(r), int(c)


def _box_for(n: int, box: tuple[int, int] | None) -> tuple[int, int]:
    """The box shape to use for a classic puzzle of size ``n``."""
    if box is not None:
        if box[0] * box[1] != n:
            raise ParseError(f"box {box[0]}x{box[1]} does not tile a {n}x{n} board")
        return box
    try:
        return default_box(n)
    except GridsatError:
        raise ParseError(
            f"size {n} ({n * n} cells) has no r x c box shape; a {n}x{n} puzzle needs a region map "
            "(grid, nonomino or json format)"
        ) from None


def _check_solution(puzzle: Sudoku, sol: Sequence[int]) -> None:
    for i, (g, v) in enumerate(zip(puzzle.givens, sol)):
        if not v:
            raise ParseError(f"solution leaves {puzzle.cell_name(i)} empty")
        if g and g != v:
            raise ParseError(f"solution has {v} at {puzzle.cell_name(i)} where the given is {g}")


def _strip_comment(line: str, marks: str = "#") -> tuple[str, str | None]:
    idx = min((i for i in (line.find(m) for m in marks) if i >= 0), default=-1)
    if idx < 0:
        return line, None
    return line[:idx], line[idx:].lstrip(marks).strip()


# ====================================================================== line
def _decode_symbols(token: str, n: int, file, lineno, col0) -> list[int]:
    out = []
    for j, ch in enumerate(token):
        v = symbol_value(ch)
        if v is None or (v > 9 and n <= 9):
            allowed = "1-9" + (f", A-{SYMBOLS[n - 1]}" if n > 9 else "")
            raise ParseError(f"bad character {ch!r} (expected {allowed}, '.' or '0' for empty)",
                             file, lineno, col0 + j)
        if v > n:
            raise ParseError(f"value {ch!r} ({v}) is outside 1..{n} for a {n}x{n} puzzle", file, lineno, col0 + j)
        out.append(v)
    return out


def _line_size(length: int, expect: int | None) -> int:
    n = math.isqrt(length)
    if n * n != length or n < 4:
        hint = f"expected {expect * expect} like the puzzle before" if expect else \
            "expected a square number: 16 (4x4), 36 (6x6), 81 (9x9), 256 (16x16), 625 (25x25), ..."
        raise ParseError(f"puzzle has {length} cells; {hint}")
    if n > len(SYMBOLS):
        raise ParseError(f"{n}x{n} is too large for the line format (at most {len(SYMBOLS)}x{len(SYMBOLS)})")
    return n


def read_line(text: str, file: str | None = None, *, box=None) -> list[Entry]:
    """Read the ``line`` format: one puzzle per line, comments and blank lines skipped."""
    box = parse_box(box)
    entries: list[Entry] = []
    last_n: int | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        content, comment = _strip_comment(raw)
        if not content.strip():
            continue
        m = re.match(r"\s*(\S+)", content)
        token, col = m.group(1), m.start(1) + 1
        rest = content[m.end(1):].split()
        try:
            sol_token = None
            if "," in token:
                token, _, sol_token = token.partition(",")
            try:
                n = _line_size(len(token), last_n)
            except ParseError as e:
                if "|" in token:  # givens|regions: a generated jigsaw line
                    e = ParseError(f"{e.message} ('|' in a line: a jigsaw puzzle givens|regions "
                                   "is read by --format jigsaw-line)")
                raise ParseError(e.message, file, lineno, col) from None
            givens = _decode_symbols(token, n, file, lineno, col)
            if sol_token is None and rest and len(rest[0]) == n * n:
                cand = [symbol_value(ch) for ch in rest[0]]
                if all(v is not None and 0 < v <= n for v in cand):
                    sol_token, rest = rest[0], rest[1:]
            name = " ".join(rest) or comment or None
            try:
                puzzle = Sudoku(n, givens, box=_box_for(n, box), name=name)
            except GridsatError as e:
                raise locate(e, file, lineno, col) from None
            solution = None
            if sol_token is not None:
                scol = col + content[col - 1:].find(sol_token) if sol_token else col
                if len(sol_token) != n * n:
                    raise ParseError(f"solution has {len(sol_token)} cells, expected {n * n}", file, lineno, scol)
                solution = tuple(_decode_symbols(sol_token, n, file, lineno, scol))
                try:
                    _check_solution(puzzle, solution)
                except ParseError as e:
                    raise locate(e, file, lineno, scol) from None
            last_n = n
            entries.append(Entry(puzzle, None, file, lineno, solution, "line"))
        except ParseError as e:
            entries.append(Entry(None, locate(e, file, lineno, col), file, lineno, None, "line"))
    return entries


def write_line(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """One ``line``-format line (classic puzzles only: the format has no region map)."""
    if puzzle.is_jigsaw:
        raise ParseError("the line format cannot hold a region map; use grid, nonomino or json for jigsaw")
    if puzzle.n > len(SYMBOLS):
        raise ParseError(f"{puzzle.n}x{puzzle.n} is too large for the line format")
    out = line_string(puzzle.givens)
    if solution is not None:
        out += " " + line_string(solution)
    if puzzle.name:
        name = " ".join(puzzle.name.split())
        out += (" # " if "#" in name or solution is None and _looks_like_solution(name, puzzle.n) else " ") + name
    return out + "\n"


def _looks_like_solution(word: str, n: int) -> bool:
    first = word.split()[0] if word.split() else ""
    return len(first) == n * n


def sniff_line(text: str) -> bool:
    """The first content line starts with a square-length token of valid symbols."""
    for raw in text.splitlines():
        content, _ = _strip_comment(raw)
        if not content.strip():
            continue
        token = content.split()[0].partition(",")[0]
        n = math.isqrt(len(token))
        if n * n != len(token) or n < 4 or n > len(SYMBOLS):
            return False
        vals = [symbol_value(ch) for ch in token]
        return all(v is not None and v <= n for v in vals)
    return False


# ====================================================================== grid
_RULER = re.compile(r"^[\s\-+=|:]*$")
_LABEL = re.compile(r"^\s*(givens|puzzle|regions?|solution)\s*:?\s*$", re.I)


def _grid_rows(text: str):
    """Content rows of a grid text: (lineno, col of each token, tokens, label, name)."""
    rows = []
    label = None
    name = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        m = _NAME_RE.match(raw)
        if m:
            name = m.group(1)
            continue
        content, _ = _strip_comment(raw)
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
        if len(compact.split()) == 1 and len(compact) > 1 and not re.fullmatch(r"\d{1,2}", compact):
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
    if tok.isdigit():
        v = int(tok)
        return v if v <= n else -v
    if len(tok) == 1 and n > 9:
        v = symbol_value(tok)
        if v is not None:
            return v if v <= n else -v
    return None


def read_grid(text: str, file: str | None = None, *, box=None) -> list[Entry]:
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
            puzzle = Sudoku(n, givens, box=_box_for(n, box), name=name)
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
            _check_solution(puzzle, solution)
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


def sniff_grid(text: str) -> bool:
    """A whole number of ``n x n`` blocks (1 to 3) whose first block holds values in range."""
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


# ====================================================================== nonomino
_NUM_TOKEN = re.compile(r"[^\s,]+")


def _nonomino_records(text: str, file):
    """Token records: one per line when every content line holds a full puzzle, else the whole text."""
    per_line = []
    all_toks = []
    name = None
    names: dict[int, str] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        m = _NAME_RE.match(raw)
        if m:
            name = m.group(1)
            continue
        content, _ = _strip_comment(raw)
        toks = [(t.group(0), lineno, t.start() + 1) for t in _NUM_TOKEN.finditer(content)]
        if toks:
            if name is not None:
                names[len(per_line)] = name
                name = None
            per_line.append(toks)
            all_toks += toks
    if len(per_line) > 1:
        sizes = {len(t) for t in per_line}
        if len(sizes) == 1:
            k = sizes.pop()
            n = math.isqrt(k)
            if n * n == k and n >= 4:
                return [(toks, names.get(i)) for i, toks in enumerate(per_line)]
    return [(all_toks, names.get(0))] if all_toks else []


def read_nonomino(text: str, file: str | None = None) -> list[Entry]:
    """Read the ``nonomino`` format (region digit + value digit per cell)."""
    records = _nonomino_records(text, file)
    if not records:
        return [Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, "nonomino")]
    out = []
    for toks, name in records:
        line0 = toks[0][1]
        try:
            puzzle, solution = _read_nonomino(toks, file, name)
            out.append(Entry(puzzle, None, file, line0, solution, "nonomino"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, line0, toks[0][2]), file, line0, None, "nonomino"))
    return out


def _read_nonomino(toks, file, name):
    nums = []
    for tok, line, col in toks:
        if not tok.isdigit() or len(tok) > 2:
            raise ParseError(f"bad nonomino cell {tok!r}: expected two digits, region then value (e.g. 37)",
                             file, line, col)
        nums.append(int(tok))
    k = len(nums)
    n = math.isqrt(k)
    has_solution = False
    if n * n != k:
        n2 = math.isqrt(k // 2)
        if k % 2 == 0 and n2 * n2 * 2 == k:
            n, has_solution = n2, True
        else:
            last = toks[-1]
            raise ParseError(f"nonomino puzzle has {k} cells, expected n*n (81 for 9x9)", file, last[1], last[2])
    if n > 9:
        raise ParseError(f"nonomino format holds at most 9x9 (one digit per region), got {n}x{n}",
                         file, toks[0][1], toks[0][2])
    cells = n * n
    givens, regions = [], []
    for (tok, line, col), x in zip(toks[:cells], nums[:cells]):
        if x % 10 > n:
            raise ParseError(f"value {x % 10} in {tok!r} is outside 1..{n}", file, line, col)
        givens.append(x % 10)
        regions.append(x // 10)
    try:
        puzzle = Sudoku(n, givens, regions=regions, name=name)
    except GridsatError as e:
        raise locate(e, file, toks[0][1], toks[0][2]) from None
    solution = None
    if has_solution:
        sol = []
        for (tok, line, col), x, reg in zip(toks[cells:], nums[cells:], regions):
            if x // 10 != reg:
                raise ParseError(f"solution cell {tok!r} is in region {x // 10}, the puzzle says {reg}", file, line, col)
            if not 1 <= x % 10 <= n:
                raise ParseError(f"solution value {x % 10} in {tok!r} is outside 1..{n}", file, line, col)
            sol.append(x % 10)
        solution = tuple(sol)
        try:
            _check_solution(puzzle, solution)
        except ParseError as e:
            raise locate(e, file, toks[cells][1], toks[cells][2]) from None
    return puzzle, solution


def write_nonomino(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """The ``nonomino`` format: ``n`` rows of ``n`` two-digit cells; the solution follows as a second block."""
    n = puzzle.n
    if n > 9:
        raise ParseError(f"the nonomino format holds at most 9x9, not {n}x{n}")
    out = []
    if puzzle.name:
        out.append(f"# name: {' '.join(puzzle.name.split())}")

    def block(vals):
        return [" ".join(f"{puzzle.regions[r * n + c] + 1}{vals[r * n + c]}" for c in range(n)) for r in range(n)]

    out += block(puzzle.givens)
    if solution is not None:
        out.append("")
        out += block(solution)
    return "\n".join(out) + "\n"


def sniff_nonomino(text: str) -> bool:
    """Only 1-2 digit integers, a square count (or two squares), ``n`` distinct tens digits, some >= 10."""
    if text.lstrip().startswith(("[", "{")):
        return False
    try:
        records = _nonomino_records(text, None)
    except Exception:  # pragma: no cover
        return False
    if not records:
        return False
    toks = records[0][0]
    if not all(t.isdigit() and len(t) <= 2 for t, _, _ in toks):
        return False
    k = len(toks)
    n = math.isqrt(k)
    if n * n != k:
        n = math.isqrt(k // 2)
        if 2 * n * n != k:
            return False
    nums = [int(t) for t, _, _ in toks[: n * n]]
    tens = {x // 10 for x in nums}
    return 2 <= n <= 9 and len(tens) == n and any(x >= 10 for x in nums) and all(x % 10 <= n for x in nums)


# ====================================================================== vector
def _box_major_index(n: int, box: tuple[int, int]) -> list[int]:
    """``order[k]`` = row-major cell of the k-th value in box-major order."""
    br, bc = box
    per_row = n // bc
    order = []
    for b in range(n):
        r0, c0 = (b // per_row) * br, (b % per_row) * bc
        for j in range(n):
            order.append((r0 + j // bc) * n + c0 + j % bc)
    return order


def _vectors(text: str, file):
    """Top-level ``[...]`` vectors: (tokens with positions, start line, end line, name)."""
    out = []
    depth = 0
    toks: list = []
    start = None
    name = None
    lines = text.splitlines()
    for lineno, raw in enumerate(lines, 1):
        m = _NAME_RE.match(raw)
        if m and depth == 0:
            name = m.group(1)
            continue
        content, _ = _strip_comment(raw, "#;")
        for mt in re.finditer(r"\[|\]|[^\s,\[\]]+", content):
            t, col = mt.group(0), mt.start() + 1
            if t == "[":
                if depth == 0:
                    start = (lineno, col)
                    toks = []
                depth += 1
            elif t == "]":
                if depth == 0:
                    raise ParseError("unmatched ']'", file, lineno, col)
                depth -= 1
                if depth == 0:
                    out.append((toks, start, lineno, name))
                    name = None
            elif depth == 0:
                raise ParseError(f"unexpected {t!r} outside a [...] vector", file, lineno, col)
            else:
                toks.append((t, lineno, col))
    if depth:
        raise ParseError("unclosed '[': the vector never ends", file, start[0], start[1])
    return out


def _vector_values(toks, n, file):
    vals = []
    for t, line, col in toks:
        if t in ("nil", "_", ".", "-"):
            vals.append(0)
            continue
        v = int(t) if t.isdigit() else (symbol_value(t) if len(t) == 1 and n > 9 else None)
        if v is None:
            raise ParseError(f"bad value {t!r} (expected 0..{n}, '.', '_' or nil)", file, line, col)
        if v > n:
            raise ParseError(f"value {v} is outside 1..{n}", file, line, col)
        vals.append(v)
    return vals


def read_vector(text: str, file: str | None = None, *, box=None) -> list[Entry]:
    """Read the ``vector`` format (box-major values, one puzzle per top-level vector)."""
    box = parse_box(box)
    try:
        vecs = _vectors(text, file)
    except ParseError as e:
        return [Entry(None, e, file, e.line, None, "vector")]
    if not vecs:
        return [Entry(None, ParseError("empty input: no [...] vector found", file, 1, 1), file, 1, None, "vector")]
    out: list[Entry] = []
    prev_end = None
    for toks, (line, col), end, name in vecs:
        try:
            k = len(toks)
            n = math.isqrt(k)
            if n * n != k or n < 2:
                raise ParseError(f"vector has {k} values, expected n*n (81 for 9x9)", file, line, col)
            b = _box_for(n, box)
            vals = _vector_values(toks, n, file)
            grid = [0] * k
            for pos, cell in zip(range(k), _box_major_index(n, b)):
                grid[cell] = vals[pos]
            # a full grid starting on the line where the previous puzzle ended is that puzzle's solution
            if out and prev_end == line and out[-1].ok and out[-1].solution is None \
                    and out[-1].puzzle.n == n and all(grid):
                try:
                    _check_solution(out[-1].puzzle, grid)
                except ParseError as e:
                    raise locate(e, file, line, col) from None
                out[-1].solution = tuple(grid)
                prev_end = None
                continue
            try:
                puzzle = Sudoku(n, grid, box=b, name=name)
            except GridsatError as e:
                raise locate(e, file, line, col) from None
            out.append(Entry(puzzle, None, file, line, None, "vector"))
        except ParseError as e:
            out.append(Entry(None, locate(e, file, line, col), file, line, None, "vector"))
        prev_end = end
    return out


def write_vector(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """``[...]`` in box-major order; a solution follows on the same line."""
    if puzzle.is_jigsaw:
        raise ParseError("the vector format has no region map; use grid, nonomino or json for jigsaw")
    order = _box_major_index(puzzle.n, puzzle.box)

    def vec(vals):
        return "[" + " ".join(str(vals[c]) for c in order) + "]"

    out = ""
    if puzzle.name:
        out = f"; name: {' '.join(puzzle.name.split())}\n"
    out += vec(puzzle.givens)
    if solution is not None:
        out += " " + vec(solution)
    return out + "\n"


def sniff_vector(text: str) -> bool:
    """Starts with ``[`` followed by a value (not a JSON object or string)."""
    body = "\n".join(_strip_comment(raw, "#;")[0] for raw in text.splitlines()).lstrip()
    if not body.startswith("["):
        return False
    rest = body[1:].lstrip().lstrip("[").lstrip()
    return bool(rest) and rest[0] not in '{"]'


# ====================================================================== json (Sudoku objects)
def _json_cells(value, n: int | None, what: str) -> list:
    """Rows (lists or strings), a flat list, or one string -> flat list of cells."""
    if isinstance(value, str):
        return list(value.replace(" ", "").replace("\n", ""))
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of rows, a flat list or a string")
    if value and (all(isinstance(r, list) for r in value)
                  or all(isinstance(r, str) and len(r) > 1 for r in value)):
        rows = value
        if n is None:
            n = len(rows)
        if len(rows) != n:
            raise ValueError(f"{what} has {len(rows)} rows, expected {n}")
        flat = []
        for i, row in enumerate(rows, 1):
            cells = list(row.replace(" ", "")) if isinstance(row, str) else row
            if n is not None and len(cells) != n:
                raise ValueError(f"{what} row {i} has {len(cells)} cells, expected {n}")
            flat += cells
        return flat
    return list(value)


def _json_value(x, n: int, what: str, i: int) -> int:
    if x is None:
        return 0
    if isinstance(x, bool):
        raise ValueError(f"{what}: cell {i + 1} is {x!r}, not a value")
    if isinstance(x, int):
        v = x
    elif isinstance(x, str) and len(x) == 1 and symbol_value(x) is not None:
        v = symbol_value(x)
    elif isinstance(x, str) and x.isdigit():
        v = int(x)
    else:
        raise ValueError(f"{what}: cell r{i // n + 1}c{i % n + 1} is {x!r}, not a value 0..{n}")
    if not 0 <= v <= n:
        raise ValueError(f"{what}: value {v} at r{i // n + 1}c{i % n + 1} is outside 1..{n}")
    return v


def sudoku_from_json(obj: dict, *, box=None) -> tuple[Sudoku, tuple[int, ...] | None]:
    """A :class:`Sudoku` (and stored solution) from a ``{"kind": "sudoku", ...}`` object."""
    if "givens" not in obj:
        raise ValueError('missing "givens"')
    n = obj.get("n")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 1):
        raise ValueError(f'"n" must be a positive integer, got {n!r}')
    raw = _json_cells(obj["givens"], n, '"givens"')
    if n is None:
        n = math.isqrt(len(raw))
        if n * n != len(raw):
            raise ValueError(f'"givens" has {len(raw)} cells, not a square board')
    if len(raw) != n * n:
        raise ValueError(f'"givens" has {len(raw)} cells, expected {n * n} for n={n}')
    givens = [_json_value(x, n, '"givens"', i) for i, x in enumerate(raw)]
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        name = str(name)
    if obj.get("regions") is not None:
        regions = _json_cells(obj["regions"], n, '"regions"')
        if len(regions) != n * n:
            raise ValueError(f'"regions" has {len(regions)} cells, expected {n * n}')
        regions = [tuple(r) if isinstance(r, list) else r for r in regions]
        puzzle = Sudoku(n, givens, regions=regions, name=name)
    else:
        b = obj.get("box")
        if b is not None:
            if not (isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) for x in b)) \
                    and not isinstance(b, str):
                raise ValueError(f'"box" must be [rows, cols], got {b!r}')
            b = parse_box(b)
        else:
            b = parse_box(box)
        puzzle = Sudoku(n, givens, box=_box_for(n, b), name=name)
    solution = None
    if obj.get("solution") is not None:
        sraw = _json_cells(obj["solution"], n, '"solution"')
        if len(sraw) != n * n:
            raise ValueError(f'"solution" has {len(sraw)} cells, expected {n * n}')
        solution = tuple(_json_value(x, n, '"solution"', i) for i, x in enumerate(sraw))
        _check_solution(puzzle, solution)
    return puzzle, solution  # keys other than the known ones are allowed and ignored


def sudoku_to_json(puzzle: Sudoku, solution: Sequence[int] | None = None) -> dict:
    """The ``json`` object of a Sudoku (rows of ints, 0 = empty)."""
    d: dict = {"kind": "sudoku", "n": puzzle.n}
    if puzzle.name:
        d["name"] = puzzle.name
    if puzzle.is_jigsaw:
        d["regions"] = puzzle.rows(tuple(r + 1 for r in puzzle.regions))
    else:
        d["box"] = list(puzzle.box)
    d["givens"] = puzzle.rows()
    if solution is not None:
        d["solution"] = puzzle.rows(solution)
    return d


register_json_kind("sudoku", sudoku_from_json, sudoku_to_json)

# ====================================================================== registration
register_format(Format("line", "sudoku", read_line, write_line, sniff_line, many=True,
                       description="one puzzle per line: n*n symbols 1-9A-Z, '.' or '0' empty, # comments",
                       options=frozenset({"box"}), priority=5))
register_format(Format("grid", "sudoku", read_grid, write_grid, sniff_grid, many=False,
                       description="n rows of n values ('.', '0', '-' empty), then region rows for jigsaw",
                       options=frozenset({"box"}), priority=5))
register_format(Format("nonomino", "sudoku", read_nonomino, write_nonomino, sniff_nonomino, many=True,
                       description="n*n two-digit cells: region digit then value digit (0 empty)",
                       priority=5))
register_format(Format("vector", "sudoku", read_vector, write_vector, sniff_vector, many=True,
                       description="[v1 v2 ...] in box-major order (box 1 row by row, then box 2, ...)",
                       options=frozenset({"box"}), priority=5))
