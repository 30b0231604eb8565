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

The C core propagates the cages itself (``killer-native``: each cage keeps the digits of the
sets of distinct digits that fit its open cells and the rest of its sum), with nothing to
build but the cages' records. On 40 unique 9x9 puzzles (``gridsat generate killer -n 40 --seed
500``), ``gridsat.check`` in one process, two passes alternating, load average about 7 on
2 cores: ``native+minicard``/``killer-native`` 0.066 s a pass (median 0.81 ms, at most 5.6 ms),
``minisat22``/``cnf-cages`` 1.24 s (median 26.5 ms), ``cpsat``/``cpsat-int`` 0.91 s (median
20.7 ms). ``gridsat check`` over the file, whole process, three runs alternating: 0.77-1.07 s of
user CPU and 41 MB peak against 1.34-1.67 s and 55 MB; on one puzzle the start of the program
dominates (0.8-1.1 s either way). So the core is the default up to 16x16, its sum tables'
limit; within a node budget, since its depth-first search can wander on a sparse puzzle with
no solution that a clause-learning solver refutes at once (then MiniCard goes on with the
core's solutions blocked).
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "NATIVE", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-cages", "killer puzzles above 16x16 or without the C core",
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
                "the C core with the cages' sum tables checks 40 generated 9x9 puzzles in 0.07 s in one "
                "process against 1.2 s for MiniSat on cnf-cages (median 0.8 against 26.5 ms), and a file of "
                "them in less CPU as a whole process; within a node budget, then MiniCard with the core's "
                "solutions blocked",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair: the C core with the cages' sum tables (within a node budget, then MiniCard),
    or the CNF where the core cannot run or take the puzzle (above 16x16)."""
    return NATIVE
