"""Suguru generation: a random region map, a random filled grid, givens carved while unique.

1. **Regions.** Cells are taken in a random order; each cell still free starts a region that
   grows into random free neighbours up to a random size of ``2..max_region`` (each size four
   times as likely as the one below); a region left with one cell joins a touching region with
   room, if any. A map is drawn again unless every 2x2 window can hold four different digits
   (its regions' sizes, sorted, are at least 1, 2, 3, 4: two touching cells never share a
   digit, and the four cells of a window all touch).
2. **Filling.** The empty board's formula (``cnf-direct``) is solved with random phases on its
   literals; a map that cannot be filled (rare) is drawn again.
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
from .puzzle import MAX_REGION, MAX_SIDE, Suguru

__all__ = ["generate_suguru", "random_regions", "windows_ok"]

#: region maps drawn before giving up: at 8x8 with regions up to 5, about 2 in 5 maps pass the
#: window test and 1 in 13 of those can be filled
MAX_MAPS = 5000


def windows_ok(puzzle: Suguru) -> bool:
    """Whether every 2x2 window's regions leave room for four different digits (Hall's condition)."""
    s, C = puzzle.sizes, puzzle.cols
    for r in range(puzzle.rows - 1):
        for c in range(C - 1):
            w = sorted(s[x] for x in (r * C + c, r * C + c + 1, (r + 1) * C + c, (r + 1) * C + c + 1))
            if w[0] < 1 or w[1] < 2 or w[2] < 3 or w[3] < 4:
                return False
    return True


def random_regions(rows: int, cols: int, max_region: int, rng: random.Random) -> list[int]:
    """A random map of orthogonally connected regions of 1..``max_region`` cells, a label per cell."""
    n = rows * cols
    label = [-1] * n
    size: list[int] = []

    def free_neighbours(cells: list[int]) -> list[int]:
        out = []
        for c in cells:
            r, k = divmod(c, cols)
            for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                d = r2 * cols + k2
                if 0 <= r2 < rows and 0 <= k2 < cols and label[d] < 0 and d not in out:
                    out.append(d)
        return out

    order = list(range(n))
    rng.shuffle(order)
    sizes = list(range(2, max_region + 1)) or [1]
    weights = [4 ** s for s in sizes]
    for start in order:
        if label[start] >= 0:
            continue
        target = rng.choices(sizes, weights)[0]
        reg = len(size)
        label[start] = reg
        cells = [start]
        while len(cells) < target:
            options = free_neighbours(cells)
            if not options:
                break
            d = rng.choice(options)
            label[d] = reg
            cells.append(d)
        size.append(len(cells))
    # a region of one cell joins a touching region with room left
    for c in range(n):
        if size[label[c]] != 1:
            continue
        r, k = divmod(c, cols)
        near = [label[r2 * cols + k2] for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                if 0 <= r2 < rows and 0 <= k2 < cols and size[label[r2 * cols + k2]] < max_region]
        if near:
            target = rng.choice(sorted(set(near)))
            size[label[c]] -= 1
            label[c] = target
            size[target] += 1
    return label


def _fill(puzzle: Suguru, rng: random.Random, solver: str) -> "tuple[int, ...] | None":
    """A random solution of the empty board (random phases), or ``None`` when it has none."""
    from pysat.solvers import Solver

    from ...encoders import get_encoding

    model = get_encoding(ORACLE.encoding, "suguru").build(puzzle)
    with Solver(name=solver, bootstrap_with=model.clauses) as s:
        import numpy as np  # (the literal table in bulk)

        prim = [int(v) for v in np.asarray(model.var).flatten() if v]
        try:
            s.set_phases([v if rng.random() < 0.5 else -v for v in prim])
        except (NotImplementedError, AttributeError):  # pragma: no cover - a solver without phases
            pass
        if not s.solve():
            return None
        return model.decode(s.get_model())


def _carve(puzzle: Suguru, solution: tuple[int, ...], rng: random.Random, solver: str) -> tuple[int, ...]:
    """Givens dropped in a random order while the puzzle stays unique."""
    from pysat.solvers import Solver

    from ...encoders import get_encoding

    model = get_encoding(ORACLE.encoding, "suguru").build(puzzle)
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


def generate_suguru(rows: int | None = None, cols: int | None = None, max_region: int | None = None,
                    seed: int | None = None, solver: str | None = None, **_ignored: Any) -> Generated:
    """A unique Suguru with a random region map.

    Parameters
    ----------
    rows, cols : int, optional
        The board's size (default 8x8; ``cols`` defaults to ``rows``).
    max_region : int, optional
        The largest region (default 5, at most :data:`~.puzzle.MAX_REGION`).
    seed : int, optional
        The seed; the same seed makes the same puzzle.
    solver : str, optional
        The python-sat solver that fills and proves uniqueness (default ``minisat22``).

    Returns
    -------
    Generated
        The puzzle, its solution and facts (``regions``, ``maps`` drawn).
    """
    rows = 8 if rows is None else rows
    cols = rows if cols is None else cols
    max_region = 5 if max_region is None else max_region
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleError(f"a generated Suguru has 2 to {MAX_SIDE} rows and columns, got {rows}x{cols}")
    if not 4 <= max_region <= MAX_REGION:
        raise PuzzleError(f"--max-region must be 4 to {MAX_REGION} (a 2x2 window needs four digits), got {max_region}")
    solver = solver or ORACLE.backend
    t0 = time.perf_counter()
    rng = random.Random(seed)
    for maps in range(1, MAX_MAPS + 1):
        board = Suguru(rows, cols, random_regions(rows, cols, max_region, rng))
        solution = _fill(board, rng, solver) if windows_ok(board) else None
        if solution is not None:
            break
    else:
        raise UnsupportedError(f"no fillable region map in {MAX_MAPS} tries")
    givens = _carve(board, solution, rng, solver)
    puzzle = board.with_givens(givens)
    return Generated(puzzle, solution, seed, "suguru", time.perf_counter() - t0,
                     info={"regions": max(board.regions) + 1, "maps": maps, "max_region": max_region})
