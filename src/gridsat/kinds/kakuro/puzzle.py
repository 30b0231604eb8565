"""The Kakuro puzzle: a board of black clue cells and white cells.

A black cell may carry a *down* sum (for the run of white cells below it) and an *across*
sum (for the run to its right). Every maximal run of white cells in a row or column holds
distinct digits 1-9; a run whose black cell carries a sum adds up to it. A run at the
board's edge has no clue cell and only forbids repeats.

Cells are numbered row by row (``r * cols + c``). ``cells`` holds, per cell, ``None`` for a
white cell or ``(down, across)`` for a black one (``0``: no sum that way). A solution is a
tuple of digits per cell, ``0`` on black cells.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Sequence

from ...errors import PuzzleError

__all__ = ["Kakuro", "Run", "MAX_SIDE", "combinations_for"]

#: the largest board side
MAX_SIDE = 32
#: every cell number of the largest board, sliced for a run's cells
_INDEX = tuple(range(MAX_SIDE * MAX_SIDE))


def combinations_for(size: int, total: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` distinct digits 1..9 adding up to ``total``, ascending."""
    return list(_combinations(size, total))


@lru_cache(maxsize=None)
def _combinations(size: int, total: int) -> tuple[tuple[int, ...], ...]:
    """:func:`combinations_for`, kept per length and sum (every puzzle's runs ask again)."""
    from itertools import combinations

    lo, hi = size * (size + 1) // 2, size * (19 - size) // 2
    if not 1 <= size <= 9 or not lo <= total <= hi:
        return ()
    return tuple(c for c in combinations(range(1, 10), size) if sum(c) == total)


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Run:
    """A maximal run of white cells: its cells, its sum (``0``: none) and its clue cell (or ``None``)."""

    __slots__ = ("cells", "total", "clue", "across")

    def __init__(self, cells: tuple[int, ...], total: int, clue: int | None, across: bool) -> None:
        self.cells, self.total, self.clue, self.across = cells, total, clue, across

    def __repr__(self) -> str:
        return f"Run({'across' if self.across else 'down'} {self.cells} = {self.total or '?'})"


