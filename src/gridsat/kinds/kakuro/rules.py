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
    if _quick_ok(R, C, cells, sol):
        return []
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


def _quick_ok(R: int, C: int, cells: Sequence, sol: list) -> bool:
    """Whether the answer is right, by the same rules walked row by row and column by column over
    slices (a wrong answer is then walked again, cell by cell, for the messages in their order)."""
    for v, cell in zip(sol, cells):
        if type(v) is not int or (not 1 <= v <= 9 if cell is None else v != 0):
            return False
    for lines, vals, step, slot in ((range(0, R * C, C), sol, 1, 1), (range(C), sol, C, 0)):
        for first in lines:
            line = cells[first:first + C] if step == 1 else cells[first::C]
            digits = vals[first:first + C] if step == 1 else vals[first::C]
            n, b = len(line), 0
            while b < n:
                if line[b] is not None:
                    b += 1
                    continue
                start = b
                while b < n and line[b] is None:
                    b += 1
                run = digits[start:b]
                if len(set(run)) != len(run):
                    return False
                total = line[start - 1][slot] if start else 0
                if total and sum(run) != total:
                    return False
    return True
