"""The built-in backends: each name with its target and the module that implements it.

The registry (:mod:`gridsat.backends.base`) imports a backend's module only when the
backend is first used, so ``import gridsat`` loads no solver library.
"""

from __future__ import annotations

__all__ = ["PYSAT_SOLVERS", "CATALOGUE"]

# Incremental solvers with assumptions. kissat404 is left out on purpose: it ignores
# assumptions and aborts the process on a second solve(). Lingeling has no budgets, so
# it cannot honour a time limit.
PYSAT_SOLVERS = (
    "cadical103", "cadical153", "cadical195", "glucose3", "glucose4", "glucose42",
    "lingeling", "maplechrono", "maplecm", "maplesat", "mergesat3", "minicard", "minisat22",
)

#: backend name -> (target, module); the module registers the backend when imported (a kind's
#: own backends are in its record, :attr:`gridsat.kinds.Kind.backends`)
CATALOGUE: dict[str, tuple[str, str]] = {
    **{name: ("cnf", "gridsat.backends.pysat_backend") for name in PYSAT_SOLVERS},
    "cpsat": ("cpsat", "gridsat.backends.cpsat_backend"),
    "minizinc": ("minizinc", "gridsat.backends.minizinc_backend"),
    # the kind-free finite-domain kernel (the C extension gridsat._csp)
    "csp": ("csp", "gridsat.backends.csp_backend"),
    "csp+minisat22": ("csp", "gridsat.backends.csp_backend"),
}
