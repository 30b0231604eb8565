"""The Str8ts kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-str8ts", "every str8ts board",
                 "one formula per black-cell layout with the givens as assumptions: checking (solve "
                 "and prove unique) 10 generated 9x9 puzzles took 0.55 s on MiniSat, 0.67 s on "
                 "Glucose 4, 1.2 s on CaDiCaL and 2.7 s on CP-SAT/cpsat-str8ts (docs/howto/kind-str8ts.md)")

#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves givens
ORACLE = Choice("minisat22", "cnf-str8ts", "str8ts generation",
                "one incremental MiniSat per black-cell layout: the givens are assumptions on its formula")


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return DEFAULT
