"""gridsat: solve, count, check and generate number-placement grid puzzles with SAT and CP solvers.

>>> import gridsat
>>> p = gridsat.Sudoku.classic([0] * 16)
>>> gridsat.count(p).count
288
"""

from .api import DEFAULTS, check, count, solve
from .backends import get_backend, list_backends
from .encoders import get_encoding, list_encodings
from .errors import GridsatError, ParseError, PuzzleError, UnsupportedError
from .puzzles import Hidato, Sudoku
from .result import Result
from .verify import verify

__version__ = "0.1.0"


def generate(kind: str = "sudoku", **options):
    """One puzzle with exactly one solution (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``).

    See :func:`gridsat.generators.generate`; returns a :class:`gridsat.generators.Generated`.
    """
    from .generators import generate as _generate

    return _generate(kind, **options)


def race(puzzle, job: str = "solve", configs=None, **options):
    """Run ``job`` with several backend/encoding pairs at once; the first decisive answer wins.

    See :func:`gridsat.portfolio.race`.
    """
    from .portfolio import race as _race

    return _race(puzzle, job, configs, **options)


__all__ = [
    "Sudoku", "Hidato", "Result", "solve", "count", "check", "verify",
    "list_backends", "get_backend", "list_encodings", "get_encoding", "DEFAULTS",
    "GridsatError", "ParseError", "PuzzleError", "UnsupportedError", "generate", "race",
]
