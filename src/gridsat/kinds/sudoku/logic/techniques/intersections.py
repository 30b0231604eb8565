"""Locked candidates: pointing and claiming, and their direct forms (SE 1.7-2.8)."""

from __future__ import annotations

from .. import native_filter
from ..grid import Grid, bits
from ..steps import Step
from .common import fmt_elims

__all__ = ["direct_pointing", "direct_claiming", "pointing", "claiming"]


def _locked(g: Grid, pointing: bool):
    """The list of (digit, base unit, cover unit, pattern cells, elimination cells), memoised per state."""
    key = ("locked", pointing)
    out = g.cache.get(key)
    if out is None:
        out = g.cache[key] = list(_locked_items(g, pointing))
    return out


def _first_locked(g: Grid, pointing: bool):
    """The first item of :func:`_locked` (None when there is none), without listing the others
    unless they are memoised already."""
    out = g.cache.get(("locked", pointing))
    if out is not None:
        return out[0] if out else None
    return next(_locked_items(g, pointing), None)


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


def _locked_step(g, item, pointing, direct, hit=None):
    """The step of a locked candidates item; ``hit``: the direct step's single when known."""
    geo = g.geo
    d, base, cover, cells, elim_cells = item
    word = "pointing" if pointing else "claiming"
    elims = [(c, d) for c in elim_cells]
    bl, cl = geo.labels[base], geo.labels[cover]
    if direct:
        if hit is None:
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


def _locked_c(g: Grid, pointing: bool, direct: bool) -> Step | None:
    """The locked candidates step on a classic 9x9 grid, the item (and single) found in C
    (the same step)."""
    found = native_filter.extension().locked_step(g.values, g.cands, pointing, direct)
    if found is None:
        return None
    return _locked_step(g, found[:5], pointing, direct, found[5])


def direct_pointing(g: Grid) -> Step | None:
    """Pointing whose eliminations leave a hidden single in another box along the line;
    only the single is placed (SE 1.7)."""
    if native_filter.usable(g):
        return _locked_c(g, True, True)
    for item in _locked(g, True):
        s = _locked_step(g, item, True, True)
        if s:
            return s
    return None


def direct_claiming(g: Grid) -> Step | None:
    """Claiming whose eliminations leave a hidden single in a parallel line through the box;
    only the single is placed (SE 1.9)."""
    if native_filter.usable(g):
        return _locked_c(g, False, True)
    for item in _locked(g, False):
        s = _locked_step(g, item, False, True)
        if s:
            return s
    return None


def pointing(g: Grid) -> Step | None:
    """A digit of a box confined to one line: remove it from the rest of the line (SE 2.6)."""
    if native_filter.usable(g):
        return _locked_c(g, True, False)
    item = _first_locked(g, True)
    return None if item is None else _locked_step(g, item, True, False)


def claiming(g: Grid) -> Step | None:
    """A digit of a line confined to one box: remove it from the rest of the box (SE 2.8)."""
    if native_filter.usable(g):
        return _locked_c(g, False, False)
    item = _first_locked(g, False)
    return None if item is None else _locked_step(g, item, False, False)
