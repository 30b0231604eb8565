"""Ripple Effect for the finite-domain kernel: ``ripple-csp`` (the ``csp`` backends).

A variable per cell, domain 1..k of its region; each region an all-different group in which
every digit 1..k must occur; two cells of a row or column ``t`` steps apart a pair table
that forbids the equal digits ``d >= t`` (fewer than ``d`` cells between them), where both
regions are that large. The region map's part is compiled once per map; the givens narrow
their cells. The kernel's domains hold values up to 31: regions of up to 31 cells.
"""

from __future__ import annotations

from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import MAX_VALUE, CspBuilder, CspModel, mask, pair_table
from .puzzle import line_pairs

__all__ = ["ripple_csp"]


@lru_cache(maxsize=None)
def _apart(t: int) -> tuple[int, ...]:
    """The pair table of two cells ``t`` steps apart in a line: equal digits ``d >= t`` clash."""
    return pair_table(lambda x, y: x != y or x < t)


@lru_cache(maxsize=64)
def _board(rows: int, cols: int, regions: tuple) -> CspBuilder:
    """The map's groups and line pairs: cell ``c`` is variable ``c``."""
    members: dict[int, list[int]] = {}
    for c, r in enumerate(regions):
        members.setdefault(r, []).append(c)
    size = [len(members[r]) for r in regions]
    b = CspBuilder()
    b.variables([mask(range(1, k + 1)) for k in size])
    for cells in members.values():
        b.alldiff(cells, must=mask(range(1, len(cells) + 1)))
    apart: dict[int, list[int]] = {}
    for a, c, t in line_pairs(rows, cols, max(size)):
        if t <= size[a] and t <= size[c] and regions[a] != regions[c]:
            apart.setdefault(t, []).extend((a, c))
    for t, cells in apart.items():
        b.pairs(cells, _apart(t))
    return b


def _why(puzzle) -> "str | None":
    if puzzle.max_value > MAX_VALUE:
        return (f"the kernel's domains hold digits up to {MAX_VALUE}; this board has a region of "
                f"{puzzle.max_value} cells")
    return None


@register("ripple-csp", "ripple", "csp", key=lambda p: (p.shape_key, p.givens),
          description="finite-domain kernel: regions all-different with 1..k, line distances as pair tables",
          applies=lambda p: _why(p) is None, why=_why)
def ripple_csp(puzzle) -> CspModel:
    """The map's part (compiled once per map) with the givens."""
    b = _board(puzzle.rows, puzzle.cols, puzzle.regions).copy()
    for c, v in enumerate(puzzle.givens):
        if v:
            b.restrict(c, 1 << v)
    return b.model((puzzle.shape_key, puzzle.givens), range(len(puzzle.givens)))
