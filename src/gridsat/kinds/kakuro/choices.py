"""The Kakuro kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured (one process on a busy 2-core machine, ``gridsat.check``: a solution and the
uniqueness proof, 3 generated 12x12 puzzles after one warm-up check, ms a puzzle):
minisat22/cnf-combo 1.4, glucose4/cnf-combo 8.6, cadical153/cnf-combo 11.6,
minisat22/cnf-sum 26.1, cpsat/cpsat-sum 7.2, cpsat/cpsat-table 4.9.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "CPSAT", "ORACLE", "default", "encoding_for"]

DEFAULT = Choice("minisat22", "cnf-combo", "every kakuro",
                 "the combination tables propagate each run's sum to its possible digits at once: the fastest "
                 "check measured, 1.4 ms a generated 12x12 (glucose4 8.6, cadical153 11.6, cnf-sum 26.1, "
                 "cpsat-table 4.9, cpsat-sum 7.2 ms)")
CPSAT = Choice("cpsat", "cpsat-table", "kakuro on CP-SAT (count(method='cpsat'))",
               "the tables on runs of up to 4 cells beat the linear sums alone: 4.9 against 7.2 ms a 12x12")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "kakuro-csp", "every kakuro",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.76-0.78 s against 1.63-1.66 s for minisat22/cnf-combo (CPU, two runs "
                "alternating, load average 8 on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return KERNEL


def encoding_for(puzzle, backend: str, target: str) -> str | None:
    """``cpsat-table`` for CP-SAT; the default encoding for other targets."""
    return CPSAT.encoding if target == "cpsat" else None


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator repairs a board
ORACLE = Choice("minisat22", "cnf-combo", "kakuro generation",
                "MiniSat on the combination formula, one incremental solver per pattern: each run's sum "
                "added once per total under an activation literal, so a repair costs one call")
