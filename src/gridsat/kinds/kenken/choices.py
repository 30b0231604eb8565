"""The KenKen kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured (one process on a busy 2-core machine, build included, ``gridsat.check``: a solution
and the uniqueness proof, 30 generated 6x6 and 10 generated 9x9 puzzles, ms a puzzle):

============================ ====== ======
pair                          6x6    9x9
============================ ====== ======
glucose4 / cnf-table          6.0    27
minisat22 / cnf-table         5.9    38
cadical153 / cnf-table        9.9    67
glucose4 / cnf-select         11.7   54
minisat22 / cnf-select        11.8   45
cpsat / cpsat-table           9.3    29
cpsat / cpsat-arith           15.5   49
============================ ====== ======

Most of the CNF time is building the formula and loading it into the solver (the search
itself takes about 1.5 ms on 9x9); the support clauses of ``cnf-table`` pay for themselves.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "CPSAT", "ORACLE", "default", "encoding_for"]

DEFAULT = Choice("glucose4", "cnf-table", "every KenKen",
                 "the tables with support clauses propagate every cage to arc consistency: the fastest "
                 "check measured, 6 ms a 6x6 and 27 ms a 9x9 (cnf-select 12 and 54 ms, cpsat-table 9 and 29 ms)")
CPSAT = Choice("cpsat", "cpsat-table", "KenKen on CP-SAT (count(method='cpsat'))",
               "AddAllowedAssignments over the cage tables beats the arithmetic constraints (9 against "
               "16 ms a 6x6, 29 against 49 ms a 9x9)")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "kenken-csp", "every KenKen up to 16x16",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.66-0.75 s against 0.90-0.92 s for glucose4/cnf-table (CPU, two runs "
                "alternating, load average 8 on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every board)."""
    return KERNEL


def encoding_for(puzzle, backend: str, target: str) -> str | None:
    """``cpsat-table`` for CP-SAT (measured above); the default encoding for other targets."""
    return CPSAT.encoding if target == "cpsat" else None


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator builds cages
ORACLE = Choice("minisat22", "cnf-table", "KenKen generation",
                "MiniSat on the table formula, rebuilt as the cages change (5.9 ms a 6x6 check)")
