"""KenKen (Calcudoku): an ``n x n`` Latin square cut into cages with arithmetic clues.

Every row and column holds ``1..n`` once. The board is cut into cages, connected groups of
cells; a cage's clue is a target and an operation: ``+`` (the digits add up to the target),
``*`` (they multiply to it), ``-`` (two cells: the larger minus the smaller) or ``/`` (two
cells: the larger divided by the smaller). A one-cell cage is a given: its digit is the
target (operation ``=``). A cage without a clue (operation ``None``) adds no rule, so a board
of clueless one-cell cages is the plain Latin square. Digits may repeat inside a cage when
the cells share no row or column.

Cells are numbered row by row (``r * n + c``); solutions are tuples of digits in that order.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Sequence

from ...errors import PuzzleError

if TYPE_CHECKING:
    from ...rendering.svg import Layout

__all__ = ["KenKen", "Cage", "OPS", "MAX_SIZE", "MAX_TUPLES", "MAX_STEPS", "cage_tuples", "make_cage", "op_symbol"]

#: the operations: their symbol in text, and the words accepted for them
OPS = ("+", "-", "*", "/", "=")
_OP_ALIASES = {"+": "+", "-": "-", "*": "*", "x": "*", "X": "*", "×": "*", "/": "/", ":": "/", "÷": "/",
               "=": "=", "": None, None: None}
#: the largest side (digits 1..n)
MAX_SIZE = 16
#: the most digit tuples one cage may allow (a larger cage is refused: its table would be too big)
MAX_TUPLES = 200_000
#: the most steps of the search for one cage's tuples (a cage past it is refused, as too large)
MAX_STEPS = 600_000


def op_symbol(op) -> str | None:
    """The canonical symbol of an operation (``x``, ``×`` -> ``*``; ``:``, ``÷`` -> ``/``); ``None``: no clue.

    Raises
    ------
    PuzzleError
        An unknown operation.
    """
    try:
        return _OP_ALIASES[op]
    except (KeyError, TypeError):
        raise PuzzleError(f"unknown cage operation {op!r}; use +, -, *, / or = (none: no clue)") from None


@dataclass(frozen=True)
class Cage:
    """One cage: its cells (row-major indices, ascending), target and operation (``None``: no clue)."""

    cells: tuple[int, ...]
    target: int | None
    op: str | None

    @property
    def clue(self) -> str:
        """The clue as written in a corner: ``12+``, ``2/``, ``3`` (a given), ``""`` (none)."""
        if self.op is None:
            return ""
        if self.op == "=":
            return str(self.target)
        return f"{self.target}{'x' if self.op == '*' else self.op}"


def _holds(op: str, target: int, vals: Sequence[int]) -> bool:
    if op == "+":
        return sum(vals) == target
    if op == "*":
        p = 1
        for v in vals:
            p *= v
        return p == target
    if op == "-":
        return abs(vals[0] - vals[1]) == target
    if op == "/":
        a, b = max(vals), min(vals)
        return a == target * b
    return vals[0] == target


def cage_tuples(n: int, cage: Cage, limit: int = MAX_TUPLES) -> list[tuple[int, ...]]:
    """The digit tuples (over ``cage.cells``, in order) that meet the cage's clue, with no digit twice
    in a row or column inside the cage; ``[]`` for a cage without a clue (it allows everything).

    A depth-first enumeration that prunes by the remaining sum (``+``) and divisibility (``*``),
    in compiled code where the finite-domain kernel's extension is built (the same search in
    Python otherwise: the same tuples, in the same order, and the same limits).

    Raises
    ------
    PuzzleError
        More than ``limit`` tuples, or more than :data:`MAX_STEPS` steps of the search.
    """
    if cage.op is None:
        return []
    return list(_listed(n, cage.op, cage.target, _clashes(n, cage.cells), cage.clue, limit)[0])


def _listed(n: int, op: str, t: int, clash: tuple, clue: str, limit: int) -> tuple[tuple, array]:
    """:func:`_tuples`, its refusal worded with the cage's clue."""
    try:
        return _tuples(n, op, t, clash, limit)
    except _TooLarge as e:
        raise _refusal(clue, len(clash), limit, e) from None


