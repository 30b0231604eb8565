"""The kind records (see :mod:`gridsat.kinds.base`): one package per kind under ``kinds/``.

>>> from gridsat.kinds import get_kind
>>> get_kind("jigsaw").name
'sudoku'

A kind's package (``kinds/<kind>/``) holds everything the kind owns; its ``__init__``
builds the kind's :class:`Kind` and registers it. Nothing here imports a kind package: the
registry discovers and imports one when its kind is first used.
"""

from .base import (KINDS, Choice, Generator, Kind, Late, alias_option, default_kind, get_kind, kind_class, kind_of,
                   list_kinds, register_kind, unregister_kind)
from .logic import kit_figures, logic_serves, technique_names

__all__ = ["KINDS", "Choice", "Generator", "Kind", "Late", "alias_option", "default_kind", "get_kind", "kind_class",
           "kind_of", "list_kinds", "register_kind", "unregister_kind", "kit_figures", "logic_serves",
           "technique_names"]
