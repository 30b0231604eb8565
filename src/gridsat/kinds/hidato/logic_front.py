"""Hidato and Numbrix logical jobs in the one shape every kind offers (see :mod:`gridsat.kinds`).

The Sudoku options ``uniqueness`` and ``extra`` are accepted and have no effect here.
"""

from __future__ import annotations

from typing import Any, Sequence

from .logic import HidatoStep, hidato_candidates, solve_hidato_logic

__all__ = ["hint", "explain", "rate", "candidates"]


def hint(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (), search: bool = True) -> HidatoStep | None:
    """The next deduction (``None`` when the puzzle is solved or stuck)."""
    res = solve_hidato_logic(puzzle, search=search, max_steps=1)
    return res.steps[0] if res.steps else None


def explain(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (),
            search: bool = True) -> tuple[Any, str]:
    """Every deduction and the summary line (``rating 2 (highest rule level), 30 steps, solved``)."""
    res = solve_hidato_logic(puzzle, search=search)
    status = "solved" if res.solved else f"not solved ({res.reason})"
    line = (f"rating {res.rating} (highest rule level), {len(res.steps)} steps, {status}"
            + (", used search" if res.used_search else ""))
    if res.ambiguous:
        line += "; the puzzle has more than one solution, this path reaches one of them"
    return res, line


def rate(puzzle, *, uniqueness: bool = False, extra: Sequence[str] = (), search: bool = True,
         figures: bool = True) -> tuple[dict, str, bool]:
    """The level as a JSON-ready dict, a text line, and whether it was solved."""
    res = solve_hidato_logic(puzzle, search=search)
    rules = ", ".join(f"{k} x{v}" for k, v in res.rules.items())
    text = f"level {res.rating}" + (", used search" if res.used_search else "") + f"; rules: {rules}"
    return res.to_dict(steps=False), text, res.solved


def candidates(puzzle) -> list[tuple[int, tuple[int, ...]]]:
    """Every open cell with the numbers it may hold, fewest first."""
    return hidato_candidates(puzzle)
