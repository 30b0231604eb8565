"""Samurai (and every gattai layout) for the finite-domain kernel: ``samurai-csp`` (the ``csp`` backends).

A variable per cell, domain 1-9; each row, column and box of every sub-grid an all-different
group in which every digit must occur (hidden singles), compiled once per layout; the givens
narrow their cells.
"""

from __future__ import annotations

from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import CspBuilder, CspModel, mask
from .puzzle import layout_cells, layout_units

__all__ = ["samurai_csp"]

_DIGITS = mask(range(1, 10))


@lru_cache(maxsize=16)
def _layout(pattern: str) -> CspBuilder:
    """The layout's cells and units: cell ``i`` is variable ``i``."""
    b = CspBuilder()
    b.variables([_DIGITS] * len(layout_cells(pattern)))
    for unit in layout_units(pattern):
        b.alldiff(unit, must=_DIGITS)
    return b


@register("samurai-csp", "samurai", "csp", key=lambda p: (p.pattern, p.givens),
          description="finite-domain kernel: every sub-grid's rows, columns and boxes all-different "
                      "with hidden singles")
def samurai_csp(puzzle) -> CspModel:
    """The layout's groups (compiled once per layout) with the givens."""
    b = _layout(puzzle.pattern).copy()
    for c, v in enumerate(puzzle.givens):
        if v:
            b.restrict(c, 1 << v)
    return b.model((puzzle.pattern, puzzle.givens), range(len(puzzle.givens)))
