"""``d4``: exact projected model counting with the d4 knowledge compiler (PyPI ``d4solver``).

d4 reads the projection set from the ``c p show ... 0`` line of a DIMACS file (its in-memory
clause constructor has no projection), so the formula goes through a temporary file.
"""

from __future__ import annotations

import os

from .base import Formula, SharpSatMethod, register_method, write_dimacs

__all__ = ["D4Method"]


class D4Method(SharpSatMethod):
    """d4 (decision-DNNF compilation), exact, projected onto the primary variables."""

    name = "d4"
    description = "exact projected #SAT with d4 (package d4solver); ignores --limit"
    module = "py_d4"
    package = "d4solver"

    def count_formula(self, formula: Formula) -> tuple[int, dict]:
        """Count the projected models exactly with d4 (in the child process)."""
        import py_d4

        path = write_dimacs(formula, projection=True)
        try:
            res = py_d4.Solver(path).count()
            stats = {"decisions": int(res.getNbDecisionNodes()), "splits": int(res.getNbSplits()),
                     "recursive_calls": int(res.getNbRecursiveCalls())}
            return int(res.getResult()), stats
        finally:
            os.unlink(path)


register_method("d4", D4Method)
