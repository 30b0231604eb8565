"""The killer kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 80 unique 9x9 killer puzzles (``gridsat generate killer -n 80 --seed 500``),
``gridsat check`` over the file, whole process, user CPU time: ``minisat22``/``cnf-cages``
2.08 s, ``cpsat``/``cpsat-int`` 2.28 s. In one process, past the imports, CP-SAT is faster
per puzzle (13 ms against 20-22 ms for MiniSat, CaDiCaL or Glucose on 21 puzzles), but loading
OR-tools costs about half a second, more than that difference over a file of this size; and
one puzzle from the command line takes 0.05 s with MiniSat against 0.1 s or more with CP-SAT.
The CNF's time is mostly building the cages' sum tables and loading some 12,000 clauses into a
new solver (the cages change with every puzzle, so no formula is reused); the search is about
4 ms.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "NATIVE", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-cages", "killer puzzles",
                 "whole process over 80 generated 9x9 puzzles, 2.08 s of CPU against 2.28 s for "
                 "CP-SAT (which is faster per puzzle once OR-tools is loaded, but its half-second "
                 "load outweighs that on a file this size and on one puzzle)")
CPSAT = Choice("cpsat", "cpsat-int", "killer puzzles, the second model",
               "CP-SAT's AllDifferent and linear sums: the independent model the tests cross-check "
               "the CNF with (13 ms a 9x9 puzzle in one process)")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator adds givens
ORACLE = Choice("minisat22", "cnf-cages", "killer generation",
                "one incremental solver per cage layout answers its few uniqueness calls in a few "
                "milliseconds each (the default pair's solver)")


NATIVE = Choice("native+minicard", "killer-native", "killer puzzles up to 16x16",
                "MEASURED", fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair: the C core with the cages' sum tables (within a node budget, then MiniCard),
    or the CNF where the core cannot run or take the puzzle (above 16x16)."""
    return NATIVE
