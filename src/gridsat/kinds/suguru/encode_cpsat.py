"""CP-SAT encodings of Suguru.

* ``cpsat-bool``: a Boolean ``x(c, v)`` per cell and digit of its region; ``ExactlyOne`` per
  cell and per region and digit; the touching rule as one ``AtMostOne`` per 2x2 window and
  digit (any two cells that touch by a side or a corner share a window, and two cells of a
  window always touch).
* ``cpsat-int``: an integer ``1..k`` per cell; ``AllDifferent`` per region (a region of ``k``
  cells then holds ``1..k``); ``a != b`` for touching cells of different regions.

The givens are fixed on a copy of the base model (``fix``), so the key is the board's size and
region map and a batch of puzzles on one map builds its model once.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register
from .puzzle import king_pairs

__all__ = ["boolean", "integer"]


@register("cpsat-bool", "suguru", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: Boolean literal per cell and digit, ExactlyOne per cell and region/digit, "
                      "AtMostOne per 2x2 window and digit")
def boolean(puzzle) -> CpsatModel:
    """Boolean literals with ExactlyOne per cell and per region/digit, AtMostOne per 2x2 window and digit."""
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
    for r in range(max(rows - 1, 1)):
        for c in range(max(cols - 1, 1)):
            window = [r2 * cols + c2 for r2 in (r, r + 1) for c2 in (c, c + 1) if r2 < rows and c2 < cols]
            for v in range(1, puzzle.max_value + 1):
                lits = [x[w][v] for w in window if v in x[w]]
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


@register("cpsat-int", "suguru", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: an integer 1..k per cell, AllDifferent per region, != between touching cells")
def integer(puzzle) -> CpsatModel:
    """An integer per cell, AllDifferent per region, ``!=`` between touching cells of different regions."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    sizes = puzzle.sizes
    cells = [m.NewIntVar(1, k, f"v{c}") for c, k in enumerate(sizes)]
    for members in puzzle.region_cells:
        if len(members) > 1:
            m.AddAllDifferent([cells[c] for c in members])
    reg = puzzle.regions
    for a, b in king_pairs(puzzle.rows, puzzle.cols):
        if reg[a] != reg[b]:
            m.Add(cells[a] != cells[b])
    idx = [v.Index() for v in cells]

    def fix(p) -> list[tuple[int, int]]:
        return [(idx[c], g) for c, g in enumerate(p.givens) if g]

    def decode(values) -> tuple[int, ...]:
        return tuple(int(values[i]) for i in idx)

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode, info={"variables": len(idx)})
