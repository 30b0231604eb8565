"""Uniqueness techniques: unique rectangles, unique loops, BUG+1 (SE 4.5-5.6).

They are valid only for puzzles known to have exactly one solution.
"""

from __future__ import annotations

from itertools import combinations

from ..grid import Grid, bits
from ..steps import Step
from .common import cells_txt, fmt_elims

__all__ = ["unique_rectangle", "unique_loop", "bug_plus_one"]


def unique_rectangle(g: Grid) -> Step | None:
    """Unique rectangles types 1-4 (SE 4.5-4.8), or a unique loop (4.6-4.7) when that is easier;
    valid only for puzzles known to have one solution."""
    geo = g.geo
    n = geo.n
    C = g.cands
    memo = g.memo
    best = None
    rows = [tuple(C[r * n:r * n + n]) for r in range(n)]
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            # the rectangles (and digit pairs) of two rows depend only on those rows' candidates
            key = ("ur", r1, r2, rows[r1], rows[r2])
            rects = memo.get(key)
            if rects is None:
                rects = memo[key] = _ur_rects(geo, C, r1, r2)
            for rect, pairs in rects:
                for x, y in pairs:
                    s = _ur_check(g, rect, x, y)
                    if s and (best is None or s.rating < best.rating):
                        best = s
                        if s.rating == 4.5:
                            return s
    if best is None or best.rating > 4.6:
        loop = unique_loop(g)
        if loop is not None and (best is None or loop.rating < best.rating):
            return loop
    return best


def _ur_rects(geo, C, r1: int, r2: int) -> list:
    """Rectangles of rows ``r1``, ``r2`` over two regions with at least two common digits, with
    their digit pairs: ``[((a, b, d, c), [(x, y), ...])]`` in scan order."""
    n = geo.n
    reg_of = geo.reg_of
    out = []
    for c1 in range(n):
        a = r1 * n + c1
        c_ = r2 * n + c1
        if not (C[a] and C[c_]):
            continue
        for c2 in range(c1 + 1, n):
            b = r1 * n + c2
            d_ = r2 * n + c2
            common = C[a] & C[b] & C[c_] & C[d_]
            if common.bit_count() < 2:
                continue
            if len({reg_of[a], reg_of[b], reg_of[c_], reg_of[d_]}) != 2:
                continue
            out.append(((a, b, d_, c_), list(combinations(bits(common), 2))))
    return out


def _loop_rating(size: int) -> float:
    r = 4.5
    if size >= 10:
        r += 0.3
    if size >= 8:
        r += 0.2
    elif size >= 6:
        r += 0.1
    return round(r, 1)


def unique_loop(g: Grid, max_len: int = 8) -> Step | None:
    """Unique loops of 6 or 8 cells, types 1 and 2 (SE 4.6-4.7); uniqueness only.

    Cells holding x and y, each unit they touch holding exactly two of them, would let x
    and y swap if every cell were exactly {x, y}: so a single cell with extra candidates
    is not x or y (type 1), and a common single extra digit of several cells is true in
    one of them (type 2).

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    max_len : int
        Longest loop tried, in cells.

    Returns
    -------
    Step or None
        The first loop found with an elimination, or None.
    """
    geo = g.geo
    n = geo.n
    C = g.cands
    PS = geo.peer_sets
    cu = geo.cell_units
    nbiv: dict[int, int] = {}
    for m in C:
        if m.bit_count() == 2:
            nbiv[m] = nbiv.get(m, 0) + 1
    for x in range(1, n + 1):
        for y in range(x + 1, n + 1):
            xy = (1 << (x - 1)) | (1 << (y - 1))
            if nbiv.get(xy, 0) < 4:  # fewer than four cells holding exactly x, y
                continue
            cand = [c for c in range(geo.ncells) if C[c] & xy == xy]
            cset = set(cand)
            found = []

            def dfs(path, counts, extras):
                v = path[-1]
                L = len(path)
                if L >= 6 and L % 2 == 0 and path[0] in PS[v]:
                    allc = dict(counts)
                    if all(k == 2 for k in allc.values()) and extras >= 1:
                        found.append(list(path))
                        return True
                if L == max_len:
                    return False
                for w in geo.peers[v]:
                    if w <= path[0] or w not in cset or w in path:
                        continue
                    e = extras + (C[w] != xy)
                    if e > 2:
                        continue
                    ok = True
                    for u in cu[w]:
                        if counts.get(u, 0) >= 2:
                            ok = False
                            break
                    if not ok:
                        continue
                    for u in cu[w]:
                        counts[u] = counts.get(u, 0) + 1
                    path.append(w)
                    done = dfs(path, counts, e)
                    path.pop()
                    for u in cu[w]:
                        counts[u] -= 1
                    if done:
                        return True
                return False

            for s0 in cand:
                counts = {u: 1 for u in cu[s0]}
                if dfs([s0], counts, int(C[s0] != xy)):
                    loop = found[-1]
                    extra = [c for c in loop if C[c] != xy]
                    names = cells_txt(geo, loop)
                    size = len(loop)
                    if len(extra) == 1:
                        r = extra[0]
                        return Step("unique loop type 1", _loop_rating(size), [], [(r, x), (r, y)], loop, [],
                                    f"unique loop type 1: {names} would allow {x}/{y} to swap, so "
                                    f"{geo.names[r]} is not {x} or {y}", n)
                    ex = {C[c] & ~xy for c in extra}
                    if len(ex) == 1:
                        e = ex.pop()
                        if e.bit_count() == 1:
                            z = e.bit_length()
                            common = None
                            for c in extra:
                                common = PS[c] if common is None else common & PS[c]
                            elims = sorted((c, z) for c in common if C[c] & e and c not in loop)
                            if elims:
                                return Step("unique loop type 2", _loop_rating(size), [], elims, loop, [],
                                            f"unique loop type 2: {names} on {x}/{y}; one of "
                                            f"{cells_txt(geo, extra)} is {z}, so remove {fmt_elims(geo, elims)}", n)
    return None


