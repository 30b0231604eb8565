"""``ganak``: exact projected model counting with Ganak (PyPI ``pyganak``).

The projection set is Ganak's *sampling set*; Arjun preprocessing runs first.
"""

from __future__ import annotations

from .base import Formula, SharpSatMethod, register_method

__all__ = ["GanakMethod"]


class GanakMethod(SharpSatMethod):
    """Ganak, exact, with the primary variables as the sampling set."""

    name = "ganak"
    description = "exact projected #SAT with Ganak (package pyganak); ignores --limit"
    module = "pyganak"
    package = "pyganak"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def count_formula(self, formula: Formula) -> tuple[int, dict]:
        """Count the projected models exactly with Ganak (in the child process)."""
        import pyganak

        c = pyganak.Counter(verbose=0, seed=self.seed)
        c.new_vars(formula.nvars)
        c.add_clauses(formula.clauses)
        c.set_sampling_set(formula.show)
        return int(c.count()), {}


register_method("ganak", GanakMethod)
