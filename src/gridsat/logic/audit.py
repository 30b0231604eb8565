"""The logical solvers' own answers checked against the verifier's rules at the end of every run.

A technique that places a wrong digit is a bug in gridsat, not a fact about the puzzle, so
a run whose placements break the rules (a value twice in a row, column or region, a given
changed, two consecutive Hidato numbers apart), or whose steps turned a solvable puzzle
into a dead end, raises :class:`LogicBugError` instead of returning the path as an answer.

The checks cost one pass over the grid, plus, only when a run ends without a solution, one
backtracking search from the givens to tell an unsolvable puzzle from a faulty step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..errors import GridsatError

if TYPE_CHECKING:
    from .grid import Grid

__all__ = ["LogicBugError", "grid_problem", "check_sudoku_run", "check_step", "check_hidato_run"]


class LogicBugError(GridsatError):
    """The logical solver produced something the verifier's rules refuse: a bug, never an answer."""

    def __init__(self, what: str) -> None:
        super().__init__(f"internal error (a bug in the logical solver, please report it): {what}")


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
            from ..verifier import verify

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


def check_hidato_run(puzzle, values: Sequence[int], solved: bool) -> None:
    """Raise :class:`LogicBugError` when a Hidato/Numbrix run's numbers break the rules.

    Solved runs go through :func:`gridsat.verifier.verify`; unfinished ones must keep the givens,
    place each number once, and put a placed number next to its placed neighbours in the path.
    """
    if solved:
        from ..verifier import verify

        problems = verify(puzzle, list(values))
        if problems:
            raise LogicBugError(f"the solved board fails the verifier: {problems[0]}")
        return
    cells = list(puzzle.cells)
    where: dict[int, int] = {}
    for i, v in enumerate(values):
        if v:
            if v in where:
                raise LogicBugError(f"{v} is placed twice ({puzzle.cell_name(where[v])} and {puzzle.cell_name(i)})")
            where[v] = i
    for i, gv in puzzle.givens.items():
        if values[i] != gv:
            raise LogicBugError(f"{puzzle.cell_name(i)} holds {values[i]} but the given is {gv}")
    king = puzzle.adjacency == "king"
    for k, i in where.items():
        j = where.get(k + 1)
        if j is None or (i in puzzle.givens and j in puzzle.givens):
            continue  # (givens that break the rules are the puzzle's fault, reported as the reason)
        (r1, c1), (r2, c2) = cells[i], cells[j]
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        if not (max(dr, dc) == 1 if king else dr + dc == 1):
            raise LogicBugError(f"{k} at {puzzle.cell_name(i)} and {k + 1} at {puzzle.cell_name(j)} do not touch")
