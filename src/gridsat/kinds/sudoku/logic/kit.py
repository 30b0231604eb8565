"""The Clojure Sudoku kit's figures: level, maxlevel and three complexity figures.

The kit ("Yet another sudoku in clojure") solves by backtracking over its *possibilities
list*, the candidates of every empty cell, and rates a puzzle with the figures its solver
prints, for example ``level: 15/20 ... complexity: 102/263/1229``. This module computes them
the way the kit describes, with the one detail that makes its published example come out:

* the possibilities list holds each empty cell's candidates after the givens (row, column
  and region peers), and is sorted by the number of candidates **once**, when it is made
  (ties in the kit's own cell order: region by region, row by row inside a region, which is
  its "Z-order" vector on classic boxes);
* only naked singles are propagated (a cell with one candidate is filled, its peers lose
  the value, until no single is left; an empty candidate list is a dead end);
* when no single is left the search branches on the **first remaining entry of that list**
  (the cell that had fewest candidates at the start, not the one with fewest now) and tries
  its current candidates in increasing order;
* ``level`` is the number of branchings on the way to the last solution found,
  ``maxlevel`` the deepest branching level entered anywhere in the search (which goes on
  looking for a second solution);
* complexity 1 is the sum of the squared numbers of candidates at each branching on the
  way; complexities 2 and 3 are the number of candidates of the empty cells at the start
  and the sum of their squares.

Re-sorting the list by the current candidate counts at each branching (the reading "branch
on a cell with fewest candidates") gives level 11/22 and complexity 49 on the kit's example
instead; see ``docs/explain/rating-scale.md``.

The kit's Illustration 3 puzzle (its Z-order vector put back in rows):

>>> from gridsat import Sudoku
>>> from gridsat.kinds.sudoku.logic.kit import kit_figures
>>> f = kit_figures(Sudoku.classic([int(ch) for ch in
...     "000007300060000000300205107570020000000000000003006010400000700001560030000800005"]))
>>> print(f.text())
level: 15/20 complexity: 102/263/1229 # of solutions: 1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ....errors import GridsatError
from .grid import Grid, bits

if TYPE_CHECKING:
    from ..puzzle import Sudoku

__all__ = ["KitFigures", "kit_figures", "kit_order"]


@dataclass
class KitFigures:
    """The kit's figures of one puzzle (see the module docstring).

    Attributes
    ----------
    level, maxlevel : int
        Branchings on the way to the last solution found; deepest branching level entered.
    complexity : tuple of int
        ``(way squares, candidates, candidate squares)``.
    solutions : int
        Solutions found (the search stops at ``limit``).
    complete : bool
        Whether the search finished (False when ``max_nodes`` ran out).
    way : list of (cell, candidates, index)
        The branchings on the way to the last solution, first made first: the cell (row-major
        index), its candidates at that point and the index of the value that led on.
    solution : list of int or None
        The last solution found.
    nodes : int
        Search nodes visited (one per branch tried, plus the root).
    """

    level: int
    maxlevel: int
    complexity: tuple[int, int, int]
    solutions: int
    complete: bool
    way: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)
    solution: list[int] | None = None
    nodes: int = 0
    limit: int = 2
    names: tuple[str, ...] = ()

    def way_text(self) -> str:
        """The way as ``r1c8 [4 8 9] 2, ...`` (cell, candidates, index of the value taken)."""
        name = (lambda c: self.names[c]) if self.names else str
        return ", ".join(f"{name(c)} [{' '.join(map(str, ds))}] {k}" for c, ds, k in self.way)

    def text(self) -> str:
        """The kit's line: ``level: 15/20 complexity: 102/263/1229 # of solutions: 1``."""
        a, b, c = self.complexity
        more = "" if self.complete else " (search budget ran out)"
        return f"level: {self.level}/{self.maxlevel} complexity: {a}/{b}/{c} # of solutions: {self.solutions}{more}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cells by name, the solution as a list)."""
        name = (lambda c: self.names[c]) if self.names else str
        return {"level": self.level, "maxlevel": self.maxlevel, "complexity": list(self.complexity),
                "solutions": self.solutions, "limit": self.limit, "complete": self.complete, "nodes": self.nodes,
                "way": [{"cell": name(c), "values": list(ds), "index": k} for c, ds, k in self.way],
                "solution": list(self.solution) if self.solution is not None else None}


def kit_order(g: Grid) -> list[int]:
    """The empty cells sorted by their number of candidates, ties in region-then-row-major order.

    On classic boxes the tie order is the kit's Z-order vector (box by box, each box row by row).
    """
    geo = g.geo
    empty = [c for c in range(geo.ncells) if not g.values[c]]
    return sorted(empty, key=lambda c: (g.cands[c].bit_count(), geo.reg_of[c], geo.row_of[c], geo.col_of[c]))


