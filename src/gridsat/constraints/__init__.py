"""Constraints as a vocabulary: one module per rule type, each owning its parameters, its
verifier rule, its CNF and CP-SAT encodings, its JSON form and its drawing.

>>> from gridsat.constraints import AllDifferent, list_constraints
>>> AllDifferent(4, [0, 5, 10, 15]).problems([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3])
['has 1 twice in cells r1c1 r2c2 r3c3 r4c4: r1c1 and r2c2']
>>> sorted({'alldifferent', 'givens'} - set(list_constraints()))
[]

A new type is one module here and one line below (``docs/dev/adding-constraint.md``).
"""

from __future__ import annotations

from .base import (Constraint, Example, cell_name, constraint_from_json, get_constraint, list_constraints,
                   pairwise_amo, register_constraint)
from .alldifferent import AllDifferent
from .givens import Givens
# local rules and lines
from .dots import XV, Difference, Ratio
from .negative import Negative
from .lines import BetweenLine, Palindrome, Renban, SlowThermometer, Thermometer, Whispers
from .grouplines import EntropicLine, ModularLine
from .boardrules import AntiKing, AntiKnight, DiagonalNegative, DiagonalPositive, DisjointGroups
from .cellrules import Clone, Even, ExtraRegion, Maximum, Minimum, Odd, PencilMarks
# sums and cages
from .cages import Cage, KillerCage
from .arrows import Arrow, DoubleArrow
from .outside import LittleKillerSum, SandwichSum, Skyscraper, XSum
from .sumlines import RegionSumLine, ZipperLine
from .quadruple import Quadruple

__all__ = ["Constraint", "Example", "register_constraint", "get_constraint", "list_constraints",
           "constraint_from_json", "pairwise_amo", "cell_name", "AllDifferent", "Givens", "grid_constraints",
           # local rules and lines
           "Difference", "Ratio", "XV", "Negative", "Odd", "Even", "Minimum", "Maximum", "PencilMarks",
           "ExtraRegion", "Clone", "DiagonalPositive", "DiagonalNegative", "AntiKnight", "AntiKing",
           "DisjointGroups", "Thermometer", "SlowThermometer", "Whispers", "Renban", "Palindrome", "BetweenLine",
           "EntropicLine", "ModularLine",
           # sums and cages
           "KillerCage", "Cage", "Arrow", "DoubleArrow", "LittleKillerSum", "SandwichSum", "XSum",
           "Skyscraper", "RegionSumLine", "ZipperLine", "Quadruple"]


def grid_constraints(n: int, givens, units, extra=()) -> tuple:
    """A Latin-square board's list: the givens (``n * n`` values, ``0`` empty), each unit
    ``(label, cells)`` as a full :class:`AllDifferent`, then the ``extra`` constraints."""
    return (Givens.of_grid(n, givens), *(AllDifferent(n, cells, True, label) for label, cells in units), *extra)
