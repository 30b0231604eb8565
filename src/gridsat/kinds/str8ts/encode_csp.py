"""Str8ts for the finite-domain kernel: ``str8ts-csp`` (the ``csp`` backends).

A variable per cell: a white cell's domain is 1..n (its digit when given), a black cell's
its digit, or 0 when it has none. Each row and column is an all-different group of its
white cells and black digits; each compartment of two or more cells a set table whose sets
are the windows of consecutive digits of its length (kept per side and length).
"""

from __future__ import annotations

from functools import lru_cache

from ...encoders.base import register
from ...encoders.csp import CspBuilder, CspModel, mask

__all__ = ["str8ts_csp"]


@lru_cache(maxsize=None)
def _windows(n: int, length: int) -> tuple[int, ...]:
    """The sets of ``length`` consecutive digits of 1..n, as masks."""
    return tuple(mask(range(s, s + length)) for s in range(1, n - length + 2))


@register("str8ts-csp", "str8ts", "csp", key=lambda p: p.key,
          description="finite-domain kernel: rows and columns all-different, each compartment a set table "
                      "of consecutive digit windows")
def str8ts_csp(puzzle) -> CspModel:
    """The cells' digits, lines distinct, compartments consecutive."""
    n, black, givens = puzzle.n, puzzle.black, puzzle.givens
    digits = mask(range(1, n + 1))
    b = CspBuilder()
    b.variables([(1 << g) if g is not None else (1 if k else digits) for k, g in zip(black, givens)])
    for r in range(n):
        for line in (range(r * n, r * n + n), range(r, n * n, n)):
            held = [c for c in line if not black[c] or givens[c] is not None]
            if len(held) > 1:
                b.alldiff(held)
            run: list[int] = []
            for c in (*line, -1):
                if c >= 0 and not black[c]:
                    run.append(c)
                    continue
                if len(run) > 1:
                    b.sets(run, _windows(n, len(run)))
                run = []
    return b.model(puzzle.key, range(n * n))
