"""Gattai generation: a random filled board, givens carved while unique.

1. **Filling.** The empty board's formula (``cnf-direct``) is solved with random phases on its
   literals (every layout can be filled: the digits of one Sudoku solution shifted by box
   position fill any of them, so the fill never fails).
2. **Carving.** All cells start given; in a random order each given is dropped when the puzzle
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
from .puzzle import LAYOUTS, Samurai

__all__ = ["generate_samurai"]


def _fill(puzzle: Samurai, rng: random.Random, solver: str) -> tuple[int, ...]:
    """A random solution of the empty board (random phases)."""
    from pysat.solvers import Solver

    from ...encoders import get_encoding

    model = get_encoding(ORACLE.encoding, "samurai").build(puzzle)
    with Solver(name=solver, bootstrap_with=model.clauses) as s:
        import numpy as np  # (the literal table in bulk)

        prim = [int(v) for v in np.asarray(model.var).flatten() if v]
        try:
            s.set_phases([v if rng.random() < 0.1 else -v for v in prim])
        except (NotImplementedError, AttributeError):  # pragma: no cover - a solver without phases
            pass
        # a random digit in a few cells of the first sub-grid's top row steers the fill further
        first = sorted(range(9), key=lambda _: rng.random())
        assume = [int(model.var[c, v]) for c, v in zip(range(9), [d + 1 for d in first])]
        if not s.solve(assumptions=assume):  # pragma: no cover - a row of 1-9 always extends
            raise UnsupportedError("the empty board has no solution")
        return model.decode(s.get_model())


def _carve(puzzle: Samurai, solution: tuple[int, ...], rng: random.Random, solver: str) -> tuple[int, ...]:
    """Givens dropped in a random order while the puzzle stays unique."""
    from pysat.solvers import Solver

    from ...encoders import get_encoding

    model = get_encoding(ORACLE.encoding, "samurai").build(puzzle)
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


def generate_samurai(layout: str | None = None, seed: int | None = None, solver: str | None = None,
                     **_ignored: Any) -> Generated:
    """A unique puzzle on a gattai layout.

    Parameters
    ----------
    layout : str, optional
        A name of :data:`~.puzzle.LAYOUTS` (default ``"samurai"``).
    seed : int, optional
        The seed; the same seed makes the same puzzle.
    solver : str, optional
        The python-sat solver that fills and proves uniqueness (default ``minisat22``).

    Returns
    -------
    Generated
        The puzzle, its solution and facts (``layout``, ``givens``).
    """
    layout = layout or "samurai"
    if layout not in LAYOUTS:
        raise PuzzleError(f"unknown layout {layout!r}; the layouts are {', '.join(LAYOUTS)}")
    solver = solver or ORACLE.backend
    t0 = time.perf_counter()
    rng = random.Random(seed)
    board = Samurai.empty(layout)
    solution = _fill(board, rng, solver)
    givens = _carve(board, solution, rng, solver)
    puzzle = board.with_givens(givens)
    return Generated(puzzle, solution, seed, "samurai", time.perf_counter() - t0,
                     info={"layout": layout, "givens": puzzle.num_givens})
