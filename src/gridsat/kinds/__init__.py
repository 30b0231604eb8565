"""One record per puzzle kind (see :mod:`gridsat.kinds.base`), registered here.

>>> from gridsat.kinds import get_kind
>>> get_kind("jigsaw").name
'sudoku'

Adding a kind: write its puzzle class, verifier, encodings and ``kinds/<kind>.py`` with
its :class:`Kind` record, then add one import line below.
"""

from .base import KINDS, Choice, Generator, Kind, Ref, alias_option, get_kind, kind_of, list_kinds, register_kind
from . import sudoku, hidato  # noqa: F401  (registration: one line per kind)

__all__ = ["KINDS", "Choice", "Generator", "Kind", "Ref", "alias_option", "get_kind", "kind_of", "list_kinds", "register_kind"]
