"""Candidate grids for the logical solver: precomputed geometry and bitmask candidates.

Digit ``d`` (1-based) is bit ``d - 1`` of a cell's candidate mask. A :class:`Geometry` holds
everything that depends only on the board shape (units, peers, unit kinds) and is cached;
a :class:`Grid` is the mutable state (values and candidate masks) and is cheap to copy.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Iterable

from ....errors import PuzzleError, UnsupportedError
from . import native_filter

if TYPE_CHECKING:
    from ..puzzle import Sudoku

__all__ = ["Geometry", "Grid", "geometry", "bits", "popcount", "cells_of"]


def popcount(m: int) -> int:
    """Number of set bits."""
    return m.bit_count()


class _Digits(dict):
    """``mask -> tuple of digits`` with lazy filling (any board size)."""

    def __missing__(self, m: int) -> tuple[int, ...]:
        out = []
        d = 1
        x = m
        while x:
            if x & 1:
                out.append(d)
            x >>= 1
            d += 1
        t = tuple(out)
        self[m] = t
        return t


_DIGITS = _Digits()


def bits(m: int) -> tuple[int, ...]:
    """The digits (1-based) whose bits are set in ``m``."""
    return _DIGITS[m]


class Geometry:
    """Units, peers and names of one board shape (size and region map).

    Units are numbered rows ``0..n-1``, columns ``n..2n-1``, regions ``2n..3n-1``.
    Use :func:`geometry` to get the cached instance of a shape.

    Parameters
    ----------
    n : int
        Board size (digits ``1..n``).
    regions : tuple of int
        Region index of every cell, row-major.
    boxed : bool
        Whether the regions are the standard boxes (False for jigsaw boards).
    """

    def __init__(self, n: int, regions: tuple[int, ...], boxed: bool) -> None:
        self.n = n
        self.ncells = n * n
        self.full = (1 << n) - 1
        self.boxed = boxed
        units: list[tuple[int, ...]] = []
        kinds: list[str] = []
        labels: list[str] = []
        for r in range(n):
            units.append(tuple(r * n + c for c in range(n)))
            kinds.append("row")
            labels.append(f"row {r + 1}")
        for c in range(n):
            units.append(tuple(r * n + c for r in range(n)))
            kinds.append("column")
            labels.append(f"column {c + 1}")
        members: list[list[int]] = [[] for _ in range(n)]
        for cell, reg in enumerate(regions):
            members[reg].append(cell)
        word = "box" if boxed else "region"
        for k in range(n):
            units.append(tuple(members[k]))
            kinds.append(word)
            labels.append(f"{word} {k + 1}")
        self.units = tuple(units)
        self.kinds = tuple(kinds)
        self.labels = tuple(labels)
        self.unit_sets = tuple(frozenset(u) for u in units)
        self.row_of = tuple(c // n for c in range(n * n))
        self.col_of = tuple(c % n for c in range(n * n))
        self.reg_of = tuple(regions)
        self.cell_units = tuple((c // n, n + c % n, 2 * n + regions[c]) for c in range(n * n))
        peers = []
        for c in range(n * n):
            s: set[int] = set()
            for u in self.cell_units[c]:
                s.update(units[u])
            s.discard(c)
            peers.append(tuple(sorted(s)))
        self.peers = tuple(peers)
        self.peer_sets = tuple(frozenset(p) for p in peers)
        #: the same as bitmasks over cells (bit ``c`` for cell ``c``)
        self.peer_masks = tuple(_mask(p) for p in peers)
        self.unit_masks = tuple(_mask(u) for u in units)
        #: ``unit_getters[ui](cands)``: the tuple of the unit's candidate masks (a C-level gather)
        self.unit_getters = tuple(_getter(u) for u in units)
        #: ``peer_getters[c](cands)``: the tuple of the peers' candidate masks
        self.peer_getters = tuple(_getter(p) for p in peers)
        self.names = tuple(f"r{c // n + 1}c{c % n + 1}" for c in range(n * n))
        # index of a cell inside each of its units
        self.index_in = [dict() for _ in range(n * n)]
        for ui, u in enumerate(units):
            for i, c in enumerate(u):
                self.index_in[c][ui] = i
        # line x region intersections (for locked candidates): (region unit, line unit, cells)
        inter = []
        for ri in range(2 * n, 3 * n):
            rs = self.unit_sets[ri]
            for li in range(2 * n):
                common = tuple(c for c in units[li] if c in rs)
                if len(common) >= 2:
                    cs = set(common)
                    rest_r = tuple(c for c in units[ri] if c not in cs)
                    rest_l = tuple(c for c in units[li] if c not in cs)
                    inter.append((ri, li, common, rest_r, rest_l))
        self.intersections = tuple(inter)
        #: the classic 9x9 board (standard boxes), where the C extension's helpers apply
        self.classic = n == 9 and boxed and self.reg_of == tuple(
            (c // 27) * 3 + (c % 9) // 3 for c in range(81))

    def common_unit(self, a: int, b: int) -> int | None:
        """A unit holding both cells (row, then column, then region), or None."""
        ua, ub = self.cell_units[a], self.cell_units[b]
        for i in range(3):
            if ua[i] == ub[i]:
                return ua[i]
        return None

    def sees(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` share a unit (a cell does not see itself)."""
        return b in self.peer_sets[a]


def _getter(cells):
    if len(cells) == 1:
        c = cells[0]
        return lambda xs: (xs[c],)
    return itemgetter(*cells)


