"""Counting engines: enumeration (``enum``, ``cpsat``) and projected model counting
(``d4``, ``ganak`` exact; ``approx`` approximate).

>>> from gridsat import Sudoku
>>> from gridsat.counting import count, list_methods
>>> count(Sudoku.empty(4), method="enum").count
288

The #SAT methods need the optional packages of the ``count`` extra
(``pip install 'gridsat[count]'``); :func:`list_methods` with ``available=True`` lists those
that can run here, and a missing one raises :class:`~gridsat.errors.UnsupportedError`
naming the package.
"""

from . import enumeration  # noqa: F401  (registration order: enum, cpsat, d4, ganak, approx)
from . import d4  # noqa: F401
from . import ganak  # noqa: F401
from . import approx  # noqa: F401
from .approx import ApproxMethod
from .base import (EXTRA, METHODS, CounterTimeout, CountInterrupted, CountMethod, Formula, SharpSatMethod, cnf_formula,
                   get_method, list_methods, register_method)
from .d4 import D4Method
from .enumeration import CpsatEnumMethod, EnumMethod
from .front import count
from .ganak import GanakMethod

__all__ = ["count", "get_method", "list_methods", "register_method", "cnf_formula", "Formula",
           "CountMethod", "SharpSatMethod", "CounterTimeout", "CountInterrupted", "EnumMethod", "CpsatEnumMethod",
           "D4Method", "GanakMethod", "ApproxMethod", "METHODS", "EXTRA"]
