"""The format registry: every reader/writer of every puzzle kind, and format detection.

A format reads text into :class:`Entry` objects (one per puzzle, each either a puzzle or
a located :class:`~gridsat.errors.ParseError`, so one bad puzzle in a batch fails alone)
and writes a puzzle, optionally with a solution, back to text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..errors import ParseError

__all__ = ["Format", "Entry", "register_format", "get_format", "list_formats", "FORMATS"]


@dataclass
class Entry:
    """One puzzle read from a source, or the error that stopped it.

    ``line`` is the 1-based line where the puzzle starts; ``file`` the source name.
    """

    puzzle: Any | None
    error: ParseError | None = None
    file: str | None = None
    line: int | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class Format:
    """A named text format for one puzzle kind.

    ``read(text, file) -> list[Entry]``; ``write(puzzle, solution=None) -> str``;
    ``sniff(text) -> bool`` is true only when the text is unambiguously in this format.
    ``many``: whether one file may hold many puzzles.
    """

    name: str
    kind: str
    read: Callable[[str, str | None], list[Entry]]
    write: Callable[..., str]
    sniff: Callable[[str], bool]
    many: bool = False
    description: str = ""


FORMATS: dict[str, Format] = {}


def register_format(fmt: Format) -> Format:
    FORMATS[fmt.name] = fmt
    return fmt


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise ParseError(f"unknown format {name!r}; known: {', '.join(sorted(FORMATS))}") from None


def list_formats(kind: str | None = None) -> list[Format]:
    return [f for _, f in sorted(FORMATS.items()) if kind is None or f.kind == kind]


def kinds_of(fmts: Sequence[Format]) -> set[str]:
    return {f.kind for f in fmts}
