"""What the Sudoku text formats share: box shapes, solution checks, comments and names."""

from __future__ import annotations

import re
from typing import Sequence

from ..errors import GridsatError, ParseError
from ..puzzles import Sudoku, default_box

__all__ = ["parse_box", "box_for", "check_solution", "strip_comment", "NAME_RE"]

#: a ``# name: ...`` (or ``; name: ...``) comment line that names the next puzzle.
NAME_RE = re.compile(r"^\s*[#;]+\s*name\s*:\s*(.*?)\s*$", re.I)


def parse_box(text: "str | Sequence[int] | None") -> tuple[int, int] | None:
    """``"3x4"`` (or ``(3, 4)``) as a box shape ``(rows, cols)``; ``None`` stays ``None``.

    Raises :class:`ParseError` for text that is not ``RxC``.
    """
    if text is None:
        return None
    if isinstance(text, str):
        m = re.fullmatch(r"\s*(\d+)\s*[xX*,]\s*(\d+)\s*", text)
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
    """Raise :class:`ParseError` unless ``sol`` fills every cell and agrees with every given."""
    for i, (g, v) in enumerate(zip(puzzle.givens, sol)):
        if not v:
            raise ParseError(f"solution leaves {puzzle.cell_name(i)} empty")
        if g and g != v:
            raise ParseError(f"solution has {v} at {puzzle.cell_name(i)} where the given is {g}")


def strip_comment(line: str, marks: str = "#") -> tuple[str, str | None]:
    """``line`` split at the first comment mark: ``(content, comment text or None)``."""
    idx = min((i for i in (line.find(m) for m in marks) if i >= 0), default=-1)
    if idx < 0:
        return line, None
    return line[:idx], line[idx:].lstrip(marks).strip()

