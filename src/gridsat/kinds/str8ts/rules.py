"""The Str8ts kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (side, black cells, givens), sharing no
code with the encoders: rows, columns and compartments are walked here by coordinates, not
through the puzzle's helpers.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_str8ts"]


@register_verifier("str8ts")
def verify_str8ts(puzzle, solution: Sequence[int]) -> list[str]:
    """Check an answer: white cells 1..n, black cells as given, no repeat in a line, compartments straight."""
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    problems = []
    for i, v in enumerate(sol):
        where = f"r{i // n + 1}c{i % n + 1}"
        if not isinstance(v, int) or isinstance(v, bool):
            problems.append(f"{where} holds {v!r}, not a digit")
        elif puzzle.black[i]:
            want = puzzle.givens[i] or 0
            if v != want:
                problems.append(f"{where} is black with {want or 'no digit'}, the answer has {v}")
        elif not 1 <= v <= n:
            problems.append(f"{where} holds {v}, not a digit 1..{n}")
        elif puzzle.givens[i] is not None and puzzle.givens[i] != v:
            problems.append(f"{where} holds {v} but the given is {puzzle.givens[i]}")
    if problems:
        return problems
    lines = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    lines += [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    for what, cells in lines:
        digits = [sol[c] for c in cells if sol[c]]
        if len(set(digits)) != len(digits):
            problems.append(f"{what} repeats a digit: {[sol[c] for c in cells]}")
        runs, run = [], []
        for c in cells:
            if puzzle.black[c]:
                runs.append(run)
                run = []
            else:
                run.append(sol[c])
        runs.append(run)
        for run in runs:
            if run and sorted(run) != list(range(min(run), min(run) + len(run))):
                problems.append(f"{what} has a compartment {run} that is not a straight")
    return problems
