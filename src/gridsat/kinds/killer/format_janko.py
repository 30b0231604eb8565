"""The ``janko-killer`` format: janko.at's text for killer puzzles.

A ``rows cols`` header line (``9 9``), then ``n`` rows of cage sums (the sum written in one
cell of its cage, ``-`` elsewhere), then ``n`` rows of cage labels (numbers or letters; cells
with one label form one cage; ``-`` is a cell in no cage)::

    4 4
    3 - 7 -
    - - - -
    ...
    1 1 2 2
    ...

Two more blocks may follow, which janko.at's own files do not have: ``n`` rows of region
labels (a jigsaw map; every cell in a region), then ``n`` rows of givens (``-`` empty). The
writer adds the region rows when the regions are not the usual boxes of the size, and both
when the puzzle has givens. A cage whose label carries no sum is a cage without one. Several
puzzles may follow one another, each with its header; a ``# name`` comment line before a
header names the puzzle. A block of a header and ``n`` rows of digits right after a puzzle is
its solution (verified when read), as janko.at's files give it.
"""

from __future__ import annotations

from typing import Sequence

from ...constraints.cages import KillerCage
from ...errors import GridsatError, ParseError
from ...formats.base import Entry, Format, locate, register_format
from ...formats.common import is_size_header, read_header_blocks, token_rows
from ...formats.tokens import is_int
from ...verifier import verify
from .puzzle import MAX_SIZE, Killer, usual_box

__all__ = ["read_janko", "write_janko", "sniff_janko", "janko_text"]

_FORMAT = "janko-killer"


def read_janko(text: str, file: str | None = None) -> list[Entry]:
    """Read janko.at killer texts: each a header, the sums, the cages (and regions, givens), and
    the solution block that may follow a puzzle."""
    return read_header_blocks(text, file, _FORMAT, _puzzle, _solution)


def _solution(puzzle: Killer, header, body, file) -> tuple[int, ...] | None:
    """A header of the puzzle's size and ``n`` rows of digits after a puzzle: its solution (checked)."""
    n = puzzle.n
    if [int(t) for t, _ in header] != [n, n] or len(body) != n:
        return None
    if not all(len(toks) == n and all(is_int(t, signed=False) for t, _ in toks) for _, toks in body):
        return None
    sol = tuple(int(t) for _, toks in body for t, _ in toks)
    wrong = verify(puzzle, sol)
    if wrong:
        raise ParseError(f"the solution does not solve the puzzle above: {wrong[0]}", file, body[0][0], 1)
    return sol


