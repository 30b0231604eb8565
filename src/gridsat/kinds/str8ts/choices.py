"""The Str8ts kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-str8ts-window", "every str8ts board",
                 "one formula per black-cell layout with the givens as assumptions, a compartment as "
                 "one window of consecutive digits: checking (solve and prove unique) 100 generated "
                 "9x9 puzzles took 19-22 ms CPU each on MiniSat/cnf-str8ts-window, 17-20 ms on "
                 "Glucose 4 (within the noise), 47-59 ms on MiniSat/cnf-str8ts (far pairs) and 115 ms "
                 "on CP-SAT/cpsat-str8ts, one process on a busy two-core machine (docs/howto/kind-str8ts.md)")

#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves givens
ORACLE = Choice("minisat22", "cnf-str8ts", "str8ts generation",
                "one incremental MiniSat per black-cell layout: the givens are assumptions on its formula")


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return DEFAULT
