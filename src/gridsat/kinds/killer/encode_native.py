"""The killer puzzle for the C core: ``killer-native``.

The board (size and region map) is the core's compiled unit table, shared with every puzzle
of that board; the cages go to the core as compact arrays
(:func:`gridsat.encoders.native.with_rules`), where each is propagated with its sum table:
the digits of the sets of distinct digits that fit its open cells and the rest of its sum.
The core takes cages with sums on boards up to 16x16 (:data:`gridsat.encoders.native.SUM_N`);
larger puzzles go to the CNF.
"""

from __future__ import annotations

from ...encoders.base import register
from ...encoders.native import MAX_N, NativeModel, board_model, native_refusal, with_rules

__all__ = ["killer_native"]


def _applies(puzzle) -> bool:
    return puzzle.n <= MAX_N and native_refusal(puzzle.n, puzzle.cages) is None


@register("killer-native", "killer", "native", key=lambda p: p.shape_key,
          description="unit table and cage sum tables for the C bitset core",
          applies=_applies, constraints=("alldifferent", "givens", "killercage"),
          why=lambda puzzle: native_refusal(puzzle.n, puzzle.cages))
def killer_native(puzzle) -> NativeModel:
    """The board's unit table (cached per size and region map) with the puzzle's cages."""
    return with_rules(board_model(puzzle.n, puzzle.regions, puzzle.irregular), puzzle.cages, puzzle.shape_key)