class Kakuro:
    """A Kakuro puzzle (immutable, validated on construction).

    Parameters
    ----------
    rows, cols : int
        The board's size (2..32 each), clue row and column included.
    cells : sequence of (None or (int, int))
        ``rows * cols`` cells, row by row: ``None`` white, ``(down, across)`` black (0: no sum).
    name : str, optional

    Raises
    ------
    PuzzleError
        A run of more than 9 cells, a sum impossible for its run, a sum with no run to add up.
    """

    kind = "kakuro"

    def __init__(self, rows: int, cols: int, cells: Sequence, name: str | None = None) -> None:
        if not _int(rows) or not _int(cols) or not 2 <= rows <= MAX_SIDE or not 2 <= cols <= MAX_SIDE:
            raise PuzzleError(f"a kakuro board has 2 to {MAX_SIDE} rows and columns, got {rows!r}x{cols!r}")
        cells = tuple(cells)
        if len(cells) != rows * cols:
            raise PuzzleError(f"a {rows}x{cols} kakuro board has {rows * cols} cells, got {len(cells)}")
        norm: list = []
        for i, v in enumerate(cells):
            if v is None:
                norm.append(None)
                continue
            if type(v) is tuple and len(v) == 2 and type(v[0]) is int and type(v[1]) is int \
                    and 0 <= v[0] <= 45 and 0 <= v[1] <= 45:  # (the readers' cells)
                norm.append(v)
                continue
            if not isinstance(v, (tuple, list)) or len(v) != 2 or not (_int(v[0]) and _int(v[1])
                                                                      and 0 <= v[0] <= 45 and 0 <= v[1] <= 45):
                raise PuzzleError(f"{self._name(i, cols)}: a cell is None (white) or (down, across) sums 0..45, "
                                  f"got {v!r}")
            norm.append((v[0], v[1]))
        self.rows, self.cols, self.name = rows, cols, name
        self.cells: tuple = tuple(norm)
        self.runs: tuple[Run, ...] = tuple(self._runs())

    @classmethod
    def _read(cls, rows: int, cols: int, cells: list, name: str | None = None) -> "Kakuro":
        """The puzzle of a reader's ``cells``, each already checked by it (``None``, or a
        ``(down, across)`` tuple of ints 0..45, ``rows * cols`` of them on a board of 2..32 a
        side): only the runs are found and checked, as :meth:`__init__` does."""
        self = cls.__new__(cls)
        self.rows, self.cols, self.name = rows, cols, name
        self.cells = tuple(cells)
        self.runs = tuple(self._runs())
        return self

    @staticmethod
    def _name(i: int, cols: int) -> str:
        return f"r{i // cols + 1}c{i % cols + 1}"

    def cell_name(self, i: int) -> str:
        """``r<row>c<col>`` of cell ``i`` (1-based)."""
        return self._name(i, self.cols)

    def _runs(self) -> list[Run]:
        """The runs, across ones row by row then down ones column by column, each walked over its
        line's slice; the first fault in that order is raised, then a sum with no run."""
        R, C, cells = self.rows, self.cols, self.cells
        runs: list[Run] = []
        summed = 0  # (the runs with a sum)
        for across in (True, False):
            slot = 1 if across else 0
            step = 1 if across else C
            for a in range(R if across else C):
                first = a * C if across else a
                line = cells[first:first + C] if across else cells[a::C]
                n, b = len(line), 0
                while b < n:
                    if line[b] is not None:
                        b += 1
                        continue
                    start = b
                    while b < n and line[b] is None:
                        b += 1
                    run = _INDEX[first + start * step:first + b * step:step]
                    clue = first + (start - 1) * step if start else None
                    total = line[start - 1][slot] if start else 0
                    if total:
                        summed += 1
                        if b - start > 9 or not _combinations(b - start, total):
                            self._refuse(run, total, clue, across)
                    elif b - start > 9:
                        self._refuse(run, total, clue, across)
                    runs.append(Run(run, total, clue, across))
        # every sum has its run when the runs with a sum are as many as the sums: each such run takes
        # the sum of the cell before it, and no other run takes that one
        sums = list(chain.from_iterable(filter(None, cells)))  # (both sums of every black cell)
        if len(sums) - sums.count(0) != summed:
            self._no_run()
        return runs

    def _no_run(self) -> None:
        """Raise the first sum, in cell order, with no white cell below it (down) or to its right (across)."""
        R, C, cells = self.rows, self.cols, self.cells
        for i, v in enumerate(cells):
            if v is None or v == (0, 0):
                continue
            # a sum has a run when the cell below (right of) it is white
            for across, total in ((False, v[0]), (True, v[1])):
                if total and not (i + C < R * C and cells[i + C] is None if not across else
                                  (i + 1) % C and cells[i + 1] is None):
                    raise PuzzleError(f"{self.cell_name(i)}: the {'across' if across else 'down'} sum {total} has "
                                      f"no white cell {'to its right' if across else 'below it'}")
        raise AssertionError("every sum has its run")  # (not reached: counted otherwise)

    def _refuse(self, run: tuple, total: int, clue: int | None, across: bool) -> None:
        """Raise the fault of a run: more than 9 cells, or a sum impossible for its length."""
        what = "across" if across else "down"
        where = self.cell_name(clue) if clue is not None else self.cell_name(run[0])
        if len(run) > 9:
            raise PuzzleError(f"{where}: the {what} run has {len(run)} cells; a run holds at most 9")
        lo, hi = len(run) * (len(run) + 1) // 2, len(run) * (19 - len(run)) // 2
        raise PuzzleError(f"{where}: the {what} sum {total} is impossible for a run of {len(run)} "
                          f"cells ({lo}..{hi})")

    # ------------------------------------------------------------------ shape
    @property
    def num_cells(self) -> int:
        """Every cell of the board, black ones included."""
        return self.rows * self.cols

    @property
    def white(self) -> list[int]:
        """The white cells, ascending."""
        return [i for i, v in enumerate(self.cells) if v is None]

    @property
    def num_givens(self) -> int:
        """The sums given."""
        return sum((v[0] > 0) + (v[1] > 0) for v in self.cells if v is not None)

    @property
    def key(self) -> tuple:
        """Everything the puzzle is: size and cells."""
        return (self.rows, self.cols, self.cells)

    def conflicts(self) -> list[str]:
        """Kakuro has no given digits: nothing can clash before solving."""
        return []

    def with_cells(self, cells: Sequence) -> "Kakuro":
        """The same board size with other cells."""
        return Kakuro(self.rows, self.cols, cells, name=self.name)

    # ------------------------------------------------------------------ drawing
    def layout(self):
        """The board for :func:`gridsat.rendering.render_svg`, black cells and clue triangles drawn over it."""
        from ...rendering.svg import Layout

        n = self.rows * self.cols
        return Layout(kind=self.kind, rows=self.rows, cols=self.cols, region=[0] * n, cell_of=list(range(n)),
                      givens=[0] * n, max_value=9, outside=self._svg_clues)

    def _svg_clues(self, frame) -> list[str]:
        """Black cells, split by a diagonal, with the down sum low left and the across sum high right."""
        s, out = frame.s, []
        font = frame.style["font"]
        fs = s * 0.32
        for i, v in enumerate(self.cells):
            if v is None:
                continue
            x, y = frame.centre(i)
            x0, y0 = x - s / 2, y - s / 2
            out.append(f'<rect class="kakuro-black" x="{x0:g}" y="{y0:g}" width="{s:g}" height="{s:g}" '
                       f'fill="#333333" stroke="none"/>')
            if v[0] or v[1]:
                out.append(f'<line class="kakuro-diagonal" x1="{x0:g}" y1="{y0:g}" x2="{x0 + s:g}" y2="{y0 + s:g}" '
                           f'stroke="#bbbbbb" stroke-width="{s * 0.03:g}"/>')
            if v[0]:
                out.append(f'<text class="kakuro-down" x="{x0 + s * 0.28:g}" y="{y0 + s * 0.88:g}" '
                           f'font-size="{fs:g}" text-anchor="middle" font-family="{font}" fill="#ffffff">{v[0]}</text>')
            if v[1]:
                out.append(f'<text class="kakuro-across" x="{x0 + s * 0.72:g}" y="{y0 + s * 0.4:g}" '
                           f'font-size="{fs:g}" text-anchor="middle" font-family="{font}" fill="#ffffff">{v[1]}</text>')
        return out

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    # ------------------------------------------------------------------ text
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kakuro) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return (f"<Kakuro {self.rows}x{self.cols}, {len(self.white)} white cells, {len(self.runs)} runs"
                f"{', ' + self.name if self.name else ''}>")
