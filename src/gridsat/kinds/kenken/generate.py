"""Unique KenKen puzzles of any side, reproducible from a seed.

1. A random Latin square: cells filled row by row with digits in random order, backtracking on
   a dead end, then rows, columns and digits shuffled.
2. Random cages: from each cell not yet in a cage (in random order), a cage grows by random
   free side-by-side neighbours to a random size (1 to ``max_cage`` cells, mostly 2 and 3).
3. Operations from the square's digits: a one-cell cage is a given; a two-cell cage takes
   ``/`` when its digits divide (half the time), else ``-``, ``+`` or ``*``; a larger cage
   ``+`` or ``*``.
4. Uniqueness by the oracle (the kind record's ``oracle``: MiniSat on ``cnf-table``): while a
   second solution exists, a cell where the two differ is picked and its cage tightened: a
   two-cell cage switches to an operation it has not had (``*`` or ``/`` after ``+`` or
   ``-``), a larger cage is split in two connected pieces, a two-cell cage out of operations
   becomes two givens. Cages only shrink or change operation, so this ends (all givens is
   unique).
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...encoders import get_encoding
from ...errors import PuzzleError
from ...generators.generated import Generated
from .choices import ORACLE as _ORACLE
from .puzzle import MAX_SIZE, KenKen

__all__ = ["latin_square", "random_cages", "generate_kenken"]

#: the python-sat solver of the uniqueness proofs (the kind record's ``oracle``)
ORACLE: str = _ORACLE.backend
#: cage sizes and their weights (one-cell cages are givens: few)
_SIZES = {1: 1, 2: 9, 3: 7, 4: 3}


def latin_square(n: int, rng: random.Random) -> list[int]:
    """A random ``n x n`` Latin square, row-major."""
    grid = [0] * (n * n)

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        r, c = divmod(i, n)
        used = {grid[r * n + k] for k in range(c)} | {grid[k * n + c] for k in range(r)}
        for v in rng.sample(range(1, n + 1), n):
            if v not in used:
                grid[i] = v
                if fill(i + 1):
                    return True
        grid[i] = 0
        return False

    fill(0)
    rows, cols, digits = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    return [digits[grid[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]


def _neighbours(c: int, n: int) -> list[int]:
    r, col = divmod(c, n)
    return [d for ok, d in ((r > 0, c - n), (r + 1 < n, c + n), (col > 0, c - 1), (col + 1 < n, c + 1)) if ok]


def random_cages(n: int, rng: random.Random, max_cage: int = 4) -> list[list[int]]:
    """A random partition of the board into connected cages of 1 to ``max_cage`` cells."""
    sizes = [s for s in _SIZES if s <= max_cage] or [1]
    weights = [_SIZES[s] for s in sizes]
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        want = rng.choices(sizes, weights)[0]
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            free = [d for c in cage for d in _neighbours(c, n) if owner[d] < 0]
            if not free:
                break
            d = rng.choice(free)
            owner[d] = len(cages)
            cage.append(d)
        cages.append(cage)
    return cages


def _ops(vals: list[int]) -> list[str]:
    """The operations a cage with these digits may take, tightest first."""
    if len(vals) == 1:
        return ["="]
    if len(vals) == 2:
        a, b = max(vals), min(vals)
        return (["/"] if a % b == 0 else []) + ["*", "-", "+"]
    return ["*", "+"]


def _clue(op: str, vals: list[int]) -> int:
    if op == "+":
        return sum(vals)
    if op == "*":
        p = 1
        for v in vals:
            p *= v
        return p
    if op == "-":
        return abs(vals[0] - vals[1])
    if op == "/":
        return max(vals) // min(vals)
    return vals[0]


def _first_op(vals: list[int], rng: random.Random) -> str:
    ops = _ops(vals)
    if len(vals) == 2:
        if "/" in ops and rng.random() < 0.5:
            return "/"
        return rng.choice(["-", "-", "+", "*"])
    return rng.choice(ops)


def _split(cage: list[int], cell: int, n: int, rng: random.Random) -> list[list[int]]:
    """``cage`` cut in connected pieces: ``cell`` with one neighbour of the cage, and the rest's components."""
    inside = set(cage)
    mates = [d for d in _neighbours(cell, n) if d in inside]
    pair = {cell, rng.choice(mates)} if mates else {cell}
    rest = inside - pair
    pieces = [sorted(pair)]
    while rest:
        todo = [min(rest)]
        comp = {todo[0]}
        while todo:
            c = todo.pop()
            for d in _neighbours(c, n):
                if d in rest and d not in comp:
                    comp.add(d)
                    todo.append(d)
        rest -= comp
        pieces.append(sorted(comp))
    return pieces


