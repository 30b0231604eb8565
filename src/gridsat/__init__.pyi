# What static tools (type checkers, editors) see of ``gridsat``: every public name as if it were
# imported here. At run time ``gridsat/__init__.py`` imports each on first use, the puzzle
# classes from the kind records; tests/test_kind_packages.py checks that the names here are
# ``gridsat.__all__``.
from typing import Any

from .api import check as check, check_many as check_many, count as count, default_choice as default_choice
from .api import solve as solve, solve_many as solve_many
from .backends import get_backend as get_backend, list_backends as list_backends
from .encoders import get_encoding as get_encoding, list_encodings as list_encodings
from .errors import GridsatError as GridsatError, ParseError as ParseError, PuzzleError as PuzzleError
from .errors import UnsupportedError as UnsupportedError
from .generators.generated import Generated
from .kinds import get_kind as get_kind, kind_of as kind_of, list_kinds as list_kinds
from .kinds.hidato.puzzle import Hidato as Hidato
from .kinds.sudoku.puzzle import Sudoku as Sudoku
from .portfolio import race as race
from .result import Result as Result
from .verifier import verify as verify

__version__: str
__all__: list[str]

def generate(kind: str | None = None, **options: Any) -> Generated: ...
def __getattr__(name: str) -> Any: ...  # the submodules, imported on first use
