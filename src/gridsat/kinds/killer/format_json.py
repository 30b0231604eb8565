"""Killer objects of the ``json`` format::

    {"kind": "killer", "n": 4, "box": [2, 2], "givens": [[0, 0, 0, 0], ...],
     "cages": [{"cells": [0, 1], "sum": 3}, {"cells": [2, 3]}, ...]}

``"regions"`` (rows of any labels) instead of ``"box"`` gives a jigsaw map; ``"givens"`` may be
left out (no givens); a cage without ``"sum"`` only forbids repeats; a ``"solution"`` is
checked by the verifier. The ``json`` format itself dispatches on ``"kind"``.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...errors import GridsatError
from ...formats.base import register_json_kind
from ...formats.common import check_solution
from .puzzle import Killer

__all__ = ["killer_from_json", "killer_to_json"]


def _rows(value: Any, n: int, what: str) -> list:
    """``n`` rows of ``n`` cells (lists), or a flat list of ``n * n``, as one flat list."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of rows")
    if len(value) == n and all(isinstance(r, list) for r in value):
        for i, row in enumerate(value, 1):
            if len(row) != n:
                raise ValueError(f"{what} row {i} has {len(row)} cells, expected {n}")
        return [x for row in value for x in row]
    if len(value) != n * n:
        raise ValueError(f"{what} has {len(value)} cells, expected {n} rows of {n}")
    return list(value)


def _value(x: Any, n: int, what: str, i: int) -> int:
    if x is None:
        return 0
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= n:
        raise ValueError(f"{what}: r{i // n + 1}c{i % n + 1} is {x!r}, not a value 0..{n}")
    return x


def killer_from_json(obj: dict, **options: Any) -> tuple[Killer, tuple[int, ...] | None]:
    """A :class:`Killer` (and stored solution) from a ``{"kind": "killer", ...}`` object."""
    n = obj.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f'"n" must be a positive integer, got {n!r}')
    givens = None
    if obj.get("givens") is not None:
        givens = [_value(x, n, '"givens"', i) for i, x in enumerate(_rows(obj["givens"], n, '"givens"'))]
    raw = obj.get("cages")
    if not isinstance(raw, list):
        raise ValueError('"cages" must be a list of {"cells": [...], "sum": N} objects')
    cages = []
    for k, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("cells"), list):
            raise ValueError(f'"cages" item {k}: expected {{"cells": [...], "sum": N}}, got {item!r}')
        unknown = sorted(set(item) - {"cells", "sum"})
        if unknown:
            raise ValueError(f'"cages" item {k}: unknown key {unknown[0]!r}')
        cages.append((tuple(item["cells"]), item.get("sum")))
    name = obj.get("name")
    name = None if name is None else str(name)
    box = obj.get("box")
    if box is not None and not (isinstance(box, list) and len(box) == 2 and all(isinstance(b, int) for b in box)):
        raise ValueError(f'"box" must be [rows, cols], got {box!r}')
    regions = obj.get("regions")
    if regions is not None:
        regions = [tuple(r) if isinstance(r, list) else r for r in _rows(regions, n, '"regions"')]
    try:
        puzzle = Killer(n, cages, givens, regions=regions, box=None if box is None else tuple(box), name=name)
    except GridsatError as e:
        raise ValueError(str(e)) from None
    solution = None
    if obj.get("solution") is not None:
        solution = tuple(_value(x, n, '"solution"', i) for i, x in enumerate(_rows(obj["solution"], n, '"solution"')))
        check_solution(puzzle, solution)
    return puzzle, solution


def killer_to_json(puzzle: Killer, solution: Sequence[int] | None = None) -> dict:
    """The ``json`` object of a killer puzzle (rows of ints, 0 empty)."""
    d: dict = {"kind": "killer", "n": puzzle.n}
    if puzzle.name:
        d["name"] = puzzle.name
    if puzzle.box:
        d["box"] = list(puzzle.box)
    else:
        d["regions"] = puzzle.rows(tuple(r + 1 for r in puzzle.regions))
    d["givens"] = puzzle.rows()
    d["cages"] = [{"cells": list(c.members), **({"sum": c.total} if c.total is not None else {})}
                  for c in puzzle.cages]
    if solution is not None:
        d["solution"] = puzzle.rows(solution)
    return d


# (an object without "kind" that has "cages" is a killer puzzle, not the default kind's with
# its cages dropped)
register_json_kind("killer", killer_from_json, killer_to_json, aliases=("sumdoku",), marks=("cages",))
