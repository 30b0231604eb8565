"""Encoders: pure builders from a puzzle to a CNF formula or a CP-SAT model.

The registry imports a built-in encoding's module (see :func:`catalogue`) when the
encoding is first asked for; ``list_encodings()`` shows what is there.
"""

from .base import (catalogue, REGISTRY, CnfModel, CpsatModel, Encoding, catalogued_target, get_encoding,
                   list_encodings, register)

__all__ = ["catalogue", "REGISTRY", "catalogued_target", "CnfModel", "CpsatModel", "Encoding", "get_encoding",
           "list_encodings", "register"]