def _naked_singles(values: list[int], cands: list[int], peers, todo: list[int]) -> bool:
    """Fill naked singles to a fixpoint; False when an empty cell loses its last candidate."""
    while todo:
        c = todo.pop()
        if values[c]:
            continue
        m = cands[c]
        if not m:
            return False
        d = m.bit_length()
        values[c] = d
        cands[c] = 0
        nb = ~m
        for p in peers[c]:
            if not values[p]:
                x = cands[p]
                if x & m:
                    x &= nb
                    cands[p] = x
                    if not x:
                        return False
                    if not x & (x - 1):
                        todo.append(p)
    return True


def kit_figures(puzzle: Sudoku | Grid, limit: int = 2, max_nodes: int | None = 2_000_000,
                resort: bool = False) -> KitFigures:
    """The kit's level, maxlevel and complexity figures of a Sudoku-family puzzle.

    Parameters
    ----------
    puzzle : Sudoku or Grid
        The puzzle (classic or jigsaw, any size).
    limit : int
        Stop after this many solutions (the kit looks for a second one to check uniqueness).
    max_nodes : int or None
        Search budget in nodes; when it runs out the figures so far are returned with
        ``complete=False``.
    resort : bool
        Branch on the entry with fewest candidates *now* (the first such cell in the kit's
        cell order) instead of the first remaining entry of the list
        sorted at the start. Not the kit's behaviour; kept to show the difference.

    Returns
    -------
    KitFigures

    Raises
    ------
    GridsatError
        When a solution found breaks the verifier's rules (a bug, never an answer).
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    g = puzzle.copy() if isinstance(puzzle, Grid) else Grid.from_puzzle(puzzle)
    geo = g.geo
    counts = [g.cands[c].bit_count() for c in range(geo.ncells) if not g.values[c]]
    order = kit_order(g)
    zorder = sorted(order, key=lambda c: (geo.reg_of[c], geo.row_of[c], geo.col_of[c]))
    peers = geo.peers
    st = {"max": 0, "nodes": 0, "found": 0, "level": 0, "way": [], "sol": None, "stop": False}
    way: list[tuple[int, tuple[int, ...], int]] = []

    def rec(values: list[int], cands: list[int], todo: list[int], level: int, start: int) -> None:
        st["nodes"] += 1
        if max_nodes is not None and st["nodes"] > max_nodes:
            st["stop"] = True
            return
        if level > st["max"]:
            st["max"] = level
        if not _naked_singles(values, cands, peers, todo):
            return
        i = start
        while i < len(order) and values[order[i]]:
            i += 1
        if i == len(order):
            st["found"] += 1
            st["level"] = level
            st["way"] = list(way)
            st["sol"] = values[:]
            if st["found"] >= limit:
                st["stop"] = True
            return
        c = order[i]
        if resort:
            best = geo.n + 1
            for x in zorder:
                if not values[x] and cands[x].bit_count() < best:
                    c, best = x, cands[x].bit_count()
            i = -1  # every later entry may still be empty
        ds = bits(cands[c])
        for k, d in enumerate(ds):
            v2, c2 = values[:], cands[:]
            c2[c] = 1 << (d - 1)
            way.append((c, ds, k))
            rec(v2, c2, [c], level + 1, i + 1)
            way.pop()
            if st["stop"]:
                return

    values = g.values[:]
    cands = g.cands[:]
    if any(not values[c] and not cands[c] for c in range(geo.ncells)):
        todo = [c for c in range(geo.ncells) if not values[c] and not cands[c]]
    else:
        todo = [c for c in range(geo.ncells) if not values[c] and not cands[c] & (cands[c] - 1)]
    rec(values, cands, todo, 0, 0)
    sol = st["sol"]
    if sol is not None:
        _audit(puzzle, g, sol)
    way_found = st["way"]
    return KitFigures(
        level=st["level"], maxlevel=st["max"],
        complexity=(sum(len(ds) ** 2 for _, ds, _ in way_found), sum(counts), sum(k * k for k in counts)),
        solutions=st["found"], complete=not st["stop"] or st["found"] >= limit, way=way_found,
        solution=sol, nodes=st["nodes"], limit=limit, names=geo.names)


def _audit(puzzle, g: Grid, sol: list[int]) -> None:
    """A solution must pass the verifier's rules: every unit holds 1..n once, the givens are kept."""
    geo = g.geo
    want = set(range(1, geo.n + 1))
    for c in range(geo.ncells):
        if g.values[c] and sol[c] != g.values[c]:
            raise GridsatError(f"internal error (a bug): the kit search changed the given in {geo.names[c]}")
    for ui, u in enumerate(geo.units):
        if {sol[c] for c in u} != want:
            raise GridsatError(f"internal error (a bug): the kit search produced a grid whose "
                               f"{geo.labels[ui]} does not hold 1..{geo.n} once each")
    if not isinstance(puzzle, Grid):
        from ....verifier import verify

        problems = verify(puzzle, sol)
        if problems:
            raise GridsatError(f"internal error (a bug): the kit search's solution fails the verifier: {problems[0]}")
