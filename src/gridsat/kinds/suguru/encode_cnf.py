"""CNF encodings of Suguru for the python-sat backends, over one shared variable pool.

* ``cnf-direct``: a literal ``x(c, v)`` for each cell ``c`` and each digit ``v`` of ``1..k``
  (``k`` the size of the cell's region; larger digits have no literal at all); exactly one
  digit per cell and one cell per region and digit; and for every two cells of different
  regions that touch by a side or a corner, ``-x(a, v) | -x(b, v)`` for each digit both may
  hold. Cells of one region already differ by the region's at-most-one.

Auxiliaries of the at-most-one constraints come from a :class:`pysat.formula.IDPool` above the
primary literals (pairwise up to :data:`gridsat.encoders.cardinality.PAIRWISE_MAX` literals,
which every region of at most nine cells is). The givens are assumptions, so a batch of puzzles
on one region map builds its formula once: the key is the board's size and region map.
"""

from __future__ import annotations

import numpy as np
from pysat.formula import IDPool

from ...encoders.base import CnfModel, register
from ...encoders.cardinality import at_least_one, at_most_one
from .puzzle import king_pairs

__all__ = ["direct", "literal_table"]


def literal_table(puzzle) -> np.ndarray:
    """``var[cell, v]``: the literal of "cell holds v" for ``v`` in ``1..k`` of its region, else 0."""
    sizes = puzzle.sizes
    var = np.zeros((puzzle.num_cells, puzzle.max_value + 1), dtype=np.int64)
    nxt = 1
    for c, k in enumerate(sizes):
        var[c, 1:k + 1] = np.arange(nxt, nxt + k)
        nxt += k
    return var


def _base(puzzle, var: np.ndarray, pool: IDPool) -> list[list[int]]:
    """Exactly one digit per cell, exactly one cell per region and digit."""
    sizes = puzzle.sizes
    clauses: list[list[int]] = []
    for c, k in enumerate(sizes):
        lits = var[c, 1:k + 1].tolist()
        clauses += at_least_one(lits) + at_most_one(lits, pool)
    for cells in puzzle.region_cells:
        for v in range(1, len(cells) + 1):
            lits = [int(var[c, v]) for c in cells]
            clauses += at_least_one(lits) + at_most_one(lits, pool)
    return clauses


def _assume(var: np.ndarray):
    def assume(p) -> list[int]:
        return [int(var[c, v]) for c, v in enumerate(p.givens) if v and var[c, v]]

    return assume


def _model(puzzle, var, pool, clauses, info) -> CnfModel:
    nvars = max(pool.top, int(var.max()))
    return CnfModel(key=puzzle.shape_key, nvars=nvars, clauses=clauses, var=var, assume=_assume(var), info=info)


@register("cnf-direct", "suguru", "cnf", key=lambda p: p.shape_key,
          description="CNF: a literal per cell and digit of its region, exactly-one per cell and region/digit, "
                      "binary clauses between touching cells")
def direct(puzzle) -> CnfModel:
    """Direct literals, exactly-one per cell and per region/digit, a binary clause per touching pair and digit."""
    var = literal_table(puzzle)
    pool = IDPool(start_from=int(var.max()) + 1)
    clauses = _base(puzzle, var, pool)
    reg = puzzle.regions
    for a, b in king_pairs(puzzle.rows, puzzle.cols):
        if reg[a] == reg[b]:
            continue
        for v in range(1, var.shape[1]):
            if var[a, v] and var[b, v]:
                clauses.append([-int(var[a, v]), -int(var[b, v])])
    return _model(puzzle, var, pool, clauses, {"literals": int((var != 0).sum())})

