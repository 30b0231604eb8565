"""What the Sudoku text formats share: box shapes, solution checks, comments and names."""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku, default_box

__all__ = ["parse_box", "box_for", "check_solution", "strip_comment", "NAME_RE", "HEADER_RE", "header_name",
           "has_default_box", "require_default_box"]

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


def box_for(n: int, box: tuple[int, int] | None) -> tuple[int, int]:
    """The box shape to use for a classic puzzle of size ``n``: ``box`` if given, else the squarest.

    Raises :class:`ParseError` when ``box`` does not tile the board or ``n`` has no box shape.
    """
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


def check_solution(puzzle: Sudoku, sol: Sequence[int]) -> None:
    """Raise :class:`ParseError` with the verifier's first problem unless ``sol`` is a correct
    answer to ``puzzle`` (a stored solution is verified by :func:`gridsat.verify`)."""
    from ...verifier import verify

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


def has_default_box(puzzle: Sudoku) -> bool:
    """Whether ``puzzle`` has classic boxes of its size's default shape (what a format with no
    region map or box field reads back)."""
    try:
        return puzzle.box is not None and tuple(puzzle.box) == default_box(puzzle.n)
    except GridsatError:
        return False


def require_default_box(puzzle: Sudoku, fmt: str) -> None:
    """Raise :class:`ParseError` unless the ``fmt`` format (no region map) can hold ``puzzle``."""
    if puzzle.is_jigsaw:
        raise ParseError(f"the {fmt} format cannot hold a region map; use grid, nonomino or json for jigsaw")
    if not has_default_box(puzzle):
        r, c = puzzle.box
        raise ParseError(f"the {fmt} format reads {puzzle.n}x{puzzle.n} boxes as {'x'.join(map(str, default_box(puzzle.n)))}, "
                         f"not {r}x{c}: use grid or json, which hold the box shape")
