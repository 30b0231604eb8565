"""Pruned position domains for Hidato/Numbrix, and the clause tables every Hidato encoder shares.

``domains(puzzle)`` is a boolean ``(N, N + 1)`` table: ``D[c, k]`` says cell ``c`` may hold
number ``k`` (column 0 unused). It is pruned before any model is built:

* distance windows: with anchors (givens) ``a < k < b`` at cells ``ca, cb``, cell ``c`` can
  hold ``k`` only if ``dist(ca, c) <= k - a`` and ``dist(c, cb) <= b - k`` (BFS over the
  board, around holes);
* parity (Numbrix): the rook graph is bipartite, so ``k`` sits on the colour of ``a`` iff
  ``k - a`` is even; with no anchor and unequal colour classes, odd numbers take the larger;
* support: ``c`` holds ``k`` only if some neighbour may hold ``k - 1`` and one may hold
  ``k + 1``, iterated to a fixpoint;
* forced placements: a number left with one cell, or a cell left with one number, becomes an
  anchor and the windows are recomputed, until nothing changes.

Everything is NumPy over whole tables; a 30x30 board with 30% givens prunes in tens of ms.
"""

from __future__ import annotations

import numpy as np

__all__ = ["domains", "literal_table", "next_clauses", "amo_clauses"]


def _windows(puzzle, anchors: dict[int, int], dist_cache: dict[int, np.ndarray]) -> np.ndarray:
    n = puzzle.num_cells
    D = np.ones((n, n + 1), dtype=bool)
    D[:, 0] = False
    col = puzzle.colour()
    ks = np.arange(n + 1)
    if anchors:
        nums = np.array(sorted(anchors), dtype=np.int64)
        acells = np.array([anchors[k] for k in nums], dtype=np.int64)
        missing = [int(c) for c in acells if int(c) not in dist_cache]
        if missing:
            for c, row in zip(missing, puzzle.distances(missing)):
                dist_cache[c] = row
        dist = np.stack([dist_cache[int(c)] for c in acells])  # (m, N)
        m = len(nums)
        # anchor just below / above each number
        lo = np.searchsorted(nums, ks, side="right") - 1  # index of largest anchor <= k
        hi = np.searchsorted(nums, ks, side="left")  # index of smallest anchor >= k
        has_lo = lo >= 0
        has_hi = hi < m
        lo_c, hi_c = np.clip(lo, 0, m - 1), np.clip(hi, 0, m - 1)
        gap_lo = ks - nums[lo_c]  # (N+1,)
        gap_hi = nums[hi_c] - ks
        d_lo = dist[lo_c].T  # (N cells, N+1 numbers)
        d_hi = dist[hi_c].T
        D &= ~has_lo | (d_lo <= gap_lo)
        D &= ~has_hi | (d_hi <= gap_hi)
        if puzzle.is_numbrix:
            # colour of k follows the anchor below (or above)
            ref = np.where(has_lo, lo_c, hi_c)
            ref_col = col[acells[ref]]  # (N+1,)
            ref_gap = np.where(has_lo, gap_lo, gap_hi)
            want = (ref_col + ref_gap) & 1
            D &= col[:, None] == want[None, :]
        D[acells, :] = False
        D[:, nums] = False
        D[acells, nums] = True
    elif puzzle.is_numbrix and n > 1:
        black = int(col.sum())
        if 2 * black != n:
            odd_col = 1 if 2 * black > n else 0
            want = np.where(ks & 1, odd_col, 1 - odd_col)
            D &= col[:, None] == want[None, :]
    D[:, 0] = False
    return D


def _support(puzzle, D: np.ndarray) -> np.ndarray:
    """Drop (c, k) with no neighbour able to hold k - 1 or k + 1, to a fixpoint."""
    n = puzzle.num_cells
    if n == 1:
        return D
    nb = puzzle.neighbour_array
    while True:
        Dp = np.concatenate([D, np.zeros((1, n + 1), dtype=bool)], axis=0)
        near = Dp[nb].any(axis=1)  # (N, N+1): some neighbour may hold k
        ok = np.ones_like(D)
        ok[:, 2:] &= near[:, 1:-1]  # k - 1 nearby
        ok[:, 1:-1] &= near[:, 2:]  # k + 1 nearby
        new = D & ok
        if new.sum() == D.sum():
            return new
        D = new


def domains(puzzle) -> tuple[np.ndarray, bool]:
    """The pruned ``(N, N + 1)`` domain table and whether the puzzle is still feasible."""
    n = puzzle.num_cells
    anchors = {v: c for c, v in puzzle.givens.items()}
    cache: dict[int, np.ndarray] = {}
    while True:
        D = _support(puzzle, _windows(puzzle, anchors, cache))
        per_cell = D.sum(axis=1)
        per_num = D[:, 1:].sum(axis=0)
        if (per_cell == 0).any() or (per_num == 0).any():
            return D, False
        new = {}
        for k in np.flatnonzero(per_num == 1) + 1:
            k = int(k)
            if k not in anchors:
                new[k] = int(np.flatnonzero(D[:, k])[0])
        for c in np.flatnonzero(per_cell == 1):
            k = int(np.flatnonzero(D[c])[0])
            if k not in anchors:
                if k in new and new[k] != int(c):
                    return D, False
                new[k] = int(c)
        cells_used = set(anchors.values())
        for k, c in list(new.items()):
            if c in cells_used:
                return D, False
            cells_used.add(c)
        if not new:
            return D, True
        anchors.update(new)
        if len(anchors) == n:
            D = _windows(puzzle, anchors, cache)
            return D, bool(_support(puzzle, D).sum() == n)


