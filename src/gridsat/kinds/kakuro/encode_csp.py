"""Kakuro for the finite-domain kernel: ``kakuro-csp`` (the ``csp`` backends).

A variable per white cell, domain 1..9. A run with a sum is a set table: its cells hold
distinct digits whose set is one of the sets of distinct digits of its length adding up to
the sum (kept per length and sum); a run without one is an all-different group. Black cells
are the constant 0 of the solution.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import SETS, CspBuilder, CspModel, mask
from .puzzle import combinations_for

__all__ = ["kakuro_csp"]

_DIGITS = mask(range(1, 10))


@lru_cache(maxsize=None)
def _masks(size: int, total: int) -> tuple[int, ...]:
    """The digit sets of a run of ``size`` cells adding up to ``total``, as masks."""
    return tuple(mask(c) for c in combinations_for(size, total))


@register("kakuro-csp", "kakuro", "csp", key=lambda p: p.key,
          description="finite-domain kernel: a digit per white cell, each run a set table of its sum's digit sets")
def kakuro_csp(puzzle) -> CspModel:
    """The white cells' digits, every run distinct, each summed run one of its digit sets."""
    b = CspBuilder()
    white = puzzle.white
    var = [-1] * puzzle.num_cells  # cell -> its variable (-1: black, the constant 0)
    for v, c in enumerate(white):
        var[c] = v
    b.variables([_DIGITS] * len(white))
    rec = b.records
    for run in puzzle.runs:
        cells = [var[c] for c in run.cells]
        if run.total:
            rec.append(SETS)
            rec.append(len(cells))
            rec.extend(cells)
            rec.extend(_tail(len(cells), run.total))
        else:
            b.alldiff(cells)
    return b.model(puzzle.key, var)


@lru_cache(maxsize=None)
def _tail(size: int, total: int) -> array:
    """A set-table record's end for a run of ``size`` cells adding up to ``total``: the count of its
    digit sets, then their masks (as :meth:`~gridsat.encoders.csp.CspBuilder.sets` writes them)."""
    masks = _masks(size, total)
    return array("i", (len(masks), *masks))
