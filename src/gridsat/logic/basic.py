"""Pattern techniques: singles, locked candidates, subsets, fish, wings, uniqueness.

Every technique is a function ``(grid) -> Step | None`` that returns one applicable step
(the first it finds, or the easiest for families with several ratings) without changing
the grid. Ratings follow the Sudoku Explainer scale (see :mod:`gridsat.logic.solver`).
"""

from __future__ import annotations

from itertools import combinations

from .grid import Grid, bits, cells_of
from .steps import Step

__all__ = [
    "full_house", "hidden_single_box", "hidden_single_line", "naked_single",
    "direct_pointing", "direct_claiming", "direct_hidden_pair", "direct_hidden_triple",
    "pointing", "claiming", "naked_pair", "naked_triple", "naked_quad",
    "hidden_pair", "hidden_triple", "hidden_quad", "x_wing", "swordfish", "jellyfish",
    "turbot_fish", "xy_wing", "xyz_wing", "w_wing", "unique_rectangle", "bug_plus_one",
    "fmt_elims",
]


def fmt_elims(geo, elims) -> str:
    """``r2c5-4, r2c7-4`` style list of eliminations (grouped by digit)."""
    by_d: dict[int, list[int]] = {}
    for c, d in elims:
        by_d.setdefault(d, []).append(c)
    parts = []
    for d in sorted(by_d):
        cells = sorted(by_d[d])
        parts.append(f"{d} from " + ", ".join(geo.names[c] for c in cells))
    return "; ".join(parts)


def _cells_txt(geo, cells) -> str:
    return ", ".join(geo.names[c] for c in cells)


def _digits_txt(ds) -> str:
    return "/".join(str(d) for d in ds)


# ------------------------------------------------------------------ singles
def full_house(g: Grid) -> Step | None:
    """The last empty cell of a unit (SE 1.0)."""
    geo = g.geo
    V, C = g.values, g.cands
    for ui, u in enumerate(geo.units):
        empty = -1
        k = 0
        for c in u:
            if not V[c]:
                k += 1
                if k > 1:
                    break
                empty = c
        if k == 1:
            m = C[empty]
            if m and not m & (m - 1):
                d = m.bit_length()
                label = geo.labels[ui]
                return Step("full house", 1.0, [(empty, d)], [], [empty], [label],
                            f"full house: {geo.names[empty]} is the last empty cell of {label}, so it is {d}", geo.n)
    return None


def _hidden_single(g: Grid, units, rating: float) -> Step | None:
    geo = g.geo
    C = g.cands
    U = geo.units
    for ui in units:
        once = twice = 0
        u = U[ui]
        for c in u:
            m = C[c]
            twice |= once & m
            once |= m
        hs = once & ~twice
        if hs:
            b = hs & -hs
            d = b.bit_length()
            for c in u:
                if C[c] & b:
                    label = geo.labels[ui]
                    return Step("hidden single", rating, [(c, d)], [], [c], [label],
                                f"hidden single: {d} in {label} can only go in {geo.names[c]}", geo.n)
    return None


def hidden_single_box(g: Grid) -> Step | None:
    """A digit with one place left in a box/region (SE 1.2)."""
    n = g.geo.n
    return _hidden_single(g, range(2 * n, 3 * n), 1.2)


def hidden_single_line(g: Grid) -> Step | None:
    """A digit with one place left in a row or column (SE 1.5)."""
    n = g.geo.n
    return _hidden_single(g, range(0, 2 * n), 1.5)


def naked_single(g: Grid) -> Step | None:
    """A cell with one candidate left (SE 2.3)."""
    C = g.cands
    for c in range(g.geo.ncells):
        m = C[c]
        if m and not m & (m - 1):
            d = m.bit_length()
            name = g.geo.names[c]
            return Step("naked single", 2.3, [(c, d)], [], [c], [],
                        f"naked single: {name} can only be {d}", g.geo.n)
    return None


# ------------------------------------------------------------------ locked candidates
def _locked(g: Grid, pointing: bool):
    """The list of (digit, base unit, cover unit, pattern cells, elimination cells), memoised per state."""
    key = ("locked", pointing)
    out = g.cache.get(key)
    if out is None:
        out = g.cache[key] = list(_locked_items(g, pointing))
    return out


