"""What the Sudoku text formats share: the box shape of a classic board and whether a format
without a region map can hold a puzzle (what any kind's formats share is
:mod:`gridsat.formats.common`)."""

from __future__ import annotations

from ...errors import GridsatError, ParseError
from .puzzle import Sudoku, default_box

__all__ = ["box_for", "has_default_box", "require_default_box", "LINE_MIN_SIDE", "JIGSAW_LINE_MIN_SIDE"]

#: the smallest side the classic ``line`` format reads (a shorter line of one to nine symbols
#: would be taken for a puzzle in any text); the generators make no smaller board
LINE_MIN_SIDE = 4
#: the smallest side the ``jigsaw-line`` format reads (a 1x1 ``1,`` is no puzzle of its)
JIGSAW_LINE_MIN_SIDE = 2


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
