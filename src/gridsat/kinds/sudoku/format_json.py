"""Sudoku objects of the ``json`` format: ``{"kind": "sudoku", "n": 9, "box": [3, 3], "givens": [...]}``.

``"regions"`` (any labels) instead of ``"box"`` makes a jigsaw; rows may be lists or strings,
``givens`` a flat list too, ``0`` or ``null`` empty; a ``"solution"`` is checked by the
verifier. ``"constraints"`` lists the rules beyond rows, columns, regions and givens, each in
its type's JSON form (:mod:`gridsat.constraints`: ``{"type": "alldifferent", "cells": [...]}``).
The ``json`` format itself (:mod:`.jsonfmt`) dispatches on ``"kind"``.
"""

from __future__ import annotations

import math
from typing import Sequence

from .puzzle import Sudoku
from ...formats.base import register_json_kind
from ...formats.common import check_solution, parse_box
from .format_common import box_for
from ...formats.tokens import is_int
from ...puzzles.text import symbol_value

__all__ = ["sudoku_from_json", "sudoku_to_json"]


def _json_cells(value, n: int | None, what: str) -> list:
    """Rows (lists or strings), a flat list, or one string -> flat list of cells."""
    if isinstance(value, str):
        return list(value.replace(" ", "").replace("\n", ""))
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of rows, a flat list or a string")
    if value and (all(isinstance(r, list) for r in value)
                  or all(isinstance(r, str) and len(r) > 1 for r in value)):
        rows = value
        if n is None:
            n = len(rows)
        if len(rows) != n:
            raise ValueError(f"{what} has {len(rows)} rows, expected {n}")
        flat = []
        for i, row in enumerate(rows, 1):
            cells = list(row.replace(" ", "")) if isinstance(row, str) else row
            if n is not None and len(cells) != n:
                raise ValueError(f"{what} row {i} has {len(cells)} cells, expected {n}")
            flat += cells
        return flat
    return list(value)


def _json_value(x, n: int, what: str, i: int) -> int:
    if x is None:
        return 0
    if isinstance(x, bool):
        raise ValueError(f"{what}: cell {i + 1} is {x!r}, not a value")
    if isinstance(x, int):
        v = x
    elif isinstance(x, str) and len(x) == 1 and symbol_value(x) is not None:
        v = symbol_value(x)
    elif isinstance(x, str) and is_int(x, signed=False):
        v = int(x)
    else:
        raise ValueError(f"{what}: cell r{i // n + 1}c{i % n + 1} is {x!r}, not a value 0..{n}")
    if not 0 <= v <= n:
        raise ValueError(f"{what}: value {v} at r{i // n + 1}c{i % n + 1} is outside 1..{n}")
    return v


def sudoku_from_json(obj: dict, *, box: "str | tuple[int, int] | None" = None) -> tuple[Sudoku, tuple[int, ...] | None]:
    """A :class:`Sudoku` (and stored solution) from a ``{"kind": "sudoku", ...}`` object."""
    if "givens" not in obj:
        raise ValueError('missing "givens"')
    n = obj.get("n")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 1):
        raise ValueError(f'"n" must be a positive integer, got {n!r}')
    raw = _json_cells(obj["givens"], n, '"givens"')
    if n is None:
        n = math.isqrt(len(raw))
        if n * n != len(raw):
            raise ValueError(f'"givens" has {len(raw)} cells, not a square board')
    if len(raw) != n * n:
        raise ValueError(f'"givens" has {len(raw)} cells, expected {n * n} for n={n}')
    givens = [_json_value(x, n, '"givens"', i) for i, x in enumerate(raw)]
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        if not isinstance(name, (int, float)) or isinstance(name, bool):
            raise ValueError(f'"name" must be a string, got {type(name).__name__}')
        name = str(name)
    if obj.get("regions") is not None:
        regions = _json_cells(obj["regions"], n, '"regions"')
        if len(regions) != n * n:
            raise ValueError(f'"regions" has {len(regions)} cells, expected {n * n}')
        regions = [tuple(r) if isinstance(r, list) else r for r in regions]
        puzzle = Sudoku(n, givens, regions=regions, name=name, extra=_extra(obj, n))
    else:
        b = obj.get("box")
        if b is not None:
            if not (isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) and 0 < x < 100 for x in b)) \
                    and not isinstance(b, str):
                raise ValueError(f'"box" must be [rows, cols], got {b!r}')
            b = parse_box(b)
        else:
            b = parse_box(box)
        puzzle = Sudoku(n, givens, box=box_for(n, b), name=name, extra=_extra(obj, n))
    solution = None
    if obj.get("solution") is not None:
        sraw = _json_cells(obj["solution"], n, '"solution"')
        if len(sraw) != n * n:
            raise ValueError(f'"solution" has {len(sraw)} cells, expected {n * n}')
        solution = tuple(_json_value(x, n, '"solution"', i) for i, x in enumerate(sraw))
        check_solution(puzzle, solution)
    return puzzle, solution  # keys other than the known ones are allowed and ignored


def _extra(obj: dict, n: int) -> tuple:
    """The ``"constraints"`` of the object, each read by its type's JSON form."""
    raw = obj.get("constraints")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError(f'"constraints" must be a list of constraint objects, got {type(raw).__name__}')
    from ...constraints import constraint_from_json

    return tuple(constraint_from_json(c, n, f'"constraints" item {k + 1}') for k, c in enumerate(raw))


def sudoku_to_json(puzzle: Sudoku, solution: Sequence[int] | None = None) -> dict:
    """The ``json`` object of a Sudoku (rows of ints, 0 = empty)."""
    d: dict = {"kind": "sudoku", "n": puzzle.n}
    if puzzle.name:
        d["name"] = puzzle.name
    if puzzle.is_jigsaw:
        d["regions"] = puzzle.rows(tuple(r + 1 for r in puzzle.regions))
    else:
        d["box"] = list(puzzle.box)
    d["givens"] = puzzle.rows()
    if puzzle.extra:
        d["constraints"] = [c.to_json() for c in puzzle.extra]
    if solution is not None:
        d["solution"] = puzzle.rows(solution)
    return d


# (the objects ``gridsat generate --json`` writes say their variant: ``"kind": "jigsaw"``)
register_json_kind("sudoku", sudoku_from_json, sudoku_to_json, aliases=("classic", "jigsaw", "nonomino"))
