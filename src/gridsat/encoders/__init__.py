"""Encoders: pure builders from a puzzle to a CNF formula or a CP-SAT model.

The registry imports the built-in encoding modules (:data:`BUILTIN_MODULES`) when it is
first read; ``list_encodings()`` shows what is there.
"""

from .base import (BUILTIN_MODULES, REGISTRY, CnfModel, CpsatModel, Encoding, get_encoding, list_encodings,
                   register)

__all__ = ["BUILTIN_MODULES", "REGISTRY", "CnfModel", "CpsatModel", "Encoding", "get_encoding", "list_encodings",
           "register"]