def _mask(cells) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(m: int) -> list[int]:
    """The set bit indices (ascending) of a bitmask: the cells of a cell mask, the events of an event mask."""
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


@lru_cache(maxsize=64)
def geometry(n: int, regions: tuple[int, ...], boxed: bool = True) -> Geometry:
    """The cached :class:`Geometry` of a board shape."""
    return Geometry(n, regions, boxed)


class Grid:
    """Values and candidate bitmasks of a board in progress.

    ``values[c]`` is the placed digit (0 when empty), ``cands[c]`` the candidate mask of an
    empty cell (0 for a filled cell).
    """

    __slots__ = ("geo", "values", "cands", "cache", "memo")

    def __init__(self, geo: Geometry, values: list[int], cands: list[int]) -> None:
        self.geo = geo
        self.values = values
        self.cands = cands
        #: per-state memo of derived data (strong links, ...); cleared by every change made through methods
        self.cache: dict = {}
        #: memo that outlives changes: results keyed by the exact content they depend on (for
        #: example one digit's places), so work repeated from one step to the next is done once
        self.memo: dict = {}

    @classmethod
    def from_puzzle(cls, puzzle: Sudoku) -> "Grid":
        """The starting grid of a :class:`~gridsat.kinds.sudoku.puzzle.Sudoku`: givens placed, candidates pruned by peers.

        Raises :class:`PuzzleError` when two givens conflict.
        """
        if not hasattr(puzzle, "regions"):  # the Sudoku family: cells in rows, columns and regions
            raise PuzzleError("the logical solver handles Sudoku-family puzzles")
        if getattr(puzzle, "extra", ()):  # (its techniques know rows, columns, regions and givens)
            raise UnsupportedError("the logical solver knows rows, columns, regions and givens only, "
                                   "and this puzzle carries other constraints")
        geo = geometry(puzzle.n, tuple(puzzle.regions), puzzle.box is not None)
        return cls.from_values(geo, list(puzzle.givens))

    @classmethod
    def from_values(cls, geo: Geometry, values: list[int]) -> "Grid":
        """A grid with ``values`` placed (0: empty) and the candidates their peers leave.

        Parameters
        ----------
        geo : Geometry
            The board shape.
        values : list of int
            One digit per cell, row-major; 0 for an empty cell.

        Raises
        ------
        PuzzleError
            When a digit appears twice in a unit.
        """
        n = geo.n
        full = geo.full
        vals = list(values)
        cands = [0] * geo.ncells
        unit_used = []
        for ui, u in enumerate(geo.units):
            m = 0
            for c in u:
                v = vals[c]
                if v:
                    b = 1 << (v - 1)
                    if m & b:
                        raise PuzzleError(f"{v} appears twice in {geo.labels[ui]}")
                    m |= b
            unit_used.append(m)
        for c in range(geo.ncells):
            if not vals[c]:
                r, col, g = geo.cell_units[c]
                cands[c] = full & ~(unit_used[r] | unit_used[col] | unit_used[g])
        del n
        return cls(geo, vals, cands)

    def copy(self) -> "Grid":
        """An independent copy of the values and candidates (memos are not copied)."""
        return Grid(self.geo, self.values[:], self.cands[:])

    def place(self, cell: int, d: int) -> None:
        """Put ``d`` in ``cell`` and remove it from the peers' candidates."""
        self.cache.clear()
        self.values[cell] = d
        self.cands[cell] = 0
        nb = ~(1 << (d - 1))
        cands = self.cands
        for p in self.geo.peers[cell]:
            cands[p] &= nb

    def apply(self, placements: Iterable[tuple[int, int]], eliminations: Iterable[tuple[int, int]]) -> None:
        """Apply a step: remove the eliminations, then place the placements (``(cell, digit)`` pairs).

        Placements into cells that are already filled are ignored.
        """
        self.cache.clear()
        for c, d in eliminations:
            self.cands[c] &= ~(1 << (d - 1))
        for c, d in placements:
            if not self.values[c]:
                self.place(c, d)

    @property
    def solved(self) -> bool:
        """Whether every cell holds a digit."""
        return 0 not in self.values

    def broken(self) -> str | None:
        """A reason the grid cannot be completed by elimination alone, or None."""
        geo = self.geo
        v, cands = self.values, self.cands
        for c in range(geo.ncells):
            if not v[c] and not cands[c]:
                return f"{geo.names[c]} has no candidate left"
        for ui, u in enumerate(geo.units):
            have = 0
            for c in u:
                have |= cands[c] if not v[c] else 1 << (v[c] - 1)
            if have != geo.full:
                missing = bits(geo.full & ~have)[0]
                return f"{missing} has no place left in {geo.labels[ui]}"
        return None

    def positions(self, ui: int, d: int) -> list[int]:
        """Empty cells of unit ``ui`` that still have candidate ``d``."""
        b = 1 << (d - 1)
        cands = self.cands
        return [c for c in self.geo.units[ui] if cands[c] & b]

    def digit_positions(self) -> list[int]:
        """``pos[d]``: bitmask of the cells that still have candidate ``d`` (index 0 unused); memoised per state."""
        pos = self.cache.get("pos")
        if pos is None and self.geo.classic:
            pos = native_filter.positions(self.cands)
            if pos is not None:
                self.cache["pos"] = pos
        if pos is None:
            pos = [0] * (self.geo.n + 1)
            for c, m in enumerate(self.cands):
                while m:
                    b = m & -m
                    pos[b.bit_length()] |= 1 << c
                    m ^= b
            self.cache["pos"] = pos
        return pos
