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
5. The givens (mostly made by the repairs) are then joined, one by one, to a neighbouring
   cage of under four cells (two tried), with the tighter of its two tightest operations that
   keeps the puzzle unique.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...errors import PuzzleError
from ...generators.generated import Generated
from .choices import ORACLE as _ORACLE
from .encode_cnf import cage_clauses, latin_clauses
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


class _Oracle:
    """One incremental solver per generated puzzle: the Latin square loaded once, each cage's
    clauses added once under an activation literal, the planned solution blocked for good; a
    puzzle is unique when the solver finds nothing under its cages' literals."""

    def __init__(self, n: int, sol: list[int], solver: str) -> None:
        from pysat.solvers import Solver

        self.n = n
        self.solver = Solver(name=solver, bootstrap_with=latin_clauses(n))
        self.solver.add_clause([-(c * n + v) for c, v in enumerate(sol)])
        self.nxt = n ** 3 + 1
        self.acts: dict = {}

    def _act(self, cage, tab) -> int:
        act = self.acts.get(cage)
        if act is None:
            act = self.acts[cage] = self.nxt
            clauses, self.nxt = cage_clauses(self.n, cage, tab, self.nxt + 1)
            for cl in clauses:
                self.solver.add_clause([-act, *cl])
        return act

    def second(self, puzzle: KenKen) -> list[int] | None:
        """Another solution than the planned one, or ``None`` (unique)."""
        n = self.n
        acts = [self._act(c, t) for c, t in zip(puzzle.cages, puzzle.tables) if c.op is not None]
        if not self.solver.solve(assumptions=acts):
            return None
        model = self.solver.get_model()
        return [next(v for v in range(1, n + 1) if model[c * n + v - 1] > 0) for c in range(n * n)]

    def close(self) -> None:
        self.solver.delete()


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
        raise PuzzleError(f"--max-cage must be 1..4, got {max_cage!r}")
    t0 = time.perf_counter()
    rng = rng or random.Random(seed)
    n = size
    sol = latin_square(n, rng)
    cages = [(cells, _first_op([sol[c] for c in cells], rng)) for cells in random_cages(n, rng, max_cage)]
    tried: dict[tuple[int, ...], set[str]] = {tuple(sorted(c)): {op} for c, op in cages}
    repairs = 0
    oracle = _Oracle(n, sol, solver)
    while True:
        puzzle = KenKen(n, [(cells, _clue(op, [sol[c] for c in cells]), op) for cells, op in cages])
        other = oracle.second(puzzle)
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
    cages, merged = _merge_givens(n, sol, cages, rng, oracle)
    oracle.close()
    puzzle = KenKen(n, [(cells, _clue(op, [sol[c] for c in cells]), op)
                        for cells, op in sorted(cages, key=lambda co: min(co[0]))])
    return Generated(puzzle, tuple(sol), seed, "kenken", time.perf_counter() - t0,
                     info={"cages": len(puzzle.cages), "givens": puzzle.num_givens, "repairs": repairs,
                           "merged": merged})


def _merge_givens(n: int, sol: list[int], cages: list, rng: random.Random, oracle: _Oracle) -> tuple[list, int]:
    """The repairs' givens joined to a neighbouring cage of under 4 cells (two neighbours at most,
    the two tightest operations the joined digits allow) wherever the puzzle stays unique."""
    merged = 0
    for given in rng.sample([cells for cells, op in cages if len(cells) == 1], sum(1 for c, _ in cages if len(c) == 1)):
        i = next((i for i, (cells, _) in enumerate(cages) if cells == given), None)
        if i is None:
            continue
        cell = given[0]
        near = [j for j, (cells, _) in enumerate(cages) if j != i and len(cells) < 4
                and any(d in cells for d in _neighbours(cell, n))]
        rng.shuffle(near)
        done = False
        for j in near[:2]:
            joined = sorted(cages[j][0] + [cell])
            for op in _ops([sol[c] for c in joined])[:2]:
                trial = [co for k, co in enumerate(cages) if k not in (i, j)] + [(joined, op)]
                p = KenKen(n, [(cells, _clue(o, [sol[c] for c in cells]), o) for cells, o in trial])
                if oracle.second(p) is None:
                    cages, done = trial, True
                    merged += 1
                    break
            if done:
                break
    return cages, merged
