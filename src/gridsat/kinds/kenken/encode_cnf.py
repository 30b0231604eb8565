"""CNF encodings of KenKen over one shared variable pool (every python-sat solver runs them).

Both have the Latin square in the direct encoding: a literal ``x(c, v)`` ("cell c holds v",
numbered ``c * n + v``) per cell and digit, exactly one digit per cell and one cell per row
and digit and per column and digit (pairwise at-most-one: at most 16 literals a group). The
cages are their tables of allowed digit tuples (:func:`~.puzzle.cage_tuples`):

* ``cnf-table``: a two-cell cage is its support clauses, ``x(a, v) -> OR x(b, w)`` over the
  partners ``w`` of ``v`` (and the same from ``b``); a larger cage gets a selector literal per
  tuple, at least one selector true, each selector implying its digits, and support clauses
  ``x(c, v) -> OR`` (the selectors of the tuples with ``v`` at ``c``). Unit propagation then
  removes every digit no tuple of the cage supports (generalised arc consistency per cage).
* ``cnf-select``: the same selectors for every cage (two-cell ones too), without the support
  clauses: a smaller formula whose propagation only sees a cage once all but one of its
  tuples are gone.

A digit no tuple allows is a unit clause; a given is a unit clause. The selectors are
functionally determined by the cells (two tuples differ in some cell), so counting the
models counts the puzzle's solutions.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...encoders.base import CellMajor, CnfModel, register

__all__ = ["table", "select", "latin_clauses", "cage_clauses"]


def latin_clauses(n: int) -> tuple:
    """The Latin square's clauses for side ``n``: literal ``c * n + v`` is "cell c holds v"."""
    return _latin(n)


@lru_cache(maxsize=16)
def _latin(n: int) -> tuple:
    """The Latin square's clauses for side ``n`` (made once per side: they are most of the formula)."""
    lit = lambda c, v: c * n + v  # noqa: E731
    groups = [[lit(c, v) for v in range(1, n + 1)] for c in range(n * n)]
    groups += [[lit(r * n + c, v) for c in range(n)] for r in range(n) for v in range(1, n + 1)]
    groups += [[lit(r * n + c, v) for r in range(n)] for c in range(n) for v in range(1, n + 1)]
    clauses = [list(g) for g in groups]
    clauses += [[-a, -b] for g in groups for a, b in combinations(g, 2)]
    return tuple(clauses)


def cage_clauses(n: int, cage, tab, nxt: int, supports: bool = True) -> tuple[list, int]:
    """The clauses of one cage with clue (its table ``tab``), selectors numbered from ``nxt``:
    ``(clauses, next free variable)``."""
    clauses: list = []
    cells = cage.cells
    # digits no tuple allows
    for i, c in enumerate(cells):
        seen = {t[i] for t in tab}
        clauses += [[-(c * n + v)] for v in range(1, n + 1) if v not in seen]
    if len(cells) == 1:
        return clauses, nxt
    if supports and len(cells) == 2:
        a, b = cells
        for (x, y), (i, j) in (((a, b), (0, 1)), ((b, a), (1, 0))):
            partners: dict[int, list[int]] = {}
            for t in tab:
                partners.setdefault(t[i], []).append(y * n + t[j])
            clauses += [[-(x * n + v), *ws] for v, ws in partners.items()]
        return clauses, nxt
    sel = list(range(nxt, nxt + len(tab)))
    nxt += len(tab)
    clauses.append(sel)
    by: dict[int, list[int]] = {}
    for s, t in zip(sel, tab):
        for c, v in zip(cells, t):
            lit = c * n + v
            clauses.append([-s, lit])
            by.setdefault(lit, []).append(s)
    if supports:
        clauses += [[-lit, *ss] for lit, ss in by.items()]
    return clauses, nxt


def _build(puzzle, supports: bool) -> CnfModel:
    n = puzzle.n
    clauses = list(_latin(n))
    nxt = n * n * n + 1
    for cage, tab in zip(puzzle.cages, puzzle.tables):
        if cage.op is not None:
            more, nxt = cage_clauses(n, cage, tab, nxt, supports)
            clauses += more
    # (cell-major literals: the table needs no NumPy, and the PySAT backend decodes without it)
    return CnfModel(key=puzzle.key, nvars=nxt - 1, clauses=clauses, var=CellMajor(n * n, n), assume=lambda p: [],
                    info={"selectors": nxt - 1 - n ** 3, "cell_major": n})


@register("cnf-table", "kenken", "cnf", key=lambda p: p.key,
          description="CNF: direct Latin square, two-cell cages as support clauses, larger cages as "
                      "tuple selectors with support clauses")
def table(puzzle) -> CnfModel:
    """The Latin square plus each cage's table, with support clauses (arc consistency by propagation)."""
    return _build(puzzle, True)


@register("cnf-select", "kenken", "cnf", key=lambda p: p.key,
          description="CNF: direct Latin square, every cage as tuple selectors without support clauses")
def select(puzzle) -> CnfModel:
    """The Latin square plus each cage's table as selectors alone (a smaller, weaker formula)."""
    return _build(puzzle, False)
