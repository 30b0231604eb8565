"""The KenKen verifier, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle (side and cages) by plain arithmetic, sharing no
code with the encodings (which work from the cages' tables of digit tuples).
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_kenken"]


@register_verifier("kenken")
def verify_kenken(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` (empty: nothing): Latin rows and columns, every cage's clue met."""
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    bad = [f"r{i // n + 1}c{i % n + 1} holds {v!r}, not a digit 1..{n}" for i, v in enumerate(sol)
           if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= n]
    if bad:
        return bad
    problems = []
    for r in range(n):
        if sorted(sol[r * n:(r + 1) * n]) != list(range(1, n + 1)):
            problems.append(f"row {r + 1} does not hold 1..{n} once each")
    for c in range(n):
        if sorted(sol[c::n]) != list(range(1, n + 1)):
            problems.append(f"column {c + 1} does not hold 1..{n} once each")
    for cage in puzzle.cages:
        vals = [sol[c] for c in cage.cells]
        op, t = cage.op, cage.target
        if op is None:
            continue
        if op == "+":
            ok = sum(vals) == t
        elif op == "*":
            prod = 1
            for v in vals:
                prod *= v
            ok = prod == t
        elif op == "-":
            ok = len(vals) == 2 and abs(vals[0] - vals[1]) == t
        elif op == "/":
            ok = len(vals) == 2 and max(vals) == t * min(vals)
        else:
            ok = vals == [t]
        if not ok:
            where = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in cage.cells)
            problems.append(f"the cage {cage.clue} ({where}) holds {' '.join(map(str, vals))}")
    return problems
