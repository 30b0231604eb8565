"""The one independent checker every backend answer passes through.

It reads only the raw puzzle data (size, region labels, givens; for Hidato the board
and adjacency) and shares no code with any encoder, so an encoding bug cannot hide
behind a matching bug in the check.
"""

from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["verify", "verify_sudoku", "register_verifier"]

_VERIFIERS: dict[str, Callable[[object, Sequence[int]], list[str]]] = {}


def register_verifier(kind: str):
    """Decorator: make ``fn(puzzle, solution) -> problems`` the verifier of a puzzle kind."""

    def deco(fn):
        _VERIFIERS[kind] = fn
        return fn

    return deco


def verify(puzzle, solution: Sequence[int]) -> list[str]:
    """Problems with ``solution`` as an answer to ``puzzle``; an empty list means it is correct."""
    try:
        fn = _VERIFIERS[puzzle.kind]
    except KeyError:
        return [f"no verifier for puzzle kind {puzzle.kind!r}"]
    return fn(puzzle, solution)


@register_verifier("sudoku")
def verify_sudoku(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a full Sudoku-family grid: every row, column and region holds 1..n once, givens kept."""
    n = puzzle.n
    sol = list(solution)
    problems: list[str] = []
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    want = set(range(1, n + 1))
    for i, v in enumerate(sol):
        if v not in want:
            problems.append(f"cell {i} holds {v!r}, not a value in 1..{n}")
        g = puzzle.givens[i]
        if g and g != v:
            problems.append(f"cell {i} holds {v!r} but the given is {g}")
    groups: dict[tuple[str, int], list[int]] = {}
    for i, v in enumerate(sol):
        r, c = divmod(i, n)
        for key in (("row", r), ("column", c), ("region", puzzle.regions[i])):
            groups.setdefault(key, []).append(v)
    for (what, k), vals in sorted(groups.items()):
        if len(vals) != n or set(vals) != want:
            problems.append(f"{what} {k + 1} holds {sorted(vals)}, not 1..{n} once each")
    return problems
