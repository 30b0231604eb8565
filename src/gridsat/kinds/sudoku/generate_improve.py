"""Improve: search for the hardest Sudoku over sets of givens, in a time budget.

The solution grid stays fixed; the state is a unique, minimal set of givens. A move adds
one or two random cells of the solution back and removes givens in random order while
the SAT oracle proves uniqueness, which lands on another minimal puzzle. Moves are
accepted by simulated annealing on the score (temperature falling linearly to zero over
the budget, so the end is pure hill climbing). ``jobs`` workers search independently from
seeds ``seed, seed + 1, ...`` and the best puzzle of all is reported, with the best score
over time. With ``steps`` instead of a time budget, a worker stops after that many moves
and its temperature falls with the moves made, so its result is a function of its seed.

The pieces are public so that a batch runner can run the workers as its own tasks:
:func:`worker_args` lists the workers, :func:`improve_worker` runs one, and
:func:`merge_results` picks the best and merges the histories.

Scores: ``rating`` is the SE rating of :func:`gridsat.kinds.sudoku.logic.rate` (tenths); ``effort`` is a
fresh solver's conflicts plus decisions while proving uniqueness (a function of the puzzle alone).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from ...errors import GridsatError
from .puzzle import Sudoku, default_box
from ...generators import new_seed
from .generate_carve import carve
from .generate_fill import ORACLE, sudoku_oracle, sudoku_peers
from .generate_grade import se_rating, sudoku_score
from ...generators.lines import puzzle_line
from .generate import from_partial, generate_sudoku


__all__ = ["ImproveResult", "improve", "score_puzzle", "worker_args", "improve_worker", "merge_results"]


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

    def to_record(self) -> dict:
        """:meth:`to_dict` with the puzzle's cells and the solution, which :meth:`from_record` reads back."""
        d = self.to_dict()
        d["n"] = self.puzzle.n
        d["cells"] = list(self.puzzle.givens)
        d["solution"] = list(self.solution)
        return d

    @classmethod
    def from_record(cls, d: dict) -> "ImproveResult":
        """The result :meth:`to_record` wrote (a worker's record, e.g. from another process).

        Parameters
        ----------
        d : dict
            A record of :meth:`to_record`.

        Returns
        -------
        ImproveResult
        """
        puzzle = Sudoku(int(d["n"]), list(d["cells"]), box=tuple(d["box"]))
        return cls(puzzle, tuple(d["solution"]), d["score"], d["score_name"],
                   [(float(t), s) for t, s in d.get("history", [])], int(d.get("steps", 0)),
                   float(d.get("time", 0.0)), d.get("seed"))


def _rating_available() -> bool:
    try:
        from .logic import rate  # noqa: F401
    except Exception:  # pragma: no cover
        return False
    return True


def score_puzzle(puzzle: Sudoku, solution: Sequence[int], name: str = "rating", solver: str = "minisat22") -> float:
    """The puzzle's score: SE ``rating``, or solver ``effort`` (a fresh MiniSat's conflicts + decisions).

    ``solver`` is not used: the effort is always measured with the default solver of
    :func:`~gridsat.kinds.sudoku.generate_grade.sudoku_score`, so scores stay comparable.
    """
    if name == "rating":
        return se_rating(puzzle)
    s = sudoku_score(puzzle, solution)
    return float(s["conflicts"] + s["decisions"])


def improve_worker(args: tuple) -> ImproveResult:
    """One worker's search (an item of :func:`worker_args`); its result.

    Parameters
    ----------
    args : tuple
        ``(start, size, box, budget, seed, score_name, solver[, steps])``: with ``steps`` the
        search stops after that many moves instead of ``budget`` seconds.

    Returns
    -------
    ImproveResult
        The worker's best puzzle, with ``seed`` its own seed.
    """
    start, size, box, budget, seed, score_name, solver = args[:7]
    max_steps = args[7] if len(args) > 7 else None
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
    while (steps < max_steps) if max_steps is not None else (time.perf_counter() - t_start < budget):
        steps += 1
        empty = [c for c in range(n * n) if c not in cur]
        add = rng.sample(empty, min(len(empty), rng.choice((1, 2))))
        cand = carve(oracle, sol, groups, rng, start=cur | set(add), peers=peers)
        if cand == cur:
            continue
        s = score_puzzle(make(cand), sol, score_name, solver)
        frac = steps / max_steps if max_steps is not None else (time.perf_counter() - t_start) / budget
        temp = temp0 * max(0.0, 1.0 - frac)
        if s >= cur_s or (temp > 0 and rng.random() < math.exp((s - cur_s) / temp)):
            cur, cur_s = cand, s
            if s > best_s or (s == best_s and len(cand) < len(best)):
                best, best_s = cand, s
                history.append((time.perf_counter() - t0, best_s))
    out = make(best)
    return ImproveResult(out, tuple(sol), best_s, score_name, history, steps, time.perf_counter() - t0, seed)


