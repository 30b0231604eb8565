"""Hidato and Numbrix: place 1..N on the N cells of a board so consecutive numbers touch.

A :class:`Hidato` is a board (any set of cells inside a ``rows x cols`` rectangle; holes
allowed), an adjacency (``"king"``: the eight neighbours, Hidato; ``"rook"``: the four
orthogonal ones, Numbrix) and givens. Cells are numbered row by row over the board cells
only, so cell ``i`` is ``cells[i] = (row, col)``. Solutions are tuples of numbers per cell
in that order.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ...errors import PuzzleError

if TYPE_CHECKING:
    from ...rendering.svg import Layout

__all__ = ["Hidato", "ADJACENCIES"]

#: neighbour offsets of each adjacency.
#: (cells, adjacency) -> (index, neighbours) of boards built before and found connected
_SHAPES: dict = {}

ADJACENCIES: dict[str, tuple[tuple[int, int], ...]] = {
    "king": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    "rook": ((-1, 0), (0, -1), (0, 1), (1, 0)),
}
_ALIASES = {"king": "king", "hidato": "king", "queen": "king", "moore": "king",
            "rook": "rook", "numbrix": "rook", "orthogonal": "rook", "von-neumann": "rook"}


class Hidato:
    """A Hidato (king moves) or Numbrix (rook moves) puzzle on a board of any shape.

    Parameters
    ----------
    rows, cols : int
        The bounding rectangle.
    cells : iterable of (int, int), optional
        The board cells ``(row, col)``, 0-based. Default: the full rectangle.
    givens : mapping, optional
        ``{(row, col): number}``. Numbers run ``1..N`` with ``N = len(cells)``; 1 and N may
        be left out.
    adjacency : str
        ``"king"`` (Hidato, default) or ``"rook"`` (Numbrix).
    name : str, optional

    Attributes
    ----------
    cells : tuple of (int, int)
        Board cells in row-major order; the cell index used everywhere else.
    givens : dict
        ``{cell index: number}`` (read it, do not modify it).
    neighbours : tuple of tuple of int
        Cell indices adjacent to each cell under the adjacency.

    Notes
    -----
    Construction rejects an empty board, a board that is not connected under the
    adjacency, numbers outside ``1..N``, a number given twice and givens off the board.
    Givens that no path can join are valid input: :meth:`conflicts` names them and the
    solvers answer *impossible*.
    """

    kind = "hidato"

    def __init__(
        self,
        rows: int,
        cols: int,
        cells: Iterable[tuple[int, int]] | None = None,
        givens: Mapping[tuple[int, int], int] | None = None,
        adjacency: str = "king",
        name: str | None = None,
    ) -> None:
        if not isinstance(rows, int) or not isinstance(cols, int) or rows < 1 or cols < 1:
            raise PuzzleError(f"board rectangle must be at least 1x1, got {rows!r}x{cols!r}")
        adj = _ALIASES.get(str(adjacency).lower())
        if adj is None:
            raise PuzzleError(f"unknown adjacency {adjacency!r}; use 'king' (Hidato) or 'rook' (Numbrix)")
        if cells is None:
            cell_set = {(r, c) for r in range(rows) for c in range(cols)}
        else:
            cell_set = set()
            for rc in cells:
                r, c = int(rc[0]), int(rc[1])
                if not (0 <= r < rows and 0 <= c < cols):
                    raise PuzzleError(f"cell r{r + 1}c{c + 1} lies outside the {rows}x{cols} rectangle")
                cell_set.add((r, c))
        if not cell_set:
            raise PuzzleError("the board has no cells")
        ordered = tuple(sorted(cell_set))
        shape = _SHAPES.get((ordered, adj))  # (index, neighbours) of a board seen before, connected
        index = shape[0] if shape else {rc: i for i, rc in enumerate(ordered)}
        n = len(ordered)
        g: dict[int, int] = {}
        seen: dict[int, tuple[int, int]] = {}
        for rc, v in (givens or {}).items():
            r, c = int(rc[0]), int(rc[1])
            v = int(v)
            if v == 0:
                continue
            if (r, c) not in index:
                raise PuzzleError(f"given {v} at r{r + 1}c{c + 1} is not on the board")
            if not 1 <= v <= n:
                raise PuzzleError(f"given {v} at r{r + 1}c{c + 1} is outside 1..{n}")
            if v in seen:
                r0, c0 = seen[v]
                raise PuzzleError(f"{v} is given twice: r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1}")
            seen[v] = (r, c)
            g[index[(r, c)]] = v
        self.rows, self.cols, self.adjacency, self.name = rows, cols, adj, name
        self.cells = ordered
        self.index = index
        self.givens = dict(sorted(g.items()))
        if shape:
            self.neighbours = shape[1]
            return
        offs = ADJACENCIES[adj]
        self.neighbours = tuple(
            tuple(index[(r + dr, c + dc)] for dr, dc in offs if (r + dr, c + dc) in index) for r, c in ordered
        )
        if n > 1 and n < rows * cols:  # (a full rectangle is connected under either adjacency)
            d = self.distances([0])[0]
            if (d < 0).any():
                far = self.cell_name(int((d < 0).nonzero()[0][0]))
                raise PuzzleError(
                    f"the board is not connected under {adj} moves: {far} cannot be reached from {self.cell_name(0)}"
                )
        if len(_SHAPES) >= 64:
            _SHAPES.clear()
        _SHAPES[(ordered, adj)] = (index, self.neighbours)

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[int | None]], adjacency: str = "king",
                  name: str | None = None) -> "Hidato":
        """A puzzle from rows of numbers: ``> 0`` given, ``0`` open, ``None`` or ``< 0`` no cell."""
        rows = len(grid)
        cols = max((len(r) for r in grid), default=0)
        cells, givens = [], {}
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v is None or v < 0:
                    continue
                cells.append((r, c))
                if v:
                    givens[(r, c)] = v
        return cls(rows, cols, cells, givens, adjacency, name)

    @classmethod
    def empty(cls, rows: int, cols: int, adjacency: str = "king", cells=None) -> "Hidato":
        """A board with no givens (counting it counts the directed Hamiltonian paths)."""
        return cls(rows, cols, cells, None, adjacency)

    @classmethod
    def numbrix(cls, rows: int, cols: int, cells=None, givens=None, name: str | None = None) -> "Hidato":
        """A Numbrix: the same puzzle with rook adjacency."""
        return cls(rows, cols, cells, givens, "rook", name)

    def with_givens(self, givens: Mapping[int, int]) -> "Hidato":
        """The same board and adjacency with other givens, keyed by *cell index*."""
        return Hidato(self.rows, self.cols, self.cells,
                      {self.cells[i]: v for i, v in givens.items()}, self.adjacency, self.name)

    # ------------------------------------------------------------------ properties
    @property
    def num_cells(self) -> int:
        """Number of board cells."""
        return len(self.cells)

    @property
    def max_value(self) -> int:
        """The largest number, ``N`` (one number per cell)."""
        return len(self.cells)

    @property
    def num_givens(self) -> int:
        """Number of given numbers."""
        return len(self.givens)

    @property
    def is_numbrix(self) -> bool:
        """Whether moves are orthogonal (rook adjacency)."""
        return self.adjacency == "rook"

    @property
    def full(self) -> bool:
        """Whether the board fills its rectangle."""
        return len(self.cells) == self.rows * self.cols

    @cached_property
    def shape_key(self) -> tuple:
        """What a given-independent model depends on: rectangle, cells, adjacency."""
        return (self.rows, self.cols, self.cells, self.adjacency)

    @cached_property
    def key(self) -> tuple:
        """Board, adjacency and givens: everything a pruned model depends on."""
        return self.shape_key + (tuple(self.givens.items()),)

    @cached_property
    def given_values(self) -> tuple[int, ...]:
        """Numbers per cell, 0 where open."""
        return tuple(self.givens.get(i, 0) for i in range(len(self.cells)))

    @cached_property
    def neighbour_array(self) -> "numpy.ndarray":
        """``(N, max degree)`` int array of neighbours, padded with ``N`` (a sentinel index)."""
        import numpy as np  # loaded with the first Hidato, not with ``import gridsat``

        n = len(self.cells)
        deg = max((len(x) for x in self.neighbours), default=0)
        out = np.full((n, max(deg, 1)), n, dtype=np.int64)
        for i, nb in enumerate(self.neighbours):
            out[i, : len(nb)] = nb
        return out

    def distances(self, sources: Sequence[int]) -> "numpy.ndarray":
        """Move distances over the board from each source cell: ``(len(sources), N)``, ``-1`` unreachable."""
        import numpy as np  # loaded with the first Hidato, not with ``import gridsat``

        n = len(self.cells)
        src = np.asarray(list(sources), dtype=np.int64)
        if self.full:  # no holes: Chebyshev (king) or Manhattan (rook) distance
            rc = self._coords
            dr = np.abs(rc[src, 0][:, None] - rc[None, :, 0])
            dc = np.abs(rc[src, 1][:, None] - rc[None, :, 1])
            return np.maximum(dr, dc) if self.adjacency == "king" else dr + dc
        nb = self.neighbour_array
        dist = np.full((len(src), n + 1), -1, dtype=np.int64)
        reached = np.zeros((len(src), n + 1), dtype=bool)
        rows = np.arange(len(src))
        reached[rows, src] = True
        dist[rows, src] = 0
        frontier = reached.copy()
        step = 0
        while frontier.any():
            step += 1
            nxt = frontier[:, nb].any(axis=2)  # (S, N): some neighbour in the frontier
            nxt = np.concatenate([nxt, np.zeros((len(src), 1), dtype=bool)], axis=1) & ~reached
            dist[nxt] = step
            reached |= nxt
            frontier = nxt
        return dist[:, :n]

    def colour(self) -> "numpy.ndarray":
        """``(row + col) % 2`` per cell: the two sides of the rook graph."""
        return self._colour.copy()

    @cached_property
    def _colour(self) -> "numpy.ndarray":
        import numpy as np  # loaded with the first Hidato, not with ``import gridsat``

        return np.array([(r + c) & 1 for r, c in self.cells], dtype=np.int64)

    @cached_property
    def _coords(self) -> "numpy.ndarray":
        import numpy as np  # loaded with the first Hidato, not with ``import gridsat``

        return np.array(self.cells, dtype=np.int64).reshape(-1, 2)

    def cell_name(self, cell: int) -> str:
        """``r3c8`` style name of a cell (1-based)."""
        r, c = self.cells[cell]
        return f"r{r + 1}c{c + 1}"

    def conflicts(self) -> list[str]:
        """Pairs of givens no path can join, and Numbrix colour-count clashes (empty when none).

        Checking consecutive givens (in number order) is enough: the distance bound for any
        other pair follows by the triangle inequality.
        """
        out: list[str] = []
        n = len(self.cells)
        col = self.colour()
        if self.is_numbrix and n > 1:
            black = int(col.sum())
            white = n - black
            if abs(black - white) > 1:
                out.append(f"the board has {white} and {black} cells of the two colours; "
                           f"a rook path alternates colours, so they can differ by at most 1")
                return out
        items = sorted((v, c) for c, v in self.givens.items())
        if len(items) >= 2:
            dist = self.distances([c for _, c in items[:-1]])
            for i in range(len(items) - 1):
                (a, ca), (b, cb) = items[i], items[i + 1]
                d = int(dist[i, cb])
                if d > b - a:
                    out.append(f"{a} and {b} are {b - a} apart but their cells are {d} moves apart "
                               f"({self.cell_name(ca)} and {self.cell_name(cb)})")
                elif self.is_numbrix and (d - (b - a)) % 2:
                    out.append(f"{a} and {b} are {b - a} apart but their cells are {d} moves apart "
                               f"({self.cell_name(ca)} and {self.cell_name(cb)}), and every rook move "
                               f"changes colour, so the gap must have the parity of the distance")
        if self.is_numbrix and n > 1 and not out:
            black = int(col.sum())
            white = n - black
            if black != white:
                # the larger colour class holds 1, N and every odd number
                odd_colour = 1 if black > white else 0
                for c, v in self.givens.items():
                    if (col[c] == odd_colour) != (v % 2 == 1):
                        out.append(f"{v} at {self.cell_name(c)} is on the wrong colour: with {max(black, white)} "
                                   f"and {min(black, white)} cells of each colour, odd numbers sit on the larger class")
                        break
        return out

    def grid(self, values: Sequence[int] | None = None) -> list[list[int | None]]:
        """The givens (or ``values`` per cell) as rows: numbers, 0 for open, ``None`` for no cell."""
        v = self.given_values if values is None else values
        out: list[list[int | None]] = [[None] * self.cols for _ in range(self.rows)]
        for i, (r, c) in enumerate(self.cells):
            out[r][c] = int(v[i])
        return out

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other) -> bool:
        return isinstance(other, Hidato) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __str__(self) -> str:
        w = len(str(len(self.cells)))
        lines = []
        for row in self.grid():
            lines.append(" ".join(("#" if v is None else "." if v == 0 else str(v)).rjust(w) for v in row))
        return "\n".join(lines)

    def layout(self) -> "Layout":
        """The board as a :class:`~gridsat.rendering.svg.Layout` for drawing: holes, cells, the path."""
        from ...rendering.svg import Layout

        rows, cols = self.rows, self.cols
        region: list = [None] * (rows * cols)
        cell_of: list[int | None] = [None] * (rows * cols)
        for i, (r, c) in enumerate(self.cells):
            region[r * cols + c] = 0
            cell_of[r * cols + c] = i
        return Layout("numbrix" if self.is_numbrix else "hidato", rows, cols, region, cell_of, self.given_values,
                      path=True, max_value=len(self.cells))

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    def __repr__(self) -> str:
        what = "Numbrix" if self.is_numbrix else "Hidato"
        holes = "" if self.full else f", {self.rows * self.cols - len(self.cells)} holes"
        return f"<{what} {self.rows}x{self.cols}, {len(self.cells)} cells{holes}, {len(self.givens)} givens>"


def random_path(rows: int, cols: int, adjacency: str = "king", seed: int | None = None,
                moves: int | None = None) -> list[tuple[int, int]]:
    """A random Hamiltonian path of the full ``rows x cols`` board by backbite moves.

    Starts from a boustrophedon and applies ``moves`` (default ``20 * rows * cols``) random
    backbites at either end; each keeps a Hamiltonian path. Returns the cells in path order.
    """
    import random

    rng = random.Random(seed)
    offs = ADJACENCIES[_ALIASES[adjacency]]
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    n = len(path)
    if n < 3:
        return path
    for _ in range(moves if moves is not None else 20 * n):
        if rng.random() < 0.5:
            path.reverse()
        r, c = path[-1]
        dr, dc = offs[rng.randrange(len(offs))]
        v = (r + dr, c + dc)
        if not (0 <= v[0] < rows and 0 <= v[1] < cols):
            continue
        i = path.index(v)
        if i == n - 2:
            continue
        path[i + 1:] = path[:i:-1]
    return path
