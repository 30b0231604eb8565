"""Basic fish on one digit: x-wing, swordfish, jellyfish (SE 3.2, 3.8, 5.2)."""

from __future__ import annotations

from itertools import combinations

from ..grid import Grid, bits
from ..steps import Step
from .common import fmt_elims, per_digit

__all__ = ["x_wing", "swordfish", "jellyfish"]

_FISH = {2: ("x-wing", 3.2), 3: ("swordfish", 3.8), 4: ("jellyfish", 5.2)}


def _fish(g: Grid, k: int) -> Step | None:
    for d in range(1, g.geo.n + 1):
        s = per_digit(g, ("fish", k), d, _fish_digit, k)
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
    """A digit whose places in two rows lie in two columns (or the other way round): it goes
    from the rest of those columns (SE 3.2)."""
    return _fish(g, 2)


def swordfish(g: Grid) -> Step | None:
    """A digit whose places in three rows lie in three columns (or the other way round): it
    goes from the rest of those columns (SE 3.8)."""
    return _fish(g, 3)


def jellyfish(g: Grid) -> Step | None:
    """A digit whose places in four rows lie in four columns (or the other way round): it
    goes from the rest of those columns (SE 5.2)."""
    return _fish(g, 4)
