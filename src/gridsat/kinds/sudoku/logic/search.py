"""Backtracking search with singles propagation, and search-effort figures.

The figures are modelled on the Clojure Sudoku kit's but are not the kit's own: this search
propagates hidden singles too and branches on the cell with fewest candidates *now*. The
kit's figures, computed its way, are in :mod:`gridsat.kinds.sudoku.logic.kit` (``gridsat rate --kit``).

Figures (for a Sudoku-family puzzle, after the givens' eliminations):

* ``depth``: the number of guesses on the path that reaches the solution (0 when singles
  alone solve it); ``deepest``: the deepest guess level visited anywhere in the search;
* ``way``: the guesses on the solution path, ``(cell name, value, number of choices)``;
* ``choice_squares``: the sum of squared choice counts along the way;
* ``total_candidates`` and ``candidate_squares``: the number of candidates of the empty
  cells at the start, and the sum of the squared per-cell counts.

The search always branches on the empty cell with fewest candidates (first such cell in
row-major order) and tries its digits in increasing order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from . import native_filter
from .grid import Grid, bits
from .steps import Step

if TYPE_CHECKING:
    from ..puzzle import Sudoku

__all__ = ["SearchFigures", "search_figures", "solve_values", "search_step"]


def _singles(values: list[int], cands: list[int], geo) -> bool:
    """Apply naked and hidden singles to a fixpoint; False on a contradiction."""
    units = geo.units
    peers = geo.peers
    ncells = geo.ncells
    full = geo.full
    while True:
        progress = False
        for c in range(ncells):
            if values[c]:
                continue
            m = cands[c]
            if not m:
                return False
            if not m & (m - 1):
                d = m.bit_length()
                values[c] = d
                cands[c] = 0
                nb = ~m
                for p in peers[c]:
                    cands[p] &= nb
                progress = True
        for u in units:
            once = twice = placed = 0
            for c in u:
                v = values[c]
                if v:
                    placed |= 1 << (v - 1)
                else:
                    m = cands[c]
                    twice |= once & m
                    once |= m
            if (once | placed) != full:
                return False
            hs = once & ~twice & ~placed
            while hs:
                b = hs & -hs
                hs &= hs - 1
                for c in u:
                    if cands[c] & b:
                        values[c] = b.bit_length()
                        cands[c] = 0
                        nb = ~b
                        for p in peers[c]:
                            cands[p] &= nb
                        progress = True
                        break
                else:
                    return False
        if not progress:
            return True


def _search(values, cands, geo, level, stats, way):
    if not _singles(values, cands, geo):
        return None
    if level > stats["deepest"]:
        stats["deepest"] = level
    best = -1
    bc = 99
    for c in range(geo.ncells):
        if not values[c]:
            k = cands[c].bit_count()
            if k < bc:
                bc = k
                best = c
                if k == 2:
                    break
    if best < 0:
        return values
    for d in bits(cands[best]):
        v2 = values[:]
        c2 = cands[:]
        v2[best] = d
        c2[best] = 0
        nb = ~(1 << (d - 1))
        for p in geo.peers[best]:
            c2[p] &= nb
        stats["guesses"] += 1
        way.append((best, d, bc))
        out = _search(v2, c2, geo, level + 1, stats, way)
        if out is not None:
            return out
        way.pop()
    return None


def _run(g: Grid, stats: dict, way: list) -> list[int] | None:
    """The search on a grid: in C on a classic 9x9 grid (the same search, move for move), else
    in Python; fills ``stats`` and ``way`` (the guesses on the solution's path)."""
    if native_filter.usable(g):
        sol, stats["deepest"], stats["guesses"], found = native_filter.extension().search(g.values, g.cands)
        way.extend(found)
        return sol
    return _search(g.values[:], g.cands[:], g.geo, 0, stats, way)


def solve_values(g: Grid) -> list[int] | None:
    """A solution of the grid (values of every cell) by backtracking, or None."""
    return _run(g, {"deepest": 0, "guesses": 0}, [])


def search_step(g: Grid) -> Step | None:
    """Last resort: fix the cell with fewest candidates to its value in the (first) solution found by backtracking.

    A second search looks for a solution with another value there; when there is one the
    step says that the puzzle has more than one solution (``Step.ambiguous``).
    """
    sol = solve_values(g)
    if sol is None:
        return None
    geo = g.geo
    C = g.cands
    cells = [c for c in range(geo.ncells) if C[c]]
    if not cells:
        return None
    c = min(cells, key=lambda x: C[x].bit_count())
    d = sol[c]
    other = g.copy()
    other.cands[c] &= ~(1 << (d - 1))
    alt = solve_values(other) if other.cands[c] else None
    if alt is not None:
        return Step("search", 11.0, [(c, d)], [], [c], [],
                    f"search: no logical step found, and the puzzle has more than one solution: {geo.names[c]} "
                    f"is {d} in one and {alt[c]} in another; taking {d}", geo.n, ambiguous=True)
    return Step("search", 11.0, [(c, d)], [], [c], [],
                f"search: no logical step found; trying the {C[c].bit_count()} candidates of {geo.names[c]} "
                f"by backtracking shows it is {d}", geo.n)


@dataclass
class SearchFigures:
    """Search-effort figures (see the module docstring)."""

    solved: bool
    depth: int
    deepest: int
    guesses: int
    way: list[tuple[str, int, int]] = field(default_factory=list)
    choice_squares: int = 0
    total_candidates: int = 0
    candidate_squares: int = 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the figures."""
        d = asdict(self)
        d["way"] = [{"cell": c, "value": v, "choices": k} for c, v, k in self.way]
        return d


def search_figures(puzzle_or_grid: Sudoku | Grid) -> SearchFigures:
    """Search-effort figures of a puzzle (or a :class:`Grid`)."""
    g = puzzle_or_grid if isinstance(puzzle_or_grid, Grid) else Grid.from_puzzle(puzzle_or_grid)
    geo = g.geo
    counts = [g.cands[c].bit_count() for c in range(geo.ncells) if not g.values[c]]
    stats = {"deepest": 0, "guesses": 0}
    way: list = []
    sol = _run(g, stats, way)
    return SearchFigures(
        solved=sol is not None,
        depth=len(way),
        deepest=stats["deepest"],
        guesses=stats["guesses"],
        way=[(geo.names[c], d, k) for c, d, k in way],
        choice_squares=sum(k * k for _, _, k in way),
        total_candidates=sum(counts),
        candidate_squares=sum(k * k for k in counts),
    )
