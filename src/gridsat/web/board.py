"""What the page draws: a puzzle as a board of positions, and the cells a step touches.

The board comes from the renderer's :func:`gridsat.rendering.layout` (the same rectangle of
positions ``gridsat render`` draws: a region label per position, ``None`` for holes), so
every kind is drawn by one rule on the page too. ``spec`` is the puzzle in the ``json``
text format, which the page edits and sends back as the puzzle text.

What a kind draws besides cells, regions and digits (cages with their sums, clue triangles,
black cells, clues outside the grid, the lines, arrows, dots and thermometers of variant
constraints) is sent as ``overlay``: the SVG elements of the puzzle's constraint layers and
of its layout's ``outside`` drawing, laid out by the renderer's own :class:`Frame` at the
page's cell side :data:`CELL`, so the page draws them as ``gridsat render`` does without
knowing what they are. A kind's ``web["board"]`` function adds the positions that take no
digit (``blocked``) and the clues a setter may change (``clues``).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..kinds import kind_of
from ..rendering import layout
from ..rendering.svg import STYLE, Frame

__all__ = ["board_of", "units", "overlay", "writes", "cell_index", "step_cells", "solution_positions", "CELL", "SETTER"]

#: the setter's endpoint -> the kind record's field of the job it runs
SETTER = {"setter-candidates": "true_candidates", "redundant": "redundant", "explain-ambiguity": "explain_ambiguity"}

#: the page's cell side in SVG units (``static/board.js`` draws at the same side)
CELL = 44


def board_of(puzzle: Any, formats: bool = False) -> dict[str, Any]:
    """The board the page draws for ``puzzle``.

    Parameters
    ----------
    puzzle : puzzle
    formats : bool
        Add ``writes`` (trying every format of the kind takes milliseconds: asked for the
        boards the page loads, not for every answer).

    Returns
    -------
    dict
        ``kind``, ``variant``, ``describe``, ``rows``, ``cols``, ``region`` (per position, ``None``
        for a hole), ``cell_of`` (position -> the puzzle's cell index), ``givens`` (per cell),
        ``max_value``, ``path`` (draw the Hidato path), ``shade_regions``, ``names`` (cell
        names such as ``r3c8``, per cell), ``spec`` (the puzzle as a ``json``-format object),
        ``pad`` (the margin for clues outside the grid, in cells), ``overlay`` (see
        :func:`overlay`), ``blocked`` (positions that take no digit) and ``clues`` (what a
        setter may change besides digits: ``label``, ``value``, ``path`` into ``spec``,
        ``pos`` the position it belongs to or ``null``, ``x`` and ``y`` its place in cells),
        ``units`` (see :func:`units`, with the ``units`` the kind's ``board`` function adds) and, with ``formats``, ``writes`` (the formats that can write this puzzle, see :func:`writes`).
    """
    from ..formats.jsonfmt import to_json_dict

    kind = kind_of(puzzle)
    lay = layout(puzzle)
    cells = [c for c in lay.cell_of if c is not None]
    more = kind.web.get("board")
    extra = more(puzzle) if callable(more) else {}
    blocked = sorted(int(p) for p in extra.get("blocked", ()))
    out = {
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
        "pad": float(lay.pad),
        "overlay": overlay(puzzle, lay, blocked),
        "blocked": blocked,
        "clues": list(extra.get("clues", ())),
        # (and the groups the kind's own board function names: rows and columns, runs, ...)
        "units": units(puzzle, lay) + [[int(c) for c in u] for u in extra.get("units", ()) if len(u) > 1],
        # the setter's endpoints this kind's record has a job for
        "setter": [name for name, job in SETTER.items() if getattr(kind, job, None) is not None],
    }
    if formats:
        out["writes"] = writes(puzzle)
    return out


def units(puzzle: Any, lay: Any = None) -> list[list[int]]:
    """The groups of cells that hold no value twice, as the puzzle's cell indices: what the
    page marks a typed clash against.

    Read from what the puzzle offers, whatever its kind: its ``units`` (rows, columns, boxes
    or regions, each a list of cells or a ``(label, cells)`` pair), else its regions'
    cells (``region_cells``), else, on a board whose kind's values run up to its number of
    cells (``max_value`` ``"cells"`` in its ``web`` description), the whole board (each value
    once); and every ``alldifferent`` among its extra
    constraints (a diagonal, a cage that repeats no digit).

    Parameters
    ----------
    puzzle : puzzle
    lay : Layout, optional
        Its layout (default: computed).

    Returns
    -------
    list of list of int
        Each group's cell indices (groups of one cell left out).
    """
    lay = lay if lay is not None else layout(puzzle)
    found = getattr(puzzle, "units", None)
    if found is None:
        found = getattr(puzzle, "region_cells", None)
    if found is None:
        cells = [c for c in lay.cell_of if c is not None]
        found = [cells] if kind_of(puzzle).web.get("max_value") == "cells" else []
    out = []
    for unit in found:
        if len(unit) == 2 and isinstance(unit[0], str):
            unit = unit[1]
        out.append([int(c) for c in unit])
    for rule in getattr(puzzle, "extra", None) or ():
        if getattr(rule, "type", "") == "alldifferent":
            out.append([int(c) for c in rule.members])
    return [u for u in out if len(u) > 1]


def writes(puzzle: Any) -> list[str]:
    """The names of the formats that write ``puzzle`` (of its kind or of every kind, and whose
    writer takes this board: a plain line cannot hold a region map, a size or a shape)."""
    from ..errors import GridsatError
    from ..formats import list_formats, write

    out = []
    for fmt in list_formats():
        if fmt.kind not in (puzzle.kind, "*"):
            continue
        try:
            write(puzzle, fmt.name)
        except (GridsatError, NotImplementedError, ValueError):
            continue
        out.append(fmt.name)
    return out


def overlay(puzzle: Any, lay: Any = None, blocked: Sequence[int] = ()) -> str:
    """The SVG elements drawn over the cells besides the digits, at the page's cell side.

    The constraint layers (``rule.svg(frame)``: cages, lines, arrows, dots, thermometers,
    ...) and the layout's ``outside`` drawing (clues outside the grid, black cells), in
    coordinates whose origin is the grid's top-left corner; and the digits the layers write
    in ``blocked`` positions (a black cell's digit), which the page does not draw itself.

    Parameters
    ----------
    puzzle : puzzle
    lay : Layout, optional
        Its layout (default: computed).
    blocked : sequence of int
        Positions whose written digits belong to the overlay.

    Returns
    -------
    str
        SVG markup, without a root element (empty when there is nothing to draw).
    """
    lay = lay if lay is not None else layout(puzzle)
    frame = Frame(lay, CELL, dict(STYLE))
    parts = [el for rule in getattr(puzzle, "constraints", None) or () for el in rule.svg(frame)]
    if lay.outside is not None:
        parts += lay.outside(frame)
    for p in blocked:
        cell = lay.cell_of[p] if 0 <= p < len(lay.cell_of) else None
        if cell is not None and cell in frame.written:
            parts.append(frame.written[cell])
    return "\n".join(parts)


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
