"""The ``native`` target's encoding of the Sudoku family: a unit table for the C solver.

``sudoku-native`` turns a board (size and region map; classic boxes of any shape or a
jigsaw layout) into the table the C core searches over: every unit (row, column, region)
as its list of cells, from which the core derives each cell's units and peers. The table
depends on the board only, never on the givens, so it is built once per geometry and
kept in a small cache; the givens go to the solver as bytes, one per cell.

The core understands ``alldifferent`` over rows, columns and regions, and givens
(``STANDARD``), and it reads the extra constraints of the types it propagates
(:data:`gridsat.encoders.native.NATIVE_TYPES`: cages, thermometers, arrows, the rules of
distinct digits, pencil marks, dots, XV, negative rules and little killers), compiled per
puzzle into compact arrays. It refuses a puzzle with any
other constraint (or one past the core's limits, :func:`~gridsat.encoders.native.native_refusal`),
and the default choice then takes an encoding that reads the whole constraint list.
"""

from __future__ import annotations

from ...boards import unit_table
from ...encoders.base import register
from ...encoders.native import (CACHE_SIZE, MAX_N, NATIVE_TYPES, NativeModel, board_model, clear_cache,
                                native_refusal, with_rules)
from ...encoders.units import STANDARD

__all__ = ["NativeModel", "native_model", "unit_table", "clear_cache", "MAX_N", "CACHE_SIZE"]


def _applies(puzzle) -> bool:
    return puzzle.n <= MAX_N and (not puzzle.extra or native_refusal(puzzle.n, puzzle.extra) is None)


def _why(puzzle) -> str | None:
    return native_refusal(puzzle.n, puzzle.extra) if puzzle.extra else None


@register("sudoku-native", "sudoku", "native", key=lambda p: p.shape_key,
          description="unit table (rows, columns, regions as cell lists) for the C bitset core",
          applies=_applies, constraints=STANDARD, reads=NATIVE_TYPES, why=_why)
def native_model(puzzle) -> NativeModel:
    """The unit table of the puzzle's board (cached per size and region map), with the
    puzzle's extra constraints compiled for the core."""
    base = board_model(puzzle.n, puzzle.regions, puzzle.is_jigsaw)
    return with_rules(base, puzzle.extra, puzzle.shape_key)
