"""Single-digit chains of strong links: skyscraper, two-string kite, turbot fish, empty
rectangle (4.0-4.3) and chains of three to five strong links (5.4 and up), plain or grouped.
"""

from __future__ import annotations

from .. import native_filter
from ..grid import Grid, cells_of
from ..steps import Step
from .common import conjugate_pairs, fmt_elims, per_digit

__all__ = [
    "turbot_fish", "empty_rectangle", "strong_links", "grouped_strong_links",
    "three_strong_links", "four_strong_links", "five_strong_links",
]


def turbot_fish(g: Grid) -> Step | None:
    """Two strong links on one digit joined by a weak link: skyscraper (4.0), two-string kite
    (4.1), turbot fish (4.2); when there is none, an empty rectangle (4.3).

    The easiest pattern is returned.
    """
    if native_filter.usable(g):
        return _turbot_c(g)
    best = None
    for d in range(1, g.geo.n + 1):
        r = per_digit(g, "turbot", d, _turbot_digit)
        if r is not None and (best is None or r[0] < best[0]):
            best = r
            if r[0] == 4.0:
                return r[1]
    if best is None or best[0] > 4.3:
        er = empty_rectangle(g)
        if er is not None and (best is None or er.rating < best[0]):
            return er
    return best[1] if best else None


_TURBOT = {40: ("skyscraper", 4.0), 41: ("two-string kite", 4.1), 42: ("turbot fish", 4.2)}


def _turbot_c(g: Grid) -> Step | None:
    """:func:`turbot_fish` on a classic 9x9 grid, the two-strong-link pattern found in C (the
    same step); the empty rectangle, when no digit has one, from :func:`empty_rectangle`."""
    found = native_filter.extension().turbot_step(g.values, g.cands)
    if found is None:
        return empty_rectangle(g)
    code, d, (x, y, z, w), (u1, u2, wu), eliminated = found
    name, rating = _TURBOT[code]
    geo = g.geo
    elims = [(c, d) for c in eliminated]
    return Step(name, rating, [], elims, [x, y, z, w], [geo.labels[u1], geo.labels[u2], geo.labels[wu]],
                f"{name}: {d} is in {geo.names[x]} or {geo.names[y]} ({geo.labels[u1]}), "
                f"{geo.names[y]} and {geo.names[z]} see each other, and {d} is in {geo.names[z]} or "
                f"{geo.names[w]} ({geo.labels[u2]}); so {d} is in {geo.names[x]} or {geo.names[w]}: "
                f"remove {fmt_elims(geo, elims)}", geo.n)


def _turbot_digit(g: Grid, d: int):
    """The easiest two-strong-link pattern of one digit (the first of the lowest rating), as (rating, step)."""
    geo = g.geo
    n = geo.n
    links = conjugate_pairs(g, d)
    if len(links) < 2:
        return None
    pos = g.digit_positions()[d]
    PM = geo.peer_masks
    CU = geo.cell_units
    best = None
    for i in range(len(links)):
        u1, a1, a2 = links[i]
        k1 = u1 // n  # 0 row, 1 column, 2 region
        for j in range(i + 1, len(links)):
            u2, b1, b2 = links[j]
            k2 = u2 // n
            if k1 == k2 and k1 < 2:
                name, rating = "skyscraper", 4.0
            elif (k1 == 0 and k2 == 1) or (k1 == 1 and k2 == 0):
                name, rating = "two-string kite", 4.1
            else:
                name, rating = "turbot fish", 4.2
            if best is not None and rating >= best[0]:
                continue  # cannot improve on what was found
            if a1 == b1 or a1 == b2 or a2 == b1 or a2 == b2:
                continue
            for x, y in ((a1, a2), (a2, a1)):
                for z, w in ((b1, b2), (b2, b1)):
                    wu = geo.common_unit(y, z)
                    if wu is None or wu == u1 or wu == u2:
                        continue
                    if PM[x] >> w & 1:
                        cx, cw = CU[x], CU[w]
                        cu = cx[0] if cx[0] == cw[0] else cx[1] if cx[1] == cw[1] else cx[2] if cx[2] == cw[2] else None
                        if cu == u1 or cu == u2:
                            continue
                    common = PM[x] & PM[w] & pos & ~((1 << y) | (1 << z))
                    if not common:
                        continue
                    if best is None or rating < best[0]:
                        elims = [(c, d) for c in cells_of(common)]
                        best = (rating, Step(
                            name, rating, [], elims, [x, y, z, w],
                            [geo.labels[u1], geo.labels[u2], geo.labels[wu]],
                            f"{name}: {d} is in {geo.names[x]} or {geo.names[y]} ({geo.labels[u1]}), "
                            f"{geo.names[y]} and {geo.names[z]} see each other, and {d} is in {geo.names[z]} or "
                            f"{geo.names[w]} ({geo.labels[u2]}); so {d} is in {geo.names[x]} or {geo.names[w]}: "
                            f"remove {fmt_elims(geo, elims)}", n))
                        if rating == 4.0:
                            return best
    return best


