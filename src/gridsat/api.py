"""The front door: ``solve``, ``count`` and ``check`` for every puzzle kind.

Backends and encodings are passed by name (see ``list_backends`` / ``list_encodings``)
or as objects; ``None`` picks the kind's default (:func:`gridsat.selection.resolve`).
Every solution a backend returns is checked by :func:`gridsat.verify.verify` before it
reaches the caller.

>>> from gridsat import Sudoku, check
>>> check(Sudoku.empty(4)).status
'ambiguous'
"""

from __future__ import annotations

from .counting import count
from .engine import VerificationError, check, run, solve
from .selection import default_choice, default_roles, pick_encoding, resolve

__all__ = ["solve", "count", "check", "run", "VerificationError", "resolve", "pick_encoding",
           "default_choice", "default_roles"]
