"""Solver backends behind one interface, found by name through a registry.

Every built-in backend is declared here from :data:`~gridsat.backends.catalogue.CATALOGUE`
and imported on first use.
"""

import importlib.util

from .base import (BACKENDS, Backend, Outcome, close_all, declare_backend, get_backend, list_backends,
                   register_backend)
from .catalogue import CATALOGUE

#: backends whose module needs an optional package: declared only where it is installed
_NEEDS = {"minizinc": "minizinc"}

for _name, (_target, _module) in CATALOGUE.items():
    if _name not in _NEEDS or importlib.util.find_spec(_NEEDS[_name]) is not None:
        declare_backend(_name, _target, _module)

__all__ = ["BACKENDS", "Backend", "Outcome", "close_all", "declare_backend", "get_backend", "list_backends",
           "register_backend"]