def literal_table(D: np.ndarray, start: int = 1) -> tuple[np.ndarray, int]:
    """``var[c, k]`` numbered ``start, start+1, ...`` where ``D`` allows it, else 0; and the next free id."""
    var = np.zeros(D.shape, dtype=np.int64)
    cnt = int(D.sum())
    var[D] = np.arange(start, start + cnt)
    return var, start + cnt


def next_clauses(puzzle, var: np.ndarray) -> list[list[int]]:
    """``x(c,k) -> OR_d x(d,k+1)`` and ``x(c,k) -> OR_d x(d,k-1)`` over neighbours ``d``."""
    n = puzzle.num_cells
    if n == 1:
        return []
    nb = puzzle.neighbour_array
    vp = np.concatenate([var, np.zeros((1, n + 1), dtype=np.int64)], axis=0)
    out: list[list[int]] = []
    for step, ks in ((1, np.arange(1, n)), (-1, np.arange(2, n + 1))):
        cs, kk = np.nonzero(var[:, ks])
        kk = ks[kk]
        heads = -var[cs, kk]
        tails = vp[nb[cs], (kk + step)[:, None]]  # (M, deg)
        tails = -np.sort(-tails, axis=1)  # nonzero literals first (all positive)
        lens = (tails != 0).sum(axis=1)
        rows = np.concatenate([heads[:, None], tails], axis=1).tolist()
        out += [r[: L + 1] for r, L in zip(rows, lens.tolist())]
    return out


def amo_clauses(groups: list[np.ndarray], next_var: int, pairwise_max: int = 6) -> tuple[list[list[int]], int]:
    """At-most-one over each literal group: pairwise up to ``pairwise_max``, else Sinz's sequential counter.

    Returns the clauses and the next free variable id.
    """
    out: list[list[int]] = []
    for g in groups:
        L = len(g)
        if L <= 1:
            continue
        g = np.asarray(g, dtype=np.int64)
        if L <= pairwise_max:
            i, j = np.triu_indices(L, 1)
            out += np.stack([-g[i], -g[j]], axis=1).tolist()
            continue
        s = np.arange(next_var, next_var + L - 1, dtype=np.int64)
        next_var += L - 1
        c1 = np.stack([-g[:-1], s], axis=1)  # x_i -> s_i
        c2 = np.stack([-s[:-1], s[1:]], axis=1)  # s_{i-1} -> s_i
        c3 = np.stack([-g[1:], -s], axis=1)  # x_i -> not s_{i-1}
        out += c1.tolist() + c2.tolist() + c3.tolist()
    return out, next_var


def _ragged(rows: np.ndarray) -> list[list[int]]:
    """Rows of an int array as clauses, dropping zero entries (which sit at the end)."""
    lens = (rows != 0).sum(axis=1).tolist()
    return [r[:L] for r, L in zip(rows.tolist(), lens)]


def arc_tables(puzzle, D: np.ndarray, var: np.ndarray, next_var: int) -> dict:
    """Successor arcs ``a(c, d)`` that some pair of domains allows, and their channelling clauses.

    ``a(c, d) & x(c, k) -> x(d, k+1)`` and ``a(c, d) & x(d, k) -> x(c, k-1)`` (with the head
    dropped where pruned), plus ``a(c, d) -> not a(d, c)``. Returns a dict with ``tails``,
    ``heads``, ``lits`` (arc literal ids), ``channel``, ``antiparallel``, ``out_groups``,
    ``in_groups``, ``num_arcs`` and ``next_var``.
    """
    n = puzzle.num_cells
    nb = puzzle.neighbour_array
    cs = np.repeat(np.arange(n), nb.shape[1])
    ds = nb.ravel()
    keep = ds < n
    cs, ds = cs[keep], ds[keep]
    possible = (D[cs, 1:-1] & D[ds, 2:]).any(axis=1)
    cs, ds = cs[possible], ds[possible]
    A = len(cs)
    lits = np.arange(next_var, next_var + A, dtype=np.int64)
    next_var += A
    vpad = np.concatenate([var, np.zeros((n, 1), dtype=np.int64)], axis=1)  # column N+1 = 0
    # forward: a & x(c,k) -> x(d,k+1)
    ai, k = np.nonzero(D[cs])
    fwd = np.stack([-lits[ai], -var[cs[ai], k], vpad[ds[ai], k + 1]], axis=1)
    # backward: a & x(d,k) -> x(c,k-1)
    ai, k = np.nonzero(D[ds])
    bwd = np.stack([-lits[ai], -var[ds[ai], k], var[cs[ai], k - 1]], axis=1)
    channel = _ragged(fwd) + _ragged(bwd)
    # antiparallel pairs
    code = {(int(c), int(d)): int(l) for c, d, l in zip(cs, ds, lits)}
    anti = [[-l, -code[(d, c)]] for (c, d), l in code.items() if c < d and (d, c) in code] if n > 2 else []
    order_out = np.argsort(cs, kind="stable")
    out_groups = np.split(lits[order_out], np.searchsorted(cs[order_out], np.arange(1, n)))
    order_in = np.argsort(ds, kind="stable")
    in_groups = np.split(lits[order_in], np.searchsorted(ds[order_in], np.arange(1, n)))
    return {"tails": cs, "heads": ds, "lits": lits, "channel": channel, "antiparallel": anti,
            "out_groups": out_groups, "in_groups": in_groups, "num_arcs": A, "next_var": next_var}
