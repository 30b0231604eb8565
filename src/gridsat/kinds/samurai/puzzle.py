"""Samurai Sudoku and the other gattai layouts: 9x9 Sudokus overlapping at boxes on a larger board.

A layout is data: the board's size and the list of its 9x9 sub-grids' top-left corners
(:data:`LAYOUTS`). Every corner sits on a multiple of 3, so boxes of sub-grids that overlap
coincide. Positions of the board outside every sub-grid are holes. The puzzle's cells are the
positions inside some sub-grid, numbered row by row (``puzzle.cells[i]`` is the ``(row, col)`` of
cell ``i``); a solution is a tuple of digits 1-9 in that order. Each sub-grid's rows, columns and
boxes hold 1-9 once each (:attr:`Samurai.units`, cell indices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from ...errors import PuzzleError

__all__ = ["LAYOUTS", "DEFAULT_LAYOUT", "Samurai", "layout_cells", "layout_units", "layout_for_size"]

#: layout name -> (board rows, board cols, the sub-grids' top-left corners (row, col))
LAYOUTS: dict[str, tuple[int, int, tuple[tuple[int, int], ...]]] = {
    "samurai": (21, 21, ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))),
    "butterfly": (12, 12, ((0, 0), (0, 3), (3, 0), (3, 3))),
    "sohei": (21, 21, ((0, 6), (6, 0), (6, 12), (12, 6))),
    "windmill": (21, 21, ((0, 3), (3, 12), (6, 6), (9, 0), (12, 9))),
    "gattai-8": (21, 33, ((0, 0), (0, 12), (0, 24), (6, 6), (6, 18), (12, 0), (12, 12), (12, 24))),
    "shogun": (21, 45, ((0, 0), (0, 12), (0, 24), (0, 36), (6, 6), (6, 18), (6, 30),
                        (12, 0), (12, 12), (12, 24), (12, 36))),
    "sumo": (33, 33, ((0, 0), (0, 12), (0, 24), (6, 6), (6, 18), (12, 0), (12, 12), (12, 24),
                      (18, 6), (18, 18), (24, 0), (24, 12), (24, 24))),
}


#: the layout a puzzle takes unless told otherwise
DEFAULT_LAYOUT = next(iter(LAYOUTS))


def layout_for_size(rows: int, cols: int) -> "str | None":
    """The first layout (in :data:`LAYOUTS` order) of a ``rows`` x ``cols`` board, or ``None``."""
    for name, (r, c, _) in LAYOUTS.items():
        if (r, c) == (rows, cols):
            return name
    return None


def _check_layout(layout: object) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise PuzzleError(f"unknown layout {str(layout)[:30]!r}; the layouts are {', '.join(LAYOUTS)}")
    return LAYOUTS[layout]


@lru_cache(maxsize=None)
def layout_cells(layout: str) -> tuple[tuple[int, int], ...]:
    """The ``(row, col)`` positions inside some sub-grid, row by row."""
    rows, cols, origins = _check_layout(layout)
    inside = {(r0 + r, c0 + c) for r0, c0 in origins for r in range(9) for c in range(9)}
    return tuple(sorted(inside))


@lru_cache(maxsize=None)
def layout_units(layout: str) -> tuple[tuple[int, ...], ...]:
    """Every row, column and box of every sub-grid, as cell indices (a box shared by two sub-grids once)."""
    _, _, origins = _check_layout(layout)
    index = {p: i for i, p in enumerate(layout_cells(layout))}
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for r0, c0 in origins:
        groups = [[(r0 + r, c0 + c) for c in range(9)] for r in range(9)]
        groups += [[(r0 + r, c0 + c) for r in range(9)] for c in range(9)]
        groups += [[(r0 + br + r, c0 + bc + c) for r in range(3) for c in range(3)]
                   for br in (0, 3, 6) for bc in (0, 3, 6)]
        for g in groups:
            unit = tuple(sorted(index[p] for p in g))
            if unit not in seen:
                seen.add(unit)
                out.append(unit)
    return tuple(out)


@dataclass(frozen=True)
class Samurai:
    """A gattai board (Samurai by default) and its givens.

    Parameters
    ----------
    givens : sequence of int
        One digit per cell (``0`` empty), in the order of :attr:`cells`.
    pattern : str
        The layout, a name of :data:`LAYOUTS` (default ``"samurai"``).
    name : str, optional
        The puzzle's name.

    Raises
    ------
    PuzzleError
        An unknown layout, the wrong number of givens, or a given outside 0..9.
    """

    givens: tuple
    pattern: str = "samurai"
    name: "str | None" = field(default=None, compare=False)

    kind = "samurai"

    def __post_init__(self) -> None:
        _check_layout(self.pattern)
        givens = tuple(self.givens)
        n = len(layout_cells(self.pattern))
        if len(givens) != n:
            raise PuzzleError(f"a {self.pattern} board has {n} cells, got {len(givens)} givens")
        for i, v in enumerate(givens):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
                raise PuzzleError(f"{self.cell_name(i)} holds {v!r}, not a digit 1-9 (0 empty)")
        object.__setattr__(self, "givens", givens)

    @classmethod
    def empty(cls, layout: str = "samurai") -> "Samurai":
        """A board without givens."""
        return cls((0,) * len(layout_cells(layout)), layout)

    @classmethod
    def from_board(cls, board: Sequence[Sequence[int]], layout: str = "samurai",
                   name: "str | None" = None) -> "Samurai":
        """A puzzle from the whole board's rows (``0`` empty and in holes).

        Raises
        ------
        PuzzleError
            A board of the wrong size or a digit in a hole.
        """
        rows, cols, _ = _check_layout(layout)
        if len(board) != rows or any(len(row) != cols for row in board):
            raise PuzzleError(f"a {layout} board is {rows}x{cols}")
        inside = set(layout_cells(layout))
        for r, row in enumerate(board):
            for c, v in enumerate(row):
                if v and (r, c) not in inside:
                    raise PuzzleError(f"r{r + 1}c{c + 1} is a hole of the {layout} layout but holds {v}")
        return cls(tuple(board[r][c] for r, c in layout_cells(layout)), layout, name)

    # ------------------------------------------------------------------ shape
    @property
    def rows(self) -> int:
        """The board's rows."""
        return LAYOUTS[self.pattern][0]

    @property
    def cols(self) -> int:
        """The board's columns."""
        return LAYOUTS[self.pattern][1]

    @property
    def origins(self) -> tuple[tuple[int, int], ...]:
        """The sub-grids' top-left corners."""
        return LAYOUTS[self.pattern][2]

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The ``(row, col)`` of every cell, in cell order."""
        return layout_cells(self.pattern)

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The rows, columns and boxes of every sub-grid, as cell indices."""
        return layout_units(self.pattern)

    @property
    def num_cells(self) -> int:
        """The cells (positions inside some sub-grid)."""
        return len(self.cells)

    @property
    def num_givens(self) -> int:
        """The cells given."""
        return sum(1 for v in self.givens if v)

    @property
    def shape_key(self) -> str:
        """All that the base formulas depend on: the layout."""
        return self.pattern

    def cell_name(self, cell: int) -> str:
        """``r3c8`` style name of a cell's board position (1-based)."""
        r, c = layout_cells(self.pattern)[cell]
        return f"r{r + 1}c{c + 1}"

    def board_rows(self, values: "Sequence[int] | None" = None) -> list[list[int | None]]:
        """``values`` (default: the givens) on the whole board, ``None`` in holes."""
        vals = self.givens if values is None else tuple(values)
        out: list[list[int | None]] = [[None] * self.cols for _ in range(self.rows)]
        for (r, c), v in zip(self.cells, vals):
            out[r][c] = v
        return out

    def with_givens(self, givens: Sequence[int], name: "str | None" = None) -> "Samurai":
        """The same layout with other givens."""
        return Samurai(tuple(givens), self.pattern, name if name is not None else self.name)

    # ------------------------------------------------------------------ checks
    def conflicts(self) -> list[str]:
        """Givens that clash: a digit twice in a row, column or box of a sub-grid."""
        out = []
        for unit in self.units:
            seen: dict[int, int] = {}
            for c in unit:
                v = self.givens[c]
                if v and v in seen:
                    out.append(f"{v} is given twice in one unit ({self.cell_name(seen[v])} and {self.cell_name(c)})")
                seen.setdefault(v, c)
        return out

    def layout(self):
        """The board for the SVG renderer: 3x3 boxes with thick borders, holes left blank."""
        from ...rendering.svg import Layout

        rows, cols = self.rows, self.cols
        region: list = [None] * (rows * cols)
        cell_of: list = [None] * (rows * cols)
        for i, (r, c) in enumerate(self.cells):
            region[r * cols + c] = (r // 3) * (cols // 3 + 1) + c // 3
            cell_of[r * cols + c] = i
        return Layout(kind="samurai", rows=rows, cols=cols, region=region, cell_of=cell_of,
                      givens=self.givens, max_value=9)

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    def __repr__(self) -> str:
        name = f" {self.name!r}" if self.name else ""
        shape = "" if self.pattern == DEFAULT_LAYOUT else f" {self.pattern}"
        return f"<Samurai{name}{shape} {self.rows}x{self.cols}, {self.num_givens} givens>"
