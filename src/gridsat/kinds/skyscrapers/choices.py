"""The Skyscrapers kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-sky", "every skyscrapers board",
                 "one formula per board shape with the clues as assumptions, reused across a batch: "
                 "checking (solve and prove unique) 10 generated 6x6 puzzles took 0.06 s on MiniSat, "
                 "0.14 s on Glucose 4, 0.15 s on CaDiCaL and 1.0 s on CP-SAT/cpsat-sky; 4 8x8 ones "
                 "0.06, 0.26, 0.44 and 1.2 s (docs/howto/kind-skyscrapers.md)")

#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves clues
ORACLE = Choice("minisat22", "cnf-sky", "skyscrapers generation",
                "one incremental MiniSat per board shape: the clues are assumptions on the shape's formula")


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return DEFAULT
