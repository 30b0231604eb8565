"""The logical solver's own answers checked against the verifier's rules at the end of every run.

A technique that places a wrong digit is a bug in gridsat, not a fact about the puzzle, so
a run whose placements break the rules (a value twice in a row, column or region, a given
changed), or whose steps turned a solvable puzzle into a dead end, raises
:class:`~gridsat.errors.LogicBugError` instead of returning the path as an answer.

The checks cost one pass over the grid, plus, only when a run ends without a solution, one
backtracking search from the givens to tell an unsolvable puzzle from a faulty step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ....errors import LogicBugError

if TYPE_CHECKING:
    from .grid import Grid

__all__ = ["LogicBugError", "grid_problem", "check_sudoku_run", "check_step"]


def grid_problem(start: Sequence[int], g: Grid) -> str | None:
    """The first way the grid's values break the verifier's rules, or None.

    Parameters
    ----------
    start : sequence of int
        The values at the start of the run (givens); each must be kept.
    g : Grid
        The grid at the end of the run (empty cells are 0).
    """
    geo = g.geo
    vals = g.values
    for c, v in enumerate(start):
        if v and vals[c] != v:
            return f"{geo.names[c]} holds {vals[c]} but started as {v}"
    for ui, u in enumerate(geo.units):
        seen = 0
        for c in u:
            v = vals[c]
            if v:
                b = 1 << (v - 1)
                if seen & b:
                    return f"{v} is placed twice in {geo.labels[ui]}"
                seen |= b
    return None


def check_sudoku_run(puzzle, start: Sequence[int], g: Grid, solved: bool, dead_end: bool,
                     trusted: bool) -> None:
    """Raise :class:`LogicBugError` when a Sudoku-family run's grid breaks the rules.

    Parameters
    ----------
    puzzle : Sudoku or Grid
        What the run was given (a :class:`~gridsat.kinds.sudoku.puzzle.Sudoku` is also checked
        with :func:`gridsat.verifier.verify` when solved).
    start : sequence of int
        The values at the start.
    g : Grid
        The grid at the end.
    solved : bool
        Whether the run says it solved the puzzle.
    dead_end : bool
        Whether the run ended in a contradiction or without a step; then the start must
        have had no solution either (a backtracking search checks it).
    trusted : bool
        False when the path used techniques that assume one solution (unique rectangles,
        BUG+1): on a puzzle with several solutions those may lead to a dead end legitimately.
    """
    problem = grid_problem(start, g)
    if problem:
        raise LogicBugError(problem)
    if solved:
        if hasattr(puzzle, "kind"):
            from ....verifier import verify

            problems = verify(puzzle, g.values)
            if problems:
                raise LogicBugError(f"the solved grid fails the verifier: {problems[0]}")
        return
    if dead_end and trusted:
        from .grid import Grid
        from .search import solve_values

        if solve_values(g) is None and solve_values(Grid.from_values(g.geo, list(start))) is not None:
            raise LogicBugError("the steps led a solvable puzzle into a dead end (a wrong placement or elimination)")


def check_step(g: Grid, placements: Sequence[tuple[int, int]]) -> None:
    """Raise :class:`LogicBugError` when a hint's placements clash with the grid's values."""
    geo = g.geo
    vals = g.values
    for c, d in placements:
        if vals[c] and vals[c] != d:
            raise LogicBugError(f"a step puts {d} in {geo.names[c]}, which holds {vals[c]}")
        for p in geo.peers[c]:
            if vals[p] == d:
                raise LogicBugError(f"a step puts {d} in {geo.names[c]}, which sees {d} in {geo.names[p]}")
