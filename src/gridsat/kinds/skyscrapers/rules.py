"""The Skyscrapers kind's verifier rules, registered with :mod:`gridsat.verifier`.

An answer is checked from the raw puzzle data alone (side, tallest height, clues and givens),
sharing no code with the encoders: the lines are walked here by coordinates, not through the
puzzle's helpers.
"""

from __future__ import annotations

from typing import Sequence

from ...verifier import register_verifier

__all__ = ["verify_skyscrapers", "seen"]


def seen(heights: Sequence[int]) -> int:
    """How many buildings are seen along ``heights`` (nearest first; ``0`` is no building)."""
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


@register_verifier("skyscrapers")
def verify_skyscrapers(puzzle, solution: Sequence[int]) -> list[str]:
    """Check an answer: heights 1..m once per row and column (the rest empty), givens kept, clues met."""
    n, m = puzzle.n, puzzle.m
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    problems = [f"r{i // n + 1}c{i % n + 1} holds {v!r}, not a height 0..{m}" for i, v in enumerate(sol)
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= m]
    if problems:
        return problems
    grid = [sol[r * n:(r + 1) * n] for r in range(n)]
    want = sorted(list(range(1, m + 1)) + [0] * (n - m))
    for r in range(n):
        if sorted(grid[r]) != want:
            problems.append(f"row {r + 1} holds {grid[r]}, not each of 1..{m} once" +
                            (f" and {n - m} empty" if m < n else ""))
    for c in range(n):
        col = [grid[r][c] for r in range(n)]
        if sorted(col) != want:
            problems.append(f"column {c + 1} holds {col}, not each of 1..{m} once" +
                            (f" and {n - m} empty" if m < n else ""))
    for i, g in enumerate(puzzle.givens):
        if g is not None and sol[i] != g:
            problems.append(f"r{i // n + 1}c{i % n + 1} holds {sol[i]} but the given is {g}")
    views = {
        "top": lambda i: [grid[r][i] for r in range(n)],
        "bottom": lambda i: [grid[r][i] for r in range(n - 1, -1, -1)],
        "left": lambda i: grid[i],
        "right": lambda i: grid[i][::-1],
    }
    for side, view in views.items():
        for i, clue in enumerate(getattr(puzzle, side)):
            if clue and seen(view(i)) != clue:
                problems.append(f"the {side} clue {clue} of {'column' if side in ('top', 'bottom') else 'row'} "
                                f"{i + 1} sees {seen(view(i))} buildings")
    return problems
