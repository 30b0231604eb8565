"""The Suguru kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 20 generated 8x8 puzzles (``gridsat.check``: solve and prove unique, the model built
for each puzzle, CPU time a puzzle, two runs): minisat22 on ``cnf-direct`` 2.6-3.0 ms, glucose4
2.9-3.2 ms, cadical153 3.8-4.5 ms; CP-SAT on ``cpsat-bool`` 12-15 ms and on ``cpsat-int``
16.5-18.5 ms.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-direct", "every Suguru",
                 "a few hundred literals and binary clauses that unit propagation mostly decides: minisat22 "
                 "checks a generated 8x8 in 2.6-3.0 ms of CPU (glucose4 2.9-3.2, cadical153 3.8-4.5, CP-SAT "
                 "12-15 on cpsat-bool, 16.5-18.5 on cpsat-int)")
CPSAT = Choice("cpsat", "cpsat-bool", "Suguru on CP-SAT (--backend cpsat)",
               "Boolean literals with AtMostOne per 2x2 window and digit: 12-15 ms a generated 8x8 against "
               "16.5-18.5 ms for the integer model cpsat-int")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "Suguru generation",
                "one incremental MiniSat on the region map's formula (random phases fill it), the solution "
                "blocked, the givens as assumptions")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "suguru-csp", "every Suguru",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.70-0.74 s against 0.71-0.93 s for minisat22/cnf-direct (in one process the "
                "kernel's build and search take 0.6 ms a puzzle) (CPU, two runs alternating, load average 8 "
                "on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every Suguru)."""
    return KERNEL
