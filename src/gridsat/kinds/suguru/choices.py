"""The Suguru kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 20 generated 8x8 puzzles (``gridsat check``: solve and prove unique, model built per
puzzle, CPU time per puzzle): glucose4 on ``cnf-direct`` 3.4 ms, minisat22 3.7 ms, cadical153
5.4 ms; CP-SAT on ``cpsat-bool`` 10.5 ms and on ``cpsat-int`` 12.6 ms.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("glucose4", "cnf-direct", "every Suguru",
                 "a few hundred literals and binary clauses that unit propagation mostly decides: glucose4 "
                 "checks a generated 8x8 in 3.4 ms of CPU (minisat22 3.7, cadical153 5.4, CP-SAT 10.5 on "
                 "cpsat-bool, 12.6 on cpsat-int)", fallback=Choice("minisat22", "cnf-direct"))
CPSAT = Choice("cpsat", "cpsat-bool", "Suguru on CP-SAT (--backend cpsat)",
               "Boolean literals with AtMostOne per 2x2 window and digit: 10.5 ms a generated 8x8 against "
               "12.6 ms for the integer model cpsat-int")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "Suguru generation",
                "one incremental MiniSat on the region map's formula (random phases fill it), the solution "
                "blocked, the givens as assumptions")


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every Suguru)."""
    return DEFAULT