_worker = improve_worker  # the old name


def worker_args(start: Sudoku | None = None, *, size: int = 9, box: tuple[int, int] | None = None,
                time_budget: float = 10.0, jobs: int = 1, seed: int | None = None, score: str = "auto",
                solver: str = ORACLE, steps: int | None = None) -> list[tuple]:
    """The arguments of each worker of :func:`improve` (worker ``i`` has seed ``seed + i``).

    Parameters
    ----------
    start, size, box, time_budget, jobs, seed, score, solver, steps
        As for :func:`improve`.

    Returns
    -------
    list of tuple
        One :func:`improve_worker` argument per worker.

    Raises
    ------
    GridsatError
        An unknown score, or ``steps`` below 1.
    """
    if score == "auto":
        score = "rating" if _rating_available() else "effort"
    if score not in ("rating", "effort"):
        raise GridsatError(f"unknown score {score!r}; use rating or effort")
    if steps is not None and steps < 1:
        raise GridsatError(f"steps must be at least 1, got {steps}")
    if seed is None:
        seed = new_seed()
    if box is None and start is None:
        box = default_box(size)
    return [(start, size, box, time_budget, seed + i, score, solver, steps) for i in range(max(1, jobs))]


def merge_results(results: Sequence[ImproveResult], seed: int | None, elapsed: float) -> ImproveResult:
    """The best of the workers' results, with the merged history and the steps of all.

    Parameters
    ----------
    results : sequence of ImproveResult
        At least one.
    seed : int or None
        The run's base seed (reported as the result's seed).
    elapsed : float
        Seconds the whole run took.

    Returns
    -------
    ImproveResult
        The highest score (fewest givens on a tie; the lowest seed after that).
    """
    if not results:
        raise GridsatError("no worker of improve finished")
    best = max(results, key=lambda r: (r.score, -r.puzzle.num_givens, -(r.seed or 0)))
    # merged history: the best score over all workers at each improvement time
    events = sorted((t, s) for r in results for t, s in r.history)
    merged, top = [], -math.inf
    for t, s in events:
        if s > top:
            top = s
            merged.append((t, s))
    return ImproveResult(best.puzzle, best.solution, best.score, best.score_name, merged,
                         sum(r.steps for r in results), elapsed, seed)


def improve(start: Sudoku | None = None, *, size: int = 9, box: tuple[int, int] | None = None,
            time_budget: float = 10.0, jobs: int = 1, seed: int | None = None, score: str = "auto",
            solver: str = ORACLE, steps: int | None = None) -> ImproveResult:
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
        ``auto`` uses the SE rating when :mod:`gridsat.kinds.sudoku.logic` is available.
    steps : int, optional
        Moves per worker instead of the time budget: the result is then a function of the seed.

    Returns
    -------
    ImproveResult
    """
    tasks = worker_args(start, size=size, box=box, time_budget=time_budget, jobs=jobs, seed=seed, score=score,
                        solver=solver, steps=steps)
    t0 = time.perf_counter()
    if len(tasks) == 1:
        results = [improve_worker(tasks[0])]
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        # (a worker that dies raises BrokenProcessPool instead of hanging as multiprocessing.Pool does;
        # the command line runs its workers through gridsat.jobs, which retries and reports them)
        with ProcessPoolExecutor(len(tasks), mp_context=mp.get_context("fork")) as pool:
            results = list(pool.map(improve_worker, tasks))
    return merge_results(results, tasks[0][4], time.perf_counter() - t0)
