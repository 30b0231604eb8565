"""gridsat's encoding choices for the sums and orders of variant Sudoku, for
``benchmarks/variants.py --encodings`` and its test.

A choice is a name, the constraint types it concerns, and how it is made:

* ``cnf`` : the default CNF (``cnf-extended`` on the default SAT solver) with each type's
  default form: cages as sum tables, thermometers as support clauses, arrows and little
  killers as order-encoded partial sums;
* ``cage-order``: cages as order-encoded partial sums instead of sum tables;
* ``thermo-order``: thermometers as order clauses instead of support clauses;
* ``cpsat-int``, ``cpsat-bool``: CP-SAT with each rule's linear (pseudo-Boolean) form, on
  integer cells or on Boolean cell/digit literals.
"""

from __future__ import annotations

import contextlib
from typing import Iterator

from gridsat.constraints import KillerCage, Thermometer
from gridsat.constraints.cages import Cage

__all__ = ["CHOICES", "applies", "use"]

SUMS = ("killercage", "cage", "thermometer", "arrow", "littlekillersum")

#: name -> (the constraint types it concerns, backend and encoding, class settings)
CHOICES: dict[str, tuple[tuple[str, ...], dict, dict]] = {
    "cnf": (SUMS, {}, {}),
    "cage-order": (("killercage", "cage"), {}, {(KillerCage, "cnf_sum"): "order", (Cage, "cnf_sum"): "order"}),
    "thermo-order": (("thermometer",), {}, {(Thermometer, "cnf_form"): "order"}),
    "cpsat-int": (SUMS, {"backend": "cpsat", "encoding": "cpsat-int"}, {}),
    "cpsat-bool": (SUMS, {"backend": "cpsat", "encoding": "cpsat-bool"}, {}),
}


def applies(choice: str, puzzle) -> bool:
    """Whether the puzzle has a rule the choice concerns."""
    return any(c.type in CHOICES[choice][0] for c in puzzle.extra)


@contextlib.contextmanager
def use(choice: str) -> Iterator[dict]:
    """Set the choice's class settings for the block; yields the keywords of ``gridsat.check``."""
    _, kw, settings = CHOICES[choice]
    # (a type's own setting shadows its base's: set and restore exactly the attributes named)
    saved = {(cls, attr): cls.__dict__.get(attr, None) for cls, attr in settings}
    try:
        for (cls, attr), value in settings.items():
            setattr(cls, attr, value)
        yield dict(kw)
    finally:
        for (cls, attr), value in saved.items():
            if value is None:
                delattr(cls, attr)
            else:
                setattr(cls, attr, value)
