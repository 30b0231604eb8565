"""Ripple Effect generation: a random region map, a random filled grid, givens carved while unique.

1. **Regions and digits together.** Cells are taken row by row; each cell still free starts
   a region that grows into random free neighbours up to a random size of ``1..max_region``
   (the sizes weigh :data:`WEIGHTS`: a row of ten cells holds at most five 1s, four 2s, three
   3s and two of any larger digit, so small regions must be common), and the region's digits
   are placed at once by a small backtracking search against the digits already placed; a
   region whose digits do not fit shrinks, and a cell that cannot even hold a 1 joins a
   neighbouring region whose digits are placed anew. A draw that gets stuck is started again
   (random region maps drawn first and filled by a solver almost never fill: the ripple rule
   is tight). At 10x10 with regions up to 7, about one draw in 20 comes through.
2. **Checking.** The filled grid is checked by the verifier.
3. **Carving.** All cells start given; in a random order each given is dropped when the puzzle
   stays unique: one incremental solver holds the formula and a clause blocking the solution,
   and the remaining givens are its assumptions (satisfiable: another solution, keep the given).

Everything random comes from one ``random.Random(seed)``, and the solver is deterministic, so a
seed makes the same puzzle every time.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...errors import PuzzleError, UnsupportedError
from ...generators.generated import Generated
from .choices import ORACLE
from ...verifier import verify
from .puzzle import MAX_REGION_SIZE, MAX_SIDE, Ripple

__all__ = ["generate_ripple", "random_filled"]

#: region maps drawn before giving up
MAX_MAPS = 5000
#: the weight of each region size drawn (larger sizes weigh 1): a line of 10 cells holds at most
#: five 1s, four 2s, three 3s and two of any larger digit, so most regions must be small
WEIGHTS = {1: 1, 2: 2, 3: 3, 4: 3, 5: 3}


def _fits(digits: list[int], rows: int, cols: int, cell: int, d: int) -> bool:
    """Whether ``d`` may go to ``cell``: no ``d`` within ``d`` steps along its row or column."""
    r, k = divmod(cell, cols)
    for step in range(1, d + 1):
        for r2, k2 in ((r - step, k), (r + step, k), (r, k - step), (r, k + step)):
            if 0 <= r2 < rows and 0 <= k2 < cols and digits[r2 * cols + k2] == d:
                return False
    return True


def _place(cells: list[int], digits: list[int], rows: int, cols: int, rng: random.Random) -> bool:
    """Digits ``1..len(cells)`` put on ``cells`` (a random order tried first), or ``False``."""
    free = list(range(1, len(cells) + 1))
    rng.shuffle(free)

    def go(i: int) -> bool:
        if i == len(cells):
            return True
        for d in list(free):
            if _fits(digits, rows, cols, cells[i], d):
                digits[cells[i]] = d
                free.remove(d)
                if go(i + 1):
                    return True
                free.append(d)
                digits[cells[i]] = 0
        return False

    return go(0)


def random_filled(rows: int, cols: int, max_region: int,
                  rng: random.Random) -> "tuple[list[int], list[int]] | None":
    """A random region map (orthogonally connected regions of 1..``max_region`` cells, a label per
    cell) filled with digits that keep the rules, or ``None`` when the greedy draw gets stuck."""
    n = rows * cols
    label = [-1] * n
    digits = [0] * n
    members: list[list[int]] = []

    def free_neighbours(cells: list[int]) -> list[int]:
        out = []
        for c in cells:
            r, k = divmod(c, cols)
            for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                d = r2 * cols + k2
                if 0 <= r2 < rows and 0 <= k2 < cols and label[d] < 0 and d not in out:
                    out.append(d)
        return out

    sizes = list(range(1, max_region + 1))
    weights = [WEIGHTS.get(s, 1) for s in sizes]
    for start in range(n):  # row by row: a cell left alone has regions above and left to join
        if label[start] >= 0:
            continue
        target = rng.choices(sizes, weights)[0]
        cells = [start]
        label[start] = len(members)
        while len(cells) < target:
            options = free_neighbours(cells)
            if not options:
                break
            d = rng.choice(options)
            label[d] = len(members)
            cells.append(d)
        while cells and not _place(cells, digits, rows, cols, rng):
            label[cells.pop()] = -1  # shrink the region until its digits fit
        if cells:
            members.append(cells)
            continue
        # the cell cannot hold a 1: it joins a neighbouring region, whose digits are placed anew
        r, k = divmod(start, cols)
        near = sorted({label[r2 * cols + k2] for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                       if 0 <= r2 < rows and 0 <= k2 < cols and label[r2 * cols + k2] >= 0})
        rng.shuffle(near)
        for reg in near:
            if len(members[reg]) >= max_region:
                continue
            old = [digits[c] for c in members[reg]]
            for c in members[reg]:
                digits[c] = 0
            if _place(members[reg] + [start], digits, rows, cols, rng):  # the region's digits placed anew
                label[start] = reg
                members[reg].append(start)
                break
            for c, v in zip(members[reg], old):
                digits[c] = v
        else:
            return None
    return label, digits


def _carve(puzzle: Ripple, solution: tuple[int, ...], rng: random.Random, solver: str) -> tuple[int, ...]:
    """Givens dropped in a random order while the puzzle stays unique."""
    from pysat.solvers import Solver

    from ...encoders import get_encoding

    model = get_encoding(ORACLE.encoding, "ripple").build(puzzle)
    lit = [int(model.var[c, v]) for c, v in enumerate(solution)]
    givens = list(solution)
    with Solver(name=solver, bootstrap_with=model.clauses) as s:
        s.add_clause([-x for x in lit])  # any other solution
        order = list(range(puzzle.num_cells))
        rng.shuffle(order)
        for c in order:
            keep = [lit[d] for d in range(puzzle.num_cells) if givens[d] and d != c]
            if not s.solve(assumptions=keep):
                givens[c] = 0
    return tuple(givens)


def generate_ripple(rows: int | None = None, cols: int | None = None, max_region: int | None = None,
                    seed: int | None = None, solver: str | None = None, **_ignored: Any) -> Generated:
    """A unique Ripple Effect with a random region map.

    Parameters
    ----------
    rows, cols : int, optional
        The board's size (default 10x10; ``cols`` defaults to ``rows``).
    max_region : int, optional
        The largest region (default 7, at most :data:`~gridsat.kinds.ripple.puzzle.MAX_REGION_SIZE`).
    seed : int, optional
        The seed; the same seed makes the same puzzle.
    solver : str, optional
        The python-sat solver that fills and proves uniqueness (default ``minisat22``).

    Returns
    -------
    Generated
        The puzzle, its solution and facts (``regions``, ``maps`` drawn).
    """
    rows = 10 if rows is None else rows
    cols = rows if cols is None else cols
    max_region = 7 if max_region is None else max_region
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleError(f"a generated Ripple Effect has 2 to {MAX_SIDE} rows and columns, got {rows}x{cols}")
    if not 2 <= max_region <= MAX_REGION_SIZE:
        raise PuzzleError(f"--max-region must be 2 to {MAX_REGION_SIZE}, got {max_region}")
    solver = solver or ORACLE.backend
    t0 = time.perf_counter()
    rng = random.Random(seed)
    for maps in range(1, MAX_MAPS + 1):
        drawn = random_filled(rows, cols, max_region, rng)
        if drawn is not None:
            break
    else:
        raise UnsupportedError(f"no filled region map in {MAX_MAPS} tries")
    board = Ripple(rows, cols, drawn[0])
    solution = tuple(drawn[1])
    problems = verify(board, solution)
    if problems:  # pragma: no cover - the draw keeps the rules
        raise UnsupportedError(f"the drawn grid breaks the rules: {problems[0]}")
    givens = _carve(board, solution, rng, solver)
    puzzle = board.with_givens(givens)
    return Generated(puzzle, solution, seed, "ripple", time.perf_counter() - t0,
                     info={"regions": max(board.regions) + 1, "maps": maps, "max_region": max_region})
