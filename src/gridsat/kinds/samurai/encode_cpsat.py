"""CP-SAT encodings of the gattai boards.

* ``cpsat-bool``: a Boolean ``x(c, v)`` per cell and digit; ``ExactlyOne`` per cell and per row,
  column and box of every sub-grid and digit.
* ``cpsat-int``: an integer 1-9 per cell and ``AllDifferent`` per row, column and box of every
  sub-grid.

The givens are fixed on a copy of the base model (``fix``), so the key is the layout's name.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register

__all__ = ["boolean", "integer"]


@register("cpsat-bool", "samurai", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: Boolean literal per cell and digit, ExactlyOne per cell and per unit and digit")
def boolean(puzzle) -> CpsatModel:
    """Boolean literals with ExactlyOne per cell and per unit and digit."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    m = cp_model.CpModel()
    n = puzzle.num_cells
    x = [[m.NewBoolVar(f"x{c}_{v}") for v in range(1, 10)] for c in range(n)]
    for cell in x:
        m.AddExactlyOne(cell)
    for unit in puzzle.units:
        for v in range(9):
            m.AddExactlyOne([x[c][v] for c in unit])
    idx = [[lit.Index() for lit in cell] for cell in x]

    def fix(p) -> list[tuple[int, int]]:
        return [(idx[c][g - 1], 1) for c, g in enumerate(p.givens) if g]

    def decode(values) -> tuple[int, ...]:
        return tuple(next((v + 1 for v in range(9) if values[idx[c][v]]), 0) for c in range(n))

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode, info={"literals": 9 * n})


@register("cpsat-int", "samurai", "cpsat", key=lambda p: p.shape_key,
          description="CP-SAT: an integer 1-9 per cell, AllDifferent per sub-grid row, column and box")
def integer(puzzle) -> CpsatModel:
    """An integer per cell and AllDifferent per unit."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    cells = [m.NewIntVar(1, 9, f"v{c}") for c in range(puzzle.num_cells)]
    for unit in puzzle.units:
        m.AddAllDifferent([cells[c] for c in unit])
    idx = [v.Index() for v in cells]

    def fix(p) -> list[tuple[int, int]]:
        return [(idx[c], g) for c, g in enumerate(p.givens) if g]

    def decode(values) -> tuple[int, ...]:
        return tuple(int(values[i]) for i in idx)

    return CpsatModel(key=puzzle.shape_key, model=m, fix=fix, decode=decode, info={"variables": len(idx)})
