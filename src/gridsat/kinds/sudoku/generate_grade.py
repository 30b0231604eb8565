"""Grading generated Sudoku: solver effort to prove uniqueness, and SE-rating difficulty bounds."""

from __future__ import annotations

from typing import Sequence

from ...encoders import get_encoding
from ...errors import PuzzleError
from .puzzle import Sudoku
from ...generators.oracle import fresh_effort

__all__ = ["sudoku_score", "difficulty_range", "se_rating"]

_MODELS: dict = {}


def sudoku_score(puzzle: Sudoku, solution: Sequence[int], solver: str = "minisat22") -> dict:
    """Search effort to prove uniqueness on a fresh solver.

    A fresh solver makes the score a function of the puzzle alone (about 10 ms for 9x9).

    Parameters
    ----------
    puzzle : Sudoku
    solution : sequence of int
        Its (unique) solution, blocked for the second solve.
    solver : str
        python-sat solver name.

    Returns
    -------
    dict
        ``{"conflicts", "decisions", "propagations", "unique"}``.
    """
    key = puzzle.shape_key
    model = _MODELS.get(key)
    if model is None:
        if len(_MODELS) > 4:
            _MODELS.clear()
        model = _MODELS[key] = get_encoding("cnf-extended", "sudoku").build(puzzle)
    return fresh_effort(model, model.assume(puzzle), model.primary_true(solution), solver)


def difficulty_range(difficulty: "str | tuple[float, float] | None") -> tuple[float, float] | None:
    """SE-rating bounds ``(lo, hi)`` from a grade name (``easy`` .. ``extreme``) or a pair of numbers.

    A grade runs from its own threshold to just below the next one (the last to 99).
    ``None`` gives ``None``; an unknown grade name raises :class:`PuzzleError`.
    """
    if difficulty is None:
        return None
    if isinstance(difficulty, str):
        from .logic import GRADES  # the rating engine is imported only when asked for

        names = [g for g, _ in GRADES]
        if difficulty not in names:
            raise PuzzleError(f"unknown grade {difficulty!r}; choose from {', '.join(names)}")
        i = names.index(difficulty)
        lo = GRADES[i][1]
        hi = GRADES[i + 1][1] - 0.05 if i + 1 < len(GRADES) else 99.0
        return lo, hi
    lo, hi = difficulty
    return float(lo), float(hi)


def se_rating(puzzle: Sudoku) -> float:
    """The puzzle's SE rating from :func:`gridsat.kinds.sudoku.logic.rate` (without figures)."""
    from .logic import rate  # the rating engine is imported only when asked for

    return float(rate(puzzle, figures=False).rating)