def empty_rectangle(g: Grid) -> Step | None:
    """Empty rectangle (a grouped two-strong-link chain, 4.3 on SukakuExplainer's scale).

    A digit whose places in a box all lie in one row R and one column C: it is in the
    row part or in the column part. With a strong link on the digit whose one end sees the
    whole row part, the other end or the column part holds it, so cells seeing both lose it
    (and likewise with the roles of row and column swapped).
    """
    for d in range(1, g.geo.n + 1):
        s = per_digit(g, "er", d, _er_digit)
        if s is not None:
            return s
    return None


def _er_digit(g: Grid, d: int) -> Step | None:
    geo = g.geo
    n = geo.n
    PM = geo.peer_masks
    row_of = geo.row_of
    holders = g.digit_positions()[d]
    links = None
    for bi, inbox, cells, R, Cc in _box_hinges(g, holders, 2):
        boxm = geo.unit_masks[bi]
        rpart = 0
        for c in cells:
            if row_of[c] == R:
                rpart |= 1 << c
        cpart = inbox & ~rpart
        if not cpart:
            continue
        if links is None:
            links = conjugate_pairs(g, d)
        seen_r = _common_peers(PM, rpart)
        seen_c = _common_peers(PM, cpart)
        for ui, p, q in links:
            for a, bb in ((p, q), (q, p)):
                if boxm >> a & 1 or boxm >> bb & 1:
                    continue
                pa = PM[a]
                for seen, other_seen in ((rpart, seen_c), (cpart, seen_r)):
                    if seen & ~pa:
                        continue
                    em = PM[bb] & holders & other_seen & ~boxm & ~(1 << a)
                    if not em:
                        continue
                    elims = [(t, d) for t in cells_of(em)]
                    return Step("empty rectangle", 4.3, [], elims, cells + [a, bb],
                                [geo.labels[bi], geo.labels[ui]],
                                f"empty rectangle: {d} in {geo.labels[bi]} is in row {R + 1} or column "
                                f"{Cc + 1}; with the strong link {geo.names[a]}={geo.names[bb]} in "
                                f"{geo.labels[ui]}, remove {fmt_elims(geo, elims)}", n)
    return None


def _box_hinges(g: Grid, places: int, min_cells: int):
    """Empty-rectangle hinges of one digit: ``(box unit, places in box, their cells, row R,
    column C)`` for every box holding at least ``min_cells`` of ``places`` (a cell bitmask),
    spread over two rows and two columns, all of them in row R or column C."""
    geo = g.geo
    n = geo.n
    row_of, col_of = geo.row_of, geo.col_of
    for bi in range(2 * n, 3 * n):
        inbox = places & geo.unit_masks[bi]
        if inbox.bit_count() < min_cells:
            continue
        cells = cells_of(inbox)
        rows = {row_of[c] for c in cells}
        cols = {col_of[c] for c in cells}
        if len(rows) == 1 or len(cols) == 1:
            continue
        for R in rows:
            for Cc in cols:
                if all(row_of[c] == R or col_of[c] == Cc for c in cells):
                    yield bi, inbox, cells, R, Cc


def _common_peers(PM, cellmask: int) -> int:
    """Cells that see every cell of ``cellmask`` (bitmask)."""
    common = -1
    while cellmask:
        low = cellmask & -cellmask
        cellmask ^= low
        common &= PM[low.bit_length() - 1]
    return common


#: SukakuExplainer base ratings of k strong links joined by weak links (k = 2..8)
_SL_BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6, 7: 7.0, 8: 7.4}


def _sl_rating(k: int, kinds) -> float:
    """Base when all links are lines of one kind; +0.2 with a box link and both line kinds; +0.1 otherwise."""
    ks = set(kinds)
    if len(ks) == 1 and ks < {0, 1}:
        return _SL_BASE[k]
    if 2 in ks and {0, 1} <= ks:
        return round(_SL_BASE[k] + 0.2, 1)
    return round(_SL_BASE[k] + 0.1, 1)


