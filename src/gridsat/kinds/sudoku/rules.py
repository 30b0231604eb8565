"""The Sudoku family's verifier rules, registered with :mod:`gridsat.verifier`.

A full grid is checked from the raw puzzle data alone: a digit 1..n in every cell, then every
constraint of the puzzle's list, each by its own rule in :mod:`gridsat.constraints` (givens
kept, every row, column and region 1..n once, any extra rule). A fast pass over the standard
list (one grid, or many grids of one board at once) tells a correct grid at C speed and sends
any other to the detailed check, which names what is wrong. Nothing here is shared with the
encoders, so an encoding bug cannot hide behind a matching bug in the check.
"""

from __future__ import annotations

import itertools

from ...verifier import register_many_verifier, register_verifier
from ...verifier.grids import NONZERO as _NONZERO, grids_ok as _grids_ok, unit_plan as _plan, units_ok as _units_ok
from ...verifier.grids import verify_box_block

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Sequence

__all__ = ["verify_sudoku", "verify_classic_block"]

#: the bulk check of classic boards (r x c boxes) by the name its callers know
verify_classic_block = verify_box_block


def _sudoku_ok(puzzle, sol: list) -> bool:
    """True when ``sol`` is a correct grid; the hot path of every job, so every step runs in C.

    With every value in 1..n, a unit of ``n`` cells holds 1..n once exactly when the sum of
    ``1 << (v - 1)`` over its values is ``2**n - 1``: ``n`` powers of two add up to ``n``
    one-bits only when they are all different. The lanes are wide enough that no sum
    carries into the next (see :func:`gridsat.verifier.grids.unit_plan`). False sends the grid to the detailed check.
    """
    n = puzzle.n
    plan = _plan(n, tuple(puzzle.regions))
    if plan is None:
        return False
    try:
        cells, givens = bytes(sol), bytes(puzzle.givens)
    except ValueError:  # a value outside 0..255: the detailed pass says which
        return False
    if len(cells) != n * n or min(cells) < 1 or max(cells) > n:
        return False
    # every given kept: the solution's bytes under the givens' mask are the givens
    if (int.from_bytes(cells, "little") & int.from_bytes(givens.translate(_NONZERO), "little")
            != int.from_bytes(givens, "little")):
        return False
    width, fmt, tables, full, parts = plan
    return _units_ok(cells, n, width, fmt, tables, full, parts, n)


@register_many_verifier("sudoku")
def _sudoku_many_ok(pairs: list) -> bool:
    """True when every ``(puzzle, solution)`` of ``pairs`` (boards of one size and region map)
    is a correct grid: :func:`_sudoku_ok` on all of them at once, the grids end to end in one
    integer. False sends each to :func:`gridsat.verifier.verify` (one wrong grid is enough)."""
    p0 = pairs[0][0]
    if p0.extra:  # (the pass knows rows, columns and regions only; one shape per group)
        return False
    n, nn, count = p0.n, p0.n * p0.n, len(pairs)
    sols = [s for _, s in pairs]
    # the checks as_ints makes: plain ints only (not bool), and every grid of n*n cells
    if set(map(len, sols)) != {nn} or not set(map(type, itertools.chain.from_iterable(sols))) <= {int}:
        return False
    try:
        cells = b"".join([bytes(s) for s in sols])
        givens = b"".join([bytes(p.givens) for p, _ in pairs])
    except ValueError:  # a value outside 0..255
        return False
    return _grids_ok(n, tuple(p0.regions), count, givens, cells)


@register_verifier("sudoku")
def verify_sudoku(puzzle, solution: Sequence[int]) -> list[str]:
    """Check a full Sudoku-family grid: a digit 1..n in every cell, then every constraint of
    ``puzzle.constraints`` (givens kept, every row, column and region 1..n once, any extra rule).

    The problems read ``solution has 5 twice in row 1: r1c1 and r1c4``; a grid with a cell
    outside 1..n gets only those cells' problems (the rules read digits).
    """
    n = puzzle.n
    sol = list(solution)
    if len(sol) != n * n:
        return [f"solution has {len(sol)} cells, expected {n * n}"]
    if not puzzle.extra and _sudoku_ok(puzzle, sol):
        # fast path for the standard list (givens, rows, columns, regions); the pass below
        # is the rule, and explains failures
        return []
    problems = [f"solution leaves r{i // n + 1}c{i % n + 1} empty" if v == 0 else
                f"solution has {v!r} at r{i // n + 1}c{i % n + 1}, not a value in 1..{n}"
                for i, v in enumerate(sol) if not 1 <= v <= n]
    if problems:
        return problems
    for rule in puzzle.constraints:
        problems += ["solution " + p for p in rule.problems(sol)]
    return problems
