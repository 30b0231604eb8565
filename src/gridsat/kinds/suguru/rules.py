"""The Suguru kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (the board's size, the region label of each
cell and the givens), sharing no code with the encoders or the puzzle's helpers: region sizes and
the touching cells are worked out here again.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_suguru"]


@register_verifier("suguru")
def verify_suguru(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` (empty: nothing).

    A region of ``k`` cells holds each of ``1..k`` once; givens are kept; two cells that touch
    by a side or a corner never hold the same digit.
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
            for r2, c2 in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if 0 <= r2 < rows and 0 <= c2 < cols and sol[r * cols + c] == sol[r2 * cols + c2]:
                    problems.append(f"{sol[r * cols + c]} at r{r + 1}c{c + 1} touches {sol[r2 * cols + c2]} "
                                    f"at r{r2 + 1}c{c2 + 1}")
    return problems
