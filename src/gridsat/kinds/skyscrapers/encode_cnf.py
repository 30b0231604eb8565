"""Skyscrapers as CNF over one shared variable pool (every python-sat solver runs it).

``cnf-sky``: a literal ``x(c, v)`` per cell and height (``v = 0``, the empty cell, only when
``m < n``); exactly one per cell and exactly one cell per height 1..m in each row and column.
For each of the ``4 n`` lines a clue may look along (``c_0`` nearest the clue), auxiliaries
from the same :class:`pysat.formula.IDPool`:

* ``g(j, h)``: the tallest of ``c_0..c_j`` is at least ``h`` (prefix maxima), defined both ways;
* ``vis(j)``: ``c_j`` is seen, ``x(c_j, h)`` and not ``g(j - 1, h)`` for its height ``h``;
* ``s(j, k)``: at least ``k`` of ``c_0..c_j`` are seen (a unary counter, defined both ways).

The formula depends on the board's side and height alone (its key is ``(n, m)``): a clue
``k`` is posed by the assumptions ``s(n-1, k)`` and ``not s(n-1, k+1)``, a given by its
literal, so one solver serves a whole batch and the generator's clue carving. Each clue also
assumes the bound every solver would otherwise have to learn: the building ``j`` cells from a
clue ``k`` is at most ``m - k + 1 + j`` tall (the ones seen after it are taller).
"""

from __future__ import annotations

from functools import lru_cache

from pysat.formula import IDPool

from ...encoders.base import CnfModel, RowTable, register
from ...encoders.cardinality import exactly_one
from .puzzle import SIDES

__all__ = ["sky_cnf", "base_formula"]


def _lines(n: int) -> list[tuple[str, int, list[int]]]:
    """Every clue line ``(side, index, cells from the clue inwards)``, built from coordinates."""
    out = []
    for i in range(n):
        out.append(("top", i, [r * n + i for r in range(n)]))
        out.append(("bottom", i, [r * n + i for r in reversed(range(n))]))
        out.append(("left", i, [i * n + c for c in range(n)]))
        out.append(("right", i, [i * n + c for c in reversed(range(n))]))
    return out


@lru_cache(maxsize=16)
def _line_table(n: int) -> dict[tuple[str, int], list[int]]:
    return {(side, i): cells for side, i, cells in _lines(n)}


@lru_cache(maxsize=16)
def base_formula(n: int, m: int) -> tuple[int, list[list[int]], RowTable, dict]:
    """``(nvars, clauses, var, counts)`` for side ``n`` and heights 1..m; ``counts[(side, i)]``
    lists the counter literals ``s(n-1, k)`` for ``k = 1..m``."""
    pool = IDPool()
    low = 0 if m < n else 1
    rows = [[0] * low + [pool.id(("x", c, v)) for v in range(low, m + 1)] for c in range(n * n)]
    var = RowTable(rows)  # (no NumPy on the check path)
    x = lambda c, v: rows[c][v]  # noqa: E731
    clauses: list[list[int]] = []
    for c in range(n * n):
        clauses += exactly_one([x(c, v) for v in range(low, m + 1)], pool)
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    for unit in units:
        for v in range(1, m + 1):
            clauses += exactly_one([x(c, v) for c in unit], pool)
    counts: dict[tuple[str, int], list[int]] = {}
    for side, i, cells in _lines(n):
        tag = (side, i)
        # prefix maxima g(j, h), j = 0..n-2
        g: list[dict[int, int]] = []
        for j, c in enumerate(cells[:-1]):
            row = {}
            for h in range(1, m + 1):
                lit = pool.id(("g", tag, j, h))
                row[h] = lit
                taller = [x(c, v) for v in range(h, m + 1)]
                clauses += [[-t, lit] for t in taller]
                if j:
                    clauses.append([-g[j - 1][h], lit])
                    clauses.append([-lit, g[j - 1][h]] + taller)
                else:
                    clauses.append([-lit] + taller)
                if h > 1:
                    clauses.append([-lit, row[h - 1]])
            g.append(row)
        # seen: vis(j)
        vis = []
        for j, c in enumerate(cells):
            lit = pool.id(("vis", tag, j))
            vis.append(lit)
            if low == 0:
                clauses.append([-lit, -x(c, 0)])
            if j == 0:
                if low == 0:
                    clauses.append([lit, x(c, 0)])
                else:
                    clauses.append([lit])
                continue
            for h in range(1, m + 1):
                clauses.append([-x(c, h), g[j - 1][h], lit])
                clauses.append([-lit, -x(c, h), -g[j - 1][h]])
        # unary counter s(j, k): at least k of vis(0..j)
        prev: dict[int, int] = {}
        for j, v in enumerate(vis):
            cur = {}
            for k in range(1, min(j + 1, m) + 1):
                lit = pool.id(("s", tag, j, k))
                cur[k] = lit
                before, below = prev.get(k), (prev.get(k - 1) if k > 1 else None)
                # s(j,k) <- s(j-1,k);  s(j,k) <- s(j-1,k-1) & vis(j)
                if before:
                    clauses.append([-before, lit])
                if k == 1:
                    clauses.append([-v, lit])
                elif below:
                    clauses.append([-below, -v, lit])
                # s(j,k) -> s(j-1,k) | vis(j);  s(j,k) -> s(j-1,k) | s(j-1,k-1)
                clauses.append([-lit] + ([before] if before else []) + [v])
                if k > 1:
                    clauses.append([-lit] + ([before] if before else []) + ([below] if below else []))
            prev = cur
        counts[tag] = [prev.get(k, 0) for k in range(1, m + 1)]
    return pool.top, clauses, var, counts


def assumptions(puzzle, var: RowTable, counts: dict) -> list[int]:
    """The literals that pose ``puzzle``'s givens and clues on the base formula."""
    n, m = puzzle.n, puzzle.m
    out = [int(var[c, v]) for c, v in enumerate(puzzle.givens) if v is not None]
    lines = _line_table(n)
    for side in SIDES:
        for i, k in enumerate(getattr(puzzle, side)):
            if not k:
                continue
            s = counts[(side, i)]
            out.append(s[k - 1])
            if k < m:
                out.append(-s[k])
            for j, c in enumerate(lines[(side, i)]):
                out += [-int(var[c, v]) for v in range(max(1, m - k + 2 + j), m + 1)]
    return [lit for lit in out if lit]


@register("cnf-sky", "skyscrapers", "cnf", key=lambda p: (p.n, p.m))
def sky_cnf(puzzle) -> CnfModel:
    """Heights, rows and columns as exactly-one; each line's prefix maxima, seen buildings and a
    unary counter; clues and givens as assumptions."""
    nvars, clauses, var, counts = base_formula(puzzle.n, puzzle.m)
    return CnfModel(key=(puzzle.n, puzzle.m), nvars=nvars, clauses=[list(c) for c in clauses], var=var,
                    assume=lambda p: assumptions(p, var, counts), info={"counts": counts})
