"""Constraints as a vocabulary: one module per rule type, each owning its parameters, its
verifier rule, its CNF and CP-SAT encodings, its JSON form and its drawing.

>>> from gridsat.constraints import AllDifferent, list_constraints
>>> AllDifferent(4, [0, 5, 10, 15]).problems([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3])
['has 1 twice in cells r1c1 r2c2 r3c3 r4c4: r1c1 and r2c2']
>>> sorted({'alldifferent', 'givens'} - set(list_constraints()))
[]

A new type is one module here, its name in ``_load_all``'s import and one line of the
table ``_MODULES`` below (``docs/dev/adding-constraint.md``).
"""

from __future__ import annotations

from .base import (Constraint, Example, cell_name, constraint_from_json, get_constraint, list_constraints,
                   pairwise_amo, register_constraint)
from .alldifferent import AllDifferent
from .givens import Givens
from .base import set_loader as _set_loader


def _load_all() -> tuple:
    """Import every type module of the vocabulary beyond the two above (each registers its
    types on import; :mod:`gridsat.constraints.base` calls this before its first full read,
    so importing one type's module does not import them all)."""
    from . import arrows, boardrules, cages, cellrules, dots, grouplines, lines, negative, outside, quadruple, sumlines

    return (dots, negative, lines, grouplines, boardrules, cellrules, cages, arrows, outside, sumlines, quadruple)


#: each type module of :func:`_load_all` -> the names its types answer to: their type names
#: and the f-puzzles keys they read. A lookup of one name (``get_constraint("thermometer")``,
#: the f-puzzles reader's ``fpuzzles_reader("killercage")``) imports that module alone, so a
#: link loads the types of its own keys; a name the table lacks imports every module
#: (the test suite holds the table to the modules)
_MODULES = {
    "arrows": "arrow doublearrow",
    "boardrules": "antiking antiknight diagonal+ diagonal- disjointgroups",
    "cages": "cage killercage",
    "cellrules": "clone even extraregion maximum minimum odd pencilmarks givenPencilMarks",
    "dots": "difference ratio xv",
    "grouplines": "entropicline modularline",
    "lines": "betweenline palindrome renban slowthermometer thermometer whispers",
    "negative": "negative nonconsecutive",
    "outside": "littlekillersum sandwichsum skyscraper xsum",
    "quadruple": "quadruple",
    "sumlines": "regionsumline zipperline",
}

_set_loader(_load_all, _MODULES)

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


def __getattr__(name: str):
    """A type class of a module not imported yet (``gridsat.constraints.KillerCage``): every
    type module is imported once, then the name is kept here."""
    if name not in __all__:  # (a submodule being imported asks here first: not one of ours)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for module in _load_all():
        if name in getattr(module, "__all__", ()):
            value = globals()[name] = getattr(module, name)
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