def _puzzle(header, body, line, file, name) -> Killer:
    (r_s, _), (c_s, cc) = header
    n, cols = int(r_s), int(c_s)
    if n != cols or not 2 <= n <= MAX_SIZE:
        raise ParseError(f"a killer board is square, 2x2 to {MAX_SIZE}x{MAX_SIZE}: the header says {n} rows "
                         f"and {cols} columns", file, line, cc)
    for k, (lno, toks) in enumerate(body):
        if len(toks) != n:
            col = toks[n][1] if len(toks) > n else toks[-1][1]
            raise ParseError(f"row {k % n + 1} has {len(toks)} values, expected {n}", file, lno, col)
    if len(body) not in (2 * n, 3 * n, 4 * n):
        at = body[-1][0] if body else line
        raise ParseError(f"got {len(body)} rows after the header, expected {2 * n}: {n} rows of sums, then {n} "
                         f"rows of cages (then {n} rows of regions, {n} rows of givens)", file, at, 1)
    sums: dict[int, tuple[int, int, int]] = {}  # cell -> (sum, line, col)
    for r, (lno, toks) in enumerate(body[:n]):
        for c, (t, col) in enumerate(toks):
            if t == "-":
                continue
            if not is_int(t, signed=False) or int(t) < 1:
                raise ParseError(f"bad cage sum {t[:12]!r} (expected a number or '-')", file, lno, col)
            sums[r * n + c] = (int(t), lno, col)
    labels = [t for _, toks in body[n:2 * n] for t, _ in toks]  # cell -> its cage's label, or "-"
    members: dict[str, list[int]] = {}
    for cell, lab in enumerate(labels):
        if lab != "-":
            got = members.get(lab)
            if got is None:
                members[lab] = [cell]
            else:
                got.append(cell)
    for cell, (_, lno, col) in sums.items():
        if labels[cell] == "-":
            raise ParseError(f"a sum at r{cell // n + 1}c{cell % n + 1}, a cell in no cage", file, lno, col)
    cages = []
    for lab, cells in members.items():
        mine = [(cell, sums[cell]) for cell in cells if cell in sums]
        if len(mine) > 1:
            (_, (_, lno, col)) = mine[1]
            raise ParseError(f"cage {lab!r} has two sums ({mine[0][1][0]} and {mine[1][1][0]})", file, lno, col)
        if mine:
            total, lno, col = mine[0][1]
        else:  # (where its label first stands)
            total, (lno, toks) = None, body[n + cells[0] // n]
            col = toks[cells[0] % n][1]
        cages.append(((tuple(cells), total), lno, col))
    regions = None
    if len(body) >= 3 * n:
        regions = []
        for r, (lno, toks) in enumerate(body[2 * n:3 * n]):
            for c, (t, col) in enumerate(toks):
                if t in ("-", "."):
                    raise ParseError(f"the region map has a hole at r{r + 1}c{c + 1}: every cell is in a region",
                                     file, lno, col)
                regions.append(t)
    givens = [0] * (n * n)
    if len(body) == 4 * n:
        for r, (lno, toks) in enumerate(body[3 * n:]):
            for c, (t, col) in enumerate(toks):
                if t == "-":
                    continue
                if not (is_int(t, signed=False) and 1 <= int(t) <= n):
                    raise ParseError(f"bad given {t[:12]!r} (expected 1..{n} or '-')", file, lno, col)
                givens[r * n + c] = int(t)
    made = []
    for (cells, total), lno, col in cages:
        try:
            made.append(KillerCage(n, cells, total))
        except GridsatError as e:
            raise locate(e, file, lno, col) from None
    try:
        return Killer(n, made, givens, regions=regions, name=name)
    except GridsatError as e:
        at = body[2 * n][0] if regions is not None else body[n][0]
        raise locate(e, file, at, 1) from None


def write_janko(puzzle: Killer, solution: Sequence[int] | None = None) -> str:
    """janko.at text: header, sums, cage labels; regions when not the usual boxes, and givens
    (after the regions) when there are any (no solution)."""
    n = puzzle.n
    out = []
    if puzzle.name:
        out.append(f"# {' '.join(puzzle.name.split())}")
    out.append(f"{n} {n}")
    sums = {cage.members[0]: cage.total for cage in puzzle.cages if cage.total is not None}
    w = max([len(str(n * n))] + [len(str(s)) for s in sums.values()])
    out += [" ".join(str(sums.get(r * n + c, "-")).rjust(w) for c in range(n)) for r in range(n)]
    labels = ["-"] * (n * n)
    for k, cage in enumerate(sorted(puzzle.cages, key=lambda cage: cage.members[0])):
        for c in cage.members:
            labels[c] = str(k + 1)
    out += [" ".join(labels[r * n + c].rjust(w) for c in range(n)) for r in range(n)]
    if puzzle.box != usual_box(n) or puzzle.num_givens:
        out += [" ".join(str(puzzle.regions[r * n + c] + 1).rjust(w) for c in range(n)) for r in range(n)]
    if puzzle.num_givens:
        out += [" ".join((str(v) if v else "-").rjust(w) for v in row) for row in puzzle.rows()]
    return "\n".join(out) + "\n"


def janko_text(puzzle: Killer) -> str:
    """The puzzle as a multi-line text that reads back (the janko.at format, without trailing newline)."""
    return write_janko(puzzle).rstrip("\n")


def sniff_janko(text: str) -> bool:
    """A square ``n n`` header, ``n`` rows of sums/``-``, ``n`` rows of cage labels in which every
    cage holds at most one sum, and a sum above ``n`` or more than ``n`` cages (so that it is not
    a plain board's givens and region map)."""
    rows = [r for r in token_rows(text, 5 * MAX_SIZE) if isinstance(r[1], list)]
    if not rows or not is_size_header(rows[0][1]):
        return False
    n, cols = (int(t) for t, _ in rows[0][1])
    if n != cols or not 2 <= n <= MAX_SIZE or len(rows) < 2 * n + 1:
        return False
    sums, cages = rows[1:n + 1], rows[n + 1:2 * n + 1]
    if any(len(toks) != n or is_size_header(toks) for _, toks in sums + cages):
        return False
    if any(not (t == "-" or is_int(t, signed=False)) for _, toks in sums for t, _ in toks):
        return False
    big = any(t != "-" and int(t) > n for _, toks in sums for t, _ in toks)
    labels = [t for _, toks in cages for t, _ in toks]
    clues = [t != "-" for _, toks in sums for t, _ in toks]
    per: dict[str, int] = {}
    for lab, clue in zip(labels, clues):
        per[lab] = per.get(lab, 0) + clue
    if any(v > 1 for v in per.values()) or not any(clues):
        return False
    return big or len(set(labels) - {"-"}) > n


register_format(Format(_FORMAT, "killer", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at text: 'n n' header, rows of cage sums ('-' none), rows of cage labels",
                       priority=9, kind_sniff=lambda text: sniff_janko(text) or _named(text)))


def _named(text: str) -> bool:
    """With the kind named: any text whose first content line is a square header."""
    rows = [r for r in token_rows(text, 3) if isinstance(r[1], list)]
    return bool(rows) and is_size_header(rows[0][1])
