"""The ``native`` target's encoding of the Sudoku family: a unit table for the C solver.

``sudoku-native`` turns a board (size and region map; classic boxes of any shape or a
jigsaw layout) into the table the C core searches over: every unit (row, column, region)
as its list of cells, from which the core derives each cell's units and peers. The table
depends on the board only, never on the givens, so it is built once per geometry and
kept in a small cache; the givens go to the solver as bytes, one per cell.

The core understands ``alldifferent`` over rows, columns and regions, and givens
(``STANDARD``): it refuses a puzzle with any other constraint, and the default choice then
takes an encoding that reads the constraint list.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Hashable

from ...boards import compile_geometry, unit_table, uses_pairs
from ...encoders.base import register
from ...encoders.units import STANDARD

__all__ = ["NativeModel", "native_model", "unit_table", "clear_cache", "MAX_N", "CACHE_SIZE"]

#: largest board the C core takes: candidates are one 32-bit word per cell
MAX_N = 32
#: geometries kept (one per size and region map: every jigsaw layout is its own)
CACHE_SIZE = 256

_CACHE: "OrderedDict[Hashable, NativeModel]" = OrderedDict()


@dataclass
class NativeModel:
    """A board for the C core.

    ``units`` lists every row, column and region as row-major cell indices; ``geometry``
    is the C core's compiled form of it (``None`` when the extension is not built: the
    backend then reports itself unavailable before it gets here).
    """

    key: Hashable
    n: int
    units: list
    geometry: Any = None
    info: dict = field(default_factory=dict)


@register("sudoku-native", "sudoku", "native", key=lambda p: (p.n, p.regions),
          description="unit table (rows, columns, regions as cell lists) for the C bitset core",
          applies=lambda p: p.n <= MAX_N, constraints=STANDARD)
def native_model(puzzle) -> NativeModel:
    """The unit table of the puzzle's board (cached per size and region map)."""
    key = (puzzle.n, puzzle.regions)
    model = _CACHE.get(key)
    if model is not None:
        _CACHE.move_to_end(key)
        return model
    units = unit_table(puzzle.n, puzzle.regions)
    pairs = uses_pairs(puzzle.n, puzzle.is_jigsaw)
    model = NativeModel(key=key, n=puzzle.n, units=units, geometry=compile_geometry(puzzle.n, units, pairs),
                        info={"units": len(units), "pairs": pairs})
    _CACHE[key] = model
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return model


def clear_cache() -> None:
    """Forget every compiled board (the next puzzle of each board compiles it again)."""
    _CACHE.clear()
