"""The KenKen kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "CPSAT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-table", "every KenKen",
                 "MEASURED")
CPSAT = Choice("cpsat", "cpsat-table", "KenKen on CP-SAT (count(method='cpsat'))",
               "MEASURED")


def default(puzzle) -> Choice:
    """The default pair for ``puzzle`` (one for every board)."""
    return DEFAULT


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator builds cages
ORACLE = Choice("minisat22", "cnf-table", "KenKen generation",
                "MiniSat on the table formula, rebuilt as the cages change")
