"""The Str8ts kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["KERNEL", "DEFAULT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-str8ts-window", "every str8ts board",
                 "one formula per black-cell layout with the givens as assumptions, a compartment as "
                 "one window of consecutive digits: checking (solve and prove unique) 100 generated "
                 "9x9 puzzles took 19-22 ms CPU each on MiniSat/cnf-str8ts-window, 17-20 ms on "
                 "Glucose 4 (within the noise), 47-59 ms on MiniSat/cnf-str8ts (far pairs) and 115 ms "
                 "on CP-SAT/cpsat-str8ts, one process on a busy two-core machine (docs/howto/kind-str8ts.md)")

#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves givens
ORACLE = Choice("minisat22", "cnf-str8ts", "str8ts generation",
                "one incremental MiniSat per black-cell layout: the givens are assumptions on its formula")


#: the finite-domain kernel (gridsat._csp) on the kind's csp encoding, within a node budget, then
#: MiniSat on the CNF with the kernel's solutions blocked; the DEFAULT pair where it cannot run
KERNEL = Choice("csp+minisat22", "str8ts-csp", "every str8ts board",
                "the compiled kernel builds no formula: `gridsat check` over 100 generated puzzles, whole "
                "process, took 0.58-0.64 s against 2.04-2.12 s for minisat22/cnf-str8ts-window (CPU, two runs "
                "alternating, load average 8 on 2 cores)",
                fallback=DEFAULT)


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return KERNEL
