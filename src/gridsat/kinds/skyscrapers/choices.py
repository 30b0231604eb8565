"""The Skyscrapers kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DEFAULT", "ORACLE", "default"]

DEFAULT = Choice("minisat22", "cnf-sky", "every skyscrapers board",
                 "PLACEHOLDER")

#: the python-sat solver (and CNF encoding) that proves uniqueness while the generator carves clues
ORACLE = Choice("minisat22", "cnf-sky", "skyscrapers generation",
                "one incremental MiniSat per board shape: the clues are assumptions on the shape's formula")


def default(puzzle) -> Choice:
    """The default pair (one for every board)."""
    return DEFAULT