def _locked_items(g: Grid, pointing: bool):
    C = g.cands
    for ri, li, common, rest_r, rest_l in g.geo.intersections:
        inside = 0
        for c in common:
            inside |= C[c]
        if not inside:
            continue
        rb, rc = (rest_r, rest_l) if pointing else (rest_l, rest_r)
        out_base = 0
        for c in rb:
            out_base |= C[c]
        ds = inside & ~out_base
        if not ds:
            continue
        out_cover = 0
        for c in rc:
            out_cover |= C[c]
        el = ds & out_cover
        if not el:
            continue
        for d in bits(el):
            b = 1 << (d - 1)
            yield (d, ri if pointing else li, li if pointing else ri,
                   [c for c in common if C[c] & b], [c for c in rc if C[c] & b])


def _direct_single(g: Grid, d: int, removed: set[int], units=None):
    """A hidden single for ``d`` that appears once ``removed`` cells lose ``d``: (cell, unit) or None."""
    geo = g.geo
    C = g.cands
    b = 1 << (d - 1)
    if units is None:
        units = set()
        for c in removed:
            units.update(geo.cell_units[c])
    for ui in sorted(units, key=lambda u: (u < 2 * geo.n, u)):
        left = [c for c in geo.units[ui] if C[c] & b and c not in removed]
        if len(left) == 1:
            return left[0], ui
    return None


def _locked_step(g, item, pointing, direct):
    geo = g.geo
    d, base, cover, cells, elim_cells = item
    word = "pointing" if pointing else "claiming"
    elims = [(c, d) for c in elim_cells]
    bl, cl = geo.labels[base], geo.labels[cover]
    if direct:
        # SE: the hidden single must be in another unit of the base's kind that crosses the cover
        n = geo.n
        kind = base // n
        cover_set = geo.unit_sets[cover]
        units = [ui for ui in range(kind * n, kind * n + n)
                 if ui != base and not geo.unit_sets[ui].isdisjoint(cover_set)]
        hit = _direct_single(g, d, set(elim_cells), units)
        if hit is None:
            return None
        cell, ui = hit
        rating = 1.7 if pointing else 1.9
        return Step(f"direct {word}", rating, [(cell, d)], [], cells + [cell], [bl, cl, geo.labels[ui]],
                    f"direct {word}: {d} in {bl} lies only in {cl}, which removes {fmt_elims(geo, elims)}; "
                    f"then {d} in {geo.labels[ui]} can only go in {geo.names[cell]}", geo.n)
    rating = 2.6 if pointing else 2.8
    return Step(word, rating, [], elims, cells, [bl, cl],
                f"{word}: {d} in {bl} lies only in {cl}, so remove {fmt_elims(geo, elims)}", geo.n)


def direct_pointing(g: Grid) -> Step | None:
    """Pointing that leaves a hidden single (SE 1.7)."""
    for item in _locked(g, True):
        s = _locked_step(g, item, True, True)
        if s:
            return s
    return None


def direct_claiming(g: Grid) -> Step | None:
    """Claiming that leaves a hidden single (SE 1.9)."""
    for item in _locked(g, False):
        s = _locked_step(g, item, False, True)
        if s:
            return s
    return None


def pointing(g: Grid) -> Step | None:
    """A digit of a box confined to one line: remove it from the rest of the line (SE 2.6)."""
    for item in _locked(g, True):
        return _locked_step(g, item, True, False)
    return None


def claiming(g: Grid) -> Step | None:
    """A digit of a line confined to one box: remove it from the rest of the box (SE 2.8)."""
    for item in _locked(g, False):
        return _locked_step(g, item, False, False)
    return None


# ------------------------------------------------------------------ subsets
_SET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
_NAKED_RATING = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN_RATING = {2: 3.4, 3: 4.0, 4: 5.4}


def _per_unit(g: Grid, key, func, *args) -> Step | None:
    """The first step of ``func(g, ui, *args)`` over the units in order, each memoised on the
    unit's candidate masks (for patterns that read and change nothing outside one unit)."""
    keys = g.cache.get("unitkeys")
    if keys is None:
        C = g.cands
        keys = g.cache["unitkeys"] = [get(C) for get in g.geo.unit_getters]
    tables = g.memo.get(key)
    if tables is None:
        tables = g.memo[key] = [{} for _ in keys]
    for ui, uk in enumerate(keys):
        table = tables[ui]
        try:
            r = table[uk]
        except KeyError:
            r = table[uk] = func(g, ui, *args)
        if r is not None:
            return r
    return None


