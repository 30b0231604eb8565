"""Unique Kakuro puzzles: a setter's pattern of black cells, a filling with tight sums, uniqueness repaired.

1. A pattern (:func:`~gridsat.kinds.kakuro.generate_pattern.random_pattern`): the first row
   and column black, black pairs point-symmetric in the rest, the white cells connected,
   every run 2 to ``max_run`` cells, about ``black`` of the inner board black (0.3: a 12x12
   board has about 85 white cells, as published 12x12 Kakuro have).
2. A filling: the pattern's formula (one digit per white cell, distinct in every run) solved
   with the solver's phases set so that each cell prefers a low digit where its runs lean low
   and a high one where they lean high (each run leans one way at random): sums near their
   run's least or greatest have few digit combinations.
3. Tightening: three rounds over the white cells in random order; a cell takes the digit,
   among those its runs do not hold, that leaves its two runs the fewest digit combinations.
4. Repair: while the oracle finds a second solution, one cell where it differs takes another
   digit its runs do not hold, the move leaving the fewest combinations to the cell's two
   runs (ties at random); a cell changed in the last :data:`TABU` repairs is moved only when
   nothing else is left, and then at random. After :data:`RESTART` repairs a fresh filling is
   drawn (back to 2), after :data:`FILLS` fillings a fresh pattern. The oracle is one
   incremental solver per pattern (:data:`~gridsat.kinds.kakuro.choices.ORACLE`: MiniSat on
   the ``cnf-combo`` clauses): each run's sum is added once per total it takes, under an
   activation literal, and each planned filling is blocked under one of its own; a call
   assumes the current sums and the current block.
5. The result is checked once more through :func:`gridsat.check`.

Everything random comes from one ``random.Random(seed)``, and only the solver's answers steer
the search, so the same seed gives the same puzzle in any process.
"""

from __future__ import annotations

import functools
import math
import random
import time
from itertools import combinations

from pysat.solvers import Solver

from ...api import check
from ...errors import GridsatError, PuzzleError
from ...generators.generated import Generated
from .choices import ORACLE
from .generate_pattern import random_pattern
from .puzzle import MAX_SIDE, Kakuro, combinations_for

__all__ = ["generate_kakuro", "clues_of", "TABU", "RESTART", "FILLS", "PATTERNS"]

#: repairs a changed cell is left alone for, unless no other move is left
TABU = 8
#: repairs on one filling before a fresh filling is drawn
RESTART = 40
#: fillings on one pattern before a fresh pattern is drawn
FILLS = 3
#: patterns drawn before the generator gives up (a board too small for a unique puzzle)
PATTERNS = 60


@functools.lru_cache(maxsize=None)
def _ways(size: int, total: int) -> int:
    """How many sets of ``size`` distinct digits add up to ``total``."""
    return len(combinations_for(size, total))


def _runs_of(white: list[bool], R: int, C: int) -> list[list[int]]:
    cells = [None if w else (0, 0) for w in white]
    return [list(run.cells) for run in Kakuro(R, C, cells).runs]


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


