"""Best guesses of the Sudoku format a text was meant to be in, for a precise error.

The Sudoku kind record's ``guess_format`` (see :mod:`gridsat.kinds.sudoku`): when no
Sudoku format claims a text, the reader of the most plausible one says what is wrong.
"""

from __future__ import annotations

import re

from .base import is_digits

__all__ = ["guess", "looks_like_lines"]

_LINE_TOKEN = re.compile(r"[0-9A-Za-z._\-]{10,}")


def looks_like_lines(text: str) -> bool:
    """The first content line starts with a long run of cell symbols: a ``line``-format attempt."""
    for raw in text.splitlines():
        s = raw.split("#")[0].strip()
        if s:
            tok = s.split()[0].partition(",")[0]
            return bool(_LINE_TOKEN.fullmatch(tok))
    return False


def guess(text: str, early: bool) -> str | None:
    """The name of the Sudoku format ``text`` most likely attempts.

    Parameters
    ----------
    text : str
    early : bool
        ``True``: asked before the other kinds' formats are weighed, answers only for a
        ``line``-format attempt (a long run of cell symbols); ``False``: asked last, always
        answers.
    """
    if early:
        return "line" if looks_like_lines(text) else None
    return _guess(text)


def _guess(text: str) -> str:
    """The most plausible Sudoku format for text no format claims, to get a precise error."""
    body = [raw.split("#")[0] for raw in text.splitlines()]
    body = [b for b in body if b.strip()]
    first = body[0].strip() if body else ""
    if first.startswith("{"):
        return "json"
    if first.startswith("["):
        return "json" if first[1:].lstrip().startswith("{") else "vector"
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
