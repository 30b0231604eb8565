"""CP-SAT encodings of Ripple Effect.

* ``cpsat-bool``: a Boolean ``x(c, v)`` per cell and digit of its region; ``ExactlyOne`` per
  cell and per region and digit; the ripple rule as one ``AtMostOne`` per digit ``v`` and run
  of ``v + 1`` consecutive cells of a row or column (two cells at most ``v`` steps apart share
  such a run, and two cells of one run are at most ``v`` apart).
* ``cpsat-int``: an integer ``1..k`` per cell; ``AllDifferent`` per region (a region of ``k``
  cells then holds ``1..k``); for two cells of different regions ``t`` steps apart in a line,
  the equal pairs ``(v, v)``, ``v >= t``, as forbidden assignments.

The givens are fixed on a copy of the base model (``fix``), so the key is the board's size and
region map and a batch of puzzles on one map builds its model once.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register
from .puzzle import line_pairs

__all__ = ["boolean", "integer"]


@register("cpsat-bool", "ripple", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: Boolean literal per cell and digit, ExactlyOne per cell and region/digit, "
                      "AtMostOne per digit v and run of v+1 cells in a line")
def boolean(puzzle) -> CpsatModel:
    """Boolean literals, ExactlyOne per cell and per region/digit, AtMostOne per digit v and line run of v+1 cells."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    m = cp_model.CpModel()
    sizes = puzzle.sizes
    rows, cols = puzzle.rows, puzzle.cols
    x: list[dict[int, object]] = []
    index: dict[tuple[int, int], int] = {}
    for c, k in enumerate(sizes):
        cell = {}
        for v in range(1, k + 1):
            lit = m.NewBoolVar(f"x{c}_{v}")
            cell[v] = lit
            index[c, v] = lit.Index()
        x.append(cell)
        m.AddExactlyOne(cell.values())
    for cells in puzzle.region_cells:
        for v in range(1, len(cells) + 1):
            m.AddExactlyOne([x[c][v] for c in cells])
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    for line in lines:
        for v in range(1, puzzle.max_value + 1):
            for start in range(max(len(line) - v, 1)):
                lits = [x[w][v] for w in line[start:start + v + 1] if v in x[w]]
                if len(lits) > 1:
                    m.AddAtMostOne(lits)
    pairs = sorted(index.items())

    def fix(p) -> list[tuple[int, int]]:
        return [(index[c, g], 1) for c, g in enumerate(p.givens) if g]

    def decode(values) -> tuple[int, ...]:
        out = [0] * puzzle.num_cells
        for (c, v), i in pairs:
            if values[i]:
                out[c] = v
        return tuple(out)

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode, info={"literals": len(index)})


@register("cpsat-int", "ripple", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: an integer 1..k per cell, AllDifferent per region, equal digits too close "
                      "in a line forbidden")
def integer(puzzle) -> CpsatModel:
    """An integer per cell, AllDifferent per region, equal digits too close in a line forbidden."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    sizes = puzzle.sizes
    cells = [m.NewIntVar(1, k, f"v{c}") for c, k in enumerate(sizes)]
    for members in puzzle.region_cells:
        if len(members) > 1:
            m.AddAllDifferent([cells[c] for c in members])
    reg = puzzle.regions
    for a, b, t in line_pairs(puzzle.rows, puzzle.cols, puzzle.max_value):
        top = min(sizes[a], sizes[b])
        if reg[a] != reg[b] and t <= top:
            m.AddForbiddenAssignments([cells[a], cells[b]], [(v, v) for v in range(t, top + 1)])
    idx = [v.Index() for v in cells]

    def fix(p) -> list[tuple[int, int]]:
        return [(idx[c], g) for c, g in enumerate(p.givens) if g]

    def decode(values) -> tuple[int, ...]:
        return tuple(int(values[i]) for i in idx)

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode, info={"variables": len(idx)})
