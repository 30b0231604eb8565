"""The killer puzzle as CNF, for every python-sat solver: ``cnf-cages``.

Variable ``x(c, v) = c * n + v`` for cell ``c`` (row-major) and value ``v`` in ``1..n``;
each cell holds exactly one value (at-least-one plus pairwise at-most-one), and every rule
of the puzzle's constraint list (:attr:`Killer.constraints`: rows, columns, regions, cages)
adds its own clauses from its type in :mod:`gridsat.constraints`; the cells' and the units'
clauses are built once per board (size and region map) and shared. A cage with a sum is its
sum table (one auxiliary per combination of digits, one per digit the cage holds), the
auxiliaries taken from the formula's pool after the cells' literals. The givens pose the
puzzle on the base formula as assumptions, so one formula serves every puzzle with the same
board and cages.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from pysat.formula import IDPool

from ...encoders.base import CellMajor, CnfModel, register
from ...encoders.units import base_rules

__all__ = ["cages_cnf"]


@lru_cache(maxsize=16)
def _board(n: int, units: tuple) -> tuple[tuple[int, ...], ...]:
    """The clauses of the cells and the units (rows, columns, regions), built once per board:
    every puzzle of one board shares them, whatever its cages (clauses as tuples, which the
    garbage collector stops tracking)."""
    out: list[tuple[int, ...]] = []
    for c in range(n * n):
        lits = [c * n + v for v in range(1, n + 1)]
        out.append(tuple(lits))
        out += [(-a, -b) for a, b in combinations(lits, 2)]
    for rule in units:
        out += map(tuple, rule.cnf(lambda c, v: c * n + v))
    return tuple(out)


@register("cnf-cages", "killer", "cnf", key=lambda p: p.shape_key, constraints="all",
          description="CNF: cells exactly one value, rows, columns, regions at-least/at-most-one, cage sum tables")
def cages_cnf(puzzle) -> CnfModel:
    """Cells, units and cages as clauses; givens as assumptions."""
    n = puzzle.n
    pool = IDPool(start_from=n ** 3 + 1)
    rules = base_rules(puzzle)
    units = [r for r in rules if r.type == "alldifferent"]
    clauses: list = list(_board(n, tuple(units)))
    for rule in rules:
        if rule.type != "alldifferent":
            clauses += rule.cnf(lambda c, v: c * n + v, new_var=pool.id)

    def assume(p) -> list[int]:
        return [c * n + v for c, v in enumerate(p.givens) if v]

    # (cell-major literals: the table needs no NumPy, and the PySAT backend decodes without it)
    return CnfModel(key=puzzle.shape_key, nvars=max(pool.top, n ** 3), clauses=clauses, var=CellMajor(n * n, n),
                    assume=assume, info={"cell_major": n})
