"""The Hidato kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (the cells' coordinates, the givens and
the adjacency), sharing no code with the encoders, so an encoding bug cannot hide behind a
matching bug in the check.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_hidato"]


@register_verifier("hidato")
def verify_hidato(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a Hidato/Numbrix answer: 1..N once each, givens kept, consecutive numbers adjacent.

    Adjacency is recomputed here from the raw cell coordinates: king moves (Chebyshev
    distance 1) or rook moves (Manhattan distance 1).
    """
    cells = list(puzzle.cells)
    n = len(cells)
    sol = list(solution)
    if len(sol) != n:
        return [f"solution has {len(sol)} cells, expected {n}"]
    problems: list[str] = []
    where: dict[int, int] = {}
    if all(type(v) is int for v in sol) and len(set(sol)) == n and min(sol) == 1 and max(sol) == n:
        where = dict(zip(sol, range(n)))  # (the common case: 1..N once each; plain ints)
        sol_ok = True
    else:
        sol_ok = False
    for i, v in enumerate(() if sol_ok else sol):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= n:
            problems.append(f"cell {i} holds {v!r}, not a number in 1..{n}")
        elif v in where:
            problems.append(f"{v} is placed twice (cells {where[v]} and {i})")
        else:
            where[v] = i
    for i, g in puzzle.givens.items():
        if sol[i] != g:
            problems.append(f"cell {i} holds {sol[i]!r} but the given is {g}")
    if problems:
        return problems
    king = puzzle.adjacency == "king"
    at = [cells[where[k]] for k in range(1, n + 1)]
    for k, (r1, c1), (r2, c2) in zip(range(1, n), at, at[1:]):
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        if not (max(dr, dc) == 1 if king else dr + dc == 1):
            problems.append(f"{k} at r{r1 + 1}c{c1 + 1} and {k + 1} at r{r2 + 1}c{c2 + 1} do not touch "
                            f"({'king' if king else 'rook'} moves)")
    return problems
