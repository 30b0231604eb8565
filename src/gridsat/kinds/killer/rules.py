"""The killer puzzle's verifier rules, registered with :mod:`gridsat.verifier`.

A full grid is checked from the raw puzzle data alone, in plain Python: a digit ``1..n`` in
every cell, every given kept, every row, column and region holding ``1..n`` once, and every
cage holding different digits that add up to its sum (when it has one). Nothing here is
shared with the encodings (nor with the constraint types' own rules), so a bug there cannot
hide behind a matching bug here.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_killer"]


def _name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


@register_verifier("killer")
def verify_killer(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` as an answer to ``puzzle`` (empty: nothing).

    Messages read ``solution has 5 twice in row 1: r1c1 and r1c4`` or
    ``solution adds up to 12 in the cage r1c1 r1c2, not 11``.
    """
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    bad = [f"solution leaves {_name(n, i)} empty" if v == 0 else
           f"solution has {v!r} at {_name(n, i)}, not a value in 1..{n}"
           for i, v in enumerate(sol) if type(v) is not int or not 1 <= v <= n]
    if bad:
        return bad
    out = [f"solution has {sol[i]} at {_name(n, i)} where the given is {g}"
           for i, g in enumerate(puzzle.givens) if g and sol[i] != g]
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    regs: dict[int, list[int]] = {}
    for cell, k in enumerate(puzzle.regions):
        regs.setdefault(k, []).append(cell)
    word = "box" if puzzle.box else "region"
    units = ([(f"row {r + 1}", u) for r, u in enumerate(rows)] + [(f"column {c + 1}", u) for c, u in enumerate(cols)]
             + [(f"{word} {k + 1}", regs[k]) for k in sorted(regs)])
    for cage in puzzle.cages:
        cells = sorted(cage.members)
        units.append(("the cage " + " ".join(_name(n, c) for c in cells), cells))
    for label, cells in units:
        first: dict[int, int] = {}
        for c in cells:
            v = sol[c]
            if v in first:
                out.append(f"solution has {v} twice in {label}: {_name(n, first[v])} and {_name(n, c)}")
            else:
                first[v] = c
    for cage in puzzle.cages:
        if cage.total is not None:
            s = sum(sol[c] for c in cage.members)
            if s != cage.total:
                where = " ".join(_name(n, c) for c in sorted(cage.members))
                out.append(f"solution adds up to {s} in the cage {where}, not {cage.total}")
    return out
