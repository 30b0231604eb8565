"""Unique Kakuro puzzles: a pattern of black cells, a filled grid, its sums, uniqueness repaired.

1. A pattern: the first row and column black, other cells black at random (point-symmetric),
   then cleaned: a white cell alone in its row or column run turns black, a run of more than
   9 cells is cut in the middle, until nothing changes.
2. A filling: the white cells filled one by one (most constrained first) with digits in random
   order, distinct in each run, with backtracking.
3. The sums read off the filling.
4. Repair: while the SAT oracle finds a second solution, one cell where it differs takes
   another digit that its runs do not hold, and the sums are read off again. The move taken
   (a differing cell and a free digit) is the one leaving the fewest digit combinations to
   the cell's two runs, ties broken at random; the last :data:`TABU` cells changed are left
   alone. Past :data:`REDIGITS` such repairs (or where no move is left), a differing cell
   turns black instead (one leaving the fewest cells alone in a run) and the pattern is
   cleaned again (the filling stays valid: runs only shrink); every such repair removes
   white cells, so the repair ends.
5. The result is checked once more through :func:`gridsat.check`.

Everything random comes from one ``random.Random(seed)``, and only the solver's answers steer
the search, so the same seed gives the same puzzle in any process.
"""

from __future__ import annotations

import random
import time

from pysat.solvers import Solver

from ...api import check
from ...encoders import get_encoding
from ...errors import GridsatError, PuzzleError
from ...generators.generated import Generated
from .choices import ORACLE
from .puzzle import MAX_SIDE, Kakuro, combinations_for

__all__ = ["generate_kakuro", "random_pattern", "fill", "clues_of", "REDIGITS", "TABU"]

#: repairs that change a digit (where the second solution differs) before repairs black out cells
REDIGITS = 60
#: cells a digit repair leaves alone once changed, for this many repairs (no flipping back and forth)
TABU = 8


def _clean(white: list[bool], R: int, C: int) -> None:
    """Black out white cells alone in a run and cut runs over 9 cells, in place, until stable."""
    changed = True
    while changed:
        changed = False
        for across in (True, False):
            outer, inner = (R, C) if across else (C, R)
            for a in range(outer):
                b = 0
                while b < inner:
                    if not white[a * C + b if across else b * C + a]:
                        b += 1
                        continue
                    start = b
                    while b < inner and white[a * C + b if across else b * C + a]:
                        b += 1
                    length = b - start
                    if length == 1:
                        white[a * C + start if across else start * C + a] = False
                        changed = True
                    elif length > 9:
                        mid = start + length // 2
                        white[a * C + mid if across else mid * C + a] = False
                        changed = True


def _orphans(white: list[bool], R: int, C: int, i: int) -> int:
    """How many white cells would be left alone in a run if cell ``i`` turned black."""
    white[i] = False
    r, c = divmod(i, C)
    out = 0
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < R and 0 <= cc < C and white[rr * C + cc]:
            j = rr * C + cc
            across = (cc > 0 and white[j - 1]) or (cc + 1 < C and white[j + 1])
            down = (rr > 0 and white[j - C]) or (rr + 1 < R and white[j + C])
            out += (not across) + (not down)
    white[i] = True
    return out


def random_pattern(R: int, C: int, rng: random.Random, black: float = 0.3) -> list[bool]:
    """A random pattern (``True`` white), first row and column black, point-symmetric in the rest."""
    white = [r > 0 and c > 0 for r in range(R) for c in range(C)]
    for r in range(1, R):
        for c in range(1, C):
            rr, cc = R - r, C - c  # the mirror of (r, c) in the rows/columns 1..
            if (r, c) <= (rr, cc) and rng.random() < black:
                white[r * C + c] = False
                white[rr * C + cc] = False
    _clean(white, R, C)
    return white


def _runs_of(white: list[bool], R: int, C: int) -> list[list[int]]:
    cells = [None if w else (0, 0) for w in white]
    return [list(run.cells) for run in Kakuro(R, C, cells).runs]


def fill(white: list[bool], R: int, C: int, rng: random.Random) -> list[int] | None:
    """Digits for the white cells, distinct in every run (``None`` if none found within the step budget)."""
    runs = _runs_of(white, R, C)
    of: dict[int, list[int]] = {}
    for k, run in enumerate(runs):
        for c in run:
            of.setdefault(c, []).append(k)
    used = [set() for _ in runs]
    grid = [0] * (R * C)
    cells = sorted(of, key=lambda c: (-sum(len(runs[k]) for k in of[c]), c))
    orders = {c: rng.sample(range(1, 10), 9) for c in cells}
    steps = [0]

    def go(i: int) -> bool:
        if i == len(cells):
            return True
        steps[0] += 1
        if steps[0] > 200_000:
            return False
        c = cells[i]
        for d in orders[c]:
            if all(d not in used[k] for k in of[c]):
                grid[c] = d
                for k in of[c]:
                    used[k].add(d)
                if go(i + 1):
                    return True
                for k in of[c]:
                    used[k].discard(d)
        grid[c] = 0
        return False

    return grid if go(0) else None


