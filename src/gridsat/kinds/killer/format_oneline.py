"""The ``killer-line`` format: one killer puzzle per line (``gridsat generate killer`` writes it).

Fields, separated by spaces::

    killer <givens> <cages> <sums> [<regions>] [# name]

* ``killer``: the word that opens the line (optional when the kind is named);
* ``givens``: ``n * n`` symbols, ``1-9`` then ``A-Z``, ``.`` (or ``0``) empty;
* ``cages``: ``n * n`` cage labels, one character each from ``0-9a-zA-Z`` (cells with one
  label form one cage; ``.`` a cell in no cage);
* ``sums``: the cages' sums separated by commas, in the order of their labels' first
  appearance in ``cages``, ``-`` for a cage without one;
* ``regions``: ``n * n`` region labels (a jigsaw map); without it, the usual boxes of ``n``.

62 labels make at most 62 cages on a line; the ``janko-killer`` and ``json`` formats hold any
number. :func:`gridsat.formats.oneline.load_generated` reads the ``gridsat generate --json``
objects of the kind with the reader here.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...errors import GridsatError, ParseError, UnsupportedError
from ...formats.base import Entry, Format, locate, register_format
from ...formats.oneline import register_generated, split_fields
from ...formats.tokens import parse_int, split_lines
from ...puzzles.text import line_string, symbol_value
from .puzzle import MAX_SIZE, Killer, usual_box

__all__ = ["read_killer_line", "write_killer_line", "sniff_killer_line", "killer_line_string"]

_FORMAT = "killer-line"
_WORD = "killer"
#: the cage labels of a line, in the order the writer uses them
LABELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SUMS = re.compile(r"(?:\d+|-)(?:,(?:\d+|-))*")


def _side(length: int) -> int | None:
    n = round(length ** 0.5)
    return n if n * n == length and 2 <= n <= MAX_SIZE else None


def parse_line(fields: list[tuple[str, int]], name: str | None, file: str | None, line: int) -> Killer:
    """The puzzle of a line's fields (``(text, column)``; the opening word already taken off)."""
    if len(fields) not in (3, 4):
        at = fields[-1][1] if fields else 1
        raise ParseError(f"expected 'givens cages sums [regions]', got {len(fields)} fields", file, line, at)
    (gtext, gcol), (ctext, ccol), (stext, scol) = fields[:3]
    n = _side(len(gtext))
    if n is None:
        raise ParseError(f"the givens field has {len(gtext)} cells, not a square board of side 2..{MAX_SIZE}",
                         file, line, gcol)
    givens = []
    for i, ch in enumerate(gtext):
        v = symbol_value(ch)
        if v is None or v > n:
            raise ParseError(f"bad given {ch!r} (expected 1..{n} as symbols, or '.')", file, line, gcol + i)
        givens.append(v)
    for what, (text, col) in (("cages", (ctext, ccol)),) + ((("regions", fields[3]),) if len(fields) == 4 else ()):
        if len(text) != n * n:
            raise ParseError(f"the {what} field has {len(text)} cells, expected {n * n}", file, line, col)
    members: dict[str, list[int]] = {}
    for i, ch in enumerate(ctext):
        if ch == ".":
            continue
        if ch not in LABELS:
            raise ParseError(f"bad cage label {ch!r} (expected 0-9, a-z, A-Z or '.')", file, line, ccol + i)
        members.setdefault(ch, []).append(i)
    if not _SUMS.fullmatch(stext):
        raise ParseError("the sums field is numbers or '-' separated by commas", file, line, scol)
    sums = [] if stext == "-" and not members else stext.split(",")  # ('-' alone: no cages, as written)
    if len(sums) != len(members):
        raise ParseError(f"{len(sums)} sums for {len(members)} cages", file, line, scol)
    from ...constraints.cages import KillerCage

    cages = []
    pos = scol
    for (lab, cells), s in zip(members.items(), sums):
        try:
            total = None if s == "-" else parse_int(s, file, line, pos, signed=False, what="cage sum")
            cages.append(KillerCage(n, tuple(cells), total))
        except GridsatError as e:
            raise locate(e, file, line, pos) from None
        pos += len(s) + 1
    regions = None
    if len(fields) == 4:
        rtext, rcol = fields[3]
        hole = next((i for i, ch in enumerate(rtext) if ch in ".-"), None)
        if hole is not None:
            raise ParseError(f"the region map has a hole at r{hole // n + 1}c{hole % n + 1}: every cell is in a "
                             "region", file, line, rcol + hole)
        regions = list(rtext)
    try:
        return Killer(n, cages, givens, regions=regions, name=name)
    except GridsatError as e:
        raise locate(e, file, line, (fields[3][1] if regions is not None else ccol)) from None


