"""Models for the kind-free finite-domain kernel (``gridsat._csp``, the ``csp`` backend).

A model is three arrays of 32-bit words that the kernel reads as they are:

* the **domains**, one mask per variable (bit ``v``: the variable may take value ``v``,
  0..31);
* the **records**, each ``type, n, cells[n], m, data[m]``:

  - ``ALLDIFF``: the ``n`` cells hold distinct values; ``data = [must]``, a mask of values
    that must occur among them (hidden singles), ``0`` for none;
  - ``SETS``: the cells hold distinct values whose set is one of the ``m`` masks (a run's
    digit sets for its sum, a compartment's consecutive sets, a region's ``1..k``);
  - ``TABLE``: the cells take one of the tuples in ``data`` (``m / n`` of them, values
    0..31): the kernel keeps in each cell the values of the tuples still possible;
  - ``PAIR``: pairs of cells ``a1, b1, a2, b2, ...``; ``data[x]`` (32 masks) are the values
    ``b`` may take when ``a`` holds ``x``, for every pair (the kernel filters both ways);

  a set table's sure values (those every set still possible holds) also leave the other
  cells of every all-different group that holds all its cells;

* the **output map**, one word per position of the kind's solution tuple: a variable, or
  ``-(c + 1)`` for the constant ``c`` (a black cell's ``0``).

The kernel propagates every record to a fixpoint, then branches on a variable with the
fewest values left, smallest value first; it counts solutions up to a limit and keeps the
first few, within a node budget and a time limit. A kind's ``csp`` encoding builds a
:class:`CspModel` with a :class:`CspBuilder`, usually from a part compiled once per board
shape (:meth:`CspBuilder.copy`) plus the puzzle's clues.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

__all__ = ["ALLDIFF", "SETS", "TABLE", "PAIR", "CspModel", "CspBuilder", "mask", "pair_table"]

ALLDIFF, SETS, TABLE, PAIR = 1, 2, 3, 4
#: values a domain may hold (one bit each)
MAX_VALUE = 31


def mask(values: Iterable[int]) -> int:
    """The domain mask of ``values`` (bit ``v`` for value ``v``).

    >>> mask([1, 2, 3])
    14
    """
    m = 0
    for v in values:
        m |= 1 << v
    return m


def pair_table(allowed) -> tuple[int, ...]:
    """The data of a ``PAIR`` record (its length, 32, then 32 masks) for :meth:`CspBuilder.pair`:
    ``allowed(x, y)`` says whether ``a = x`` and ``b = y`` go together. Make it once and keep it
    (a board has many pairs of few kinds).

    >>> t = pair_table(lambda x, y: x != y)
    >>> len(t), t[1 + 1] == _signed(0xFFFFFFFF & ~2)
    (33, True)
    """
    return (32, *(_signed(sum(1 << y for y in range(32) if allowed(x, y))) for x in range(32)))


def _signed(m: int) -> int:
    """A 32-bit mask as the signed word an ``array('i')`` holds."""
    return m - (1 << 32) if m >= 1 << 31 else m


@dataclass(frozen=True)
class CspModel:
    """A kernel model: the arrays :func:`gridsat._csp.solve` takes, and a cache key."""

    key: Hashable
    domains: array
    records: array
    outmap: array

    @property
    def nvars(self) -> int:
        """Variables of the model."""
        return len(self.domains)


class CspBuilder:
    """Collects variables and records; :meth:`model` freezes them with an output map.

    >>> b = CspBuilder()
    >>> xs = b.variables([mask([1, 2])] * 2)
    >>> b.alldiff(xs, must=mask([1, 2]))
    >>> b.model("two", xs).nvars
    2
    """

    __slots__ = ("domains", "records")

    def __init__(self) -> None:
        self.domains = array("I")
        self.records = array("i")

    def copy(self) -> "CspBuilder":
        """An independent copy (a board's part compiled once, then a puzzle's clues added)."""
        out = CspBuilder()
        out.domains = array("I", self.domains)
        out.records = array("i", self.records)
        return out

    def variables(self, domains: Sequence[int]) -> list[int]:
        """New variables with these domain masks; their indices."""
        first = len(self.domains)
        self.domains.extend(domains)
        return list(range(first, len(self.domains)))

    def restrict(self, var: int, allowed: int) -> None:
        """Narrow a variable's domain to the values in mask ``allowed``."""
        self.domains[var] &= allowed

    def alldiff(self, cells: Sequence[int], must: int = 0) -> None:
        """Distinct values over ``cells``; the values of mask ``must`` occur among them."""
        self.records.extend((ALLDIFF, len(cells), *cells, 1, _signed(must)))

    def sets(self, cells: Sequence[int], masks: Sequence[int]) -> None:
        """Distinct values over ``cells`` whose set is one of ``masks`` (each of ``len(cells)`` values)."""
        self.records.extend((SETS, len(cells), *cells, len(masks), *map(_signed, masks)))

    def table(self, cells: Sequence[int], tuples: Sequence[Sequence[int]]) -> None:
        """The cells take one of ``tuples`` (values 0..31)."""
        flat = [v for t in tuples for v in t]
        self.records.extend((TABLE, len(cells), *cells, len(flat), *flat))

    def table_flat(self, cells: Sequence[int], flat: Sequence[int]) -> None:
        """:meth:`table` with the tuples already flattened, one after another."""
        self.records.extend((TABLE, len(cells), *cells, len(flat)))
        self.records.extend(flat)

    def pair(self, a: int, b: int, table: tuple[int, ...]) -> None:
        """Cells ``a`` and ``b`` under ``table`` (:func:`pair_table`: ``b``'s values per value of ``a``)."""
        self.records.extend((PAIR, 2, a, b))
        self.records.extend(table)

    def pairs(self, cells: Sequence[int], table: tuple[int, ...]) -> None:
        """Every pair ``cells[2i], cells[2i + 1]`` under one ``table`` (:func:`pair_table`), in one record."""
        if cells:
            self.records.extend((PAIR, len(cells)))
            self.records.extend(cells)
            self.records.extend(table)

    def model(self, key: Hashable, outmap: Sequence[int]) -> CspModel:
        """The model, with ``outmap`` (a variable, or ``-(c + 1)`` for the constant ``c``, per position)."""
        return CspModel(key, self.domains, self.records, array("i", outmap))