def _refusal(clue: str, k: int, limit: int, e: "_TooLarge") -> PuzzleError:
    return PuzzleError(f"the cage {clue} of {k} cells " + (f"allows over {limit} digit tuples" if e.args[0] else
                                                           "is too large to list its digit tuples"))


class _TooLarge(Exception):
    """A cage's search passed :data:`MAX_STEPS` steps (``args[0]`` False) or its tuples the limit (True)."""


def _clashes(n: int, cells: Sequence[int]) -> tuple:
    """Per cell of a cage, the earlier cells in its row or column (all its tuples depend on)."""
    if len(cells) == 2 and (cells[0] // n == cells[1] // n or cells[0] % n == cells[1] % n):
        return _PAIR
    rows = [c // n for c in cells]
    cols = [c % n for c in cells]
    out = [()]
    for i in range(1, len(cells)):
        r, c = rows[i], cols[i]
        out.append(tuple([j for j in range(i) if rows[j] == r or cols[j] == c]))
    return tuple(out)


#: the clashes of two cells in a line
_PAIR = ((), (0,))

#: the compiled lister (``gridsat._csp.arith_tuples``), ``False`` where the extension is not built;
#: ``None`` until first asked
_ARITH = None


def _arith():
    global _ARITH
    if _ARITH is None:
        try:
            from importlib import import_module

            _ARITH = getattr(import_module("gridsat._csp"), "arith_tuples", False)
        except ImportError:
            _ARITH = False
    return _ARITH


def _flat(tuples: tuple) -> array:
    """The tuples' values one after another (a kernel table's data)."""
    return array("i", [v for t in tuples for v in t])


@lru_cache(maxsize=4096)
def _tuples(n: int, op: str, t: int, clash: tuple, limit: int) -> tuple[tuple, array]:
    """:func:`cage_tuples` of a cage by its clue and the pattern of its cells' rows and columns
    (kept: cages of one shape and clue recur across puzzles), as a tuple and flat (:func:`_flat`).
    Raises :class:`_TooLarge`."""
    k = len(clash)
    if op in "-/=" and k != (1 if op == "=" else 2):  # (not a cage make_cage lets through)
        from itertools import product
        out = tuple(vs for vs in product(range(1, n + 1), repeat=k) if _holds(op, t, vs)
                    and (k == 1 or vs[0] != vs[1]))
        return out, _flat(out)
    if op == "-":
        out = tuple((a, b) for a in range(1, n + 1) for b in range(1, n + 1) if a != b and abs(a - b) == t)
        return out, _flat(out)
    if op == "/":
        out = tuple((a, b) for a in range(1, n + 1) for b in range(1, n + 1)
                    if a != b and max(a, b) == t * min(a, b))
        return out, _flat(out)
    if op == "=":
        out = ((t,),) if 1 <= t <= n else ()
        return out, _flat(out)
    native = _arith()
    if native and 0 <= t < 1 << 62 and n <= 31:
        status, _, out, flat = native(n, 0 if op == "+" else 1, t, clash, limit, MAX_STEPS)
        if status:
            raise _TooLarge(status == 2)
        got = array("i")
        got.frombytes(flat)
        return out, got
    out = tuple(_search(n, op, t, clash, limit))
    return out, _flat(out)


def _search(n: int, op: str, t: int, clash: tuple, limit: int) -> list[tuple[int, ...]]:
    """The tuples of a ``+`` or ``*`` cage by a depth-first search in Python (the compiled
    lister's reference: the same steps, tuples and order). Raises :class:`_TooLarge`."""
    k = len(clash)
    out: list[tuple[int, ...]] = []
    vals = [0] * k
    steps = [0]

    def go(i: int, rest: int) -> None:
        steps[0] += 1
        if steps[0] > MAX_STEPS:
            raise _TooLarge(False)
        if i == k:
            if (op == "+" and rest == 0) or (op == "*" and rest == 1):
                out.append(tuple(vals))
                if len(out) > limit:
                    raise _TooLarge(True)
            return
        left = k - i - 1
        used = {vals[j] for j in clash[i]}
        if not left:  # the last cell, without a call per digit
            if op == "+":
                last = (rest,) if 1 <= rest <= n and rest not in used else ()
            else:
                last = [v for v in range(1, n + 1) if v not in used and not rest % v]
            for v in last:
                steps[0] += 1
                if steps[0] > MAX_STEPS:
                    raise _TooLarge(False)
                if op == "+" or rest == v:
                    vals[i] = v
                    out.append(tuple(vals))
                    if len(out) > limit:
                        raise _TooLarge(True)
            vals[i] = 0
            return
        for v in range(1, n + 1):
            if v in used:
                continue
            if op == "+":
                r = rest - v
                if r < left or r > left * n:
                    continue
            else:
                if rest % v:
                    continue
                r = rest // v
            vals[i] = v
            go(i + 1, r)
        vals[i] = 0

    go(0, t)
    return out


#: a cage without a clue: no tuples (it allows everything)
_NONE: tuple[tuple, array] = ((), array("i"))


#: :func:`_shape` of cells with one listed twice
_TWICE: tuple = ((-1,),)


@lru_cache(maxsize=4096)
def _shape(n: int, cells: tuple) -> tuple | None:
    """The clashes of a cage's cells (ascending; :func:`_clashes`), ``None`` when they are not
    connected, :data:`_TWICE` when one is listed twice (kept: a board has few places for a small
    cage, and they recur across puzzles)."""
    if len(cells) > 1:
        if len(set(cells)) != len(cells):
            return _TWICE
        if not _connected(cells, n):
            return None
    return _clashes(n, cells)


def _connected(cells: Sequence[int], n: int) -> bool:
    """Whether the cells (ascending) are connected side by side: a flood fill over the cells as
    bits of a board one column wider (so that a shift by one never wraps to the next row)."""
    if len(cells) == 2:  # one below the other, or next in the row
        a, b = cells
        return b - a == n or (b - a == 1 and b % n != 0)
    w = n + 1
    members = 0
    for c in cells:
        members |= 1 << (c + c // n)
    seen = members & -members
    while True:
        grown = (seen | seen << 1 | seen >> 1 | seen << w | seen >> w) & members
        if grown == seen:
            return seen == members
        seen = grown


_new = object.__new__

#: the type of a cell index (not ``bool``)
_INT = {int}


def _cell(n: int, c) -> int:
    if isinstance(c, (tuple, list)) and len(c) == 2:
        if all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in c):
            return c[0] * n + c[1]
    elif isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n * n:
        return c
    raise PuzzleError(f"cell {c!r} is not on the {n}x{n} board")


def make_cage(n: int, cells, target, op) -> tuple[Cage, tuple]:
    """One cage checked on an ``n x n`` board, with its table of digit tuples (:func:`cage_tuples`).

    Raises
    ------
    PuzzleError
        No cells, a cell off the board or twice, a cage not connected, a ``-``/``/`` cage of
        other than two cells, a target that is not a whole number or that no digits can make.
    """
    cage, tab, _ = _make_cage(n, cells, target, op)
    return cage, tab


def _make_cage(n: int, cells, target, op) -> tuple[Cage, tuple, array]:
    """:func:`make_cage`, with the table flat too (:func:`_flat`)."""
    cs = None
    if type(cells) in (list, tuple) and cells:  # the readers' cells: indices on the board
        try:
            cs = tuple(sorted(cells))
        except TypeError:
            cs = None
        if cs is not None and not (set(map(type, cs)) == _INT and 0 <= cs[0] and cs[-1] < n * n):
            cs = None
    if cs is None:
        if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
            raise PuzzleError(f"a cage's cells are a list, got {cells!r}")
        cs = tuple(sorted(_cell(n, c) for c in cells))
    if not cs:
        raise PuzzleError("a cage has no cells")
    clash = _shape(n, cs)
    if clash is _TWICE:
        raise PuzzleError("a cell is listed twice in the cage")
    try:
        sym = _OP_ALIASES[op]
    except (KeyError, TypeError):
        sym = op_symbol(op)  # (raises: an unknown operation)
    if sym is None:
        if target is not None:
            raise PuzzleError(f"a target {target!r} needs an operation")
    else:
        if not isinstance(target, int) or isinstance(target, bool) or target < 0:
            raise PuzzleError(f"the target must be a whole number, got {target!r}")
        if len(cs) == 1 and sym in "+*":
            sym = "="
        if sym in "-/" and len(cs) != 2:
            raise PuzzleError(f"a {sym} cage has two cells, not {len(cs)}")
        if sym == "=" and len(cs) != 1:
            raise PuzzleError(f"a given (no operation) is one cell, not {len(cs)}")
    # (a frozen dataclass made without its __init__'s three object.__setattr__ calls)
    cage = _new(Cage)
    cage.__dict__.update(cells=cs, target=target, op=sym)
    if clash is None:
        raise PuzzleError(f"the cage {cage.clue or '(no clue)'} is not connected side by side")
    if sym is None:
        return cage, (), _NONE[1]
    try:
        tab, flat = _tuples(n, sym, target, clash, MAX_TUPLES)
    except _TooLarge as e:
        raise _refusal(cage.clue, len(cs), MAX_TUPLES, e) from None
    if not tab:
        raise PuzzleError(f"no {len(cs)} digits 1..{n} make {cage.clue}"
                          + ("" if len(cs) == 1 else " (none twice in a row or column)"))
    return cage, tab, flat


class KenKen:
    """A KenKen (Calcudoku) puzzle: side ``n`` and its cages.

    Parameters
    ----------
    n : int
        The side; digits run ``1..n``.
    cages : iterable of (cells, target, op)
        Cells are row-major indices (or ``(row, col)`` pairs, 0-based); every cell is in exactly
        one cage, and a cage's cells are connected side by side. ``op`` is ``+``, ``-``, ``*``
        (or ``x``), ``/`` or ``=`` (a given, one cell); ``None`` for no clue (target ``None``).
        ``-`` and ``/`` cages have two cells; a one-cell ``+`` or ``*`` cage is a given.
    name : str, optional

    Raises
    ------
    PuzzleError
        A bad side, a cell outside the board or in two cages, a cell in no cage, a cage that is
        not connected, a ``-``/``/`` cage of other than two cells, or a target no digits of
        the cage can make.

    Examples
    --------
    >>> p = KenKen(2, [([0, 1], 3, "+"), ([2], 2, "="), ([3], None, None)])
    >>> p
    <KenKen 2x2, 3 cages, 1 given>
    >>> [c.clue for c in p.cages]
    ['3+', '2', '']
    """

    kind = "kenken"
    __slots__ = ("n", "cages", "name", "cage_of", "tables", "flat_tables", "givens", "_key")

    def __init__(self, n: int, cages: Iterable, name: str | None = None) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_SIZE:
            raise PuzzleError(f"a KenKen's side must be 1..{MAX_SIZE}, got {n!r}")
        made: list[Cage] = []
        tables, flats = [], []
        owner = [-1] * (n * n)
        for i, item in enumerate(cages):
            try:
                raw_cells, target, op = item
            except (TypeError, ValueError):
                raise PuzzleError(f"cage {i + 1}: give (cells, target, op), got {item!r}") from None
            try:
                cage, tab, flat = _make_cage(n, raw_cells, target, op)
            except PuzzleError as e:
                raise PuzzleError(f"cage {i + 1}: {e}") from None
            for c in cage.cells:
                if owner[c] >= 0:
                    raise PuzzleError(f"cell r{c // n + 1}c{c % n + 1} is in cages {owner[c] + 1} and {i + 1}")
                owner[c] = i
            made.append(cage)
            tables.append(tab)
            flats.append(flat)
        missing = [c for c in range(n * n) if owner[c] < 0] if -1 in owner else ()
        if missing:
            c = missing[0]
            raise PuzzleError(f"cell r{c // n + 1}c{c % n + 1} is in no cage ({len(missing)} cells without one)")
        givens = [0] * (n * n)
        for cage in made:
            if cage.op == "=":
                givens[cage.cells[0]] = cage.target
        s = object.__setattr__
        s(self, "n", n)
        s(self, "cages", tuple(made))
        s(self, "name", name)
        s(self, "cage_of", tuple(owner))
        s(self, "tables", tuple(tables))
        # each table's values one after another (the finite-domain kernel's table data)
        s(self, "flat_tables", tuple(flats))
        s(self, "givens", tuple(givens))
        # a string caches its hash: the encoders' caches hash the key on every look-up
        s(self, "_key", (n, ";".join(f"{c.clue}:{','.join(map(str, c.cells))}" for c in made)))

    def __setattr__(self, name, value) -> None:
        raise AttributeError("KenKen puzzles are immutable")

    def __reduce__(self) -> tuple:
        """Pickled as its side, cages and name (the workbench sends puzzles to worker processes;
        the default way would set attributes, which ``__setattr__`` refuses)."""
        return (KenKen, (self.n, [(c.cells, c.target, c.op) for c in self.cages], self.name))

    @classmethod
    def empty(cls, n: int) -> "KenKen":
        """The board of ``n * n`` clueless one-cell cages: its solutions are the Latin squares."""
        return cls(n, [([c], None, None) for c in range(n * n)])

    @classmethod
    def from_map(cls, n: int, cage_map: Sequence[Sequence], clues: dict, name: str | None = None) -> "KenKen":
        """A puzzle from a map of cage labels (``n`` rows of ``n``) and ``{label: (target, op)}``
        (a label missing from ``clues``: no clue). Cages are ordered by their first cell."""
        cells: dict = {}
        for r, row in enumerate(cage_map):
            for c, lab in enumerate(row):
                cells.setdefault(lab, []).append(r * n + c)
        return cls(n, [(cs, *clues.get(lab, (None, None))) for lab, cs in cells.items()], name=name)

    # ------------------------------------------------------------------ the house's questions
    @property
    def key(self):
        """Everything the encodings depend on: the side and the cages."""
        return self._key

    @property
    def size(self) -> int:
        """The side (as a Sudoku's)."""
        return self.n

    @property
    def num_cells(self) -> int:
        """``n * n``."""
        return self.n * self.n

    @property
    def num_givens(self) -> int:
        """The one-cell cages."""
        return sum(1 for g in self.givens if g)

    def cell_name(self, cell: int) -> str:
        """``r3c4`` (1-based)."""
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def cage_map(self) -> list[list[int]]:
        """The cage index of each cell, as rows."""
        n = self.n
        return [list(self.cage_of[r * n:(r + 1) * n]) for r in range(n)]

    def conflicts(self) -> list[str]:
        """Givens that clash in a row or column, and cages no digits can fill next to the givens."""
        n, g = self.n, self.givens
        out = []
        for what, lines in (("row", [[r * n + c for c in range(n)] for r in range(n)]),
                            ("column", [[r * n + c for r in range(n)] for c in range(n)])):
            for i, line in enumerate(lines):
                seen: dict[int, int] = {}
                for c in line:
                    if g[c] and g[c] in seen:
                        out.append(f"{g[c]} is given twice in {what} {i + 1}: {self.cell_name(seen[g[c]])} "
                                   f"and {self.cell_name(c)}")
                    elif g[c]:
                        seen[g[c]] = c
        return out

    def layout(self) -> "Layout":
        """The board as a :class:`~gridsat.rendering.svg.Layout`: the cages as regions."""
        from ...rendering.svg import Layout

        n = self.n
        return Layout("kenken", n, n, list(self.cage_of), list(range(n * n)), self.givens, max_value=n)

    @property
    def constraints(self) -> tuple:
        """What the drawing draws over the board: the cages' clues in their corners."""
        from .draw import CageClues

        return (CageClues(self.n, tuple((c.cells[0], c.clue) for c in self.cages if c.clue),
                          tuple((c, v) for c, v in enumerate(self.givens) if v)),)

    def _repr_svg_(self) -> str:
        """Jupyter display: the board as SVG (see :func:`gridsat.rendering.render_svg`)."""
        from ...rendering.svg import render_svg

        return render_svg(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, KenKen) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        k = self.num_givens
        return f"<KenKen {self.n}x{self.n}, {len(self.cages)} cages, {k} given{'' if k == 1 else 's'}>"
