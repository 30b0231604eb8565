"""The Samurai kind's default backend/encoding pairs, each with the puzzles it serves and why.

Measured on 10 generated Samurai puzzles (89-99 givens; ``gridsat.check``: solve and prove
unique, CPU time a puzzle, two runs): minisat22 on ``cnf-direct`` 3.5-4.8 ms, glucose4 3.7-4.9 ms,
cadical153 3.3-5.7 ms; CP-SAT on ``cpsat-bool`` 16-18 ms and on ``cpsat-int`` 21-24 ms.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-direct", "every gattai board",
                 "3,321 literals and binary clauses that unit propagation mostly decides: minisat22 checks a "
                 "generated Samurai in 3.5-4.8 ms of CPU (glucose4 3.7-4.9, cadical153 3.3-5.7, CP-SAT 16-18 "
                 "on cpsat-bool, 21-24 on cpsat-int)")
CPSAT = Choice("cpsat", "cpsat-bool", "gattai boards on CP-SAT (--backend cpsat)",
               "Boolean literals with ExactlyOne per cell and unit/digit: 16-18 ms a generated Samurai "
               "against 21-24 ms for the integer model cpsat-int")
#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves
ORACLE = Choice("minisat22", "cnf-direct", "gattai generation",
                "one incremental MiniSat on the layout's formula (random phases fill it), the solution "
                "blocked, the givens as assumptions")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "samurai-csp", "every gattai board",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.73-0.79 s against 1.08-1.21 s for minisat22/cnf-direct (CPU, two runs "
                "alternating, load average 8 on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every layout)."""
    return KERNEL
