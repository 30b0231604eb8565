"""The Kakuro verifier, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw cells alone: the runs are walked anew along every row and
column (not taken from the puzzle's run list, nor from the encodings' digit tables), each
must hold distinct digits 1-9 adding up to the sum of the black cell before it.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_kakuro"]


@register_verifier("kakuro")
def verify_kakuro(puzzle, solution: Sequence[int]) -> list[str]:
    """What is wrong with ``solution`` (empty: nothing): digits on white cells only, every run distinct and summed."""
    R, C, cells = puzzle.rows, puzzle.cols, puzzle.cells
    sol = list(solution)
    if len(sol) != R * C:
        return [f"solution has {len(sol)} cells, expected {R * C}"]
    problems = []
    for i, (v, cell) in enumerate(zip(sol, cells)):
        want = range(1, 10) if cell is None else (0,)
        if not isinstance(v, int) or isinstance(v, bool) or v not in want:
            what = "a digit 1..9" if cell is None else "0 (a black cell)"
            problems.append(f"r{i // C + 1}c{i % C + 1} holds {v!r}, not {what}")
    if problems:
        return problems
    for r in range(R):
        for c in range(C):
            if cells[r * C + c] is not None:
                continue
            for dr, dc, slot, what in ((0, 1, 1, "across"), (1, 0, 0, "down")):
                pr, pc = r - dr, c - dc
                if pr >= 0 and pc >= 0 and cells[pr * C + pc] is None:
                    continue  # not the start of a run
                digits = []
                rr, cc = r, c
                while rr < R and cc < C and cells[rr * C + cc] is None:
                    digits.append(sol[rr * C + cc])
                    rr, cc = rr + dr, cc + dc
                total = cells[pr * C + pc][slot] if pr >= 0 and pc >= 0 else 0
                if len(set(digits)) != len(digits):
                    problems.append(f"the {what} run from r{r + 1}c{c + 1} repeats a digit: {digits}")
                if total and sum(digits) != total:
                    problems.append(f"the {what} run from r{r + 1}c{c + 1} adds up to {sum(digits)}, not {total}")
    return problems
