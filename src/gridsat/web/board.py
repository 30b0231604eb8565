"""What the page draws: a puzzle as a board of positions, and the cells a step touches.

The board comes from the renderer's :func:`gridsat.rendering.layout` (the same rectangle of
positions ``gridsat render`` draws: a region label per position, ``None`` for holes), so
every kind is drawn by one rule on the page too. ``spec`` is the puzzle in the ``json``
text format, which the page edits and sends back as the puzzle text.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..kinds import kind_of
from ..rendering import layout

__all__ = ["board_of", "cell_index", "step_cells", "solution_positions"]


def board_of(puzzle: Any) -> dict[str, Any]:
    """The board the page draws for ``puzzle``.

    Parameters
    ----------
    puzzle : Sudoku or Hidato

    Returns
    -------
    dict
        ``kind``, ``variant``, ``describe``, ``rows``, ``cols``, ``region`` (per position, ``None``
        for a hole), ``cell_of`` (position -> the puzzle's cell index), ``givens`` (per cell),
        ``max_value``, ``path`` (draw the Hidato path), ``shade_regions``, ``names`` (cell
        names such as ``r3c8``, per cell) and ``spec`` (the puzzle as a ``json``-format object).
    """
    from ..formats.jsonfmt import to_json_dict

    kind = kind_of(puzzle)
    lay = layout(puzzle)
    cells = [c for c in lay.cell_of if c is not None]
    return {
        "kind": kind.name,
        "variant": kind.variant(puzzle),
        "describe": kind.describe(puzzle),
        "rows": lay.rows,
        "cols": lay.cols,
        "region": [None if r is None else str(r) for r in lay.region],
        "cell_of": list(lay.cell_of),
        "givens": [int(v) for v in lay.givens],
        "max_value": int(lay.max_value),
        "path": bool(lay.path),
        "shade_regions": bool(lay.shade_regions),
        "names": [puzzle.cell_name(c) for c in sorted(cells)],
        "spec": to_json_dict(puzzle),  # (the object itself: not written as text and read back)
    }


def cell_index(puzzle: Any) -> dict[str, int]:
    """Cell name (``r3c8``) -> the puzzle's cell index."""
    cells = [c for c in layout(puzzle).cell_of if c is not None]
    return {puzzle.cell_name(c): c for c in cells}


def step_cells(puzzle: Any, step: dict[str, Any]) -> dict[str, list]:
    """The cell indices a logical step (its ``to_dict()``) places, eliminates and rests on.

    Returns
    -------
    dict
        ``placements`` and ``eliminations`` as ``[cell, value]`` pairs, ``cells`` (the cells
        the deduction rests on) and ``touched`` (all of them, each once).
    """
    index = cell_index(puzzle)

    def pairs(key: str) -> list[list[int]]:
        return [[index[p["cell"]], p["value"]] for p in step.get(key, []) if p.get("cell") in index]

    placed, removed = pairs("placements"), pairs("eliminations")
    rest = [index[c] for c in step.get("cells", []) if c in index]
    touched = sorted({c for c, _ in placed} | {c for c, _ in removed} | set(rest))
    return {"placements": placed, "eliminations": removed, "cells": rest, "touched": touched}


def solution_positions(puzzle: Any, solutions: Sequence[Sequence[int]]) -> list[int]:
    """The cells where the first two ``solutions`` differ (empty for fewer than two)."""
    if len(solutions) < 2:
        return []
    a, b = solutions[0], solutions[1]
    return [c for c in range(min(len(a), len(b))) if a[c] != b[c]]
