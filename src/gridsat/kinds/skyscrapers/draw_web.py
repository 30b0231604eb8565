"""The workbench's board description of a Skyscrapers board: the clues outside the grid, editable
by a setter, and the cells given empty, which take no digit."""

from __future__ import annotations

from typing import Any

__all__ = ["board"]

#: the sides, in the json object's order, and the step from a line's first cell to its clue
_STEP = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def board(puzzle: Any) -> dict[str, Any]:
    """Every clue place around the grid (``0``: no clue), and the cells given empty (blocked).

    Parameters
    ----------
    puzzle : Skyscrapers

    Returns
    -------
    dict
        ``blocked``: the positions given empty; ``clues``: per side and line, its ``label``,
        ``value``, ``path`` into the ``json`` object, ``pos`` (``None``: outside the grid) and
        ``x``, ``y`` (its place, one cell outside the grid, in cells).
    """
    n = puzzle.n
    clues = []
    for side in _STEP:
        values = getattr(puzzle, side)
        for i in range(n):
            r, c = puzzle.line(side, i)[0] // n, puzzle.line(side, i)[0] % n
            dx, dy = _STEP[side]
            clues.append({"label": f"{side} clue {i + 1}", "value": values[i] if i < len(values) else 0,
                          "path": [side, i], "pos": None, "x": c + 0.5 + dx, "y": r + 0.5 + dy})
    blocked = [p for p, g in enumerate(puzzle.givens) if g == 0]
    return {"blocked": blocked, "clues": clues}
