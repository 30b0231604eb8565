"""OEIS A109252 recounted by brute force on the native core (``benchmarks/sudoku.py --a109252``)."""

from __future__ import annotations

import time

import gridsat
from gridsat import Sudoku

#: OEIS A109252: 4x4 Sudoku puzzles with k givens and exactly one solution, k = 0..16
A109252 = [0, 0, 0, 0, 25728, 284160, 1041408, 2141184, 2961024, 2958336, 2204928, 1239552, 522624, 161280,
           34560, 4608, 288]


def a109252() -> None:
    """A109252 recounted by brute force on the native core: every givens subset of each of the 288
    4x4 grids checked for uniqueness (288 x 65,536 checks, one batch call per grid)."""
    import numpy as np
    from gridsat.kinds.sudoku.backend_native import check_block

    board = Sudoku.empty(4)
    t0 = time.perf_counter()
    grids = [bytes(s) for s in gridsat.count(board, backend="native", keep=None).solutions]
    bits = ((np.arange(1 << 16, dtype=np.uint32)[:, None] >> np.arange(16, dtype=np.uint32)) & 1).astype(np.uint8)
    sizes, tally = bits.sum(1), np.zeros(17, dtype=np.int64)
    for g in grids:
        res = check_block(board, (bits * np.frombuffer(g, dtype=np.uint8)).tobytes())
        tally += np.bincount(sizes[np.asarray(res.counts) == 1], minlength=17)
    dt = time.perf_counter() - t0
    got = [int(x) for x in tally]
    print(f"\n#### A109252 on the native core: {len(grids)} grids x 65,536 givens subsets\n")
    print(f"{len(grids) * 65536:,} uniqueness checks in {dt:.1f} s ({len(grids) * 65536 / dt:,.0f} a second); "
          f"{'matches' if got == A109252 else 'DIFFERS FROM'} the OEIS entry: {got}")