class _Oracle:
    """One incremental solver for one pattern: cells and distinct runs loaded once, each run's
    sum added once per total under an activation literal, each planned filling blocked under
    its own literal."""

    def __init__(self, white: list[bool], runs: list[list[int]], solver: str) -> None:
        self.cells = [c for c, w in enumerate(white) if w]
        self.size = len(white)
        self.index = {c: k for k, c in enumerate(self.cells)}
        self.runs = runs
        clauses: list[list[int]] = []
        for c in self.cells:
            group = [self.lit(c, d) for d in range(1, 10)]
            clauses.append(group)
            clauses += [[-a, -b] for a, b in combinations(group, 2)]
        for run in runs:
            for d in range(1, 10):
                clauses += [[-self.lit(a, d), -self.lit(b, d)] for a, b in combinations(run, 2)]
        self.solver = Solver(name=solver, bootstrap_with=clauses)
        self.nxt = 9 * len(self.cells) + 1
        self.acts: dict[tuple[int, int], int] = {}
        self.calls = 0

    def lit(self, c: int, d: int) -> int:
        """The literal "white cell ``c`` holds ``d``"."""
        return 9 * self.index[c] + d

    def _act(self, k: int, total: int) -> int:
        """The activation literal of run ``k`` adding up to ``total`` (its clauses added on first use:
        the ``cnf-combo`` table of digit combinations)."""
        act = self.acts.get((k, total))
        if act is not None:
            return act
        act = self.acts[(k, total)] = self.nxt
        self.nxt += 1
        run, lit = self.runs[k], self.lit
        tab = combinations_for(len(run), total)
        allowed = set().union(*map(set, tab))
        clauses = [[-lit(c, d)] for c in run for d in range(1, 10) if d not in allowed]
        if len(tab) == 1:
            clauses += [[lit(c, d) for c in run] for d in tab[0]]
        else:
            sel = list(range(self.nxt, self.nxt + len(tab)))
            self.nxt += len(tab)
            clauses.append(sel)
            for s, combo in zip(sel, tab):
                clauses += [[-s, -lit(c, d)] for d in sorted(allowed - set(combo)) for c in run]
                clauses += [[-s] + [lit(c, d) for c in run] for d in combo]
            for d in sorted(allowed):
                clauses += [[-lit(c, d)] + [s for s, combo in zip(sel, tab) if d in combo] for c in run]
        for cl in clauses:
            self.solver.add_clause([-act] + cl)
        return act

    def fill(self, rng: random.Random) -> list[int] | None:
        """A filling of the pattern steered toward tight sums (see step 2), or ``None`` (none exists)."""
        lean = [rng.choice((-1, 1)) for _ in self.runs]
        of = _run_index(self.runs)
        phases = []
        for c in self.cells:
            tilt = sum(lean[k] for k in of[c])
            best = min(range(1, 10), key=lambda d: (-tilt * d if tilt else -abs(d - 5)) + 3 * rng.random())
            phases += [self.lit(c, d) if d == best else -self.lit(c, d) for d in range(1, 10)]
        try:
            self.solver.set_phases(phases)
        except (NotImplementedError, AttributeError):  # pragma: no cover - a solver without phases
            pass
        self.calls += 1
        if not self.solver.solve():
            return None
        return self._decode(self.solver.get_model())

    def _decode(self, model: list[int]) -> list[int]:
        grid = [0] * self.size
        for c in self.cells:
            grid[c] = next(d for d in range(1, 10) if model[self.lit(c, d) - 1] > 0)
        return grid

    def second(self, grid: list[int]) -> list[int] | None:
        """Another filling with the sums of ``grid``, or ``None`` (``grid`` is the only one)."""
        block = self.nxt
        self.nxt += 1
        self.solver.add_clause([-block] + [-self.lit(c, grid[c]) for c in self.cells])
        acts = [self._act(k, sum(grid[c] for c in run)) for k, run in enumerate(self.runs)]
        self.calls += 1
        found = self.solver.solve(assumptions=acts + [block])
        other = self._decode(self.solver.get_model()) if found else None
        self.solver.add_clause([-block])  # this block is done with
        return other

    def close(self) -> None:
        self.solver.delete()


def _run_index(runs: list[list[int]]) -> dict[int, list[int]]:
    of: dict[int, list[int]] = {}
    for k, run in enumerate(runs):
        for c in run:
            of.setdefault(c, []).append(k)
    return of


def _cost(grid: list[int], runs: list[list[int]], ks: list[int]) -> int:
    """The product of the digit combinations left to runs ``ks`` by their sums in ``grid``."""
    out = 1
    for k in ks:
        out *= _ways(len(runs[k]), sum(grid[c] for c in runs[k]))
    return out


def _free(grid: list[int], runs: list[list[int]], ks: list[int], cell: int) -> list[int]:
    """The digits ``cell`` could take instead: held by no other cell of its runs."""
    held = {grid[c] for k in ks for c in runs[k] if c != cell}
    return [d for d in range(1, 10) if d != grid[cell] and d not in held]


def _tighten(grid: list[int], runs: list[list[int]], of: dict[int, list[int]], rng: random.Random) -> None:
    """Step 3: each cell, three rounds in random order, takes the digit leaving its runs the fewest combinations."""
    cells = sorted(of)
    for _ in range(3):
        rng.shuffle(cells)
        for c in cells:
            now = grid[c]
            best = (math.inf, 0.0, now)
            for d in [now] + _free(grid, runs, of[c], c):
                grid[c] = d
                best = min(best, (_cost(grid, runs, of[c]), rng.random(), d))
            grid[c] = best[2]


