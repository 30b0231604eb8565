"""SadMan ``.sdk`` and Simple Sudoku ``.ss`` files: 9x9 grids of ``.`` and digits.

``sdk``: nine rows of nine characters, ``.`` empty, optionally after ``#X...`` lines of
metadata (``#A`` author, ``#D`` description, ``#C`` comment, ``#B`` date, ``#S`` source,
``#L`` level, ``#U`` URL) and a ``[Puzzle]`` section line; later sections (``[State]``,
``[PencilMarks]``, ...) are a solving session's state and are skipped. ``#D`` (else ``#C``)
names the puzzle. ``ss``: nine rows ``4..|...|8.5`` with ``-----------`` rulers between
the bands. Both are read by the grid reader once their own marks are removed.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import ParseError
from .puzzle import Sudoku
from ...formats.base import Entry, Format, register_format
from .format_grid import read_grid
from ...formats.tokens import split_lines

__all__ = ["read_sdk", "write_sdk", "sniff_sdk", "read_ss", "write_ss", "sniff_ss"]

_META = re.compile(r"^#([ABCDLSU])(.*)$")
_SECTION = re.compile(r"^\s*\[([A-Za-z ]+)\]\s*$")
_SDK_ROW = re.compile(r"^[.0-9]{9}$")
_SS_ROW = re.compile(r"^\s*[.0-9]{3}\|[.0-9]{3}\|[.0-9]{3}\s*$")
_SS_RULER = re.compile(r"^\s*-{11}\s*$")


def _nine_by_nine(puzzle: Sudoku, fmt: str) -> None:
    if puzzle.n != 9 or puzzle.box != (3, 3):
        raise ParseError(f"the {fmt} format holds classic 9x9 puzzles only")


def read_sdk(text: str, file: str | None = None) -> list[Entry]:
    """Read a SadMan ``.sdk`` file (the first puzzle section)."""
    meta: dict[str, str] = {}
    kept, section = [], None
    for raw in split_lines(text):
        m = _META.match(raw)
        s = _SECTION.match(raw)
        if m:
            meta.setdefault(m.group(1), m.group(2).strip())
            kept.append("")
        elif s:
            section = s.group(1).strip().lower()
            kept.append("")
        else:
            kept.append(raw if section in (None, "puzzle") else "")
    entries = read_grid("\n".join(kept), file)
    name = meta.get("D") or meta.get("C")
    for e in entries:
        e.format = "sdk"
        if e.ok and name and e.puzzle.name is None:
            e.puzzle = Sudoku(9, e.puzzle.givens, box=e.puzzle.box, name=name)
    return entries


def write_sdk(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """A ``.sdk`` file: ``#D`` with the name, ``[Puzzle]``, nine rows (the format holds no solution)."""
    _nine_by_nine(puzzle, "sdk")
    head = f"#D{' '.join(puzzle.name.split())}\n" if puzzle.name else ""
    return head + "[Puzzle]\n" + "".join("".join(str(v) if v else "." for v in row) + "\n" for row in puzzle.rows())


def sniff_sdk(text: str) -> bool:
    """``#X`` metadata lines or a ``[Puzzle]`` line, then nine rows of nine ``.``/digits."""
    lines = [raw for raw in text.split("\n", 40)[:40] if raw.strip()]
    marked = False
    for k, raw in enumerate(lines):
        raw = raw.rstrip("\r")
        if _META.match(raw) or _SECTION.match(raw):
            marked = True
            continue
        return marked and len(lines) >= k + 9 and all(_SDK_ROW.match(r.strip()) for r in lines[k:k + 9])
    return False


def read_ss(text: str, file: str | None = None) -> list[Entry]:
    """Read a Simple Sudoku ``.ss`` file."""
    entries = read_grid(text, file)
    for e in entries:
        e.format = "ss"
    return entries


def write_ss(puzzle: Sudoku, solution: Sequence[int] | None = None) -> str:
    """A ``.ss`` file: rows ``4..|...|8.5``, ``-----------`` between bands (no solution)."""
    _nine_by_nine(puzzle, "ss")
    out = []
    for r, row in enumerate(puzzle.rows()):
        if r in (3, 6):
            out.append("-" * 11)
        s = "".join(str(v) if v else "." for v in row)
        out.append(f"{s[:3]}|{s[3:6]}|{s[6:]}")
    return "\n".join(out) + "\n"


def sniff_ss(text: str) -> bool:
    """Eleven lines: nine ``xxx|xxx|xxx`` rows with ``-----------`` rulers after the third and sixth."""
    lines = [raw.rstrip("\r") for raw in text.split("\n", 40)[:40] if raw.strip()]
    if len(lines) < 11:
        return False
    return all((_SS_RULER if k in (3, 7) else _SS_ROW).match(lines[k]) for k in range(11))


register_format(Format("sdk", "sudoku", read_sdk, write_sdk, sniff_sdk, many=False,
                       description="SadMan .sdk: #A/#D/... metadata lines, [Puzzle], nine rows of '.' and digits",
                       priority=7))
register_format(Format("ss", "sudoku", read_ss, write_ss, sniff_ss, many=True,
                       description="Simple Sudoku .ss: rows 4..|...|8.5 with ----------- between bands",
                       priority=7))