def _second(puzzle: KenKen, solution: list[int], solver: str) -> list[int] | None:
    """Another solution of ``puzzle`` than ``solution``, or ``None`` (unique)."""
    from pysat.solvers import Solver

    model = get_encoding("cnf-table", "kenken")(puzzle)
    with Solver(name=solver, bootstrap_with=model.clauses) as s:
        s.add_clause([-lit for lit in model.primary_true(solution)])
        if not s.solve():
            return None
        return list(model.decode(s.get_model()))


def generate_kenken(size: int = 6, *, seed: int | None = None, max_cage: int = 4, solver: str = ORACLE,
                    rng: random.Random | None = None, **_: Any) -> Generated:
    """A random KenKen with exactly one solution.

    Parameters
    ----------
    size : int
        The side (default 6).
    seed : int, optional
        Same seed, same puzzle.
    max_cage : int
        The largest cage before repairs (1 to 4; default 4).
    solver : str
        The python-sat solver of the uniqueness proofs.

    Returns
    -------
    Generated
        ``info``: ``cages``, ``givens``, ``repairs`` (cages tightened to make it unique).

    Examples
    --------
    >>> g = generate_kenken(4, seed=3)
    >>> g.puzzle.n, len(g.solution)
    (4, 16)
    """
    if not isinstance(size, int) or not 1 <= size <= min(MAX_SIZE, 9):
        raise PuzzleError(f"kenken generation takes sides 1..9, got {size!r}")
    if not isinstance(max_cage, int) or not 1 <= max_cage <= 4:
        raise PuzzleError(f"max_cage must be 1..4, got {max_cage!r}")
    t0 = time.perf_counter()
    rng = rng or random.Random(seed)
    n = size
    sol = latin_square(n, rng)
    cages = [(cells, _first_op([sol[c] for c in cells], rng)) for cells in random_cages(n, rng, max_cage)]
    tried: dict[tuple[int, ...], set[str]] = {tuple(sorted(c)): {op} for c, op in cages}
    repairs = 0
    while True:
        puzzle = KenKen(n, [(cells, _clue(op, [sol[c] for c in cells]), op) for cells, op in cages])
        other = _second(puzzle, sol, solver)
        if other is None:
            break
        repairs += 1
        diff = [c for c in range(n * n) if other[c] != sol[c]]
        cell = rng.choice(diff)
        i = next(i for i, (cells, _) in enumerate(cages) if cell in cells)
        cells, op = cages.pop(i)
        key = tuple(sorted(cells))
        vals = [sol[c] for c in cells]
        left = [o for o in _ops(vals) if o not in tried[key]]
        if len(cells) == 2 and left:
            tried[key].add(left[0])
            cages.append((cells, left[0]))
            continue
        for piece in _split(cells, cell, n, rng) if len(cells) > 2 else [[c] for c in cells]:
            pop = _first_op([sol[c] for c in piece], rng)
            tried[tuple(piece)] = {pop}
            cages.append((piece, pop))
    puzzle = KenKen(n, [(cells, _clue(op, [sol[c] for c in cells]), op)
                        for cells, op in sorted(cages, key=lambda co: min(co[0]))])
    return Generated(puzzle, tuple(sol), seed, "kenken", time.perf_counter() - t0,
                     info={"cages": len(puzzle.cages), "givens": puzzle.num_givens, "repairs": repairs})
