"""What text formats share, whatever their kind: box shapes, solution checks, comments and names.

>>> parse_box("2x3"), strip_comment("1 2 3  # row one")
((2, 3), ('1 2 3  ', 'row one'))
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..errors import ParseError

__all__ = ["parse_box", "check_solution", "strip_comment", "NAME_RE", "HEADER_RE", "COMMENT_RE", "header_name"]

#: a ``# name: ...`` (or ``; name: ...``) comment line that names the next puzzle.
NAME_RE = re.compile(r"^\s*[#;]+\s*name\s*:\s*(.*?)\s*$", re.I)


def parse_box(text: "str | Sequence[int] | None") -> tuple[int, int] | None:
    """``"3x4"`` (or ``(3, 4)``) as a box shape ``(rows, cols)``; ``None`` stays ``None``.

    Raises :class:`ParseError` for text that is not ``RxC``.
    """
    if text is None:
        return None
    if isinstance(text, str):
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX*,]\s*([0-9]{1,3})\s*", text)
        if not m:
            raise ParseError(f"box must look like RxC (e.g. 3x4), got {text!r}")
        return int(m.group(1)), int(m.group(2))
    r, c = text
    return int(r), int(c)


def check_solution(puzzle: Any, sol: Sequence[int]) -> None:
    """Raise :class:`ParseError` with the verifier's first problem unless ``sol`` is a correct
    answer to ``puzzle`` (a stored solution is verified by :func:`gridsat.verify`)."""
    from ..verifier import verify

    problems = verify(puzzle, sol)
    if problems:
        raise ParseError(problems[0])


def strip_comment(line: str, marks: str = "#") -> tuple[str, str | None]:
    """``line`` split at the first comment mark: ``(content, comment text or None)``."""
    if len(marks) == 1:  # (the usual case, without a generator)
        idx = line.find(marks)
    else:
        idx = min((i for i in (line.find(m) for m in marks) if i >= 0), default=-1)
    if idx < 0:
        return line, None
    return line[:idx], line[idx:].lstrip(marks).strip()


# ---------------------------------------------------------------------- multi-puzzle text files
#: a header line that names the puzzle after it: ``Grid 01`` (Project Euler 96), ``Puzzle 3: easy``
HEADER_RE = re.compile(r"^\s*([A-Za-z]{2,}(?:\s+#?|\s*#)\s*[0-9][^\n]*?|[A-Za-z]{2,}(?:\s+[A-Za-z]+)*\s*:.*?)\s*$")
#: a comment line (``# text`` or ``; text``): names the next puzzle when it comes right before it
COMMENT_RE = re.compile(r"^\s*[#;]+\s*(.*?)\s*$")


def header_name(line: str) -> str | None:
    """The puzzle name a header line gives (``Grid 01``, ``# name: easy``, ``# easy``), else ``None``.

    >>> header_name("Grid 01"), header_name("# name: easy one"), header_name("5 3 . .")
    ('Grid 01', 'easy one', None)
    """
    m = NAME_RE.match(line)
    if m:
        return m.group(1)
    m = COMMENT_RE.match(line)
    if m:
        return m.group(1) or None
    m = HEADER_RE.match(line)
    if m and not _LABEL_WORDS.match(line):
        return m.group(1)
    return None


_LABEL_WORDS = re.compile(r"^\s*(givens|puzzle|regions?|solution)\s*:?\s*$", re.I)
