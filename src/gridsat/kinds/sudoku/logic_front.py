"""The Sudoku family's logical jobs in the one shape every kind offers (see :mod:`gridsat.kinds`).

Each function takes the same options; ``hint``, ``explain``, ``rate`` and ``candidates``
return what the command line prints or writes as JSON. ``kit`` gives the Clojure kit's
figures, ``technique_names`` the techniques ``extra`` may name.
"""

from __future__ import annotations

from typing import Any, Sequence

from .logic.solver import candidates as _candidates
from .logic.solver import explain as _explain
from .logic.solver import hint as _hint
from .logic.solver import rate as _rate
from .logic.solver import technique_names
from .logic.steps import Step

__all__ = ["hint", "explain", "rate", "candidates", "kit", "technique_names"]


def hint(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (), search: bool = True) -> Step | None:
    """The next logical step (``None`` when the puzzle is solved or has no solution)."""
    return _hint(puzzle, uniqueness=uniqueness, extra=tuple(extra), search=search)


def explain(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (),
            search: bool = True) -> tuple[Any, str]:
    """The full logical path and its summary line.

    Returns
    -------
    (LogicResult, str)
        The result (``steps``, ``solved``, ``to_dict()``) and a line such as
        ``rating 2.3 (easy), hardest: hidden single, 51 steps, solved``.
    """
    res = _explain(puzzle, uniqueness=uniqueness, extra=tuple(extra), search=search)
    status = "solved" if res.solved else f"not solved ({res.reason})"
    line = (f"rating {res.rating:.1f} ({res.grade}), hardest: {res.hardest}, {len(res.steps)} steps, {status}"
            + (", used search" if res.used_search else ""))
    if res.ambiguous:
        line += "; the puzzle has more than one solution, this path reaches one of them"
    return res, line


def rate(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (), search: bool = True,
         figures: bool = True) -> tuple[dict, str, bool]:
    """The rating as a JSON-ready dict, a text line, and whether logic (and search) solved it."""
    r = _rate(puzzle, uniqueness=uniqueness, figures=figures, extra=tuple(extra), search=search)
    text = f"{r.rating:.1f} {r.grade}, hardest: {r.hardest}, {r.steps} steps"
    if r.used_search:
        text += ", used search"
    if r.search is not None:
        f = r.search
        way = " ".join(f"{c}={v}/{k}" for c, v, k in f.way) or "-"
        text += (f"; search: depth {f.depth}, deepest {f.deepest}, way {way}, "
                 f"choices^2 {f.choice_squares}, candidates {f.total_candidates}, "
                 f"candidates^2 {f.candidate_squares}")
    return r.to_dict(), text, r.solved


def candidates(puzzle) -> list[tuple[int, tuple[int, ...]]]:
    """Every empty cell with its candidates, fewest first."""
    return _candidates(puzzle)


def kit(puzzle) -> Any:
    """The Clojure kit's figures (:func:`gridsat.kinds.sudoku.logic.kit.kit_figures`) of a classic or jigsaw
    puzzle.

    Raises
    ------
    UnsupportedError
        The puzzle is one the kit's figures do not serve (other constraints, clashing givens).
    """
    from ...errors import GridsatError, UnsupportedError
    from .logic.grid import Grid
    from .logic.kit import kit_figures

    try:
        Grid.from_puzzle(puzzle)
    except GridsatError as e:
        raise UnsupportedError(str(e)) from None
    return kit_figures(puzzle)
