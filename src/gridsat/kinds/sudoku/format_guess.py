"""Best guesses of the Sudoku format a text was meant to be in, for a precise error.

The Sudoku kind record's ``guess_format`` (see :mod:`gridsat.kinds.sudoku`): when no
Sudoku format claims a text, the reader of the most plausible one says what is wrong.
Asked early (before other kinds' formats are weighed), it claims only near misses that
no other kind would write: a long run of cell symbols (a broken ``line`` puzzle), and a
grid of Sudoku values whose shape or one value is off (a row short, a row missing, a
``5`` in a 4x4), so such a text is an error naming the fault instead of a Hidato.
"""

from __future__ import annotations

import re
from collections import Counter

from ...errors import GridsatError
from .puzzle import default_box
from ...formats.base import is_digits
from .format_grid import grid_blocks
from ...formats.tokens import is_int, split_lines

__all__ = ["guess", "looks_like_lines", "looks_like_nonomino_list", "near_grid"]

_LINE_TOKEN = re.compile(r"[0-9A-Za-z._\-]{10,}")
_EMPTY = {".", "0", "_", "-", "*"}


def looks_like_lines(text: str) -> bool:
    """The first content line starts with a long run of cell symbols: a ``line``-format attempt.
    Not a board shape: several lines of only ``0`` (a cell) and ``-`` (no cell), both present,
    which is a Hidato template."""
    if _board_shape(text):
        return False
    for raw in split_lines(text[:100_000]):
        s = raw.split("#")[0].strip()
        if s:
            tok = s.split()[0].partition(",")[0]
            return bool(_LINE_TOKEN.fullmatch(tok))
    return False


def _board_shape(text: str) -> bool:
    """Two or more content lines of only ``0`` and ``-``, both present (comments aside)."""
    lines = [s for s in (raw.split("#")[0].strip() for raw in split_lines(text[:100_000])) if s]
    chars = set("".join(lines))
    return len(lines) > 1 and chars == {"0", "-"}


def looks_like_nonomino_list(text: str) -> bool:
    """``[`` then two-digit cells: a broken ``[13,10,...]`` nonomino list."""
    s = text.lstrip()
    if not s.startswith("[") or s[1:].lstrip()[:1] in ("[", "{", '"'):
        return False
    cells = [c for c in re.split(r"[\s,\[\]]+", s[:400]) if c][:20]
    return len(cells) > 4 and all(len(c) == 2 and is_digits(c) for c in cells)


def near_grid(text: str) -> bool:
    """A grid of Sudoku values that just misses: ragged rows, rows missing or one too many, or
    the largest value one above the size (values a Hidato board of that size would exceed)."""
    blocks = grid_blocks(text, 240)
    if not blocks:
        return False
    rows = blocks[0].rows
    raw = split_lines(text[:200_000])
    if any("#" in raw[line - 1] for line, _, _ in rows):
        return False  # '#' holes: a Hidato board
    counts = Counter(len(t) for _, _, t in rows)
    m = max(counts, key=lambda k: (counts[k], k))
    if m < 4 or not m - 2 <= len(rows) <= 3 * m:
        return False
    try:
        default_box(m)
    except GridsatError:
        return False
    toks = {t for _, _, row in rows for t in row}
    if "-" in toks and "0" in toks:
        return False  # '-' no cell, '0' open: a Hidato board
    values = []
    for t in toks - _EMPTY:
        if not is_int(t, signed=False):
            return False
        values.append(int(t))
    top = max(values, default=0)
    square = len(rows) in (m, 2 * m, 3 * m) and len(counts) == 1
    return top <= m if not square else top <= m + 1


def guess(text: str, early: bool) -> str | None:
    """The name of the Sudoku format ``text`` most likely attempts.

    Parameters
    ----------
    text : str
    early : bool
        ``True``: asked before the other kinds' formats are weighed, answers only for a
        near miss no other kind writes (see the module docstring); ``False``: asked last,
        always answers.
    """
    if early:
        if looks_like_lines(text):
            return "line"
        if looks_like_nonomino_list(text):
            return "nonomino"
        return "grid" if near_grid(text) else None
    return _guess(text)


def _guess(text: str) -> str:
    """The most plausible Sudoku format for text no format claims, to get a precise error."""
    body = [raw.split("#")[0] for raw in split_lines(text[:200_000])]
    body = [b for b in body if b.strip()]
    first = body[0].strip() if body else ""
    if first.startswith("{"):
        return "json"
    if first.startswith("["):
        if first[1:].lstrip().startswith("{"):
            return "json"
        cells = re.split(r"[\s,\[\]]+", first.strip("[] "))[:20]
        return "nonomino" if cells and all(len(c) == 2 and is_digits(c) for c in cells) else "vector"
    toks = first.replace("|", " ").split()
    if len(toks) == 1 and len(toks[0]) > 9:
        return "line"
    if "," in first or (len(toks) > 2 and sum(is_digits(t) and len(t) == 2 for t in toks) >= 0.8 * len(toks)):
        return "nonomino"
    if len(toks) == 1 and len(body) >= 2:
        # compact grid rows, or line puzzles of the wrong length
        return "grid" if all(len(b.strip()) == len(first) for b in body[:len(first)]) \
            and len(body) in (len(first), 2 * len(first), 3 * len(first)) else "line"
    if len(toks) == 1:
        return "line"
    return "grid"