def clues_of(white: list[bool], grid: list[int], R: int, C: int) -> list:
    """The cells of the puzzle whose filling is ``grid``: the sums of every run on its black cell."""
    cells: list = [None if w else [0, 0] for w in white]
    for across in (True, False):
        step = 1 if across else C
        for i, w in enumerate(white):
            if w:
                continue
            r, c = divmod(i, C)
            j = i + step
            if (c + 1 >= C if across else r + 1 >= R) or not white[j]:
                continue
            total = 0
            while j < R * C and white[j] and (not across or j // C == r):
                total += grid[j]
                j += step
            cells[i][1 if across else 0] = total
    return [None if v is None else tuple(v) for v in cells]


def _seen(puzzle: Kakuro, grid: list[int], cell: int) -> set[int]:
    """The digits of the other cells in ``cell``'s two runs."""
    return {grid[c] for run in puzzle.runs if cell in run.cells for c in run.cells if c != cell}


def _ways(puzzle: Kakuro, grid: list[int], cell: int, digit: int) -> int:
    """How many digit combinations ``cell``'s runs would allow with ``digit`` in it (a product)."""
    ways = 1
    for run in puzzle.runs:
        if cell in run.cells:
            total = sum(digit if c == cell else grid[c] for c in run.cells)
            ways *= len(combinations_for(len(run.cells), total))
    return ways


def generate_kakuro(size: int | None = None, *, cols: int | None = None, black: float = 0.3,
                    seed: int | None = None, solver: str | None = None) -> Generated:
    """A unique Kakuro puzzle of ``size`` rows (default 12) and ``cols`` columns (default ``size``).

    Parameters
    ----------
    size : int, optional
        The board's rows, clue row included (3..32; default 12).
    cols : int, optional
        The board's columns, clue column included (default: ``size``).
    black : float
        The share of inner cells first drawn black (0.1..0.6; default 0.3).
    seed : int, optional
        The random seed (the same seed gives the same puzzle).
    solver : str, optional
        The python-sat solver of the uniqueness proofs (default: the kind's oracle, MiniSat).

    Returns
    -------
    Generated
        The puzzle, its solution and ``info`` (white cells, runs, repairs, oracle calls).
    """
    t0 = time.perf_counter()
    R = 12 if size is None else size
    C = R if cols is None else cols
    for v, what in ((R, "--size"), (C, "--cols")):
        if not isinstance(v, int) or not 3 <= v <= MAX_SIDE:
            raise PuzzleError(f"{what} must be 3..{MAX_SIDE}, got {v}")
    if not 0.1 <= black <= 0.6:
        raise PuzzleError(f"--black must be 0.1..0.6, got {black}")
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    rng = random.Random(seed)
    encode = get_encoding(ORACLE.encoding, "kakuro").build
    while True:
        white = random_pattern(R, C, rng, black)
        if any(white):
            grid = fill(white, R, C, rng)
            if grid is not None:
                break
    repairs = calls = 0
    recent: list[int] = []
    while True:
        puzzle = Kakuro(R, C, clues_of(white, grid, R, C))
        model = encode(puzzle)
        with Solver(name=solver or ORACLE.backend, bootstrap_with=model.clauses) as sat:
            sat.add_clause([-int(model.var[c, grid[c]]) for c in puzzle.white] or [-1, 1])
            calls += 1
            if not puzzle.white or not sat.solve():
                break
            other = model.decode(sat.get_model())
        diff = [c for c in puzzle.white if other[c] != grid[c]]
        repairs += 1
        moves = [(_ways(puzzle, grid, c, d), rng.random(), c, d) for c in diff if c not in recent
                 for d in range(1, 10) if d != grid[c] and d not in _seen(puzzle, grid, c)]
        if moves and repairs <= REDIGITS:
            _, _, cell, d = min(moves)
            grid[cell] = d
            recent = (recent + [cell])[-TABU:]
            continue
        cell = min(diff, key=lambda i: (_orphans(white, R, C, i), rng.random()))
        white[cell] = False
        _clean(white, R, C)
        grid = [g if w else 0 for g, w in zip(grid, white)]
    solution = tuple(grid)
    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != solution:
        raise GridsatError(f"generator bug: the final check says {res.status}")  # pragma: no cover
    info = {"rows": R, "cols": C, "white": len(puzzle.white), "runs": len(puzzle.runs), "repairs": repairs,
            "oracle_calls": calls}
    return Generated(puzzle=puzzle, solution=solution, seed=seed, kind="kakuro",
                     time=time.perf_counter() - t0, info=info)
