"""The one independent checker every backend answer passes through.

It reads only the raw puzzle data (size, region labels, givens; for Hidato the board
and adjacency) and shares no code with any encoder, so an encoding bug cannot hide
behind a matching bug in the check.
"""

from __future__ import annotations

import functools
import operator
from typing import Callable, Sequence

__all__ = ["verify", "verify_sudoku", "register_verifier", "as_ints"]

_VERIFIERS: dict[str, Callable[[object, Sequence[int]], list[str]]] = {}


def register_verifier(kind: str):
    """Decorator: make ``fn(puzzle, solution) -> problems`` the verifier of a puzzle kind."""

    def deco(fn):
        _VERIFIERS[kind] = fn
        return fn

    return deco


def as_ints(solution: Sequence) -> tuple[list[int], list[str]]:
    """The cell values as Python ints, and the problems with those that are not integers.

    Any integer type counts (``int``, NumPy integers, anything with ``__index__``); ``bool``
    does not (``True`` is not the number 1 in a grid), nor do floats or strings.
    """
    if isinstance(solution, (list, tuple)) and set(map(type, solution)) <= {int}:
        return list(solution), []  # the usual case, checked at C speed
    values: list[int] = []
    problems: list[str] = []
    for i, v in enumerate(solution):
        if type(v) is int:
            values.append(v)
            continue
        if isinstance(v, bool):
            problems.append(f"cell {i} holds {v!r}, not a number")
            values.append(0)
            continue
        try:
            values.append(operator.index(v))
        except TypeError:
            problems.append(f"cell {i} holds {v!r}, not a number")
            values.append(0)
    return values, problems


def verify(puzzle, solution: Sequence[int]) -> list[str]:
    """Problems with ``solution`` as an answer to ``puzzle``; an empty list means it is correct.

    Cell values may be of any integer type (see :func:`as_ints`).
    """
    try:
        fn = _VERIFIERS[puzzle.kind]
    except KeyError:
        return [f"no verifier for puzzle kind {puzzle.kind!r}"]
    try:
        values, problems = as_ints(solution)
    except TypeError:
        return [f"a solution is a sequence of numbers, not {type(solution).__name__}"]
    if problems:
        return problems[:10]
    return fn(puzzle, values)


#: bytes.translate table: 0 stays 0, any other byte becomes 0xFF (the givens' mask)
_NONZERO = bytes([0] + [255] * 255)


@functools.lru_cache(maxsize=64)
def _region_order(n: int, regions: tuple) -> tuple[Callable, bool]:
    """The cells ordered region by region (one itemgetter), and whether every region has n cells."""
    order = sorted(range(n * n), key=regions.__getitem__)  # (a stable sort: cells in order within a region)
    sizes = [0] * n
    for k in regions:
        if 0 <= k < n:
            sizes[k] += 1
    return operator.itemgetter(*order), sizes == [n] * n


def _sudoku_ok(puzzle, sol: list) -> bool:
    """True when ``sol`` is a correct grid: set comparisons only (the hot path of every job)."""
    n = puzzle.n
    want = set(range(1, n + 1))
    try:
        cells, givens = bytes(sol), bytes(puzzle.givens)
    except ValueError:  # a value outside 0..255: the detailed pass says which
        return False
    # every given kept: the solution's bytes under the givens' mask are the givens
    if (int.from_bytes(cells, "little") & int.from_bytes(givens.translate(_NONZERO), "little")
            != int.from_bytes(givens, "little")):
        return False
    by_region, sizes_ok = _region_order(n, tuple(puzzle.regions))
    regions = by_region(sol)
    return (sizes_ok
            and all(set(sol[r * n:(r + 1) * n]) == want for r in range(n))
            and all(set(sol[c::n]) == want for c in range(n))
            and all(set(regions[k * n:(k + 1) * n]) == want for k in range(n)))


@register_verifier("sudoku")
def verify_sudoku(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a full Sudoku-family grid: every row, column and region holds 1..n once, givens kept."""
    n = puzzle.n
    sol = list(solution)
    problems: list[str] = []
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    if _sudoku_ok(puzzle, sol):  # fast path; the detailed pass below explains failures
        return []
    want = set(range(1, n + 1))
    for i, v in enumerate(sol):
        if v not in want:
            problems.append(f"cell {i} holds {v!r}, not a value in 1..{n}")
        g = puzzle.givens[i]
        if g and g != v:
            problems.append(f"cell {i} holds {v!r} but the given is {g}")
    groups: dict[tuple[str, int], list[int]] = {}
    for i, v in enumerate(sol):
        r, c = divmod(i, n)
        for key in (("row", r), ("column", c), ("region", puzzle.regions[i])):
            groups.setdefault(key, []).append(v)
    for (what, k), vals in sorted(groups.items()):
        if len(vals) != n or set(vals) != want:
            problems.append(f"{what} {k + 1} holds {sorted(vals)}, not 1..{n} once each")
    return problems


@register_verifier("hidato")
def verify_hidato(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a Hidato/Numbrix answer: 1..N once each, givens kept, consecutive numbers adjacent.

    Adjacency is recomputed here from the raw cell coordinates: king moves (Chebyshev
    distance 1) or rook moves (Manhattan distance 1).
    """
    cells = list(puzzle.cells)
    n = len(cells)
    sol = list(solution)
    if len(sol) != n:
        return [f"solution has {len(sol)} cells, expected {n}"]
    problems: list[str] = []
    where: dict[int, int] = {}
    for i, v in enumerate(sol):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= n:
            problems.append(f"cell {i} holds {v!r}, not a number in 1..{n}")
        elif v in where:
            problems.append(f"{v} is placed twice (cells {where[v]} and {i})")
        else:
            where[v] = i
    for i, g in puzzle.givens.items():
        if sol[i] != g:
            problems.append(f"cell {i} holds {sol[i]!r} but the given is {g}")
    if problems:
        return problems
    king = puzzle.adjacency == "king"
    for k in range(1, n):
        (r1, c1), (r2, c2) = cells[where[k]], cells[where[k + 1]]
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        ok = max(dr, dc) == 1 if king else dr + dc == 1
        if not ok:
            problems.append(f"{k} at r{r1 + 1}c{c1 + 1} and {k + 1} at r{r2 + 1}c{c2 + 1} do not touch "
                            f"({'king' if king else 'rook'} moves)")
    return problems
