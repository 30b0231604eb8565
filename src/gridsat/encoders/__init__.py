"""Encoders: pure builders from a puzzle to a CNF formula or a CP-SAT model.

Import this package to populate the registry; ``list_encodings()`` shows what is there.
"""

from .base import REGISTRY, CnfModel, CpsatModel, Encoding, get_encoding, list_encodings, register
from . import sudoku_cnf, sudoku_cpsat  # noqa: F401  (registration)
from . import hidato_cnf, hidato_cpsat, hidato_lns  # noqa: F401  (registration)

__all__ = ["REGISTRY", "CnfModel", "CpsatModel", "Encoding", "get_encoding", "list_encodings", "register"]
