"""CNF encodings of Ripple Effect for the python-sat backends, over one shared variable pool.

* ``cnf-direct``: a literal ``x(c, v)`` for each cell ``c`` and each digit ``v`` of ``1..k``
  (``k`` the size of the cell's region; larger digits have no literal at all); exactly one
  digit per cell and one cell per region and digit; and for every two cells of different
  regions in one row or column ``t`` steps apart, ``-x(a, v) | -x(b, v)`` for each digit
  ``v >= t`` both may hold (two equal ``v`` need ``v`` cells between them). Cells of one region
  already differ by the region's at-most-one.

Auxiliaries of the at-most-one constraints come from a :class:`pysat.formula.IDPool` above the
primary literals (pairwise up to :data:`gridsat.encoders.cardinality.PAIRWISE_MAX` literals,
which every region of at most nine cells is, as the shared helper chooses; the clauses are built
from plain lists, which makes an 8x8 formula in about half a millisecond). The givens are assumptions, so a batch of puzzles
on one region map builds its formula once: the key is the board's size and region map.
"""

from __future__ import annotations

from itertools import combinations

from pysat.formula import IDPool

from ...encoders.base import CnfModel, RowTable, register
from ...encoders.cardinality import PAIRWISE_MAX, at_most_one
from .puzzle import line_pairs

__all__ = ["direct", "literal_table"]


def literal_table(puzzle) -> "numpy.ndarray":
    """``var[cell, v]``: the literal of "cell holds v" for ``v`` in ``1..k`` of its region, else 0."""
    import numpy as np  # (bulk work only)

    return np.asarray(RowTable(_rows(puzzle.sizes, puzzle.max_value)))


def _rows(sizes, top: int) -> list[list[int]]:
    """The literal table as lists: cell by cell, ``[0, lit(1), ..., lit(k), 0, ...]``."""
    out, nxt = [], 1
    for k in sizes:
        out.append([0, *range(nxt, nxt + k)] + [0] * (top - k))
        nxt += k
    return out


def _amo(lits: list[int], pool: IDPool, out: list) -> None:
    """At most one of ``lits``: pairwise for a region-sized list (as the shared helper would
    choose), the helper's encoding over ``pool`` past :data:`PAIRWISE_MAX`."""
    if len(lits) <= PAIRWISE_MAX:
        out.extend([-a, -b] for a, b in combinations(lits, 2))
    else:
        out.extend(at_most_one(lits, pool))


@register("cnf-direct", "ripple", "cnf", key=lambda p: p.shape_key,
          description="CNF: a literal per cell and digit of its region, exactly-one per cell and region/digit, "
                      "binary clauses between equal digits too close in a row or column")
def direct(puzzle) -> CnfModel:
    """Direct literals, exactly-one per cell and per region/digit, a binary clause per close pair and digit."""
    sizes = puzzle.sizes
    rows = _rows(sizes, puzzle.max_value)
    top = sum(sizes)
    pool = IDPool(start_from=top + 1)
    clauses: list[list[int]] = []
    for c, k in enumerate(sizes):
        lits = rows[c][1:k + 1]
        clauses.append(lits)
        _amo(lits, pool, clauses)
    for cells in puzzle.region_cells:
        for v in range(1, len(cells) + 1):
            lits = [rows[c][v] for c in cells]
            clauses.append(lits)
            _amo(lits, pool, clauses)
    reg = puzzle.regions
    for a, b, t in line_pairs(puzzle.rows, puzzle.cols, puzzle.max_value):
        if reg[a] != reg[b]:
            ra, rb = rows[a], rows[b]
            clauses.extend([-ra[v], -rb[v]] for v in range(t, min(sizes[a], sizes[b]) + 1))
    var = RowTable(rows)  # (no NumPy on the check path)

    def assume(p) -> list[int]:
        return [rows[c][v] for c, v in enumerate(p.givens) if v and rows[c][v]]

    return CnfModel(key=puzzle.shape_key, nvars=max(pool.top, top), clauses=clauses, var=var, assume=assume,
                    info={"literals": top})
