"""Str8ts for CP-SAT.

``cpsat-str8ts``: an integer ``h(c)`` in 0..n per cell (``0`` only on a black cell without a
digit), channelled to Boolean literals ``x(c, v)``: exactly one per white cell, at most one
per black cell, at most one cell per digit in each row and column. Each compartment of ``L``
cells takes its largest and smallest digit (``AddMaxEquality``, ``AddMinEquality``) and
states ``max - min == L - 1``; with the digits distinct, they are consecutive. The model
depends on the side and the black cells (its key); givens and empty black cells fix the
integers. Every auxiliary is determined by the integers, so enumeration counts solutions.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register
from .encode_cnf import _runs

__all__ = ["str8ts_cpsat"]


@register("cpsat-str8ts", "str8ts", "cpsat", key=lambda p: (p.n, p.black))
def str8ts_cpsat(puzzle) -> CpsatModel:
    """Integer digits channelled to Booleans; lines as at-most-one per digit; compartments by max - min."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    n, black = puzzle.n, puzzle.black
    model = cp_model.CpModel()
    h = [model.NewIntVar(0 if black[c] else 1, n, f"h{c}") for c in range(n * n)]
    x = {}
    for c in range(n * n):
        lits = []
        for v in range(1, n + 1):
            x[c, v] = model.NewBoolVar(f"x{c}_{v}")
            lits.append(x[c, v])
        (model.AddAtMostOne if black[c] else model.AddExactlyOne)(lits)
        model.Add(h[c] == sum(v * x[c, v] for v in range(1, n + 1)))
    for r in range(n):
        for v in range(1, n + 1):
            model.AddAtMostOne([x[r * n + c, v] for c in range(n)])
            model.AddAtMostOne([x[c * n + r, v] for c in range(n)])
    for i, run in enumerate(_runs(n, black)):
        if len(run) < 2:
            continue
        hi = model.NewIntVar(1, n, f"max{i}")
        lo = model.NewIntVar(1, n, f"min{i}")
        model.AddMaxEquality(hi, [h[c] for c in run])
        model.AddMinEquality(lo, [h[c] for c in run])
        model.Add(hi - lo == len(run) - 1)
    index = [hv.Index() for hv in h]

    def fix(p) -> list[tuple[int, int]]:
        return [(index[c], v if v is not None else 0) for c, v in enumerate(p.givens)
                if v is not None or p.black[c]]

    def decode(values) -> tuple[int, ...]:
        return tuple(int(values[i]) for i in index)

    return CpsatModel(key=(n, black), model=model, fix=fix, decode=decode, info={})
