"""The Suguru kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-direct", "every Suguru",
                 "a few hundred literals and binary clauses: unit propagation does most of the work and "
                 "MiniSat answers an 8x8 with its uniqueness proof in about a millisecond, against tens "
                 "of milliseconds for CP-SAT's model set-up (docs/howto/kind-suguru.md)")
CPSAT = Choice("cpsat", "cpsat-bool", "Suguru on CP-SAT (--backend cpsat)",
               "Boolean literals with AtMostOne per 2x2 window and digit: the faster of the two CP-SAT "
               "models on the measured set")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "Suguru generation",
                "one incremental MiniSat on the region map's formula, the solution blocked, the givens as "
                "assumptions")


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every Suguru)."""
    return DEFAULT
