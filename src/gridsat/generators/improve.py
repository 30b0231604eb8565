"""Improve: search for the hardest Sudoku over sets of givens, in a time budget.

The solution grid stays fixed; the state is a unique, minimal set of givens. A move adds
one or two random cells of the solution back and removes givens in random order while
the SAT oracle proves uniqueness, which lands on another minimal puzzle. Moves are
accepted by simulated annealing on the score (temperature falling linearly to zero over
the budget, so the end is pure hill climbing). ``jobs`` workers search independently from
seeds ``seed, seed + 1, ...`` and the best puzzle of all is reported, with the best score
over time.

Scores: ``rating`` is the SE rating of :func:`gridsat.logic.rate` (tenths); ``effort`` is a
fresh solver's conflicts plus decisions while proving uniqueness (a function of the puzzle alone).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from ..errors import GridsatError
from ..puzzles.sudoku import Sudoku, default_box
from . import new_seed
from .carve import carve
from .fill import ORACLE, sudoku_oracle, sudoku_peers
from .grade import se_rating, sudoku_score
from .lines import puzzle_line
from .sudoku import from_partial, generate_sudoku


__all__ = ["ImproveResult", "improve", "score_puzzle"]


@dataclass
class ImproveResult:
    """The best puzzle found and how the best score rose over time."""

    puzzle: Sudoku
    solution: tuple
    score: float
    score_name: str
    history: list = field(default_factory=list)  # [(seconds, best score)]
    steps: int = 0
    time: float = 0.0
    seed: int | None = None

    def to_dict(self) -> dict:
        """JSON-ready summary: puzzle line, box, givens, score, steps, time and the score history."""
        return {"kind": "sudoku", "seed": self.seed, "puzzle": puzzle_line(self.puzzle), "box": list(self.puzzle.box),
                "givens": self.puzzle.num_givens, "score": self.score, "score_name": self.score_name,
                "steps": self.steps, "time": round(self.time, 3),
                "history": [[round(t, 3), s] for t, s in self.history]}


def _rating_available() -> bool:
    try:
        from ..logic import rate  # noqa: F401
    except Exception:  # pragma: no cover
        return False
    return True


def score_puzzle(puzzle: Sudoku, solution: Sequence[int], name: str = "rating", solver: str = "minisat22") -> float:
    """The puzzle's score: SE ``rating``, or solver ``effort`` (a fresh MiniSat's conflicts + decisions).

    ``solver`` is not used: the effort is always measured with the default solver of
    :func:`~gridsat.generators.grade.sudoku_score`, so scores stay comparable.
    """
    if name == "rating":
        return se_rating(puzzle)
    s = sudoku_score(puzzle, solution)
    return float(s["conflicts"] + s["decisions"])


def _worker(args: tuple) -> ImproveResult:
    start, size, box, budget, seed, score_name, solver = args
    t0 = time.perf_counter()
    rng = random.Random(seed)
    if start is None:
        g = generate_sudoku(size, box, rng=rng, score=False, solver=solver)
        board, sol, given = g.puzzle, g.solution, {c for c, v in enumerate(g.puzzle.givens) if v}
    else:
        board = start
        if all(start.givens):
            sol = tuple(start.givens)
            given = set(range(start.n * start.n))
        else:
            g = from_partial(start, rng=rng, solver=solver)
            board, sol = g.puzzle, g.solution
            given = {c for c, v in enumerate(g.puzzle.givens) if v}
    n = board.n
    oracle = sudoku_oracle(board, solver)
    peers = sudoku_peers(n, board.regions)
    groups = [(c,) for c in range(n * n)]
    given = carve(oracle, sol, groups, rng, start=given, peers=peers)

    def make(gv):
        return board.with_givens([sol[c] if c in gv else 0 for c in range(n * n)])

    cur = given
    cur_s = score_puzzle(make(cur), sol, score_name, solver)
    best, best_s = cur, cur_s
    history = [(time.perf_counter() - t0, best_s)]
    steps = 0
    t_start = time.perf_counter()
    temp0 = 1.0 if score_name == "rating" else max(1.0, cur_s * 0.2)
    while time.perf_counter() - t_start < budget:
        steps += 1
        empty = [c for c in range(n * n) if c not in cur]
        add = rng.sample(empty, min(len(empty), rng.choice((1, 2))))
        cand = carve(oracle, sol, groups, rng, start=cur | set(add), peers=peers)
        if cand == cur:
            continue
        s = score_puzzle(make(cand), sol, score_name, solver)
        frac = (time.perf_counter() - t_start) / budget
        temp = temp0 * max(0.0, 1.0 - frac)
        if s >= cur_s or (temp > 0 and rng.random() < math.exp((s - cur_s) / temp)):
            cur, cur_s = cand, s
            if s > best_s or (s == best_s and len(cand) < len(best)):
                best, best_s = cand, s
                history.append((time.perf_counter() - t0, best_s))
    out = make(best)
    return ImproveResult(out, tuple(sol), best_s, score_name, history, steps, time.perf_counter() - t0, seed)


def improve(start: Sudoku | None = None, *, size: int = 9, box: tuple[int, int] | None = None,
            time_budget: float = 10.0, jobs: int = 1, seed: int | None = None, score: str = "auto",
            solver: str = ORACLE) -> ImproveResult:
    """Search for the highest-scoring unique minimal puzzle in ``time_budget`` seconds.

    Parameters
    ----------
    start : Sudoku, optional
        A full grid (searched over its givens) or a puzzle (made unique first, then improved);
        default: a fresh random puzzle.
    time_budget : float
        Seconds of search per worker.
    jobs : int
        Independent worker processes; the best result wins and histories are merged.
    score : {"auto", "rating", "effort"}
        ``auto`` uses the SE rating when :mod:`gridsat.logic` is available.

    Returns
    -------
    ImproveResult
    """
    if score == "auto":
        score = "rating" if _rating_available() else "effort"
    if score not in ("rating", "effort"):
        raise GridsatError(f"unknown score {score!r}; use rating or effort")
    if seed is None:
        seed = new_seed()
    if box is None and start is None:
        box = default_box(size)
    tasks = [(start, size, box, time_budget, seed + i, score, solver) for i in range(max(1, jobs))]
    t0 = time.perf_counter()
    if len(tasks) == 1:
        results = [_worker(tasks[0])]
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        # (a worker that dies raises BrokenProcessPool instead of hanging as multiprocessing.Pool does)
        with ProcessPoolExecutor(len(tasks), mp_context=mp.get_context("fork")) as pool:
            results = list(pool.map(_worker, tasks))
    best = max(results, key=lambda r: (r.score, -r.puzzle.num_givens))
    # merged history: the best score over all workers at each improvement time
    events = sorted((t, s) for r in results for t, s in r.history)
    merged, top = [], -math.inf
    for t, s in events:
        if s > top:
            top = s
            merged.append((t, s))
    best.history = merged
    best.steps = sum(r.steps for r in results)
    best.time = time.perf_counter() - t0
    best.seed = seed
    return best
