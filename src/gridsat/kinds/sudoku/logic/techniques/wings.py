"""Wings: xy-wing, xyz-wing, w-wing (4.2-4.4) and the wxyz- and vwxyz-wings (5.5-6.4)."""

from __future__ import annotations

from itertools import combinations

from .. import native_filter
from ..grid import Grid, bits, cells_of
from ..steps import Step
from .common import cells_txt, conjugate_pairs, digits_txt, fmt_elims

__all__ = ["xy_wing", "xyz_wing", "w_wing", "wxyz_wing", "vwxyz_wing"]


def xy_wing(g: Grid) -> Step | None:
    """Pivot xy with pincers xz and yz: z goes from cells seeing both pincers (SE 4.2)."""
    geo = g.geo
    C = g.cands
    for p in range(geo.ncells):
        pm = C[p]
        if pm.bit_count() != 2:
            continue
        wings = [q for q in geo.peers[p] if C[q].bit_count() == 2 and C[q] != pm and C[q] & pm]
        for a, bq in combinations(wings, 2):
            ma, mb = C[a], C[bq]
            if (ma & pm) == (mb & pm):
                continue
            z = ma & mb & ~pm
            if not z or (ma | mb | pm).bit_count() != 3:
                continue
            d = z.bit_length()
            common = geo.peer_sets[a] & geo.peer_sets[bq]
            elims = sorted((c, d) for c in common if C[c] & z and c != p)
            if elims:
                return Step("xy-wing", 4.2, [], elims, [p, a, bq], [],
                            f"xy-wing: pivot {geo.names[p]} ({digits_txt(bits(pm))}) with pincers "
                            f"{geo.names[a]} ({digits_txt(bits(ma))}) and {geo.names[bq]} ({digits_txt(bits(mb))}): "
                            f"one pincer is {d}, so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def xyz_wing(g: Grid) -> Step | None:
    """Pivot xyz with pincers xz and yz: z goes from cells seeing all three (SE 4.4)."""
    geo = g.geo
    C = g.cands
    for p in range(geo.ncells):
        pm = C[p]
        if pm.bit_count() != 3:
            continue
        wings = [q for q in geo.peers[p] if C[q].bit_count() == 2 and C[q] & ~pm == 0]
        for a, bq in combinations(wings, 2):
            ma, mb = C[a], C[bq]
            if ma == mb:
                continue
            z = ma & mb
            d = z.bit_length()
            common = geo.peer_sets[a] & geo.peer_sets[bq] & geo.peer_sets[p]
            elims = sorted((c, d) for c in common if C[c] & z)
            if elims:
                return Step("xyz-wing", 4.4, [], elims, [p, a, bq], [],
                            f"xyz-wing: pivot {geo.names[p]} ({digits_txt(bits(pm))}) with pincers "
                            f"{geo.names[a]} and {geo.names[bq]}: one of the three is {d}, "
                            f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def w_wing(g: Grid) -> Step | None:
    """Two equal bivalue cells xy joined by a strong link on x: y goes from cells seeing both
    (rated 4.4; not in SE, off by default)."""
    geo = g.geo
    C = g.cands
    n = geo.n
    biv: dict[int, list[int]] = {}
    for c in range(geo.ncells):
        if C[c].bit_count() == 2:
            biv.setdefault(C[c], []).append(c)
    links_cache: dict[int, list] = {}
    for m, cells in biv.items():
        if len(cells) < 2:
            continue
        for p, q in combinations(cells, 2):
            if geo.sees(p, q):
                continue
            common = geo.peer_sets[p] & geo.peer_sets[q]
            for x in bits(m):
                y = bits(m & ~(1 << (x - 1)))[0]
                yb = 1 << (y - 1)
                elims = sorted((c, y) for c in common if C[c] & yb)
                if not elims:
                    continue
                if x not in links_cache:
                    links_cache[x] = conjugate_pairs(g, x)
                for ui, a, b in links_cache[x]:
                    if a in (p, q) or b in (p, q):
                        continue
                    for s, t in ((a, b), (b, a)):
                        if geo.sees(s, p) and geo.sees(t, q):
                            return Step("w-wing", 4.4, [], elims, [p, q, s, t], [geo.labels[ui]],
                                        f"w-wing: {geo.names[p]} and {geo.names[q]} are both {x}/{y} and the strong "
                                        f"link on {x} in {geo.labels[ui]} ({geo.names[s]}-{geo.names[t]}) means one "
                                        f"of them is {y}: remove {fmt_elims(geo, elims)}", n)
    return None


def wxyz_wing(g: Grid, first: bool = False) -> Step | None:
    """WXYZ-wing (SukakuExplainer 5.5-5.6): a pivot and three wings it sees, four cells holding
    four digits, every digit but one (z) in cells that see each other; z goes from cells
    seeing every z of the wing.

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    first : bool
        Return the first pattern found instead of the easiest.

    Returns
    -------
    Step or None
        The step, or None when there is no such wing.
    """
    return _big_wing(g, 4, 5.5, "wxyz-wing", first)


def vwxyz_wing(g: Grid, first: bool = False) -> Step | None:
    """VWXYZ-wing (SukakuExplainer 6.2-6.4): the five-cell version of :func:`wxyz_wing`.

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    first : bool
        Return the first pattern found instead of the easiest.

    Returns
    -------
    Step or None
        The step, or None when there is no such wing.
    """
    return _big_wing(g, 5, 6.2, "vwxyz-wing", first)


def _wing_sets(cells, C, PS, start: int, r: int, limit: int):
    """Sets of ``r`` cells (plus a pivot with candidates ``start`` that sees them all) whose union stays
    within ``limit`` digits and at most one digit sits in two cells that do not see each other.

    Yields ``(cells, union, loose digit mask)``.
    """
    out = []
    m = len(cells)

    def rec(i, chosen, u, loose):
        if len(chosen) == r:
            out.append((tuple(chosen), u, loose))
            return
        for j in range(i, m - (r - len(chosen)) + 1):
            q = cells[j]
            cq = C[q]
            v = u | cq
            if v.bit_count() > limit:
                continue
            lo = loose
            ps = PS[q]
            for c in chosen:
                if c not in ps:
                    lo |= C[c] & cq
            if lo.bit_count() > 1:
                continue
            chosen.append(q)
            rec(j + 1, chosen, v, lo)
            chosen.pop()

    rec(0, [], start, 0)
    return out


def _exact_wing_sets(cells: list[int], W: list[int], PM, start: int, r: int, k: int) -> list[tuple[int, ...]]:
    """Index tuples (lexicographic order) of ``r`` wings (cells ``cells``, masks ``W``) that give,
    with the pivot's ``start``, exactly ``k`` digits and exactly one loose digit (a digit in two
    wings that do not see each other; ``PM``: peer bitmasks). The same sets as
    :func:`_wing_sets` keeps, found through the pairs of wings that can go together."""
    m = len(W)
    comp = [0] * m  # comp[i]: the wings j > i that can join wing i
    L = [0] * (m * m)  # L[i * m + j]: the digits of wings i < j when they do not see each other
    for i in range(m):
        wi = W[i]
        ui = start | wi
        pi = PM[cells[i]]
        ci = 0
        row = i * m
        for j in range(i + 1, m):
            wj = W[j]
            if (ui | wj).bit_count() > k:
                continue
            if not pi >> cells[j] & 1:
                lo = wi & wj
                if lo & (lo - 1):
                    continue
                L[row + j] = lo
            ci |= 1 << j
        comp[i] = ci

    out = []
    for i1 in range(m):
        c1 = comp[i1]
        if c1.bit_count() < r - 1:
            continue
        u1 = start | W[i1]
        x2 = c1
        while x2:
            b2 = x2 & -x2
            x2 ^= b2
            i2 = b2.bit_length() - 1
            c2 = c1 & comp[i2]
            if c2.bit_count() < r - 2:
                continue
            u2 = u1 | W[i2]
            l2 = L[i1 * m + i2]
            x3 = c2
            while x3:
                b3 = x3 & -x3
                x3 ^= b3
                i3 = b3.bit_length() - 1
                u3 = u2 | W[i3]
                l3 = l2 | L[i1 * m + i3] | L[i2 * m + i3]
                if r == 3:
                    if u3.bit_count() == k and l3 and not l3 & (l3 - 1):
                        out.append((i1, i2, i3))
                    continue
                if u3.bit_count() > k or l3 & (l3 - 1):
                    continue
                x4 = c2 & comp[i3]
                while x4:
                    b4 = x4 & -x4
                    x4 ^= b4
                    i4 = b4.bit_length() - 1
                    if (u3 | W[i4]).bit_count() != k:
                        continue
                    lo = l3 | L[i1 * m + i4] | L[i2 * m + i4] | L[i3 * m + i4]
                    if lo and not lo & (lo - 1):
                        out.append((i1, i2, i3, i4))
    return out


def _wing_patterns(g: Grid, k: int, p: int, pm: int, wings: list[int]):
    """The wings of pivot ``p`` that pass every test but the elimination:
    ``[(cells, z, cells seeing every z of the wing minus the wing, biggest count)]``."""
    C = g.cands
    masks = tuple(C[q] for q in wings)
    out = []
    PS = g.geo.peer_sets
    PM = g.geo.peer_masks
    if k in (4, 5):
        found = [((p,) + tuple(wings[i] for i in idx),
                  _loose(C, PS, [wings[i] for i in idx])) for idx in _exact_wing_sets(wings, list(masks), PM, pm, k - 1, k)]
    else:
        found = [((p,) + combo, lo) for combo, u, lo in _wing_sets(wings, C, PS, pm, k - 1, k)
                 if u.bit_count() == k and lo.bit_count() == 1]
    for cells, lo in found:
        z = lo.bit_length()
        common = -1
        cm = 0
        for c in cells:
            cm |= 1 << c
            if C[c] & lo:
                common &= PM[c]
        big = max(C[c].bit_count() for c in cells)
        out.append((cells, z, common & ~cm, big))
    return out


def _loose(C, PS, cells) -> int:
    lo = 0
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if b not in PS[a]:
                lo |= C[a] & C[b]
    return lo


def _big_wing(g: Grid, k: int, base: float, name: str, first: bool = False) -> Step | None:
    """A pivot and k-1 wings it sees, k cells holding k digits, every digit but one (z)
    restricted (its cells see each other); z goes from cells seeing every z of the wing.

    Rating (SukakuExplainer): ``base + ((k - m) - |m - biggest|) / 10`` with
    ``m = (k + 2) // 2`` and ``biggest`` the largest candidate count in the wing.
    """
    geo = g.geo
    C = g.cands
    if native_filter.usable(g):
        return _big_wing_c(g, k, base, name, first)
    pos = g.digit_positions()
    peers = geo.peers
    best = None
    m = (k + 2) // 2
    PG = geo.peer_getters
    memo = g.memo
    pkeys = g.cache.get("peerkeys")
    if pkeys is None:
        pkeys = g.cache["peerkeys"] = [None] * geo.ncells
    for p in range(geo.ncells):
        pm = C[p]
        if not pm or pm.bit_count() > k:
            continue
        # the patterns of a pivot depend only on its own and its peers' candidates
        pk = pkeys[p]
        if pk is None:
            pk = pkeys[p] = PG[p](C)
        key = ("wing", k, p, pm, pk)
        pats = memo.get(key)
        if pats is None:
            wings = [q for q in peers[p] if C[q] and C[q].bit_count() <= k and (C[q] | pm).bit_count() <= k]
            if len(wings) < k - 1:
                pats = ()
            else:
                # the same wings with the same candidates as before: the same patterns
                key2 = ("wing2", k, p, pm, tuple(wings), tuple([C[q] for q in wings]))
                pats = memo.get(key2)
                if pats is None:
                    pats = memo[key2] = _wing_patterns(g, k, p, pm, wings)
            memo[key] = pats
        for cells, z, common, big in pats:
            em = common & pos[z]
            if not em:
                continue
            rating = round(base + ((k - m) - abs(m - big)) * 0.1, 1)
            if best is None or rating < best.rating:
                elims = [(c, z) for c in cells_of(em)]
                u = 0
                for c in cells:
                    u |= C[c]
                best = Step(name, rating, [], elims, list(cells), [],
                            f"{name}: {cells_txt(geo, cells)} hold only {digits_txt(bits(u))} and every digit but "
                            f"{z} is confined to cells that see each other, so one of them is {z}: "
                            f"remove {fmt_elims(geo, elims)}", geo.n)
                if first or rating <= base:  # the easiest possible (or any, when asked)
                    return best
    return best


def _big_wing_c(g: Grid, k: int, base: float, name: str, first: bool) -> Step | None:
    """:func:`_big_wing` on a classic 9x9 grid, the wing found in C (the same step)."""
    found = native_filter.extension().big_wing_step(g.values, g.cands, k, first)
    if found is None:
        return None
    delta, cells, z, eliminated = found
    geo = g.geo
    C = g.cands
    elims = [(c, z) for c in eliminated]
    u = 0
    for c in cells:
        u |= C[c]
    return Step(name, round(base + delta * 0.1, 1), [], elims, list(cells), [],
                f"{name}: {cells_txt(geo, cells)} hold only {digits_txt(bits(u))} and every digit but "
                f"{z} is confined to cells that see each other, so one of them is {z}: "
                f"remove {fmt_elims(geo, elims)}", geo.n)
