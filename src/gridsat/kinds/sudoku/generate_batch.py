"""Many classic Sudoku at once: the generator's plain route run whole on the C core.

:func:`generate_sudoku_many` gives, seed for seed, what
:func:`~gridsat.kinds.sudoku.generate.generate_sudoku` gives (the same puzzles, solutions and
``info``), for the options where the puzzle needs no Python step: classic boxes up to 9x9,
no symmetry, no target, no difficulty. Fill, carving, local moves and the final re-check (a
fresh count to 2 from the givens alone) run in one call of the core for a block of seeds,
so a puzzle costs no Python work but building its :class:`Generated`
(:func:`generate_sudoku_lines`: not even that, the lines the command line prints). Other
options, or a seed whose fill runs out of budget, take :func:`generate_sudoku` itself.

This module imports neither the SAT oracle nor the front door: a command line that makes
plain puzzles starts without them.
"""

from __future__ import annotations

from ...errors import GridsatError
from ...puzzles.text import SYMBOLS
from .format_common import LINE_MIN_SIDE
from .generate_native import POLISH_ABOVE, native_many
from .puzzle import default_box, made

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any
    from ...generators.generated import Generated

__all__ = ["generate_sudoku_many", "generate_sudoku_lines", "PLAIN"]

#: the options :func:`generate_sudoku_many` serves and the values they must have (``minimal``
#: and ``attempts`` take any: the plain route's one pass is minimal at the first grid)
PLAIN = {"symmetry": "none", "target": None, "difficulty": None, "rng": None, "start": None, "add_random": None}
_ANY = ("size", "box", "minimal", "attempts", "score", "polish", "solver")


def _served(options: dict[str, Any]) -> bool:
    return (all(options.get(k, v) == v for k, v in PLAIN.items())
            and all(k in PLAIN or k in _ANY for k in options))


def _native_block(seeds: range, options: dict[str, Any]):
    """``(size, box, native_many's answer)`` for the seeds, or ``None`` when the options, the
    board or the seeds are not served on the core."""
    if seeds.step != 1 or not _served(options):
        return None
    from .puzzle import Sudoku

    size = options.get("size", 9)
    box = options.get("box")
    box = tuple(box) if box else default_box(size)
    if not isinstance(size, int) or not LINE_MIN_SIDE <= size <= 9 or box[0] * box[1] != size:
        return None
    board = Sudoku(size, None, box=box)
    polish = options.get("polish", 4)
    got = native_many(board, seeds.start, len(seeds), polish=polish, polish_above=POLISH_ABOVE.get(size, 0))
    return None if got is None else (size, box, got)


def _failed(seed: int) -> GridsatError:
    return GridsatError(f"generator bug: seed {seed}: the final check failed")  # pragma: no cover


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
    block = _native_block(seeds, options)
    if block is None:
        return None
    from ...generators.generated import Generated

    size, box, (puzzles, solutions, status, secs) = block
    N = size * size
    score = options.get("score", True)
    out: list[Generated] = []
    for i, seed in enumerate(seeds):
        if status[i] != 1:
            if status[i] == 2:
                raise _failed(seed)
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


#: ``bytes.translate`` table of a plain line: 0 -> ``.``, v -> the v-th symbol
#: (:func:`~gridsat.puzzles.text.line_string`'s, for the values up to 9 made here)
_LINE = (b"." + SYMBOLS.encode()).ljust(256, b"\xff")


def generate_sudoku_lines(seeds: range, **options: Any) -> "str | None":
    """The puzzles of :func:`generate_sudoku_many` as ``gridsat generate`` prints them by
    default: each puzzle's line (:func:`~gridsat.generators.lines.puzzle_line`) and a newline.

    No :class:`Generated` is built for a puzzle made on the core: its givens go from the
    core's bytes to text in one translation (the command line's plain output, where the rest
    of a puzzle's record is not printed).

    Parameters
    ----------
    seeds : range
        Consecutive seeds (step 1).
    **options
        :func:`~gridsat.kinds.sudoku.generate.generate_sudoku`'s options.

    Returns
    -------
    str or None
        The lines, in seed order; ``None`` when :func:`generate_sudoku_many` would give ``None``.
    """
    block = _native_block(seeds, options)
    if block is None:
        return None
    size, box, (puzzles, _solutions, status, _secs) = block
    N = size * size
    text = puzzles.translate(_LINE).decode("ascii")
    if status.count(1) == len(status):
        return "".join([text[k:k + N] + "\n" for k in range(0, len(text), N)])
    lines = []
    for i, seed in enumerate(seeds):
        if status[i] == 1:
            lines.append(text[i * N:(i + 1) * N] + "\n")
            continue
        if status[i] == 2:
            raise _failed(seed)
        from ...generators.lines import puzzle_line
        from .generate import generate_sudoku

        lines.append(puzzle_line(generate_sudoku(seed=seed, **options).puzzle) + "\n")
    return "".join(lines)
