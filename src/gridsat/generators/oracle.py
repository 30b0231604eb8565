"""A fast "is it still unique?" path for generators: one incremental SAT solver per board shape.

The generators know the solution ``S`` they are carving a puzzle out of, so uniqueness of
givens ``G`` means: no model of ``base + G`` differs from ``S``. Removing a set ``O`` of givens
from a unique puzzle keeps it unique iff ``base + (G - O) + OR_{c in O} (c != S[c])`` is
unsatisfiable (any other solution agrees with ``S`` on ``G - O``, and would be a second solution
of ``G`` unless it differs inside ``O``). So one SAT call decides each removal; the formula is
built once per shape and the givens are assumptions. A single-cell ``O`` needs no clause (one
negative assumption); a larger ``O`` gets a clause guarded by a fresh activation literal that
is retired after the call.

Only satisfiability answers (never models) steer the generators, so their output does not
depend on the solver's history: the same seed gives the same puzzle in any process.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable, Iterable, Sequence

from pysat.solvers import Solver

from ..encoders import CnfModel

__all__ = ["CnfOracle", "oracle_for", "fresh_effort"]


class CnfOracle:
    """An incremental PySAT solver over a :class:`~gridsat.encoders.CnfModel`.

    Parameters
    ----------
    model : CnfModel
        The base formula with its primary literal table ``var[cell, value]``.
    solver : str
        A python-sat solver name (``minisat22``, ``glucose4``, ``cadical153``, ...).
    """

    def __init__(self, model: CnfModel, solver: str = "minisat22") -> None:
        self.model = model
        self.var = model.var
        self.solver_name = solver
        self.solver = Solver(name=solver, bootstrap_with=model.clauses)
        self.top = model.nvars
        self.nprimary = int(model.var.max())
        self._model = None
        #: assumptions prepended to every call (e.g. a jigsaw region map on a per-size formula)
        self.base: list[int] = []
        self.calls = 0

    def lits(self, pairs: Iterable[tuple[int, int]]) -> list[int]:
        """Literals of ``(cell, value)`` pairs."""
        var = self.var
        return [int(var[c, v]) for c, v in pairs]

    def sat(self, assumptions: Sequence[int]) -> bool:
        """Whether ``base + assumptions`` is satisfiable (the model is kept for :meth:`last_model`)."""
        self.calls += 1
        ok = bool(self.solver.solve(assumptions=self.base + list(assumptions)))
        # keep the model now: adding a clause afterwards invalidates it (CaDiCaL aborts on get_model)
        self._model = self.solver.get_model() if ok else None
        return ok

    def differs(self, fixed: Sequence[int], pairs: Sequence[tuple[int, int]], extra: Sequence[int] = ()) -> bool:
        """Whether a model of ``base + fixed + extra`` puts some cell of ``pairs`` off its value.

        ``False`` proves that, with ``fixed`` assumed, every ``(cell, value)`` of ``pairs`` is forced.
        """
        var = self.var
        neg = [-int(var[c, v]) for c, v in pairs if var[c, v]]
        if not neg:
            return False
        if len(neg) == 1:
            return self.sat(list(extra) + list(fixed) + neg)
        self.top += 1
        act = self.top
        self.solver.add_clause([-act] + neg)
        try:
            return self.sat(list(extra) + list(fixed) + [act])
        finally:
            self.solver.add_clause([-act])

    def model_values(self) -> tuple[int, ...]:
        """Cell values of the last satisfying model (history dependent: do not steer seeded output by it)."""
        return self.model.decode(self._model)

    def last_model(self) -> list[int]:
        """The last satisfying model as signed literals (``m[v - 1] > 0`` iff variable ``v`` is true).

        A cheap witness for the generators; history dependent, so only ever used to skip calls
        whose answer it already proves.
        """
        return self._model

    def core(self) -> list[int] | None:
        """The failed assumptions of the last unsatisfiable call (``None`` after a satisfiable one)."""
        return self.solver.get_core()

    def delete(self) -> None:
        """Free the solver."""
        self.solver.delete()


_CACHE: "OrderedDict[tuple, CnfOracle]" = OrderedDict()


def oracle_for(key: Hashable, build: Callable[[], CnfModel], solver: str = "minisat22", size: int = 4) -> CnfOracle:
    """The cached oracle for ``key`` (``build()`` makes the model on a miss); a small LRU per process."""
    k = (solver, key)
    o = _CACHE.get(k)
    if o is not None:
        _CACHE.move_to_end(k)
        return o
    o = CnfOracle(build(), solver)
    _CACHE[k] = o
    while len(_CACHE) > size:
        _, old = _CACHE.popitem(last=False)
        old.delete()
    return o


def fresh_effort(model: CnfModel, assumptions: Sequence[int], block: Sequence[int], solver: str = "minisat22") -> dict:
    """Solver effort to prove uniqueness on a *fresh* solver (deterministic): solve, block, solve again.

    Returns ``{"conflicts", "decisions", "propagations", "unique"}``.
    """
    with Solver(name=solver, bootstrap_with=model.clauses) as s:
        first = s.solve(assumptions=list(assumptions))
        unique = False
        if first:
            s.add_clause([-lit for lit in block])
            unique = not s.solve(assumptions=list(assumptions))
        st = s.accum_stats() or {}
    return {"conflicts": int(st.get("conflicts", 0)), "decisions": int(st.get("decisions", 0)),
            "propagations": int(st.get("propagations", 0)), "unique": bool(first and unique)}
