"""Reading and writing puzzles as text, with format detection.

Each format lives in its own module and registers itself in :mod:`.base` when imported
(this package imports them all); :func:`gridsat.formats.stream.read_stream` reads a stream
of puzzles as its lines arrive.

>>> from gridsat.formats import read_text, write
>>> [e.puzzle for e in read_text("1..4\\n..1.\\n.1..\\n4..1\\n")]
[<Sudoku 4x4 2x2 boxes, 6 givens>]
>>> write(read_text("1...........4..1")[0].puzzle, "vector")
'[1 0 0 0 0 0 0 0 0 0 4 0 0 0 0 1]\\n'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..errors import GridsatError, ParseError
from .base import (FORMATS, JSON_KINDS, Entry, Format, get_format, list_formats, register_format,
                   register_json_kind)
# importing a format module registers its formats (and JSON kinds): the one-line and JSON
# formats that serve every kind here; every kind's own formats when the registry is first read
# (its record's ``load_formats``)
from . import jsonfmt as _jsonfmt  # noqa: E402,F401  (json)
from .detect import SNIFF_CHARS, detect_format, read_text  # noqa: E402,F401  (SNIFF_CHARS: as before)
from ..puzzles.text import format_board, line_string

if TYPE_CHECKING:
    from pathlib import Path

    from ..puzzles import Puzzle

__all__ = ["Entry", "Format", "FORMATS", "JSON_KINDS", "get_format", "list_formats", "register_format",
           "register_json_kind", "read_text", "read_file", "write", "write_or_refuse", "detect_format", "format_board",
           "line_string"]


def read_file(path: "str | Path", format: str | None = None, kind: str | None = None,
              box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """The entries of a file, read as every source is read
    (:func:`gridsat.formats.stream.read_stream`): a file of one-line puzzles line by line, a
    line that is not UTF-8 text an entry with its located error; an unreadable file raises
    :class:`ParseError`."""
    from .stream import LineReader, read_stream

    name = str(path)
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        raise ParseError("no such file", name) from None
    except OSError as e:
        raise ParseError(f"cannot read: {e.strerror or e}", name) from None
    try:
        with fh:
            return list(read_stream(LineReader(fh, name), name, format=format, kind=kind, box=box))
    except OSError as e:
        raise ParseError(f"cannot read: {e.strerror or e}", name) from None


def write(puzzle: "Puzzle", format: str = "json", solution: Sequence[int] | None = None) -> str:
    """``puzzle`` (and optionally a solution) as text in ``format``.

    Raises :class:`ParseError` for an unknown format or one that does not hold the puzzle's kind.
    """
    fmt = get_format(format)
    if fmt.kind not in (puzzle.kind, "*"):
        raise ParseError(f"format {fmt.name} holds {fmt.kind} puzzles, not {puzzle.kind}")
    return fmt.write(puzzle, solution)


def write_or_refuse(puzzle: "Puzzle", format: str, solution: Sequence[int] | None = None) -> str:
    """:func:`write`, with every refusal a :class:`ParseError`: a writer's own reason (a region
    map, size or shape the format cannot hold) reads ``format F cannot write this puzzle: why``.

    The one message the command line and the workbench give when asked for such a text.
    """
    try:
        return write(puzzle, format, solution)
    except ParseError:
        raise
    except (GridsatError, NotImplementedError, ValueError) as e:
        raise ParseError(f"format {format} cannot write this puzzle: {e}") from None
