"""The Ripple Effect kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 10 generated 10x10 puzzles (``gridsat.count`` with a limit of 2: solve and prove
unique, the model built for each puzzle, CPU time a puzzle, two runs on a busy machine):
minisat22 on ``cnf-direct`` 4.2 ms (after its first run), glucose4 4.5-6.2 ms, cadical153
4.8-7.4 ms; CP-SAT on ``cpsat-int`` 11.4-13.0 ms and on ``cpsat-bool`` 54-56 ms.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-direct", "every Ripple Effect",
                 "direct literals and binary clauses that unit propagation mostly decides: minisat22 checks a "
                 "generated 10x10 in 4.2 ms of CPU (glucose4 4.5-6.2, cadical153 4.8-7.4, CP-SAT 11.4-13.0 on "
                 "cpsat-int, 54-56 on cpsat-bool)")
CPSAT = Choice("cpsat", "cpsat-int", "Ripple Effect on CP-SAT (--backend cpsat)",
               "an integer per cell with AllDifferent per region and forbidden equal pairs: 11.4-13.0 ms a "
               "generated 10x10 against 54-56 ms for the Boolean model cpsat-bool")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "Ripple Effect generation",
                "one incremental MiniSat on the region map's formula, the solution blocked, the givens as "
                "assumptions")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "ripple-csp", "Ripple Effects with regions of up to 31 cells",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.60-0.71 s against 1.17-1.39 s for minisat22/cnf-direct (CPU, two runs "
                "alternating, load average 8 on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every Ripple Effect)."""
    return KERNEL
