"""The Sudoku family's verifier rules, registered with :mod:`gridsat.verifier`.

A full grid is checked from the raw puzzle data alone: a digit 1..n in every cell, then every
constraint of the puzzle's list, each by its own rule in :mod:`gridsat.constraints` (givens
kept, every row, column and region 1..n once, any extra rule). A fast pass over the standard
list (one grid, or many grids of one board at once) tells a correct grid at C speed and sends
any other to the detailed check, which names what is wrong. Nothing here is shared with the
encoders, so an encoding bug cannot hide behind a matching bug in the check.
"""

from __future__ import annotations

import functools
import itertools
import operator
from typing import Sequence

from ...verifier import register_many_verifier, register_verifier

__all__ = ["verify_sudoku", "verify_classic_block"]

#: bytes.translate table: 0 stays 0, any other byte becomes 0xFF (the givens' mask)
_NONZERO = bytes([0] + [255] * 255)


def _factors(shape: list[int]) -> tuple:
    """A unit shape (offsets from its first cell) as a sum of arithmetic progressions
    ``(step, count)``: ``{0..c-1} + n*{0..r-1}`` for a box is ``((1, c), (n, r))``; ``()``
    for any other shape."""
    size, row = len(shape), 1
    if not size or shape[0] != 0:
        return ()
    while row < size and shape[row] == row:
        row += 1
    if row == size:  # one run of consecutive cells
        return ((1, size),)
    step = shape[row]
    if size % row == 0 and shape == [j * step + i for j in range(size // row) for i in range(row)]:
        return ((1, row), (step, size // row))
    return ()


def _part(width: int, factors: tuple, firsts, order=None) -> tuple:
    """One unit shape of :func:`_plan`: its shifted additions (:func:`_additions`), the
    itemgetter of the lanes where the unit sums land (each unit's first cell), the
    reordering of the cells first (or ``None``), and for :func:`_many_plan` the first cells
    and the reordering as tuples."""
    lane = 8 * width
    adds = tuple(a for step, count in factors for a in _additions(lane * step, count))
    return (adds, operator.itemgetter(*firsts), None if order is None else operator.itemgetter(*order),
            (tuple(firsts), None if order is None else tuple(order)))


def _additions(step: int, count: int) -> list:
    """How to turn ``x`` into ``sum(x >> (i * step) for i in range(count))`` by doubling:
    about ``2 log2(count)`` shifted additions ``(shift, first, from_base)``, each
    ``x += z >> shift`` where ``z`` is ``x`` itself or, with ``from_base``, the value ``x``
    had at the progression's ``first`` addition. (Exact on lanes that never carry: a shift
    by whole lanes drops whole lanes.)"""
    def doubling(k: int) -> list:
        if k == 1:
            return []
        half = k // 2
        return doubling(half) + [(half * step, False)] + ([((k - 1) * step, True)] if k % 2 else [])

    return [(shift, i == 0, from_base) for i, (shift, from_base) in enumerate(doubling(count))]


def _fold(x: int, adds: tuple) -> int:
    """``x`` plus its shifts down by every offset of a unit: each lane becomes the sum of the
    unit that starts there (on 16x16 blocks about half the time of one multiplication by
    the offsets' polynomial)."""
    base = x
    for shift, first, from_base in adds:
        if first:
            base = x
        x += (base if from_base else x) >> shift
    return x


@functools.lru_cache(maxsize=64)
def _lines_plan(n: int) -> tuple | None:
    """What :func:`_plan` needs of the size alone: the lane width, its memoryview format, the
    translation tables, the full unit sum and the row and column parts (``None`` past 64-bit lanes)."""
    width, fmt = next(((w, f) for w, f in ((2, "H"), (4, "I"), (8, "Q")) if n + n.bit_length() <= 8 * w),
                      (0, ""))
    if not width or n < 2:
        return None
    tables = tuple(bytes(((1 << (v - 1)) >> (8 * j)) & 255 if 1 <= v <= n else 0 for v in range(256))
                   for j in range(width))
    rows = _part(width, ((1, n),), [r * n for r in range(n)])
    columns = _part(width, ((n, n),), range(n))
    labels = tuple(k for k in range(n) for _ in range(n))  # a region map's labels, sorted
    return width, fmt, tables, (1 << n) - 1, rows, columns, labels


@functools.lru_cache(maxsize=1024)
def _plan(n: int, regions: tuple) -> tuple | None:
    """How :func:`_sudoku_ok` reads the unit sums of an ``n`` x ``n`` board off one integer.

    A cell's value ``v`` becomes a lane of ``width`` bytes holding ``1 << (v - 1)`` (one
    translation table per byte of the lane), and the grid one integer of ``n * n`` lanes.
    Adding to it its shifts down by every offset of a unit's shape puts the sum of every
    unit of that shape in the lane of its first cell, read by an itemgetter: rows (offsets
    ``0..n-1``), columns (multiples of ``n``), and regions when they are all translates of
    one shape (boxes). Other region maps (jigsaw) are first put region after region, so
    that they are consecutive lanes like rows. A lane sums at most ``n`` values, so no sum
    carries into the next lane. ``None`` when the lanes would pass 64 bits, or the regions
    are not ``0..n-1`` with ``n`` cells each: then the detailed check decides.
    """
    lines = _lines_plan(n)
    if lines is None:
        return None
    width, fmt, tables, full, rows, columns, labels = lines
    if len(regions) != n * n or tuple(sorted(regions)) != labels:
        return None
    order = sorted(range(n * n), key=regions.__getitem__)  # region after region, cells in order
    chunks = [order[k * n:(k + 1) * n] for k in range(n)]
    shape = [c - chunks[0][0] for c in chunks[0]]
    factors = _factors(shape)
    if factors and all([c - cs[0] for c in cs] == shape for cs in chunks):  # every region a translate of the first
        regs = _part(width, factors, [cs[0] for cs in chunks])
    else:
        regs = _part(width, ((1, n),), [k * n for k in range(n)], order)
    return width, fmt, tables, full, (rows, columns, regs)


def _lanes(cells: bytes, width: int, tables: tuple) -> int:
    """The cells as one integer of ``width``-byte lanes, ``1 << (v - 1)`` for value ``v``."""
    lanes = bytearray(len(cells) * width)
    for j, table in enumerate(tables):
        lanes[j::width] = cells.translate(table)
    return int.from_bytes(lanes, "little")


def _sudoku_ok(puzzle, sol: list) -> bool:
    """True when ``sol`` is a correct grid; the hot path of every job, so every step runs in C.

    With every value in 1..n, a unit of ``n`` cells holds 1..n once exactly when the sum of
    ``1 << (v - 1)`` over its values is ``2**n - 1``: ``n`` powers of two add up to ``n``
    one-bits only when they are all different. The lanes are wide enough that no sum
    carries into the next (see :func:`_plan`). False sends the grid to the detailed check.
    """
    n = puzzle.n
    plan = _plan(n, tuple(puzzle.regions))
    if plan is None:
        return False
    try:
        cells, givens = bytes(sol), bytes(puzzle.givens)
    except ValueError:  # a value outside 0..255: the detailed pass says which
        return False
    if len(cells) != n * n or min(cells) < 1 or max(cells) > n:
        return False
    # every given kept: the solution's bytes under the givens' mask are the givens
    if (int.from_bytes(cells, "little") & int.from_bytes(givens.translate(_NONZERO), "little")
            != int.from_bytes(givens, "little")):
        return False
    width, fmt, tables, full, parts = plan
    return _units_ok(cells, n, width, fmt, tables, full, parts, n)


def _units_ok(cells: bytes, n: int, width: int, fmt: str, tables: tuple, full: int, parts, units: int) -> bool:
    """Whether the ``units`` unit sums of every part of the plan are all ``full``."""
    grid = _lanes(cells, width, tables)
    size = len(cells) * width
    for adds, firsts, order, _ in parts:
        x = grid if order is None else _lanes(bytes(order(cells)), width, tables)
        sums = firsts(memoryview(_fold(x, adds).to_bytes(size, "little")).cast(fmt))
        if sums.count(full) != units:
            return False
    return True


@functools.lru_cache(maxsize=64)
def _many_plan(n: int, regions: tuple, grids: int) -> tuple | None:
    """:func:`_plan` for ``grids`` grids of one board laid end to end: a unit's sum lands in
    the lane of its first cell in its own grid's stretch, as no unit reaches past its grid."""
    plan = _plan(n, regions)
    if plan is None:
        return None
    width, fmt, tables, full, parts = plan
    nn, out = n * n, []
    for adds, _, _, (firsts, order) in parts:
        every = [e + k * nn for k in range(grids) for e in firsts]
        reorder = None if order is None else operator.itemgetter(*[o + k * nn for k in range(grids) for o in order])
        out.append((adds, operator.itemgetter(*every), reorder, None))
    return width, fmt, tables, full, out


@register_many_verifier("sudoku")
def _sudoku_many_ok(pairs: list) -> bool:
    """True when every ``(puzzle, solution)`` of ``pairs`` (boards of one size and region map)
    is a correct grid: :func:`_sudoku_ok` on all of them at once, the grids end to end in one
    integer. False sends each to :func:`gridsat.verifier.verify` (one wrong grid is enough)."""
    p0 = pairs[0][0]
    if p0.extra:  # (the pass knows rows, columns and regions only; one shape per group)
        return False
    n, nn, count = p0.n, p0.n * p0.n, len(pairs)
    sols = [s for _, s in pairs]
    # the checks as_ints makes: plain ints only (not bool), and every grid of n*n cells
    if set(map(len, sols)) != {nn} or not set(map(type, itertools.chain.from_iterable(sols))) <= {int}:
        return False
    try:
        cells = b"".join([bytes(s) for s in sols])
        givens = b"".join([bytes(p.givens) for p, _ in pairs])
    except ValueError:  # a value outside 0..255
        return False
    return _grids_ok(n, tuple(p0.regions), count, givens, cells)


def _grids_ok(n: int, regions: tuple, count: int, givens: bytes, cells: bytes) -> bool:
    """True when ``cells`` holds ``count`` correct grids of the board (size ``n``, ``regions``)
    end to end, each keeping its puzzle's givens (``givens``, laid out alike)."""
    plan = _many_plan(n, regions, count)
    if plan is None or len(cells) != count * n * n or len(givens) != len(cells):
        return False
    if cells.translate(None, _values(n)):  # a value outside 1..n
        return False
    if (int.from_bytes(cells, "little") & int.from_bytes(givens.translate(_NONZERO), "little")
            != int.from_bytes(givens, "little")):
        return False
    width, fmt, tables, full, parts = plan
    return _units_ok(cells, n, width, fmt, tables, full, parts, n * count)


@functools.lru_cache(maxsize=64)
def _values(n: int) -> bytes:
    """The bytes 1..n (what :func:`_grids_ok` deletes to find any other value)."""
    return bytes(range(1, min(n, 255) + 1))


@functools.lru_cache(maxsize=64)
def _classic_regions(n: int, r: int, c: int) -> tuple[int, ...]:
    """The region label of each cell for ``r`` x ``c`` boxes, from the box shape alone."""
    return tuple((i // n // r) * (n // c) + (i % n) // c for i in range(n * n))


def verify_classic_block(n: int, box: tuple[int, int], givens: bytes, cells: bytes) -> bool:
    """Whether every grid of a block is a correct answer to its puzzle (classic boards).

    For callers that hold puzzles as raw bytes (the command line's bulk route): ``givens`` is
    the puzzles' cells back to back, one byte each (0 empty), and ``cells`` their answers laid
    out alike, on ``n`` x ``n`` boards of ``box`` = (rows, columns) boxes. The region map is
    rebuilt here from the box shape alone. False means some grid is wrong or the block is
    malformed: :func:`gridsat.verifier.verify` on each puzzle says which and why.
    """
    r, c = box
    nn = n * n
    if r * c != n or not nn or len(givens) % nn:
        return False
    return _grids_ok(n, _classic_regions(n, r, c), len(givens) // nn, givens, cells)


@register_verifier("sudoku")
def verify_sudoku(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a full Sudoku-family grid: a digit 1..n in every cell, then every constraint of
    ``puzzle.constraints`` (givens kept, every row, column and region 1..n once, any extra rule).

    The problems read ``solution has 5 twice in row 1: r1c1 and r1c4``; a grid with a cell
    outside 1..n gets only those cells' problems (the rules read digits).
    """
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    if not puzzle.extra and _sudoku_ok(puzzle, sol):
        # fast path for the standard list (givens, rows, columns, regions); the pass below
        # is the rule, and explains failures
        return []
    problems = [f"solution leaves r{i // n + 1}c{i % n + 1} empty" if v == 0 else
                f"solution has {v!r} at r{i // n + 1}c{i % n + 1}, not a value in 1..{n}"
                for i, v in enumerate(sol) if not 1 <= v <= n]
    if problems:
        return problems
    for rule in puzzle.constraints:
        problems += ["solution " + p for p in rule.problems(sol)]
    return problems
