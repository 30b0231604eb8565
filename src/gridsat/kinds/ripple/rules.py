"""The Ripple kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (the board's size, the region label of each
cell and the givens), sharing no code with the encoders or the puzzle's helpers: region sizes and
the distances along rows and columns are worked out here again.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_ripple"]


@register_verifier("ripple")
def verify_ripple(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` (empty: nothing).

    A region of ``k`` cells holds each of ``1..k`` once; givens are kept; two equal digits ``d``
    in one row or column have at least ``d`` other cells between them.
    """
    rows, cols = puzzle.rows, puzzle.cols
    n = rows * cols
    sol = list(solution)
    if len(sol) != n:
        return [f"solution has {len(sol)} cells, expected {n}"]
    members: dict = {}
    for c, lab in enumerate(puzzle.regions):
        members.setdefault(lab, []).append(c)
    problems: list[str] = []
    for c, v in enumerate(sol):
        k = len(members[puzzle.regions[c]])
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= k:
            problems.append(f"r{c // cols + 1}c{c % cols + 1} holds {v!r}, not a digit in 1..{k} (its region's size)")
    for c, g in enumerate(puzzle.givens):
        if g and sol[c] != g:
            problems.append(f"r{c // cols + 1}c{c % cols + 1} holds {sol[c]!r} but the given is {g}")
    if problems:
        return problems
    for lab, cells in members.items():
        if sorted(sol[c] for c in cells) != list(range(1, len(cells) + 1)):
            c = cells[0]
            problems.append(f"the region of r{c // cols + 1}c{c % cols + 1} does not hold 1..{len(cells)} once each")
    for r in range(rows):
        for c in range(cols):
            d = sol[r * cols + c]
            for step in range(1, d + 1):  # the cells right of and below, up to d steps away
                for r2, c2 in ((r, c + step), (r + step, c)):
                    if r2 < rows and c2 < cols and sol[r2 * cols + c2] == d:
                        problems.append(f"{d} at r{r + 1}c{c + 1} and {d} at r{r2 + 1}c{c2 + 1} have "
                                        f"{step - 1} cells between them, fewer than {d}")
    return problems