def _ur_check(g: Grid, rect, x: int, y: int) -> Step | None:
    geo = g.geo
    C = g.cands
    xy = (1 << (x - 1)) | (1 << (y - 1))
    floors = [c for c in rect if C[c] == xy]
    roofs = [c for c in rect if C[c] != xy]
    names = cells_txt(geo, rect)
    if len(floors) == 3:
        r = roofs[0]
        elims = [(r, x), (r, y)]
        return Step("unique rectangle type 1", 4.5, [], elims, list(rect), [],
                    f"unique rectangle type 1: {names} would allow {x}/{y} to swap, so "
                    f"{geo.names[r]} is not {x} or {y}", geo.n)
    if len(floors) != 2:
        return None
    r1, r2 = roofs
    u = geo.common_unit(r1, r2)
    if u is None:
        return None
    e1, e2 = C[r1] & ~xy, C[r2] & ~xy
    # type 2: the same single extra digit
    if e1 == e2 and e1.bit_count() == 1:
        z = e1.bit_length()
        common = geo.peer_sets[r1] & geo.peer_sets[r2]
        elims = sorted((c, z) for c in common if C[c] & e1)
        if elims:
            return Step("unique rectangle type 2", 4.5, [], elims, list(rect), [],
                        f"unique rectangle type 2: {names} on {x}/{y}; one of {geo.names[r1]}, {geo.names[r2]} "
                        f"is {z}, so remove {fmt_elims(geo, elims)}", geo.n)
    units = [ui for ui in geo.cell_units[r1] if ui in geo.cell_units[r2]]
    # type 4: one of x, y confined to the roofs in a shared unit
    for ui in units:
        for keep, drop in ((x, y), (y, x)):
            kb = 1 << (keep - 1)
            if all(c in (r1, r2) for c in geo.units[ui] if C[c] & kb):
                elims = [(r1, drop), (r2, drop)]
                return Step("unique rectangle type 4", 4.5, [], elims, list(rect), [geo.labels[ui]],
                            f"unique rectangle type 4: {names} on {x}/{y}; {keep} in {geo.labels[ui]} must be in "
                            f"{geo.names[r1]} or {geo.names[r2]}, so neither is {drop}", geo.n)
    # type 3: the extras form a naked set with other cells of a shared unit
    extra = e1 | e2
    for ui in units:
        others = [c for c in geo.units[ui] if C[c] and c not in (r1, r2)]
        for j in range(1, 4):
            for combo in combinations(others, j):
                m = extra
                for c in combo:
                    m |= C[c]
                if m.bit_count() != j + 1:
                    continue
                elims = [(c, d) for c in others if c not in combo for d in bits(C[c] & m)]
                if elims:
                    rating = round(4.5 + 0.1 * j, 1)
                    return Step("unique rectangle type 3", rating, [], elims, list(rect) + list(combo),
                                [geo.labels[ui]],
                                f"unique rectangle type 3: {names} on {x}/{y}; the extras of {geo.names[r1]}, "
                                f"{geo.names[r2]} form a naked set with {cells_txt(geo, combo)} in {geo.labels[ui]}: "
                                f"remove {fmt_elims(geo, elims)}", geo.n)
    return None


def bug_plus_one(g: Grid) -> Step | None:
    """Bivalue universal grave + 1 (SE 5.6); valid only for puzzles known to have one solution."""
    geo = g.geo
    C = g.cands
    odd = -1
    for c in range(geo.ncells):
        k = C[c].bit_count()
        if k == 0 or k == 2:
            continue
        if k == 3 and odd < 0:
            odd = c
        else:
            return None
    if odd < 0:
        return None
    for d in bits(C[odd]):
        b = 1 << (d - 1)
        if all(sum(1 for c in geo.units[ui] if C[c] & b) == 3 for ui in geo.cell_units[odd]):
            return Step("bug+1", 5.6, [(odd, d)], [], [odd], [],
                        f"bivalue universal grave + 1: every other cell has two candidates, so {geo.names[odd]} "
                        f"must be {d} (else the puzzle would have two solutions)", geo.n)
    return None
