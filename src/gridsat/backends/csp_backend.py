"""The ``csp`` backends: the kind-free finite-domain kernel (``gridsat._csp``).

A kind's ``csp`` encoding compiles its puzzle into the kernel's primitives (all-different
groups, set tables, tuple tables and pair tables; :mod:`gridsat.encoders.csp`); the kernel
propagates them to a fixpoint and searches depth first on a variable with the fewest values,
counting up to the limit, all in C without the GIL. ``csp`` searches within the time limit;
``csp+minisat22`` gives the kernel a node budget and, when the budget is spent undecided,
proves the rest with MiniSat on the kind's CNF encoding, the kernel's solutions blocked.

The extension is optional: an install without a C compiler leaves it out, and then
:meth:`CspBackend.unavailable` says why.
"""

from __future__ import annotations

import functools
import importlib.util
import time

from ..errors import UnsupportedError
from .catalogue import PYSAT_SOLVERS
from .base import Backend, OptionalExtension, Outcome, build_within, get_backend, prove_after, register_backend

__all__ = ["CspBackend", "BudgetedCsp", "NODE_BUDGET", "load"]

_EXTENSION = OptionalExtension("gridsat._csp")
#: the C extension module, or ``None`` when it cannot be imported (see :func:`load_error`)
load = _EXTENSION.load
#: why :func:`load` found no extension (``None`` when it did)
load_error = _EXTENSION.error
#: forget the import result (tests simulate a missing extension with this)
_reset = _EXTENSION.reset

#: the most solutions a run keeps (the kernel's ``keep`` is a C int)
_MOST_KEPT = (1 << 31) - 1
#: the kernel's branches in a budgeted run before the SAT prover takes over
NODE_BUDGET = 200_000


@functools.lru_cache(maxsize=1)
def _has_pysat() -> bool:
    """Whether python-sat is installed (looked up once, not imported)."""
    return importlib.util.find_spec("pysat") is not None


class CspBackend(Backend):
    """The finite-domain kernel on a kind's ``csp`` encoding."""

    name = "csp"
    target = "csp"
    supports = frozenset({"solve", "count", "time_limit", "stats"})

    def unavailable(self) -> str | None:
        """Why the kernel cannot be loaded here (e.g. it was not built), or None."""
        return load_error()

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2, max_nodes: int = 0) -> Outcome:
        """Solve or count with the kernel; see :meth:`Backend.run`.

        ``max_nodes``: stop after that many branches (0: no cap); the outcome is then neither
        complete nor timed out, and ``stats["nodes"]`` equals ``max_nodes``.
        """
        if encoding.target != "csp":
            raise UnsupportedError(f"backend {self.name} takes csp encodings, not {encoding.target} ({encoding.name})")
        core = load()
        if core is None:
            raise UnsupportedError(f"backend {self.name} is unavailable: {load_error()}")
        model, out, left = build_within(encoding, puzzle, time_limit)
        if out.timed_out:
            return out
        t1 = time.perf_counter()
        lim = 0 if limit is None else max(int(limit), 1)
        kept = max(0, min(int(keep), lim or _MOST_KEPT, _MOST_KEPT))
        count, complete, timed_out, sols, nodes, props = core.solve(
            model.domains, model.records, model.outmap, lim, kept, int(max_nodes), left)
        out.solve_time = time.perf_counter() - t1
        out.count, out.complete, out.timed_out = count, complete, timed_out
        out.solutions = sols
        out.stats = {"nodes": nodes, "propagations": props}
        return out


class BudgetedCsp(CspBackend):
    """The kernel for at most a node budget, then a SAT backend with the kernel's solutions blocked.

    Parameters
    ----------
    prover : str
        A CNF backend that supports ``exclude``.
    budget : int
        The kernel's branches before the prover runs.
    """

    def __init__(self, prover: str = "minisat22", budget: int = NODE_BUDGET) -> None:
        self.name = f"csp+{prover}"
        self.prover_name = prover
        self.budget = budget

    def unavailable(self) -> str | None:
        """Why the kernel or the prover cannot run here, or None (a python-sat prover is looked
        for without importing python-sat: most jobs never need it)."""
        why = super().unavailable()
        if why is not None:
            return why
        if self.prover_name in PYSAT_SOLVERS:
            return None if _has_pysat() else "python-sat is not installed"
        return get_backend(self.prover_name).unavailable()

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2, max_nodes: int = 0) -> Outcome:
        """The kernel within its budget, then the prover on the kind's CNF encoding."""
        t0 = time.perf_counter()
        first = super().run(puzzle, encoding, limit=limit, time_limit=time_limit, keep=keep,
                            max_nodes=max_nodes or self.budget)
        if first.complete or first.timed_out or (limit is not None and first.count >= limit):
            return first
        stats = dict(first.stats, budget=max_nodes or self.budget)
        left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
        if left is not None and left <= 0:
            first.timed_out, first.stats = True, stats
            return first
        from ..encoders import get_encoding, list_encodings
        from ..kinds import kind_of

        kind = kind_of(puzzle)
        enc = get_encoding(kind.export_encoding, kind.name)
        if enc.target != "cnf" or not enc.applies(puzzle):
            enc = next(e for e in list_encodings(kind.name, "cnf") if e.applies(puzzle))
        return prove_after(first, get_backend(self.prover_name), enc, puzzle, limit=limit, time_limit=left,
                           keep=keep, stats=stats)


register_backend("csp", CspBackend)
register_backend("csp+minisat22", BudgetedCsp)
