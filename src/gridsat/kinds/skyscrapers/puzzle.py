"""The Skyscrapers puzzle: an ``n x n`` board of buildings 1..m with clues outside it.

Every row and column holds each height 1..m once; when ``m < n`` it also holds ``n - m``
empty cells (height 0). A clue beside a row or column counts the buildings seen from that
side: a building is seen when it is taller than every building before it.

Cells are numbered row by row (``r * n + c``). A solution is a tuple of heights per cell
(``0`` empty). Givens are ``None`` (open) or a height (``0``: an empty cell, only when
``m < n``). Clues are four tuples of ``n`` numbers (``0``: no clue): ``top`` and ``bottom``
by column, ``left`` and ``right`` by row.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from ...errors import PuzzleError

__all__ = ["Skyscrapers", "SIDES", "MAX_SIZE"]

#: the four sides in the order janko.at and puzz.link list their clues
SIDES = ("top", "bottom", "left", "right")
#: the largest board side
MAX_SIZE = 16


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Skyscrapers:
    """A Skyscrapers puzzle (immutable, validated on construction).

    Parameters
    ----------
    n : int
        The board's side (2..16).
    m : int, optional
        The tallest building (1..n; default ``n``).
    top, bottom, left, right : sequence of int, optional
        The clues of each side, ``n`` numbers each (``0``: no clue), in 1..m.
    givens : sequence of (int or None), optional
        ``n * n`` cells, row by row: ``None`` open, else the cell's height (0 empty, only when ``m < n``).
    name : str, optional

    Raises
    ------
    PuzzleError
        A clue or given outside its range, or lists of the wrong length.
    """

    kind = "skyscrapers"

    def __init__(self, n: int, m: int | None = None, *, top: Sequence[int] = (), bottom: Sequence[int] = (),
                 left: Sequence[int] = (), right: Sequence[int] = (), givens: Sequence[int | None] = (),
                 name: str | None = None) -> None:
        if not _int(n) or not 2 <= n <= MAX_SIZE:
            raise PuzzleError(f"a skyscrapers board has a side of 2 to {MAX_SIZE}, got {n!r}")
        m = n if m is None else m
        if not _int(m) or not 1 <= m <= n:
            raise PuzzleError(f"the tallest building must be 1..{n} on a {n}x{n} board, got {m!r}")
        self.n, self.m, self.name = n, m, name
        clues = []
        for side, seq in zip(SIDES, (top, bottom, left, right)):
            seq = tuple(seq) or (0,) * n
            if len(seq) != n:
                raise PuzzleError(f"the {side} clues must be {n} numbers, got {len(seq)}")
            for i, v in enumerate(seq):
                if not _int(v) or not 0 <= v <= m:
                    raise PuzzleError(f"{side} clue {i + 1} is {v!r}: a clue counts 1..{m} buildings (0: none)")
            clues.append(seq)
        self.top, self.bottom, self.left, self.right = clues
        g = tuple(givens) or (None,) * (n * n)
        if len(g) != n * n:
            raise PuzzleError(f"a {n}x{n} board has {n * n} cells, got {len(g)} givens")
        low = 0 if m < n else 1
        for i, v in enumerate(g):
            if v is not None and (not _int(v) or not low <= v <= m):
                raise PuzzleError(f"r{i // n + 1}c{i % n + 1} holds {v!r}: a given is {low}..{m}"
                                  + (" (0 empty)" if low == 0 else ""))
        self.givens: tuple[int | None, ...] = g

    # ------------------------------------------------------------------ shape
    def cell_name(self, cell: int) -> str:
        """``r3c4`` (1-based)."""
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    @property
    def num_cells(self) -> int:
        """The board's cells, ``n * n``."""
        return self.n * self.n

    @property
    def num_givens(self) -> int:
        """Given cells plus clues (what a solver starts from)."""
        return sum(v is not None for v in self.givens) + self.num_clues

    @property
    def num_clues(self) -> int:
        """The clues outside the board."""
        return sum(1 for side in SIDES for v in getattr(self, side) if v)

    @property
    def values(self) -> tuple[int, ...]:
        """The values a cell may hold: ``0`` (empty, when ``m < n``) and 1..m."""
        return tuple(range(0 if self.m < self.n else 1, self.m + 1))

    @property
    def key(self) -> tuple:
        """Everything the puzzle is: size, heights, clues, givens."""
        return (self.n, self.m, self.top, self.bottom, self.left, self.right, self.givens)

    @property
    def units(self) -> list[list[int]]:
        """Rows then columns, as cell lists."""
        n = self.n
        return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]

    def line(self, side: str, i: int) -> list[int]:
        """The cells a clue of ``side`` at index ``i`` looks along, from the clue inwards."""
        n = self.n
        if side == "top":
            return [r * n + i for r in range(n)]
        if side == "bottom":
            return [r * n + i for r in reversed(range(n))]
        if side == "left":
            return [i * n + c for c in range(n)]
        return [i * n + c for c in reversed(range(n))]

    def clues(self) -> Iterator[tuple[str, int, int]]:
        """``(side, index, clue)`` for every clue given."""
        for side in SIDES:
            for i, v in enumerate(getattr(self, side)):
                if v:
                    yield side, i, v

    # ------------------------------------------------------------------ checks
    def conflicts(self) -> list[str]:
        """Givens that clash: a height twice in a row or column, or more empty cells than ``n - m``."""
        n, out = self.n, []
        for u, unit in enumerate(self.units):
            what = f"row {u + 1}" if u < n else f"column {u - n + 1}"
            seen: dict[int, list[int]] = {}
            for c in unit:
                if self.givens[c] is not None:
                    seen.setdefault(self.givens[c], []).append(c)
            for v, cells in sorted(seen.items()):
                names = " and ".join(f"r{c // n + 1}c{c % n + 1}" for c in cells)
                if v and len(cells) > 1:
                    out.append(f"{v} is given twice in {what}: {names}")
                elif v == 0 and len(cells) > n - self.m:
                    out.append(f"{what} has {len(cells)} empty cells given, at most {n - self.m}")
        return out

    def with_givens(self, givens: Sequence[int | None]) -> "Skyscrapers":
        """The same clues with other givens."""
        return Skyscrapers(self.n, self.m, top=self.top, bottom=self.bottom, left=self.left, right=self.right,
                           givens=givens, name=self.name)

    def with_clues(self, top: Sequence[int], bottom: Sequence[int], left: Sequence[int],
                   right: Sequence[int]) -> "Skyscrapers":
        """The same board and givens with other clues."""
        return Skyscrapers(self.n, self.m, top=top, bottom=bottom, left=left, right=right, givens=self.givens,
                           name=self.name)

    def rows(self, values: Sequence[int | None] | None = None) -> list[list[int | None]]:
        """The board's values (default: the givens) as rows."""
        vals = self.givens if values is None else tuple(values)
        return [list(vals[r * self.n:(r + 1) * self.n]) for r in range(self.n)]

    # ------------------------------------------------------------------ drawing
    def layout(self):
        """The board for :func:`gridsat.rendering.render_svg`, the clues drawn one cell outside it."""
        from ...rendering.svg import Layout

        n = self.n
        return Layout(kind=self.kind, rows=n, cols=n, region=[0] * (n * n), cell_of=list(range(n * n)),
                      givens=[v or 0 for v in self.givens], max_value=self.m, pad=1.0, outside=self._svg_clues)

    def _svg_clues(self, frame) -> list[str]:
        """The clues as numbers one cell outside the board, and empty given cells shaded."""
        s, out = frame.s, []
        font = frame.style["font"]
        for side, i, v in self.clues():
            x, y = frame.centre(self.line(side, i)[0])
            dx, dy = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
            out.append(f'<text class="skyscraper-clue" x="{x + dx * s:g}" y="{y + dy * s + s * 0.2:g}" '
                       f'font-size="{s * 0.55:g}" text-anchor="middle" font-family="{font}" '
                       f'fill="#222222">{v}</text>')
        for c, g in enumerate(self.givens):
            if g == 0:
                x, y = frame.centre(c)
                out.append(f'<rect class="empty" x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" height="{s:g}" '
                           f'fill="#d0d0d0" stroke="none"/>')
        return out

    def _repr_svg_(self) -> str:
        """Jupyter display: the board and its clues as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    # ------------------------------------------------------------------ text
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Skyscrapers) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        heights = "" if self.m == self.n else f", heights 1-{self.m}"
        given = sum(v is not None for v in self.givens)
        return f"<{self.n}x{self.n} skyscrapers{heights}, {self.num_clues} clues, {given} givens>"
