"""Suguru for the finite-domain kernel: ``suguru-csp`` (the ``csp`` backends).

A variable per cell, domain 1..k of its region; each region an all-different group in which
every digit 1..k must occur; every two touching cells of different regions a pair table of
unequal digits. The region map's part is compiled once per map; the givens narrow their cells.
"""

from __future__ import annotations

from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import CspBuilder, CspModel, mask, pair_table
from .puzzle import king_pairs

__all__ = ["suguru_csp"]

_UNEQUAL = pair_table(lambda x, y: x != y)


@lru_cache(maxsize=64)
def _board(rows: int, cols: int, regions: tuple) -> CspBuilder:
    """The map's groups and touching pairs: cell ``c`` is variable ``c``."""
    count: dict[int, list[int]] = {}
    for c, r in enumerate(regions):
        count.setdefault(r, []).append(c)
    b = CspBuilder()
    b.variables([mask(range(1, len(count[r]) + 1)) for r in regions])
    for cells in count.values():
        b.alldiff(cells, must=mask(range(1, len(cells) + 1)))
    b.pairs([x for a, c in king_pairs(rows, cols) if regions[a] != regions[c] for x in (a, c)], _UNEQUAL)
    return b


@register("suguru-csp", "suguru", "csp", key=lambda p: (p.shape_key, p.givens),
          description="finite-domain kernel: regions all-different with 1..k, touching cells unequal by pair tables")
def suguru_csp(puzzle) -> CspModel:
    """The map's part (compiled once per map) with the givens."""
    b = _board(puzzle.rows, puzzle.cols, puzzle.regions).copy()
    for c, v in enumerate(puzzle.givens):
        if v:
            b.restrict(c, 1 << v)
    return b.model((puzzle.shape_key, puzzle.givens), range(len(puzzle.givens)))