def _repair(oracle: _Oracle, grid: list[int], runs: list[list[int]], of: dict[int, list[int]],
            rng: random.Random) -> tuple[bool, int]:
    """Step 4 on one filling, in place: ``(unique, repairs)``."""
    recent: list[int] = []
    for repairs in range(RESTART + 1):
        other = oracle.second(grid)
        if other is None:
            return True, repairs
        if repairs == RESTART:
            break
        moves = []
        for c in (c for c in oracle.cells if other[c] != grid[c]):
            now = grid[c]
            for d in _free(grid, runs, of[c], c):
                grid[c] = d
                moves.append((c in recent, _cost(grid, runs, of[c]), rng.random(), c, d))
            grid[c] = now
        if not moves:
            break
        move = min(moves)
        if move[0]:  # every move left is a recent cell's: a random one
            move = rng.choice(moves)
        grid[move[3]] = move[4]
        recent = (recent + [move[3]])[-TABU:]
    return False, RESTART


def generate_kakuro(size: int | None = None, *, cols: int | None = None, black: float = 0.3,
                    max_run: int = 9, seed: int | None = None, solver: str | None = None) -> Generated:
    """A unique Kakuro puzzle of ``size`` rows (default 12) and ``cols`` columns (default ``size``).

    Parameters
    ----------
    size : int, optional
        The board's rows, clue row included (3..32; default 12).
    cols : int, optional
        The board's columns, clue column included (default: ``size``).
    black : float
        About which share of the inner board is black (0.15..0.5; default 0.3). Small boards
        may end up with more (every run needs two cells).
    max_run : int
        The longest run of white cells (5..9; default 9; shorter runs leave more ways for digits to
        shift while every sum holds, and repairs take longer).
    seed : int, optional
        The random seed (the same seed gives the same puzzle).
    solver : str, optional
        The python-sat solver of the filling and the uniqueness proofs (default: the kind's
        oracle, MiniSat).

    Returns
    -------
    Generated
        The puzzle, its solution and ``info`` (white cells, runs, repairs, fillings, patterns,
        oracle calls).

    Raises
    ------
    PuzzleError
        Bad options, or no unique puzzle within :data:`PATTERNS` patterns.

    Examples
    --------
    >>> g = generate_kakuro(6, seed=4)
    >>> g.puzzle.rows, g.solution == generate_kakuro(6, seed=4).solution
    (6, True)
    """
    t0 = time.perf_counter()
    R = 12 if size is None else size
    C = R if cols is None else cols
    for v, what in ((R, "--size"), (C, "--cols")):
        if not isinstance(v, int) or isinstance(v, bool) or not 3 <= v <= MAX_SIDE:
            raise PuzzleError(f"{what} must be 3..{MAX_SIDE}, got {v}")
    if not isinstance(black, (int, float)) or not 0.15 <= black <= 0.5:
        raise PuzzleError(f"--black must be 0.15..0.5, got {black}")
    if not isinstance(max_run, int) or not 5 <= max_run <= 9:
        raise PuzzleError(f"--max-run must be 5..9, got {max_run}")
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    rng = random.Random(seed)
    repairs = fills = calls = 0
    for patterns in range(1, PATTERNS + 1):
        white = random_pattern(R, C, rng, black, max_run)
        if white is None:
            continue
        runs = _runs_of(white, R, C)
        of = _run_index(runs)
        oracle = _Oracle(white, runs, solver or ORACLE.backend)
        try:
            for _ in range(FILLS):
                grid = oracle.fill(rng)
                if grid is None:
                    break
                fills += 1
                _tighten(grid, runs, of, rng)
                unique, done = _repair(oracle, grid, runs, of, rng)
                repairs += done
                if unique:
                    break
            else:
                unique = False
        finally:
            calls += oracle.calls
            oracle.close()
        if grid is not None and unique:
            break
    else:
        raise PuzzleError(f"no unique {R}x{C} kakuro found in {PATTERNS} patterns; try a larger board")
    puzzle = Kakuro(R, C, clues_of(white, grid, R, C))
    solution = tuple(grid)
    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != solution:
        raise GridsatError(f"generator bug: the final check says {res.status}")  # pragma: no cover
    info = {"rows": R, "cols": C, "white": len(puzzle.white), "runs": len(puzzle.runs), "repairs": repairs,
            "fillings": fills, "patterns": patterns, "oracle_calls": calls}
    return Generated(puzzle=puzzle, solution=solution, seed=seed, kind="kakuro",
                     time=time.perf_counter() - t0, info=info)
