"""The puzzles a bench runs (the rows of the matrix), read from puzzle objects or files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..errors import ParseError
from ..formats import read_file

__all__ = ["Instance", "load_instances"]


@dataclass
class Instance:
    """A puzzle with where it came from (``file`` and 1-based ``line``, or ``None``).

    Attributes
    ----------
    puzzle : Sudoku or Hidato
        The puzzle to run.
    file : str or None
        The file it was read from.
    line : int or None
        The 1-based line of ``file`` where it starts.
    """

    puzzle: Any
    file: str | None = None
    line: int | None = None

    @property
    def name(self) -> str | None:
        """The puzzle's name, or ``None`` if it has none."""
        return getattr(self.puzzle, "name", None)


def load_instances(sources: Iterable[Any], *, format: str | None = None, kind: str | None = None,
                   box: str | None = None) -> list[Instance]:
    """Puzzles, :class:`Instance` objects and files (paths) as a list of instances.

    Files are read with :func:`gridsat.formats.read_file`; the first unreadable puzzle
    raises its :class:`~gridsat.errors.ParseError` (``file:line:col: message``).

    Parameters
    ----------
    sources : iterable
        Puzzles, :class:`Instance` objects, :class:`gridsat.formats.Entry` objects, or
        paths (``str`` or :class:`~pathlib.Path`: every puzzle in the file).
    format, kind, box : str, optional
        Passed to :func:`gridsat.formats.read_file` for paths.

    Returns
    -------
    list of Instance
        In the order given, a file's puzzles in file order. Anything else raises :class:`TypeError`.
    """
    out: list[Instance] = []
    for src in sources:
        if isinstance(src, Instance):
            out.append(src)
        elif isinstance(src, (str, Path)):
            for entry in read_file(src, format=format, kind=kind, box=box):
                if not entry.ok:
                    err = entry.error
                    raise ParseError(err.message, err.file or entry.file or str(src),
                                     err.line if err.line is not None else entry.line, err.col)
                out.append(Instance(entry.puzzle, entry.file, entry.line))
        elif hasattr(src, "puzzle") and hasattr(src, "error"):  # a formats.Entry
            if src.error is not None:
                raise src.error
            out.append(Instance(src.puzzle, src.file, src.line))
        elif hasattr(src, "kind"):
            out.append(Instance(src))
        else:
            raise TypeError(f"not a puzzle or a file: {src!r}")
    return out
