"""The ``nonomino`` format: jigsaw Sudoku as two-digit cells, region digit then value digit.

``n*n`` integers (whitespace or commas) whose tens digit is the region and units digit the
value (0 empty), row by row; a second block of ``n*n`` is the solution. One puzzle per line
works too, and a ``# name: ...`` comment before a puzzle names it. Boards up to 9x9. The
list may be bracketed as a Haskell ``[Int]`` is printed: ``[13,10,10,...]``.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, line_col, locate, register_format
from ...formats.common import HEADER_RE, NAME_RE, check_solution, header_name, strip_comment
from ...formats.tokens import is_int, split_lines

__all__ = ["read_nonomino", "write_nonomino", "sniff_nonomino"]


_NUM_TOKEN = re.compile(r"[^\s,\[\]]+")


def _lines(text: str):
    """``(label, None)`` for a name or header line, else ``(None, tokens)``: the line's
    ``(token, line, column)`` (none for a blank or comment line)."""
    for lineno, raw in enumerate(split_lines(text), 1):
        content, _ = strip_comment(raw)
        head = NAME_RE.match(raw)
        label = head.group(1) if head else (header_name(raw) if re.search(r"[A-Za-z]", raw)
                                            and (not content.strip() or HEADER_RE.match(content)) else None)
        if label is not None:
            yield label, None
            continue
        yield None, [(t.group(0), lineno, t.start() + 1) for t in _NUM_TOKEN.finditer(content)]


def _small_ints(toks) -> bool:
    return all(is_int(t, signed=False) and len(t) <= 2 for t, _, _ in toks)


def _nonomino_records(text: str, file):
    """Token records: one per line when every content line holds a full puzzle, else one per block
    of lines (blocks end at blank lines and name or header lines); a block of a full grid with the
    previous puzzle's regions is that puzzle's solution."""
    per_line = []
    blocks: list[list] = []
    names: dict[int, str] = {}
    name = None
    new_block = True
    for label, toks in _lines(text):
        if label is not None:
            name, new_block = label, True
            continue
        if not toks:
            new_block = True
            continue
        if name is not None:
            names[len(per_line)] = names[-len(blocks) - 1] = name
            name = None
        per_line.append(toks)
        if new_block:
            blocks.append([])
            new_block = False
        blocks[-1] += toks
    if len(per_line) > 1:
        sizes = {len(t) for t in per_line}
        if len(sizes) == 1:
            k = sizes.pop()
            n = math.isqrt(k)
            if n * n == k and n >= 4:
                return [(toks, names.get(i)) for i, toks in enumerate(per_line)]
    out: list = []
    for b, toks in enumerate(blocks):
        if out and _solution_of(out[-1][0], toks):
            out[-1] = (out[-1][0] + toks, out[-1][1])
        else:
            out.append((toks, names.get(-b - 1)))
    return out


def _solution_of(prev, toks) -> bool:
    """Whether the block ``toks`` is a full grid with the regions of the puzzle ``prev``."""
    if len(prev) != len(toks) or not all(is_int(t, signed=False) and len(t) == 2 for t, _, _ in prev + toks):
        return False
    return all(a[0] == b[0] and b[1] != "0" for (a, _, _), (b, _, _) in zip(prev, toks))


def read_nonomino(text: str, file: str | None = None) -> list[Entry]:
    """Read the ``nonomino`` format (region digit + value digit per cell)."""
    opened, closed = text.count("["), text.count("]")
    if opened or closed:
        if opened != 1 or closed != 1 or text.index("[") > text.index("]"):
            pos = text.index("[") if opened else text.index("]")
            line, col = line_col(text, pos)
            return [Entry(None, ParseError("a nonomino list is one [...] of two-digit cells (brackets do not match)",
                                           file, line, col), file, line, None, "nonomino")]
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
        if not is_int(tok, signed=False) or len(tok) > 2:
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
    if n < 2:
        raise ParseError(f"nonomino puzzle has {k} cell{'s' if k != 1 else ''}, expected n*n for n of 2 to 9 "
                         "(81 for 9x9)", file, toks[0][1], toks[0][2])
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
            check_solution(puzzle, solution)
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
    head = text.lstrip()[:2]
    if head.startswith("{") or head.startswith("[") and head[1:].lstrip()[:1] in ("[", "{", '"'):
        return False
    if text.count("[") > 1 or text.count("]") > 1:
        return False
    # the first record holds the first line of tokens: a text that starts otherwise is told at once
    first = next((toks for label, toks in _lines(text) if toks), None)
    if first is None or not _small_ints(first):
        return False
    try:
        records = _nonomino_records(text, None)
    except Exception:  # pragma: no cover
        return False
    if not records:
        return False
    toks = records[0][0]
    if not _small_ints(toks):
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


register_format(Format("nonomino", "sudoku", read_nonomino, write_nonomino, sniff_nonomino, many=True,
                       description="n*n two-digit cells: region digit then value digit (0 empty), "
                                   "bare or as a list [13,10,...]",
                       priority=6))
