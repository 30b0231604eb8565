"""gridsat: solve, count, check and generate number-placement grid puzzles with SAT and CP solvers.

>>> import gridsat
>>> p = gridsat.Sudoku.classic([0] * 16)
>>> gridsat.count(p).count
288

``import gridsat`` loads no solver library: each backend, encoding, generator and renderer
loads on first use.
"""

from .api import check, check_many, count, default_choice, solve, solve_many
from .backends import get_backend, list_backends
from .encoders import get_encoding, list_encodings
from .errors import GridsatError, ParseError, PuzzleError, UnsupportedError
from .kinds import get_kind, kind_of, list_kinds
from .portfolio import race
from .puzzles import Hidato, Sudoku
from .result import Result
from .verify import verify

__version__ = "0.1.0"


def generate(kind: str = "sudoku", **options):
    """One puzzle with exactly one solution (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``).

    See :func:`gridsat.generators.generate`; returns a :class:`gridsat.generators.Generated`.
    The generators load on first use.
    """
    from .generators import generate as _generate  # generators sit above the front door

    return _generate(kind, **options)


__all__ = [
    "Sudoku", "Hidato", "Result", "solve", "count", "check", "solve_many", "check_many", "verify", "race", "generate",
    "list_backends", "get_backend", "list_encodings", "get_encoding", "default_choice",
    "get_kind", "kind_of", "list_kinds",
    "GridsatError", "ParseError", "PuzzleError", "UnsupportedError",
]
