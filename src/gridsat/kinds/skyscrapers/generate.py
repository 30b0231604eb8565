"""Unique Skyscrapers puzzles: a random full board, every clue, then clues removed while unique.

1. A random board: a Latin square filled cell by cell in random order with backtracking, its
   heights above ``m`` made empty.
2. Every clue of that board, plus ``givens`` cells chosen at random (kept). All the clues of a
   random 6x6 board leave it the only solution about one time in ten: boards are drawn until
   one is (up to :data:`BOARDS`; past that, cells where a second solution differs are given).
3. Clues removed in random order while the SAT oracle proves the board the only solution:
   the shape's formula (:mod:`gridsat.kinds.skyscrapers.encode_cnf`) with the board itself
   blocked; each removal is one call under the kept clues as assumptions (unsatisfiable:
   still unique). One pass leaves a puzzle from which no single clue can go.
4. The result is checked once more through :func:`gridsat.check`.

Everything random comes from one ``random.Random(seed)``, and only SAT/UNSAT answers steer the
search, so the same seed gives the same puzzle in any process.
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
from .puzzle import MAX_SIZE, SIDES, Skyscrapers
from .rules import seen

__all__ = ["generate_skyscrapers", "random_board", "all_clues", "BOARDS"]

#: random boards tried for one whose clues alone make it unique, before cells are given instead
BOARDS = 200


def random_board(n: int, m: int, rng: random.Random) -> list[int]:
    """A random ``n x n`` board: a Latin square on 1..n (backtracking, random value order), heights over ``m`` emptied."""
    grid = [0] * (n * n)
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    orders = [rng.sample(range(1, n + 1), n) for _ in range(n * n)]

    def fill(c: int) -> bool:
        if c == n * n:
            return True
        r, k = divmod(c, n)
        for v in orders[c]:
            if v not in rows[r] and v not in cols[k]:
                grid[c] = v
                rows[r].add(v)
                cols[k].add(v)
                if fill(c + 1):
                    return True
                rows[r].discard(v)
                cols[k].discard(v)
        return False

    fill(0)
    return [v if v <= m else 0 for v in grid]


def all_clues(n: int, board: list[int]) -> dict[str, list[int]]:
    """Every clue of a full board, by side."""
    probe = Skyscrapers(n, max(board))
    return {side: [seen([board[c] for c in probe.line(side, i)]) for i in range(n)] for side in SIDES}


def generate_skyscrapers(size: int | None = None, *, max_height: int | None = None, givens: int = 0,
                         seed: int | None = None, solver: str | None = None) -> Generated:
    """A unique Skyscrapers puzzle of side ``size`` (default 6) with heights 1..``max_height``.

    Parameters
    ----------
    size : int, optional
        The board's side (2..16; default 6).
    max_height : int, optional
        The tallest building (default ``size``); below it, each row and column has empty cells.
    givens : int
        Cells given besides the clues (chosen at random, kept while clues are removed).
    seed : int, optional
        The random seed (the same seed gives the same puzzle).
    solver : str, optional
        The python-sat solver of the uniqueness proofs (default: the kind's oracle, MiniSat).

    Returns
    -------
    Generated
        The puzzle, its solution and ``info`` (clues, givens, removal calls).
    """
    t0 = time.perf_counter()
    n = 6 if size is None else size
    if not isinstance(n, int) or not 2 <= n <= MAX_SIZE:
        raise PuzzleError(f"--size must be 2..{MAX_SIZE}, got {n}")
    m = n if max_height is None else max_height
    if not 1 <= m <= n:
        raise PuzzleError(f"--max-height must be 1..{n}, got {m}")
    if not 0 <= givens <= n * n:
        raise PuzzleError(f"--givens must be 0..{n * n}, got {givens}")
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    rng = random.Random(seed)
    model = get_encoding("cnf-sky", "skyscrapers").build(Skyscrapers(n, m))
    calls = boards = 0
    with Solver(name=solver or ORACLE.backend, bootstrap_with=model.clauses) as sat:

        def unique(board: list[int], cl: dict[str, list[int]], cells: set[int]) -> bool:
            nonlocal calls
            calls += 1
            p = Skyscrapers(n, m, **cl, givens=[board[c] if c in cells else None for c in range(n * n)])
            return not sat.solve(assumptions=model.assume(p) + [block])

        # boards until one is the only solution of all its clues (about one 6x6 board in ten);
        # past the attempts, cells are given where a second solution differs
        while True:
            boards += 1
            board = random_board(n, m, rng)
            clues = all_clues(n, board)
            kept = set(rng.sample(range(n * n), givens))
            block = sat.nof_vars() + 1 if boards == 1 else block + 1
            sat.add_clause([-block] + [-int(model.var[c, v]) for c, v in enumerate(board)])
            if unique(board, clues, kept) or boards >= BOARDS:
                break
        while not unique(board, clues, kept):
            other = model.decode(sat.get_model())
            kept.add(rng.choice([c for c in range(n * n) if other[c] != board[c]]))
        order = [(side, i) for side in SIDES for i in range(n)]
        rng.shuffle(order)
        for side, i in order:
            trial = {s: list(v) for s, v in clues.items()}
            trial[side][i] = 0
            if unique(board, trial, kept):
                clues = trial
    puzzle = Skyscrapers(n, m, **clues, givens=[board[c] if c in kept else None for c in range(n * n)])
    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != tuple(board):
        raise GridsatError(f"generator bug: the final check says {res.status}")  # pragma: no cover
    info = {"size": n, "max": m, "clues": puzzle.num_clues, "cells_given": len(kept), "boards": boards,
            "oracle_calls": calls}
    return Generated(puzzle=puzzle, solution=tuple(board), seed=seed, kind="skyscrapers",
                     time=time.perf_counter() - t0, info=info)