def read_killer_line(text: str, file: str | None = None) -> list[Entry]:
    """One killer puzzle per line; blank lines and ``#`` comment lines are skipped."""
    out = []
    for lineno, raw in enumerate(split_lines(text), 1):
        fields, name = split_fields(raw)
        if not fields:
            continue
        if fields[0][0] == _WORD:
            fields = fields[1:]
        try:
            out.append(Entry(parse_line(fields, name, file, lineno), None, file, lineno, None, _FORMAT))
        except GridsatError as e:
            out.append(Entry(None, locate(e, file, lineno, 1), file, lineno, None, _FORMAT))
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, _FORMAT))
    return out


def killer_line_string(puzzle: Killer) -> str:
    """The puzzle as one line (no newline); :class:`UnsupportedError` past 62 cages."""
    n = puzzle.n
    if puzzle.num_cages > len(LABELS):
        raise UnsupportedError(f"a killer line holds at most {len(LABELS)} cages, the puzzle has "
                               f"{puzzle.num_cages}; use janko-killer or json")
    labels = ["."] * (n * n)
    order = sorted(range(puzzle.num_cages), key=lambda k: puzzle.cages[k].members[0])
    sums = []
    for j, k in enumerate(order):
        cage = puzzle.cages[k]
        for c in cage.members:
            labels[c] = LABELS[j]
        sums.append("-" if cage.total is None else str(cage.total))
    out = [_WORD, line_string(puzzle.givens), "".join(labels), ",".join(sums) or "-"]
    if puzzle.box != usual_box(n):
        out.append("".join(LABELS[r] for r in puzzle.regions))
    if puzzle.name:
        out.append("# " + " ".join(puzzle.name.split()))
    return " ".join(out)


def write_killer_line(puzzle: Killer, solution: Sequence[int] | None = None) -> str:
    """The puzzle's line with a newline (no solution)."""
    return killer_line_string(puzzle) + "\n"


def sniff_killer_line(text: str) -> bool:
    """A first content line that opens with ``killer`` and has a killer line's fields after it
    (givens, cages, sums, perhaps regions): its reader then says what is wrong in them."""
    for raw in text.split("\n", 20)[:20]:
        fields, _ = split_fields(raw)
        if fields:
            return fields[0][0] == _WORD and len(fields) in (4, 5)
    return False


def _named(text: str) -> bool:
    """With the kind named: the first content line reads as a killer line, with or without its word."""
    for raw in text.split("\n", 20)[:20]:
        fields, name = split_fields(raw)
        if fields:
            return bool(fields[0][0] == _WORD or len(fields) in (3, 4) and _side(len(fields[0][0])))
    return False


def _generated(obj: dict, line: str, name: str | None, kind: str, box) -> Killer:
    """The puzzle of a ``gridsat generate killer --json`` object."""
    fields, _ = split_fields(line)
    if fields and fields[0][0] == _WORD:
        fields = fields[1:]
    try:
        return parse_line(fields, name, None, 1)
    except GridsatError as e:
        raise ValueError(f'"puzzle": {e}') from None


register_format(Format(_FORMAT, "killer", read_killer_line, write_killer_line, sniff_killer_line, many=True,
                       description="one killer puzzle per line: 'killer givens cages sums [regions]' "
                                   "(gridsat generate)",
                       priority=9, kind_sniff=_named, one_line=True, head_words=frozenset({_WORD})))
register_generated(("killer",), _generated)
