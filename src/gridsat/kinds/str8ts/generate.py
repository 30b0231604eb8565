"""Unique Str8ts puzzles: a random black-cell layout, a random full board, givens carved away.

1. A layout: black cells chosen at random in pairs symmetric about the centre, some of them
   given a digit (about one in three; one no digit fits at its turn in step 2 stays empty).
2. A full board: the white cells (and the black cells with a digit) in random order, each
   given the first of its digits in random order that keeps the formula satisfiable (the
   layout's formula, :mod:`gridsat.kinds.str8ts.encode_cnf`, with the choices so far as
   assumptions). No call is made for a digit already in the cell's row or column (never
   satisfiable) nor for the digit the last model found holds (always). A layout with no
   board is drawn again.
3. Every white digit given, then givens removed in random order while the SAT oracle proves
   the board the only solution: the formula with the board itself blocked; each removal is
   one call under the kept givens as assumptions (unsatisfiable: still unique). One pass
   leaves a puzzle from which no single given can go.
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
from .puzzle import MAX_SIZE, Str8ts

__all__ = ["generate_str8ts", "random_layout", "LAYOUTS"]

#: layouts tried for one with a full board before giving up
LAYOUTS = 50


def random_layout(n: int, blacks: int, rng: random.Random) -> tuple[list[bool], set[int]]:
    """``(black, with_digit)``: about ``blacks`` black cells symmetric about the centre, and
    the black cells that get a digit."""
    black = [False] * (n * n)
    cells = list(range(n * n))
    rng.shuffle(cells)
    count = 0
    for c in cells:
        if count >= blacks:
            break
        if black[c]:
            continue
        for d in {c, n * n - 1 - c}:
            black[d] = True
            count += 1
    digits = {c for c in range(n * n) if black[c] and rng.random() < 1 / 3}
    return black, digits


def generate_str8ts(size: int | None = None, *, blacks: int | None = None, seed: int | None = None,
                    solver: str | None = None) -> Generated:
    """A unique Str8ts puzzle of side ``size`` (default 9).

    Parameters
    ----------
    size : int, optional
        The board's side (3..16; default 9); digits 1..size.
    blacks : int, optional
        About how many black cells (default: a fifth of the board, rounded).
    seed : int, optional
        The random seed (the same seed gives the same puzzle).
    solver : str, optional
        The python-sat solver of the fill and the uniqueness proofs (default: the kind's oracle, MiniSat).

    Returns
    -------
    Generated
        The puzzle, its solution and ``info`` (black cells, givens, oracle calls, layouts drawn).
    """
    t0 = time.perf_counter()
    n = 9 if size is None else size
    if not isinstance(n, int) or not 3 <= n <= MAX_SIZE:
        raise PuzzleError(f"--size must be 3..{MAX_SIZE}, got {n}")
    k = round(n * n / 5) if blacks is None else blacks
    if not 0 <= k <= n * n // 2:
        raise PuzzleError(f"--blacks must be 0..{n * n // 2}, got {k}")
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    rng = random.Random(seed)
    calls = layouts = 0
    cnf = get_encoding("cnf-str8ts", "str8ts")
    while True:
        layouts += 1
        black, digits = random_layout(n, k, rng)
        model = cnf.build(Str8ts(n, black))
        x = lambda c, v: int(model.var[c, v])  # noqa: E731
        empty = [-x(c, v) for c in range(n * n) if black[c] and c not in digits for v in range(1, n + 1)]
        with Solver(name=solver or ORACLE.backend, bootstrap_with=model.clauses) as sat:
            fixed: list[int] = []
            board = [0] * (n * n)
            order = [c for c in range(n * n) if not black[c] or c in digits]
            rng.shuffle(order)
            calls += 1
            if not sat.solve(assumptions=empty):
                if layouts >= LAYOUTS:
                    raise GridsatError(f"no str8ts board found in {LAYOUTS} layouts")  # pragma: no cover
                continue
            found = set(sat.get_model())  # the last model: it answers for a digit it already holds
            for c in order:
                r, k = divmod(c, n)
                for v in rng.sample(range(1, n + 1), n):
                    if any(board[r * n + j] == v for j in range(n)) or any(board[i * n + k] == v for i in range(n)):
                        continue  # a digit of the row or column so far: unsatisfiable, no call needed
                    if x(c, v) not in found:
                        calls += 1
                        if not sat.solve(assumptions=empty + fixed + [x(c, v)]):
                            continue
                        found = set(sat.get_model())
                    fixed.append(x(c, v))
                    board[c] = v
                    break
                else:  # a black cell may stay empty: no digit fits it, it gets none
                    if not black[c]:  # pragma: no cover  (the previous call was satisfiable)
                        raise GridsatError("generator bug: a white cell with no digit")
                    digits.discard(c)
                    empty += [-x(c, v) for v in range(1, n + 1)]
            whites = [c for c in range(n * n) if not black[c]]
            block = sat.nof_vars() + 1
            sat.add_clause([-block] + [-x(c, board[c]) for c in whites])
            black_digits = [x(c, board[c]) for c in digits]
            kept = set(whites)
            order = list(whites)
            rng.shuffle(order)
            for c in order:
                trial = kept - {c}
                calls += 1
                if not sat.solve(assumptions=empty + black_digits + [x(d, board[d]) for d in sorted(trial)] + [block]):
                    kept = trial
        break
    givens = [board[c] if c in kept or c in digits else None for c in range(n * n)]
    puzzle = Str8ts(n, black, givens)
    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != tuple(board):
        raise GridsatError(f"generator bug: the final check says {res.status}")  # pragma: no cover
    info = {"size": n, "black": sum(black), "black_digits": len(digits), "givens": len(kept),
            "layouts": layouts, "oracle_calls": calls}
    return Generated(puzzle=puzzle, solution=tuple(board), seed=seed, kind="str8ts",
                     time=time.perf_counter() - t0, info=info)
