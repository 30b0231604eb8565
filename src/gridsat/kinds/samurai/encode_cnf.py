"""CNF encoding of the gattai boards for the python-sat backends, over one shared variable pool.

* ``cnf-direct``: a literal ``x(c, v) = 9c + v`` per cell ``c`` and digit ``v``; exactly one
  digit per cell and, for every row, column and box of every sub-grid (a box two sub-grids share
  once), exactly one cell per digit. Every group has nine literals, so the at-most-ones are
  pairwise, which needs no auxiliary variable.

The givens are assumptions, so a batch of puzzles on one layout builds its formula once: the key
is the layout's name.
"""

from __future__ import annotations

from itertools import combinations

from ...encoders.base import CellMajor, CnfModel, register

__all__ = ["direct"]


@register("cnf-direct", "samurai", "cnf", key=lambda p: p.shape_key,
          description="CNF: a literal per cell and digit, exactly-one per cell and per sub-grid unit and digit")
def direct(puzzle) -> CnfModel:
    """Direct literals, exactly-one per cell and per unit and digit, pairwise at-most-ones."""
    n = puzzle.num_cells
    rows = [[0] + [9 * c + v for v in range(1, 10)] for c in range(n)]
    groups = [row[1:] for row in rows]
    groups += [[rows[c][v] for c in unit] for unit in puzzle.units for v in range(1, 10)]
    clauses: list[list[int]] = []
    for g in groups:
        clauses.append(list(g))
        clauses.extend([-a, -b] for a, b in combinations(g, 2))
    var = CellMajor(n, 9)  # (= rows: cell-major literals, no NumPy on the check path)

    def assume(p) -> list[int]:
        return [rows[c][v] for c, v in enumerate(p.givens) if v]

    return CnfModel(key=puzzle.shape_key, nvars=9 * n, clauses=clauses, var=var, assume=assume,
                    info={"literals": 9 * n, "cell_major": 9})
