"""Many classic Sudoku at once: the generator's plain route run whole on the C core.

:func:`generate_sudoku_many` gives, seed for seed, what
:func:`~gridsat.kinds.sudoku.generate.generate_sudoku` gives (the same puzzles, solutions and
``info``), for the options where the puzzle needs no Python step: classic boxes up to 9x9,
no symmetry, no target, no difficulty. Fill, carving, local moves and the final re-check (a
fresh count to 2 from the givens alone) run in one call of the core for a block of seeds,
so a puzzle costs no Python work but building its :class:`Generated`. Other options, or a
seed whose fill runs out of budget, take :func:`generate_sudoku` itself.

This module imports neither the SAT oracle nor the front door: a command line that makes
plain puzzles starts without them.
"""

from __future__ import annotations

from typing import Any

from ...errors import GridsatError
from ...generators.generated import Generated
from .generate_native import POLISH_ABOVE, native_many
from .puzzle import default_box, made

__all__ = ["generate_sudoku_many", "PLAIN"]

#: the options :func:`generate_sudoku_many` serves and the values they must have (``minimal``
#: and ``attempts`` take any: the plain route's one pass is minimal at the first grid)
PLAIN = {"symmetry": "none", "target": None, "difficulty": None, "rng": None, "start": None, "add_random": None}
_ANY = ("size", "box", "minimal", "attempts", "score", "polish", "solver")


def _served(options: dict[str, Any]) -> bool:
    return (all(options.get(k, v) == v for k, v in PLAIN.items())
            and all(k in PLAIN or k in _ANY for k in options))


def generate_sudoku_many(seeds: range, **options: Any) -> "list[Generated] | None":
    """``[generate_sudoku(seed=s, **options) for s in seeds]``, whole puzzles on the C core.

    Parameters
    ----------
    seeds : range
        Consecutive seeds (step 1).
    **options
        :func:`~gridsat.kinds.sudoku.generate.generate_sudoku`'s options.

    Returns
    -------
    list of Generated or None
        The puzzles, in seed order; ``None`` when the options or the board are not served
        here (the caller makes them one by one).
    """
    if seeds.step != 1 or not _served(options):
        return None
    from .puzzle import Sudoku

    size = options.get("size", 9)
    box = options.get("box")
    box = tuple(box) if box else default_box(size)
    if not isinstance(size, int) or not 1 <= size <= 9 or box[0] * box[1] != size:
        return None
    board = Sudoku(size, None, box=box)
    polish = options.get("polish", 4)
    got = native_many(board, seeds.start, len(seeds), polish=polish, polish_above=POLISH_ABOVE.get(size, 0))
    if got is None:
        return None
    puzzles, solutions, status, secs = got
    N = size * size
    score = options.get("score", True)
    out: list[Generated] = []
    for i, seed in enumerate(seeds):
        if status[i] != 1:
            if status[i] == 2:
                raise GridsatError(f"generator bug: seed {seed}: the final check failed")  # pragma: no cover
            from .generate import generate_sudoku

            out.append(generate_sudoku(seed=seed, **options))
            continue
        givens = puzzles[i * N:(i + 1) * N]
        puzzle = made(size, givens, None, box, None)
        g = Generated(puzzle=puzzle, solution=tuple(solutions[i * N:(i + 1) * N]), seed=seed, kind="sudoku",
                      time=secs[i], info={"symmetry": "none", "minimal": True, "attempts": 1})
        if score:
            from .generate_grade import sudoku_score

            g.score = sudoku_score(puzzle, g.solution)
        out.append(g)
    return out
