"""The Str8ts puzzle: an ``n x n`` board of black and white cells, digits 1..n.

White cells hold a digit each; black cells hold none or a given digit. No digit repeats in
a row or column (black cells' digits count). A compartment, a maximal run of white cells in a
row or column, holds a set of consecutive digits in any order.

Cells are numbered row by row (``r * n + c``). ``black`` is a tuple of ``n * n`` booleans;
``givens`` a tuple of ``n * n`` entries, ``None`` (open or an empty black cell) or a digit (a
white given, or a black cell's digit). A solution is a tuple of digits per cell, ``0`` on a
black cell without a digit.
"""

from __future__ import annotations

from typing import Sequence

from ...errors import PuzzleError

__all__ = ["Str8ts", "MAX_SIZE"]

#: the largest board side
MAX_SIZE = 16


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Str8ts:
    """A Str8ts puzzle (immutable, validated on construction).

    Parameters
    ----------
    n : int
        The board's side (2..16); digits are 1..n.
    black : sequence of bool, optional
        ``n * n`` flags, row by row (default: no black cell).
    givens : sequence of (int or None), optional
        ``n * n`` entries, row by row: ``None`` open (or a black cell without a digit), else a digit 1..n.
    name : str, optional

    Raises
    ------
    PuzzleError
        A digit outside 1..n, or lists of the wrong length.
    """

    kind = "str8ts"

    def __init__(self, n: int, black: Sequence[bool] = (), givens: Sequence[int | None] = (),
                 name: str | None = None) -> None:
        if not _int(n) or not 2 <= n <= MAX_SIZE:
            raise PuzzleError(f"a str8ts board has a side of 2 to {MAX_SIZE}, got {n!r}")
        self.n, self.name = n, name
        b = tuple(bool(v) for v in black) or (False,) * (n * n)
        if len(b) != n * n:
            raise PuzzleError(f"a {n}x{n} board has {n * n} cells, got {len(b)} black flags")
        g = tuple(givens) or (None,) * (n * n)
        if len(g) != n * n:
            raise PuzzleError(f"a {n}x{n} board has {n * n} cells, got {len(g)} givens")
        for i, v in enumerate(g):
            if v is not None and (not _int(v) or not 1 <= v <= n):
                raise PuzzleError(f"r{i // n + 1}c{i % n + 1} holds {v!r}: a digit is 1..{n}")
        self.black: tuple[bool, ...] = b
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
        """Cells with a given digit (white or black)."""
        return sum(v is not None for v in self.givens)

    @property
    def key(self) -> tuple:
        """Everything the puzzle is: side, black cells, givens."""
        return (self.n, self.black, self.givens)

    @property
    def units(self) -> list[list[int]]:
        """Rows then columns, as cell lists."""
        n = self.n
        return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]

    def compartments(self) -> list[list[int]]:
        """Every compartment: a maximal run of white cells in a row, then in a column."""
        out: list[list[int]] = []
        for unit in self.units:
            run: list[int] = []
            for c in unit + [-1]:
                if c >= 0 and not self.black[c]:
                    run.append(c)
                    continue
                if run:
                    out.append(run)
                run = []
        return out

    # ------------------------------------------------------------------ checks
    def conflicts(self) -> list[str]:
        """Givens that clash: a digit twice in a row or column."""
        n, out = self.n, []
        for u, unit in enumerate(self.units):
            what = f"row {u + 1}" if u < n else f"column {u - n + 1}"
            seen: dict[int, list[int]] = {}
            for c in unit:
                if self.givens[c] is not None:
                    seen.setdefault(self.givens[c], []).append(c)
            for v, cells in sorted(seen.items()):
                if len(cells) > 1:
                    names = " and ".join(f"r{c // n + 1}c{c % n + 1}" for c in cells)
                    out.append(f"{v} is given twice in {what}: {names}")
        for comp in self.compartments():
            vals = [self.givens[c] for c in comp if self.givens[c] is not None]
            if vals and max(vals) - min(vals) >= len(comp):
                c = comp[0]
                out.append(f"the compartment of {len(comp)} cells from r{c // n + 1}c{c % n + 1} is given "
                           f"{min(vals)} and {max(vals)}, too far apart")
        return out

    def with_givens(self, givens: Sequence[int | None]) -> "Str8ts":
        """The same black cells with other givens."""
        return Str8ts(self.n, self.black, givens, name=self.name)

    def rows(self, values: Sequence[int | None] | None = None) -> list[list[int | None]]:
        """The board's values (default: the givens) as rows."""
        vals = self.givens if values is None else tuple(values)
        return [list(vals[r * self.n:(r + 1) * self.n]) for r in range(self.n)]

    # ------------------------------------------------------------------ drawing
    def layout(self):
        """The board for :func:`gridsat.rendering.render_svg`, black cells drawn filled."""
        from ...rendering.svg import Layout

        n = self.n
        return Layout(kind=self.kind, rows=n, cols=n, region=[0] * (n * n), cell_of=list(range(n * n)),
                      givens=[0 if (v is None or self.black[c]) else v for c, v in enumerate(self.givens)],
                      max_value=n, outside=self._svg_black)

    def _svg_black(self, frame) -> list[str]:
        """The black cells as filled squares; their digits in white take the cells' place among
        the values (so a solution drawn over the board leaves them be)."""
        s, out = frame.s, []
        font = frame.style["font"]
        for c, b in enumerate(self.black):
            if not b:
                continue
            x, y = frame.centre(c)
            out.append(f'<rect class="str8ts-black" x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" '
                       f'height="{s:g}" fill="#111111" stroke="none"/>')
            if self.givens[c] is not None:
                frame.written[c] = (f'<text class="str8ts-black-digit" x="{x:g}" y="{y + s * 0.2:g}" font-size="{s * 0.55:g}" '
                           f'text-anchor="middle" font-family="{font}" fill="#ffffff">{self.givens[c]}</text>')
        return out

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    # ------------------------------------------------------------------ text
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Str8ts) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        blacks = sum(self.black)
        return f"<{self.n}x{self.n} str8ts, {blacks} black cells, {self.num_givens} givens>"
