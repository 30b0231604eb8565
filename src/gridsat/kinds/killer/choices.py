"""The killer kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-cages", "killer puzzles",
                 "MEASURE")
CPSAT = Choice("cpsat", "cpsat-int", "killer puzzles, the second model",
               "CP-SAT's AllDifferent and linear sums: an independent model to cross-check the CNF")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator adds cages
ORACLE = Choice("minisat22", "cnf-cages", "killer generation",
                "MEASURE")


def default(puzzle) -> Choice:
    """The default pair (one for every killer puzzle)."""
    return DEFAULT