def _naked(g: Grid, k: int) -> Step | None:
    return _per_unit(g, ("naked", k), _naked_unit, k)


def _naked_unit(g: Grid, ui: int, k: int) -> Step | None:
    geo = g.geo
    C = g.cands
    u = geo.units[ui]
    empties = [c for c in u if C[c]]
    if len(empties) <= k:
        return None
    cand_cells = [c for c in empties if C[c].bit_count() <= k]
    if len(cand_cells) < k:
        return None
    for combo in combinations(cand_cells, k):
        m = 0
        for c in combo:
            m |= C[c]
        if m.bit_count() != k:
            continue
        elims = [(c, d) for c in empties if c not in combo and C[c] & m for d in bits(C[c] & m)]
        if elims:
            label = geo.labels[ui]
            name = f"naked {_SET_NAMES[k]}"
            return Step(name, _NAKED_RATING[k], [], elims, list(combo), [label],
                        f"{name}: {_cells_txt(geo, combo)} in {label} hold only {_digits_txt(bits(m))}, "
                        f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def _hidden(g: Grid, k: int, direct: bool = False) -> Step | None:
    return _per_unit(g, ("hidden", k, direct), _hidden_unit, k, direct)


def _hidden_unit(g: Grid, ui: int, k: int, direct: bool) -> Step | None:
    geo = g.geo
    C = g.cands
    n = geo.n
    u = geo.units[ui]
    pos = [0] * (n + 1)
    nempty = 0
    for i, c in enumerate(u):
        m = C[c]
        if m:
            nempty += 1
            for d in bits(m):
                pos[d] |= 1 << i
    if nempty <= k:
        return None
    digs = [d for d in range(1, n + 1) if 2 <= pos[d].bit_count() <= k]
    if len(digs) < k:
        return None
    for combo in combinations(digs, k):
        pm = 0
        for d in combo:
            pm |= pos[d]
        if pm.bit_count() != k:
            continue
        keep = 0
        for d in combo:
            keep |= 1 << (d - 1)
        cells = [u[i] for i in range(len(u)) if pm >> i & 1]
        elims = [(c, d) for c in cells for d in bits(C[c] & ~keep)]
        if not elims:
            continue
        label = geo.labels[ui]
        name = f"hidden {_SET_NAMES[k]}"
        if direct:
            # a hidden single in the same unit for an eliminated digit
            removed_digits = sorted({d for _, d in elims})
            hit = None
            cs = set(cells)
            for d in removed_digits:
                b = 1 << (d - 1)
                left = [c for c in u if C[c] & b and c not in cs]
                if len(left) == 1:
                    hit = (left[0], d)
                    break
            if hit is None:
                continue
            rating = 2.0 if k == 2 else 2.5
            return Step(f"direct {name}", rating, [hit], [], cells + [hit[0]], [label],
                        f"direct {name}: {_digits_txt(combo)} in {label} can only go in {_cells_txt(geo, cells)}, "
                        f"so {hit[1]} in {label} can only go in {geo.names[hit[0]]}", geo.n)
        # (like SE, a direct step only places its single; the eliminations are not kept)
        return Step(name, _HIDDEN_RATING[k], [], elims, cells, [label],
                    f"{name}: {_digits_txt(combo)} in {label} can only go in {_cells_txt(geo, cells)}, "
                    f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def naked_pair(g: Grid) -> Step | None:
    """Two cells of a unit holding the same two candidates (SE 3.0)."""
    return _naked(g, 2)


def naked_triple(g: Grid) -> Step | None:
    """SE 3.6."""
    return _naked(g, 3)


def naked_quad(g: Grid) -> Step | None:
    """SE 5.0."""
    return _naked(g, 4)


def hidden_pair(g: Grid) -> Step | None:
    """Two digits confined to the same two cells of a unit (SE 3.4)."""
    return _hidden(g, 2)


def hidden_triple(g: Grid) -> Step | None:
    """SE 4.0."""
    return _hidden(g, 3)


def hidden_quad(g: Grid) -> Step | None:
    """SE 5.4."""
    return _hidden(g, 4)


def direct_hidden_pair(g: Grid) -> Step | None:
    """A hidden pair whose eliminations leave a hidden single in its unit (SE 2.0)."""
    return _hidden(g, 2, direct=True)


def direct_hidden_triple(g: Grid) -> Step | None:
    """SE 2.5."""
    return _hidden(g, 3, direct=True)


# ------------------------------------------------------------------ fish
_FISH = {2: ("x-wing", 3.2), 3: ("swordfish", 3.8), 4: ("jellyfish", 5.2)}


def _per_digit(g: Grid, key, d: int, func, *args):
    """``func(g, d, *args)`` memoised on ``key``, the digit and the digit's places.

    Only for functions whose answer depends on nothing but the places of ``d`` (single-digit
    patterns): from one step to the next most digits keep their places, so the search is
    not repeated for them.
    """
    mk = (key, d, g.digit_positions()[d])
    memo = g.memo
    try:
        return memo[mk]
    except KeyError:
        r = memo[mk] = func(g, d, *args)
        return r


def _fish(g: Grid, k: int) -> Step | None:
    for d in range(1, g.geo.n + 1):
        s = _per_digit(g, ("fish", k), d, _fish_digit, k)
        if s:
            return s
    return None


def _fish_digit(g: Grid, d: int, k: int) -> Step | None:
    geo = g.geo
    n = geo.n
    C = g.cands
    name, rating = _FISH[k]
    b = 1 << (d - 1)
    rowm = [0] * n
    colm = [0] * n
    pos = g.digit_positions()[d]
    while pos:
        low = pos & -pos
        c = low.bit_length() - 1
        pos ^= low
        y, x = divmod(c, n)
        rowm[y] |= 1 << x
        colm[x] |= 1 << y
    for rows in (True, False):
        lm = rowm if rows else colm
        masks = [(line, m) for line, m in enumerate(lm) if 2 <= m.bit_count() <= k]
        if len(masks) < k:
            continue
        for combo in combinations(masks, k):
            cover = 0
            for _, m in combo:
                cover |= m
            if cover.bit_count() != k:
                continue
            base_lines = {line for line, _ in combo}
            elims = []
            for x in bits(cover):
                x -= 1
                for y in range(n):
                    if y in base_lines:
                        continue
                    c = y * n + x if rows else x * n + y
                    if C[c] & b:
                        elims.append((c, d))
            if elims:
                bl = sorted(base_lines)
                cl = [x - 1 for x in bits(cover)]
                kb, kc = ("row", "column") if rows else ("column", "row")
                cells = []
                for y in bl:
                    for x in cl:
                        c = y * n + x if rows else x * n + y
                        if C[c] & b:
                            cells.append(c)
                units = [f"{kb} {y + 1}" for y in bl] + [f"{kc} {x + 1}" for x in cl]
                return Step(name, rating, [], elims, sorted(cells), units,
                            f"{name}: {d} in {kb}s {','.join(str(y + 1) for y in bl)} lies only in "
                            f"{kc}s {','.join(str(x + 1) for x in cl)}, so remove {fmt_elims(geo, elims)}", n)
    return None


def x_wing(g: Grid) -> Step | None:
    """SE 3.2."""
    return _fish(g, 2)


def swordfish(g: Grid) -> Step | None:
    """SE 3.8."""
    return _fish(g, 3)


def jellyfish(g: Grid) -> Step | None:
    """SE 5.2."""
    return _fish(g, 4)


# ------------------------------------------------------------------ single-digit chains of two strong links
def _strong_links(g: Grid, d: int):
    """Units where ``d`` has exactly two places: ``[(unit, cell, cell)]``, cells ascending
    (memoised on the digit's places)."""
    pos = g.digit_positions()[d]
    key = ("links", d, pos)
    out = g.memo.get(key)
    if out is None:
        out = []
        for ui, um in enumerate(g.geo.unit_masks):
            x = pos & um
            if x:
                y = x & (x - 1)
                if y and not y & (y - 1):
                    out.append((ui, (x & -x).bit_length() - 1, y.bit_length() - 1))
        g.memo[key] = out
    return out


def turbot_fish(g: Grid) -> Step | None:
    """Two strong links on one digit joined by a weak link: skyscraper (4.0), two-string kite (4.1), turbot fish (4.2)."""
    best = None
    for d in range(1, g.geo.n + 1):
        r = _per_digit(g, "turbot", d, _turbot_digit)
        if r is not None and (best is None or r[0] < best[0]):
            best = r
            if r[0] == 4.0:
                return r[1]
    if best is None or best[0] > 4.3:
        er = empty_rectangle(g)
        if er is not None and (best is None or er.rating < best[0]):
            return er
    return best[1] if best else None


def _turbot_digit(g: Grid, d: int):
    """The easiest two-strong-link pattern of one digit (the first of the lowest rating), as (rating, step)."""
    geo = g.geo
    n = geo.n
    links = _strong_links(g, d)
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
        s = _per_digit(g, "er", d, _er_digit)
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
            links = _strong_links(g, d)
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


# ------------------------------------------------------------------ wings
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
                            f"xy-wing: pivot {geo.names[p]} ({_digits_txt(bits(pm))}) with pincers "
                            f"{geo.names[a]} ({_digits_txt(bits(ma))}) and {geo.names[bq]} ({_digits_txt(bits(mb))}): "
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
                            f"xyz-wing: pivot {geo.names[p]} ({_digits_txt(bits(pm))}) with pincers "
                            f"{geo.names[a]} and {geo.names[bq]}: one of the three is {d}, "
                            f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def w_wing(g: Grid) -> Step | None:
    """Two equal bivalue cells xy joined by a strong link on x: y goes from cells seeing both (rated 4.4; not in SE)."""
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
                    links_cache[x] = _strong_links(g, x)
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


# ------------------------------------------------------------------ uniqueness
def unique_rectangle(g: Grid) -> Step | None:
    """Unique rectangles types 1-4 (SE 4.5-4.8); valid only for puzzles known to have one solution."""
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
                    names = _cells_txt(geo, loop)
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
                                            f"{_cells_txt(geo, extra)} is {z}, so remove {fmt_elims(geo, elims)}", n)
    return None


def _ur_check(g: Grid, rect, x: int, y: int) -> Step | None:
    geo = g.geo
    C = g.cands
    xy = (1 << (x - 1)) | (1 << (y - 1))
    floors = [c for c in rect if C[c] == xy]
    roofs = [c for c in rect if C[c] != xy]
    names = _cells_txt(geo, rect)
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
                                f"{geo.names[r2]} form a naked set with {_cells_txt(geo, combo)} in {geo.labels[ui]}: "
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
    kinds are used). The easiest chain found is returned.
    """
    best = None
    for d in range(1, g.geo.n + 1):
        s = _per_digit(g, ("slk", k), d, _sl_digit, k)
        if s is not None and (best is None or s.rating < best.rating):
            best = s
            if s.rating == _SL_BASE[k]:
                return best
    return best


def _sl_digit(g: Grid, d: int, k: int) -> Step | None:
    """The easiest chain of ``k`` strong links on one digit (the first of the lowest rating)."""
    geo = g.geo
    n = geo.n
    C = g.cands
    PS = geo.peer_sets
    best = None
    b = 1 << (d - 1)
    links = _strong_links(g, d)
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
                names = [f"{geo.names[chain[i]]}={geo.names[chain[i + 1]]}" for i in range(0, len(chain), 2)]
                best = Step(f"{k} strong links", rating, [], elims, list(chain),
                            [geo.labels[links[l][0]] for l in used],
                            f"{k} strong links on {d}: {', '.join(names)} joined by weak links; {d} is in "
                            f"{geo.names[x]} or {geo.names[y]}, so remove {fmt_elims(geo, elims)}", n)
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
    links, 5.7 for three)."""
    for d in range(1, g.geo.n + 1):
        s = _per_digit(g, ("gsl", k), d, _gsl_digit, k)
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
    links = [(ui, 1 << a, 1 << bb, False) for ui, a, bb in _strong_links(g, d)]
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
    """Four strong links (5.8-6.0)."""
    return strong_links(g, 4)


def five_strong_links(g: Grid) -> Step | None:
    """Five strong links (6.2-6.4)."""
    return strong_links(g, 5)


def wxyz_wing(g: Grid, first: bool = False) -> Step | None:
    """WXYZ-wing (SukakuExplainer 5.5-5.6): see :func:`_big_wing`."""
    return _big_wing(g, 4, 5.5, "wxyz-wing", first)


def vwxyz_wing(g: Grid, first: bool = False) -> Step | None:
    """VWXYZ-wing (SukakuExplainer 6.2-6.4): a five-cell version of the WXYZ-wing."""
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
                            f"{name}: {_cells_txt(geo, cells)} hold only {_digits_txt(bits(u))} and every digit but "
                            f"{z} is confined to cells that see each other, so one of them is {z}: "
                            f"remove {fmt_elims(geo, elims)}", geo.n)
                if first or rating <= base:  # the easiest possible (or any, when asked)
                    return best
    return best
