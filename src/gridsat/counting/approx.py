"""``approx``: approximate projected model counting with ApproxMC (PyPI ``pyapproxmc``).

ApproxMC returns ``cells * 2**hashes``: with probability at least ``1 - delta`` this lies
within a factor ``1 + epsilon`` of the true count (``count / (1+eps) <= true <= count * (1+eps)``).
When its first bounded enumeration already finds fewer solutions than its threshold
(about 73 for ``epsilon = 0.8``) it adds no hash (``hashes == 0``) and the count is exact;
gridsat then reports it as complete.
"""

from __future__ import annotations

from .base import Formula, SharpSatMethod, register_method

__all__ = ["ApproxMethod"]


class ApproxMethod(SharpSatMethod):
    """ApproxMC with PAC guarantees ``epsilon`` (tolerance) and ``delta`` (confidence)."""

    name = "approx"
    description = "approximate projected #SAT with ApproxMC (package pyapproxmc): within 1+epsilon w.p. 1-delta"
    exact = False
    module = "pyapproxmc"
    package = "pyapproxmc"

    def __init__(self, epsilon: float = 0.8, delta: float = 0.2, seed: int = 1):
        if not epsilon > 0 or not 0 < delta < 1:
            from ..errors import UnsupportedError

            raise UnsupportedError(f"approx needs epsilon > 0 and 0 < delta < 1, got {epsilon}, {delta}")
        self.epsilon, self.delta, self.seed = float(epsilon), float(delta), int(seed)

    def options(self) -> dict:
        """The tolerance and confidence of the estimate: ``epsilon`` and ``delta``."""
        return {"epsilon": self.epsilon, "delta": self.delta, "seed": self.seed}

    def count_formula(self, formula: Formula) -> tuple[int, dict]:
        """Estimate the projected model count with ApproxMC (in the child process)."""
        import pyapproxmc

        c = pyapproxmc.Counter(seed=self.seed, epsilon=self.epsilon, delta=self.delta)
        c.add_clauses(formula.clauses)
        cells, hashes = c.count(formula.show)
        return int(cells) * 2 ** int(hashes), {"cells": int(cells), "hashes": int(hashes), "exact": hashes == 0}


register_method("approx", ApproxMethod)
