"""The killer puzzle: a Latin-square board with regions (boxes of any shape, or a jigsaw map),
optional givens, and cages.

A :class:`Killer` is its own type that *composes* the board and the constraint vocabulary
rather than extending the board type of the plain kind: the same size ``n``, region map and
givens (cells row by row, ``cell = row * n + col``, values ``1..n``, ``0`` empty), plus a
tuple of :class:`~gridsat.constraints.KillerCage` (the cage's digits differ and add up to its
sum; a cage without a sum only forbids repeats). Its :attr:`Killer.constraints` is the
vocabulary's list (givens, every row, column and region as a full ``alldifferent``, then the
cages), which every encoding of the kind reads, and which the drawing draws.

Why a type of its own: a killer puzzle has its own formats (janko.at's cage grid), its own
default solvers (the plain board's C core knows no cages) and its own generator, and the
front door finds all of them through the type; the cages are the puzzle, not an optional
extra to refuse.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Iterable, Sequence

from ...boards import box_map
from ...constraints import grid_constraints
from ...constraints.cages import KillerCage
from ...errors import PuzzleError

if TYPE_CHECKING:
    from ...rendering.svg import Layout

__all__ = ["Killer", "usual_box", "check_regions", "MAX_SIZE"]

#: the largest board side a killer puzzle may have
MAX_SIZE = 36


def usual_box(n: int) -> tuple[int, int] | None:
    """The usual box shape for side ``n`` (``r`` rows by ``c`` columns, ``r <= c``, ``r`` as large
    as possible, ``r > 1``), or ``None`` when ``n`` has none (a prime side needs a region map)."""
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    return (1, 1) if n == 1 else None


def check_regions(n: int, labels: Sequence) -> tuple[int, ...]:
    """Region labels (any hashable) as ``0..n-1`` in order of first appearance, or
    :class:`PuzzleError` naming the first cell that breaks the partition: ``n`` regions of ``n``
    cells, every cell in one (``None`` is a hole)."""
    if len(labels) != n * n:
        raise PuzzleError(f"the region map has {len(labels)} cells, expected {n * n} for size {n}")
    index: dict = {}
    out = []
    for cell, lab in enumerate(labels):
        if lab is None:
            raise PuzzleError(f"the region map has a hole at r{cell // n + 1}c{cell % n + 1}: every cell is in a region")
        out.append(index.setdefault(lab, len(index)))
    if len(index) != n:
        raise PuzzleError(f"the region map has {len(index)} regions, expected {n}")
    sizes = [0] * n
    for k in out:
        sizes[k] += 1
    for lab, k in index.items():
        if sizes[k] != n:
            raise PuzzleError(f"region {lab!r} has {sizes[k]} cells, expected {n}")
    return tuple(out)


def _cage(n: int, item, k: int) -> KillerCage:
    """Cage ``k`` (0-based) of the arguments: a :class:`KillerCage`, or ``(cells, sum)``."""
    if isinstance(item, KillerCage):
        if item.n != n:
            raise PuzzleError(f"cage {k + 1} is on a {item.n}x{item.n} board, not {n}x{n}")
        return item
    try:
        cells, total = item
    except (TypeError, ValueError):
        raise PuzzleError(f"cage {k + 1} is {item!r}, not a KillerCage or (cells, sum)") from None
    return KillerCage(n, tuple(cells), total)


@dataclass(frozen=True, eq=True)
class Killer:
    """A killer puzzle: size ``n``, region map, givens and cages.

    Parameters
    ----------
    n : int
        Side length; values run ``1..n``.
    cages : sequence of KillerCage or (cells, sum)
        The cages (``sum`` ``None``: a cage without a sum). No cell is in two cages; a cell may
        be in none. They are kept in the order of their first cells.
    givens : sequence of int, optional
        ``n*n`` values row by row, ``0`` for an empty cell (default: none).
    regions : sequence, optional
        ``n*n`` region labels row by row. Default: the boxes of ``box``.
    box : (int, int), optional
        The box shape ``(rows, cols)`` (default: the usual one for ``n``); ignored with ``regions``.
    name : str, optional

    Raises
    ------
    PuzzleError
        A bad size, value, region map or cage (a sum no digits of its size reach, a cell in two
        cages), naming it.

    Examples
    --------
    >>> p = Killer(4, [((0, 1), 3), ((2, 3), 7)])
    >>> p.num_cages, p.box, p.cage_of(3)
    (2, (2, 2), 1)
    """

    n: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]
    box: tuple[int, int] | None
    cages: tuple[KillerCage, ...]
    name: str | None = field(default=None, compare=False)

    kind = "killer"

    def __init__(self, n: int, cages: Iterable = (), givens: Iterable[int] | None = None,
                 regions: Sequence | None = None, box: tuple[int, int] | None = None,
                 name: str | None = None) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_SIZE:
            raise PuzzleError(f"size must be an integer 1..{MAX_SIZE}, got {n!r}")
        g = tuple(map(int, givens)) if givens is not None else (0,) * (n * n)
        if len(g) != n * n:
            raise PuzzleError(f"expected {n * n} cells for size {n}, got {len(g)}")
        if g and not 0 <= min(g) <= max(g) <= n:
            i, v = next((i, v) for i, v in enumerate(g) if not 0 <= v <= n)
            raise PuzzleError(f"value {v} at r{i // n + 1}c{i % n + 1} is outside 1..{n}")
        if regions is None:
            box = tuple(box) if box is not None else usual_box(n)
            if box is None:
                raise PuzzleError(f"size {n} has no r x c box shape; give a region map instead")
            if box[0] * box[1] != n or min(box) < 1:
                raise PuzzleError(f"box {box[0]}x{box[1]} does not tile a {n}x{n} board")
            regs = box_map(n, *box)
        else:
            regs = check_regions(n, list(regions))
            box = next((b for b in _shapes(n) if check_regions(n, box_map(n, *b)) == regs), None)
        cs = tuple(_cage(n, item, k) for k, item in enumerate(cages))
        cs = tuple(sorted(cs, key=lambda cage: cage.members))  # (one order: equal puzzles compare equal)
        inside = [c for cage in cs for c in cage.members]
        if len(set(inside)) != len(inside):  # (a cell in two cages: find the first, to name it)
            owner: dict[int, int] = {}
            for k, cage in enumerate(cs):
                for c in cage.members:
                    if c in owner:
                        raise PuzzleError(f"r{c // n + 1}c{c % n + 1} is in cage {owner[c] + 1} and in cage {k + 1}")
                    owner[c] = k
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "givens", g)
        object.__setattr__(self, "regions", tuple(regs))
        object.__setattr__(self, "box", tuple(box) if box is not None else None)
        object.__setattr__(self, "cages", cs)
        object.__setattr__(self, "name", name)

    # ------------------------------------------------------------------ properties
    @property
    def irregular(self) -> bool:
        """Whether the regions are not boxes (a jigsaw map)."""
        return self.box is None

    @property
    def num_cells(self) -> int:
        """``n * n``."""
        return self.n * self.n

    @property
    def num_givens(self) -> int:
        """Number of given cells."""
        return sum(1 for v in self.givens if v)

    @property
    def num_cages(self) -> int:
        """Number of cages."""
        return len(self.cages)

    @property
    def shape_key(self) -> tuple:
        """What a base formula depends on: size, region map and cages (the givens pose the puzzle)."""
        return (self.n, self.regions, self.cages)

    @cached_property
    def _owner(self) -> dict[int, int]:
        return {c: k for k, cage in enumerate(self.cages) for c in cage.members}

    def cage_of(self, cell: int) -> int | None:
        """The index of the cage holding ``cell``, or ``None``."""
        return self._owner.get(cell)

    @cached_property
    def units(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Every row, column and region as ``(label, cells)`` (``row 3``, ``column 5``, ``box 2``)."""
        n = self.n
        out = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
        out += [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
        word = "region" if self.irregular else "box"
        members: list[list[int]] = [[] for _ in range(n)]
        for cell, reg in enumerate(self.regions):
            members[reg].append(cell)
        out += [(f"{word} {k + 1}", tuple(m)) for k, m in enumerate(members)]
        return tuple(out)

    @cached_property
    def constraints(self) -> tuple:
        """The puzzle as the vocabulary's list: givens, every row, column and region as a full
        ``alldifferent``, then the cages."""
        return grid_constraints(self.n, self.givens, self.units, self.cages)

    def cell_name(self, cell: int) -> str:
        """``r3c8`` style name of a cell (1-based)."""
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def conflicts(self) -> list[str]:
        """Equal givens sharing a row, column, region or cage, and givens that overshoot
        their cage's sum (empty when there are none)."""
        if not any(self.givens):
            return []  # (every clash is one of givens)
        out = []
        units = list(self.units) + [(f"the cage {c.describe().partition(' ')[2]}", c.members) for c in self.cages]
        for label, cells in units:
            seen: dict[int, int] = {}
            for cell in cells:
                v = self.givens[cell]
                if v and v in seen:
                    out.append(f"{v} is given twice in {label}: {self.cell_name(seen[v])} and {self.cell_name(cell)}")
                elif v:
                    seen[v] = cell
        for cage in self.cages:
            given = [self.givens[c] for c in cage.members if self.givens[c]]
            if cage.total is not None and given and (sum(given) > cage.total or
                                                     (len(given) == len(cage.members) and sum(given) != cage.total)):
                out.append(f"the givens {' '.join(map(str, given))} break the sum {cage.total} of the cage "
                           f"{cage.describe().partition(' ')[2]}")
        return out

    def with_givens(self, givens: Iterable[int]) -> "Killer":
        """The same board and cages with other givens."""
        return Killer(self.n, self.cages, givens, regions=None if self.box else self.regions, box=self.box,
                      name=self.name)

    def rows(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """The givens (or ``values``) as a list of rows."""
        v = self.givens if values is None else values
        return [list(v[r * self.n:(r + 1) * self.n]) for r in range(self.n)]

    def layout(self) -> "Layout":
        """The board as a :class:`~gridsat.rendering.svg.Layout` (jigsaw regions shaded); the
        cages are drawn by their constraints."""
        from ...rendering.svg import Layout

        n = self.n
        return Layout(self.kind, n, n, list(self.regions), list(range(n * n)), self.givens,
                      shade_regions=self.irregular, max_value=n)

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    def __str__(self) -> str:
        from ...puzzles.text import format_board

        return format_board(self)

    def __repr__(self) -> str:
        shape = f"{self.box[0]}x{self.box[1]} boxes" if self.box else "irregular regions"
        return f"<Killer {self.n}x{self.n} {shape}, {self.num_cages} cages, {self.num_givens} givens>"


def _shapes(n: int) -> list[tuple[int, int]]:
    """Every box shape ``(r, c)`` with ``1 < r < n`` that tiles a side of ``n``."""
    return [(r, n // r) for r in range(2, n) if n % r == 0]
