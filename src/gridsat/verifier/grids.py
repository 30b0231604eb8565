"""Checks of many grids at once: every unit of an ``n`` x ``n`` board holds 1..n once.

The fast pass of the verifier rules of boards made of rows, columns and regions: a unit of
``n`` cells with every value in 1..n holds 1..n once exactly when the sum of ``1 << (v - 1)``
over its values is ``2**n - 1``, and the sums of every unit of many grids come out of a few
integer operations (see :func:`unit_plan`). It knows no puzzle type: it takes the board's size,
its region map and the cells as bytes, so that a caller holding puzzles as raw bytes (the
command line's bulk route) checks them without loading any puzzle kind. Nothing here is
shared with the encoders.
"""

from __future__ import annotations

import functools
import operator

__all__ = ["NONZERO", "unit_plan", "units_ok", "grids_ok", "verify_box_block"]


#: bytes.translate table: 0 stays 0, any other byte becomes 0xFF (the givens' mask)
NONZERO = bytes([0] + [255] * 255)


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
    """One unit shape of :func:`unit_plan`: its shifted additions (:func:`_additions`), the
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
    """What :func:`unit_plan` needs of the size alone: the lane width, its memoryview format, the
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
def unit_plan(n: int, regions: tuple) -> tuple | None:
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


def units_ok(cells: bytes, n: int, width: int, fmt: str, tables: tuple, full: int, parts, units: int) -> bool:
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
    """:func:`unit_plan` for ``grids`` grids of one board laid end to end: a unit's sum lands in
    the lane of its first cell in its own grid's stretch, as no unit reaches past its grid."""
    plan = unit_plan(n, regions)
    if plan is None:
        return None
    width, fmt, tables, full, parts = plan
    nn, out = n * n, []
    for adds, _, _, (firsts, order) in parts:
        every = [e + k * nn for k in range(grids) for e in firsts]
        reorder = None if order is None else operator.itemgetter(*[o + k * nn for k in range(grids) for o in order])
        out.append((adds, operator.itemgetter(*every), reorder, None))
    return width, fmt, tables, full, out


def grids_ok(n: int, regions: tuple, count: int, givens: bytes, cells: bytes) -> bool:
    """True when ``cells`` holds ``count`` correct grids of the board (size ``n``, ``regions``)
    end to end, each keeping its puzzle's givens (``givens``, laid out alike)."""
    plan = _many_plan(n, regions, count)
    if plan is None or len(cells) != count * n * n or len(givens) != len(cells):
        return False
    if cells.translate(None, _values(n)):  # a value outside 1..n
        return False
    if (int.from_bytes(cells, "little") & int.from_bytes(givens.translate(NONZERO), "little")
            != int.from_bytes(givens, "little")):
        return False
    width, fmt, tables, full, parts = plan
    return units_ok(cells, n, width, fmt, tables, full, parts, n * count)


@functools.lru_cache(maxsize=64)
def _values(n: int) -> bytes:
    """The bytes 1..n (what :func:`grids_ok` deletes to find any other value)."""
    return bytes(range(1, min(n, 255) + 1))


@functools.lru_cache(maxsize=64)
def _box_regions(n: int, r: int, c: int) -> tuple[int, ...]:
    """The region label of each cell for ``r`` x ``c`` boxes, from the box shape alone."""
    return tuple((i // n // r) * (n // c) + (i % n) // c for i in range(n * n))


def verify_box_block(n: int, box: tuple[int, int], givens: bytes, cells: bytes) -> bool:
    """Whether every grid of a block is a correct answer to its puzzle (boards of r x c boxes).

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
    return grids_ok(n, _box_regions(n, r, c), len(givens) // nn, givens, cells)
