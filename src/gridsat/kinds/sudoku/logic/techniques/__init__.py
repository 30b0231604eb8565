"""The techniques of the logical Sudoku solver, one module per family.

Every technique is a function ``(grid) -> Step | None`` that returns one applicable step
(the first it finds, or the easiest for families with several ratings) without changing
the grid. Ratings follow the Sudoku Explainer scale (see :mod:`gridsat.kinds.sudoku.logic.solver`,
which lists the techniques in the order they are tried).

``common`` holds helpers of the pattern techniques and ``implications`` the candidate
events and static implication graph of the chain techniques.
"""

from . import (
    chains, common, fish, forcing, implications, intersections, single_digit, singles, subsets,
    uniqueness, wings,
)

__all__ = [
    "chains", "common", "fish", "forcing", "implications", "intersections", "single_digit",
    "singles", "subsets", "uniqueness", "wings",
]