def strong_links(g: Grid, k: int) -> Step | None:
    """``k`` strong links on one digit joined by weak links (an X-chain; SukakuExplainer's k strong-linked fishes).

    The digit is true at one end of the chain, so it goes from cells seeing both ends.
    Rated 5.4 / 5.8 / 6.2 for 3 / 4 / 5 links (+0.1 or +0.2 when box links or both line
    kinds are used).

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    k : int
        Number of strong links, 2 to 8.

    Returns
    -------
    Step or None
        The easiest chain found, or None.
    """
    if native_filter.usable(g):
        return _strong_links_c(g, k)
    best = None
    for d in range(1, g.geo.n + 1):
        s = per_digit(g, ("slk", k), d, _sl_digit, k)
        if s is not None and (best is None or s.rating < best.rating):
            best = s
            if s.rating == _SL_BASE[k]:
                return best
    return best


def _strong_links_c(g: Grid, k: int) -> Step | None:
    """:func:`strong_links` on a classic 9x9 grid, the chain found in C (the same step)."""
    found = native_filter.extension().strong_links_step(g.values, g.cands, k)
    if found is None:
        return None
    d, chain, units, eliminated = found
    return _sl_step(g.geo, d, k, list(chain), units, [(c, d) for c in eliminated])


def _sl_step(geo, d: int, k: int, chain: list[int], units, elims: list[tuple[int, int]]) -> Step:
    """The step of a chain of ``k`` strong links on ``d`` (``units``: the links' units)."""
    n = geo.n
    x, y = chain[0], chain[-1]
    names = [f"{geo.names[chain[i]]}={geo.names[chain[i + 1]]}" for i in range(0, len(chain), 2)]
    return Step(f"{k} strong links", _sl_rating(k, [u // n for u in units]), [], elims, chain,
                [geo.labels[u] for u in units],
                f"{k} strong links on {d}: {', '.join(names)} joined by weak links; {d} is in "
                f"{geo.names[x]} or {geo.names[y]}, so remove {fmt_elims(geo, elims)}", n)


def _sl_digit(g: Grid, d: int, k: int) -> Step | None:
    """The easiest chain of ``k`` strong links on one digit (the first of the lowest rating)."""
    geo = g.geo
    n = geo.n
    C = g.cands
    PS = geo.peer_sets
    best = None
    b = 1 << (d - 1)
    links = conjugate_pairs(g, d)
    if len(links) < k:
        return None
    by_cell: dict[int, list[tuple[int, int]]] = {}
    for li, (ui, a, bb) in enumerate(links):
        by_cell.setdefault(a, []).append((li, bb))
        by_cell.setdefault(bb, []).append((li, a))
    ends = list(by_cell)
    near = {y: [z for z in ends if z != y and z in PS[y]] for y in ends}
    holders = {c for c in range(geo.ncells) if C[c] & b}

    def dfs(chain, used, kinds):
        nonlocal best
        y = chain[-1]
        if len(used) == k:
            x = chain[0]
            if x in PS[y] and geo.common_unit(x, y) in [links[l][0] for l in used]:
                return False
            common = PS[x] & PS[y] & holders
            elims = sorted((c, d) for c in common if c not in chain)
            if not elims:
                return False
            rating = _sl_rating(k, [links[l][0] // n for l in used])
            if best is None or rating < best.rating:
                best = _sl_step(geo, d, k, list(chain), [links[l][0] for l in used], elims)
                return rating == _SL_BASE[k]
            return False
        for z in near[y]:
            if z in chain:
                continue
            for li, w in by_cell[z]:
                if li in used or w in chain:
                    continue
                if dfs(chain + [z, w], used + [li], kinds):
                    return True
        return False

    for l1, (u1, a1, a2) in enumerate(links):
        for x, y in ((a1, a2), (a2, a1)):
            if dfs([x, y], [l1], None):
                return best
    return best


def _group_links(g: Grid, d: int):
    """Strong links of ``d`` between groups of cells: ``[(unit, group A, group B)]`` (cell bitmasks) where
    the digit's places in a box all lie in the row part A or the column part B (a box with an
    "empty rectangle"); both parts non-empty and not a plain two-cell link."""
    geo = g.geo
    out = []
    row_of, col_of = geo.row_of, geo.col_of
    for bi, inbox, cells, R, Cc in _box_hinges(g, g.digit_positions()[d], 3):
        A = 0
        A2 = 0
        for c in cells:
            if row_of[c] == R:
                A |= 1 << c
            if col_of[c] == Cc:
                A2 |= 1 << c
        out.append((bi, A, inbox & ~A))
        B2 = inbox & ~A2
        if B2:
            out.append((bi, A2, B2))
    return out


def grouped_strong_links(g: Grid, k: int) -> Step | None:
    """``k`` strong links on one digit joined by weak links, at least one of them between groups
    (an empty-rectangle box): SukakuExplainer's grouped chains, rated base + 0.3 (4.3 for two
    links, 5.7 for three).

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    k : int
        Number of strong links, 2 to 8 (two are named "empty rectangle").

    Returns
    -------
    Step or None
        The first chain found, digits in increasing order, or None.
    """
    for d in range(1, g.geo.n + 1):
        s = per_digit(g, ("gsl", k), d, _gsl_digit, k)
        if s is not None:
            return s
    return None


def _gsl_digit(g: Grid, d: int, k: int) -> Step | None:
    geo = g.geo
    n = geo.n
    PM = geo.peer_masks
    groups = _group_links(g, d)
    if not groups:
        return None
    links = [(ui, 1 << a, 1 << bb, False) for ui, a, bb in conjugate_pairs(g, d)]
    links += [(ui, A, B, True) for ui, A, B in groups]
    # node i: end 0 or 1 of link i // 2 (cell bitmasks)
    nodes = []
    for ui, A, B, gr in links:
        nodes.append(A)
        nodes.append(B)
    # peers common to every cell of a node
    seen_by = []
    for node in nodes:
        common = -1
        x = node
        while x:
            low = x & -x
            x ^= low
            common &= PM[low.bit_length() - 1]
        seen_by.append(common)
    L = len(nodes)
    nxt = [[j for j in range(L) if j // 2 != i // 2 and not nodes[j] & ~seen_by[i]] for i in range(L)]
    holders = g.digit_positions()[d]

    def dfs(chain, cells, grouped):
        last = chain[-1]
        if len(chain) == 2 * k:
            if not grouped:
                return None
            common = seen_by[chain[0]] & seen_by[last] & holders & ~cells
            return (chain, [(c, d) for c in cells_of(common)]) if common else None
        final = len(chain) == 2 * k - 2
        for j in nxt[last]:
            if final and not grouped and not links[j // 2][3]:
                continue
            other = j ^ 1
            X, Y = nodes[j], nodes[other]
            if cells & X or cells & Y:
                continue
            if final and not seen_by[chain[0]] & seen_by[other] & holders & ~(cells | X | Y):
                continue
            got = dfs(chain + [j, other], cells | X | Y, grouped or links[j // 2][3])
            if got:
                return got
        return None

    for i in range(L):
        if not seen_by[i] & holders & ~nodes[i ^ 1]:
            continue
        got = dfs([i, i ^ 1], nodes[i] | nodes[i ^ 1], links[i // 2][3])
        if got:
            chain, elims = got
            rating = round(_SL_BASE[k] + 0.3, 1)

            def txt(node):
                cs = cells_of(node)
                if len(cs) == 1:
                    return geo.names[cs[0]]
                return "(" + "|".join(geo.names[c] for c in cs) + ")"

            pairs = [f"{txt(nodes[chain[i]])}={txt(nodes[chain[i + 1]])}" for i in range(0, len(chain), 2)]
            name = "empty rectangle" if k == 2 else f"grouped {k} strong links"
            allc = 0
            for j in chain:
                allc |= nodes[j]
            return Step(name, rating, [], elims, cells_of(allc), [geo.labels[links[j // 2][0]] for j in chain[::2]],
                        f"{name} on {d}: {', '.join(pairs)} joined by weak links; {d} is at one end, "
                        f"so remove {fmt_elims(geo, elims)}", n)
    return None


def three_strong_links(g: Grid) -> Step | None:
    """Three strong links (SE scale 5.4-5.6; 5.7 with a grouped link)."""
    return strong_links(g, 3) or grouped_strong_links(g, 3)


def four_strong_links(g: Grid) -> Step | None:
    """Four strong links (5.8-6.0; off by default)."""
    return strong_links(g, 4)


def five_strong_links(g: Grid) -> Step | None:
    """Five strong links (6.2-6.4; off by default)."""
    return strong_links(g, 5)
