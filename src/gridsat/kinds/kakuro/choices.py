"""The Kakuro kind's default backend/encoding pairs, each with the puzzles it serves and why.

Figures: see the kind's how-to page (docs/howto/kind-kakuro.md), measured with
``gridsat.check`` (a solution and the uniqueness proof) on generated 12x12 puzzles.
"""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default", "encoding_for"]

DEFAULT = Choice("minisat22", "cnf-combo", "every kakuro",
                 "the combination tables propagate each run's sum to its possible digits at once: the fastest "
                 "check measured on 20 generated 12x12 puzzles (figures on docs/howto/kind-kakuro.md)")
CPSAT = Choice("cpsat", "cpsat-sum", "kakuro on CP-SAT (count(method='cpsat'))",
               "AllDifferent and a linear sum per run; CP-SAT's own propagation needs no tables")


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return DEFAULT


def encoding_for(puzzle, backend: str, target: str) -> str | None:
    """``cpsat-sum`` for CP-SAT; the default encoding for other targets."""
    return CPSAT.encoding if target == "cpsat" else None


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator repairs a board
ORACLE = Choice("minisat22", "cnf-combo", "kakuro generation",
                "MiniSat on the combination formula, rebuilt after each repair of the board")
