"""gridsat: solve, count, check and generate number-placement grid puzzles with SAT and CP solvers.

>>> import gridsat
>>> p = gridsat.Sudoku.classic([0] * 16)
>>> gridsat.count(p).count
288

``import gridsat`` loads nothing but this file: each name below is imported on first use
(PEP 562), and each backend, encoding, generator and renderer loads when it is first used,
so a command line pays only for what it runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: public name -> the module that defines it (imported on first use)
_LAZY = {
    "check": "api", "check_many": "api", "count": "api", "default_choice": "api", "solve": "api",
    "solve_many": "api",
    "get_backend": "backends", "list_backends": "backends",
    "get_encoding": "encoders", "list_encodings": "encoders",
    "GridsatError": "errors", "ParseError": "errors", "PuzzleError": "errors", "UnsupportedError": "errors",
    "get_kind": "kinds", "kind_of": "kinds", "list_kinds": "kinds",
    "race": "portfolio",
    "Hidato": "puzzles", "Sudoku": "puzzles",
    "Result": "result",
}

if TYPE_CHECKING:  # what static tools see: the names as if imported here
    from .api import check, check_many, count, default_choice, solve, solve_many
    from .backends import get_backend, list_backends
    from .encoders import get_encoding, list_encodings
    from .errors import GridsatError, ParseError, PuzzleError, UnsupportedError
    from .kinds import get_kind, kind_of, list_kinds
    from .portfolio import race
    from .puzzles import Hidato, Sudoku
    from .result import Result

# ``gridsat.verify`` is the function; its module is ``gridsat.verifier``
from .verifier import verify  # noqa: E402


def __getattr__(name: str):
    """A public name, or a submodule, imported on first use (then kept as an attribute)."""
    home = _LAZY.get(name)
    if home is None:
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


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
