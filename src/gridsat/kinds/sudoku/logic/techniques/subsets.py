"""Naked and hidden subsets (pairs, triples, quads) and the direct hidden pair/triple (SE 2.0-5.4)."""

from __future__ import annotations

from itertools import combinations

from .. import native_filter
from ..grid import Grid, bits
from ..steps import Step
from .common import cells_txt, digits_txt, fmt_elims

__all__ = [
    "naked_pair", "naked_triple", "naked_quad", "hidden_pair", "hidden_triple",
    "hidden_quad", "direct_hidden_pair", "direct_hidden_triple",
]

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
    if native_filter.usable(g):
        return _naked_c(g, k)
    return _per_unit(g, ("naked", k), _naked_unit, k)


def _naked_c(g: Grid, k: int) -> Step | None:
    """:func:`_naked` on a classic 9x9 grid, the subset found in C (the same step)."""
    found = native_filter.extension().subset_step(g.values, g.cands, k, False, False)
    if found is None:
        return None
    ui, combo, m, elims = found
    geo = g.geo
    label = geo.labels[ui]
    name = f"naked {_SET_NAMES[k]}"
    elims = list(elims)
    return Step(name, _NAKED_RATING[k], [], elims, list(combo), [label],
                f"{name}: {cells_txt(geo, combo)} in {label} hold only {digits_txt(bits(m))}, "
                f"so remove {fmt_elims(geo, elims)}", geo.n)


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
                        f"{name}: {cells_txt(geo, combo)} in {label} hold only {digits_txt(bits(m))}, "
                        f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def _hidden(g: Grid, k: int, direct: bool = False) -> Step | None:
    if native_filter.usable(g):
        return _hidden_c(g, k, direct)
    return _per_unit(g, ("hidden", k, direct), _hidden_unit, k, direct)


def _hidden_c(g: Grid, k: int, direct: bool) -> Step | None:
    """:func:`_hidden` on a classic 9x9 grid, the subset found in C (the same step)."""
    found = native_filter.extension().subset_step(g.values, g.cands, k, True, direct)
    if found is None:
        return None
    ui, combo, cells, elims, hit = found
    geo = g.geo
    label = geo.labels[ui]
    name = f"hidden {_SET_NAMES[k]}"
    cells = list(cells)
    if direct:
        return Step(f"direct {name}", 2.0 if k == 2 else 2.5, [hit], [], cells + [hit[0]], [label],
                    f"direct {name}: {digits_txt(combo)} in {label} can only go in {cells_txt(geo, cells)}, "
                    f"so {hit[1]} in {label} can only go in {geo.names[hit[0]]}", geo.n)
    elims = list(elims)
    return Step(name, _HIDDEN_RATING[k], [], elims, cells, [label],
                f"{name}: {digits_txt(combo)} in {label} can only go in {cells_txt(geo, cells)}, "
                f"so remove {fmt_elims(geo, elims)}", geo.n)


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
                        f"direct {name}: {digits_txt(combo)} in {label} can only go in {cells_txt(geo, cells)}, "
                        f"so {hit[1]} in {label} can only go in {geo.names[hit[0]]}", geo.n)
        # (like SE, a direct step only places its single; the eliminations are not kept)
        return Step(name, _HIDDEN_RATING[k], [], elims, cells, [label],
                    f"{name}: {digits_txt(combo)} in {label} can only go in {cells_txt(geo, cells)}, "
                    f"so remove {fmt_elims(geo, elims)}", geo.n)
    return None


def naked_pair(g: Grid) -> Step | None:
    """Two cells of a unit holding only the same two digits: the digits go from the unit's
    other cells (SE 3.0)."""
    return _naked(g, 2)


def naked_triple(g: Grid) -> Step | None:
    """Three cells of a unit holding three digits in all: the digits go from the unit's
    other cells (SE 3.6)."""
    return _naked(g, 3)


def naked_quad(g: Grid) -> Step | None:
    """Four cells of a unit holding four digits in all: the digits go from the unit's
    other cells (SE 5.0)."""
    return _naked(g, 4)


def hidden_pair(g: Grid) -> Step | None:
    """Two digits confined to the same two cells of a unit: the cells' other candidates go
    (SE 3.4)."""
    return _hidden(g, 2)


def hidden_triple(g: Grid) -> Step | None:
    """Three digits confined to the same three cells of a unit: the cells' other candidates
    go (SE 4.0)."""
    return _hidden(g, 3)


def hidden_quad(g: Grid) -> Step | None:
    """Four digits confined to the same four cells of a unit: the cells' other candidates
    go (SE 5.4)."""
    return _hidden(g, 4)


def direct_hidden_pair(g: Grid) -> Step | None:
    """A hidden pair whose eliminations leave a hidden single in its unit; only the single
    is placed (SE 2.0)."""
    return _hidden(g, 2, direct=True)


def direct_hidden_triple(g: Grid) -> Step | None:
    """A hidden triple whose eliminations leave a hidden single in its unit; only the single
    is placed (SE 2.5)."""
    return _hidden(g, 3, direct=True)
