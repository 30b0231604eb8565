"""KenKen for the finite-domain kernel: ``kenken-csp`` (the ``csp`` backends).

A variable per cell, domain 1..n; each row and column an all-different group in which every
digit must occur (the Latin square, compiled once per side); each cage with a clue its table
of digit tuples (:func:`~.puzzle.cage_tuples`, as the puzzle holds them flat), filtered to the
tuples still possible.
"""

from __future__ import annotations

from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import CspBuilder, CspModel, mask

__all__ = ["kenken_csp"]


@lru_cache(maxsize=16)
def _latin(n: int) -> CspBuilder:
    """The Latin square of side ``n``: cell ``c`` is variable ``c``."""
    b = CspBuilder()
    digits = mask(range(1, n + 1))
    b.variables([digits] * (n * n))
    for r in range(n):
        b.alldiff([r * n + c for c in range(n)], must=digits)
        b.alldiff([c * n + r for c in range(n)], must=digits)
    return b


@register("kenken-csp", "kenken", "csp", key=lambda p: p.key,
          description="finite-domain kernel: rows and columns all-different, each cage its table of digit tuples")
def kenken_csp(puzzle) -> CspModel:
    """The Latin square with each clued cage's tuple table."""
    n = puzzle.n
    b = _latin(n).copy()
    for cage, flat in zip(puzzle.cages, puzzle.flat_tables):
        if cage.op is None:
            continue
        if len(cage.cells) == 1:
            b.restrict(cage.cells[0], mask(flat))
        else:
            b.table_flat(cage.cells, flat)
    return b.model(puzzle.key, range(n * n))
