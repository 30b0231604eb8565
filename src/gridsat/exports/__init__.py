"""What a researcher hands to other tools: DIMACS CNF, CP-SAT text protobuf, MiniZinc data.

>>> from gridsat import Sudoku
>>> from gridsat.exports import to_dimacs
>>> to_dimacs(Sudoku.empty(4)).splitlines()[-1].endswith(" 0")
True
"""

from ..errors import UnsupportedError
from ..selection import pick_encoding
from .cpsat_text import cpsat_proto, to_cpsat_text
from .dimacs import DimacsFile, read_dimacs, to_dimacs
from .dzn import MODELS_DIR, model_path, to_dzn

__all__ = [
    "to_dimacs", "read_dimacs", "DimacsFile", "to_cpsat_text", "cpsat_proto", "to_dzn", "model_path",
    "MODELS_DIR", "pick_encoding", "EXPORTS", "export",
]

#: export format name -> (function, default file suffix)
EXPORTS = {
    "dimacs": (to_dimacs, ".cnf"),
    "cpsat": (to_cpsat_text, ".pbtxt"),
    "dzn": (to_dzn, ".dzn"),
}


def export(puzzle, fmt: str, **kw) -> str:
    """The puzzle exported as ``fmt`` (``dimacs``, ``cpsat`` or ``dzn``)."""
    try:
        fn = EXPORTS[fmt][0]
    except KeyError:
        raise UnsupportedError(f"unknown export format {fmt!r}; known: {', '.join(EXPORTS)}") from None
    return fn(puzzle, **kw)
