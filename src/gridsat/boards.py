"""Sudoku-family boards as the C core takes them: unit tables and compiled geometries.

A board is a size ``n`` and a region map (row-major labels). Its unit table lists every
row, column and region as the cells it holds; the C core (``gridsat._native``) compiles
that into a geometry once, and then searches any givens on it. Used by the ``sudoku-native``
encoding and by the command line's bulk route; this module imports nothing of the package,
so either pays only for what it uses.
"""

from __future__ import annotations

import functools
import importlib

__all__ = ["box_map", "line_units", "unit_table", "compile_geometry", "uses_pairs"]


@functools.lru_cache(maxsize=64)
def box_map(n: int, rows: int, cols: int) -> tuple[int, ...]:
    """The region label of each cell (row-major) for classic boxes of ``rows`` x ``cols``
    cells that tile the board (not checked here), numbered row-major."""
    per_row = n // cols
    return tuple((r // rows) * per_row + (c // cols) for r in range(n) for c in range(n))


@functools.lru_cache(maxsize=None)
def line_units(n: int) -> tuple[tuple[int, ...], ...]:
    """The rows, then the columns, of an ``n`` x ``n`` board (cells row-major)."""
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(c, n * n, n)) for c in range(n)]
    return tuple(rows + cols)


def unit_table(n: int, regions) -> list:
    """Rows, columns, then regions (in label order), each as a sequence of row-major cells."""
    by_region = sorted(range(n * n), key=regions.__getitem__)  # (a stable sort: cells in order)
    return [*line_units(n), *(by_region[k * n:(k + 1) * n] for k in range(n))]


def uses_pairs(n: int, irregular: bool) -> bool:
    """Whether the core also looks for naked and hidden pairs on this board (``irregular``: its
    regions are not boxes, a jigsaw map).

    They pay on classic boards above 9x9 (16x16 set: 10.5 -> 5.2 ms a check) but not on 9x9
    (they halve the nodes but cost 6% more instructions on top1465 and 60% more on the
    forum-hardest set) nor on jigsaw maps (100 layouts: 79 nodes against 90, 28% more
    instructions), so they are on for classic boards above 9x9 only.
    """
    return not irregular and n > 9


def compile_geometry(n: int, units: list, pairs: bool):
    """The C core's compiled form of a unit table (``None`` when the extension is not built)."""
    try:
        native = importlib.import_module("gridsat._native")
    except ImportError:
        return None
    return native.geometry(n, units, pairs=pairs)
