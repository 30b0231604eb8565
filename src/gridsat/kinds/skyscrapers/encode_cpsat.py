"""Skyscrapers for CP-SAT.

``cpsat-sky``: an integer height ``h(c)`` in 0..m per cell, channelled to Boolean literals
``x(c, v)`` (``ExactlyOne`` per cell, and per height in each row and column: the Latin rows
and columns, empties left free). For each clue's line only: the prefix maxima as integer
variables (``AddMaxEquality``), a Boolean ``seen(j)`` enforced both ways as
``h(c_j) > max(c_0..c_{j-1})``, and the clue as a linear sum of the ``seen`` literals. The
clues are in the model (its key is the whole puzzle); givens fix the height variables.
Every auxiliary is determined by the heights, so enumeration counts solutions.
"""

from __future__ import annotations

from ...encoders.base import CpsatModel, register

__all__ = ["sky_cpsat"]


@register("cpsat-sky", "skyscrapers", "cpsat", key=lambda p: p.key)
def sky_cpsat(puzzle) -> CpsatModel:
    """Integer heights channelled to Booleans; per clue line, prefix maxima and a sum of seen buildings."""
    from ortools.sat.python import cp_model  # OR-tools loads on first use

    n, m = puzzle.n, puzzle.m
    low = 0 if m < n else 1
    model = cp_model.CpModel()
    h = [model.NewIntVar(low, m, f"h{c}") for c in range(n * n)]
    x = {}
    for c in range(n * n):
        for v in range(low, m + 1):
            x[c, v] = model.NewBoolVar(f"x{c}_{v}")
        model.AddExactlyOne([x[c, v] for v in range(low, m + 1)])
        model.Add(h[c] == sum(v * x[c, v] for v in range(1, m + 1)))
    for r in range(n):
        for v in range(1, m + 1):
            model.AddExactlyOne([x[r * n + c, v] for c in range(n)])
            model.AddExactlyOne([x[c * n + r, v] for c in range(n)])
    for side, i, k in puzzle.clues():
        cells = puzzle.line(side, i)
        seen = [model.NewBoolVar(f"seen_{side}{i}_0")]
        model.Add(h[cells[0]] >= 1).OnlyEnforceIf(seen[0])
        model.Add(h[cells[0]] == 0).OnlyEnforceIf(seen[0].Not())
        top = h[cells[0]]
        for j in range(1, n):
            c = cells[j]
            s = model.NewBoolVar(f"seen_{side}{i}_{j}")
            model.Add(h[c] > top).OnlyEnforceIf(s)
            model.Add(h[c] <= top).OnlyEnforceIf(s.Not())
            seen.append(s)
            if j < n - 1:
                nxt = model.NewIntVar(low, m, f"max_{side}{i}_{j}")
                model.AddMaxEquality(nxt, [top, h[c]])
                top = nxt
        model.Add(sum(seen) == k)
    index = [hv.Index() for hv in h]

    def fix(p) -> list[tuple[int, int]]:
        return [(index[c], v) for c, v in enumerate(p.givens) if v is not None]

    def decode(values) -> tuple[int, ...]:
        return tuple(int(values[i]) for i in index)

    return CpsatModel(key=puzzle.key, model=model, fix=fix, decode=decode, info={})
