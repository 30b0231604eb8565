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
    ``solution adds up to 12 in the cage r1c1 r1c2, not 11``. A unit whose digits are all
    different is passed by the size of their set; the others are walked cell by cell, which
    names the repeats (a right answer builds no message).
    """
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    if set(map(type, sol)) != {int} or not set(sol) <= set(range(1, n + 1)):
        return [f"solution leaves {_name(n, i)} empty" if v == 0 else
                f"solution has {v!r} at {_name(n, i)}, not a value in 1..{n}"
                for i, v in enumerate(sol) if type(v) is not int or not 1 <= v <= n]
    out = [f"solution has {sol[i]} at {_name(n, i)} where the given is {g}"
           for i, g in enumerate(puzzle.givens) if g and sol[i] != g]
    at = sol.__getitem__
    regs: dict[int, list[int]] = {}
    for cell, k in enumerate(puzzle.regions):
        regs.setdefault(k, []).append(cell)
    word = "box" if puzzle.box else "region"
    units = ([("row", r, range(r * n, (r + 1) * n)) for r in range(n)]
             + [("column", c, range(c, n * n, n)) for c in range(n)]
             + [(word, k, regs[k]) for k in sorted(regs)])
    for what, k, cells in units:
        if len(set(map(at, cells))) != len(cells):
            _repeats(n, sol, f"{what} {k + 1}", cells, out)
    for cage in puzzle.cages:
        if len(set(map(at, cage.members))) != len(cage.members):
            cells = sorted(cage.members)
            _repeats(n, sol, "the cage " + " ".join(_name(n, c) for c in cells), cells, out)
    for cage in puzzle.cages:
        if cage.total is not None:
            s = sum(map(at, cage.members))
            if s != cage.total:
                where = " ".join(_name(n, c) for c in sorted(cage.members))
                out.append(f"solution adds up to {s} in the cage {where}, not {cage.total}")
    return out


def _repeats(n: int, sol: list, label: str, cells: Sequence[int], out: list[str]) -> None:
    """Each digit that ``cells`` repeat, as a message, appended to ``out``."""
    first: dict[int, int] = {}
    for c in cells:
        v = sol[c]
        if v in first:
            out.append(f"solution has {v} twice in {label}: {_name(n, first[v])} and {_name(n, c)}")
        else:
            first[v] = c
