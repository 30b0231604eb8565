"""Singles: full house, hidden singles, naked single (SE 1.0-2.3)."""

from __future__ import annotations

from .. import native_filter
from ..grid import Grid
from ..steps import Step

__all__ = ["full_house", "hidden_single_box", "hidden_single_line", "naked_single"]


def full_house(g: Grid) -> Step | None:
    """The last empty cell of a unit (SE 1.0)."""
    if native_filter.usable(g):
        return _single_c(g, 0)
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


def _single_c(g: Grid, kind: int) -> Step | None:
    """The single of ``kind`` (0 full house, 1 hidden single in a box, 2 in a line, 3 naked
    single) on a classic 9x9 grid, found in C (the same step as the Python search)."""
    found = native_filter.extension().single_step(g.values, g.cands, kind)
    if found is None:
        return None
    c, d, ui = found
    return single_step_of(g.geo, kind, c, d, ui)


def single_step_of(geo, kind: int, c: int, d: int, ui: int) -> Step:
    """The Step of a single the C extension found on a classic 9x9 grid: ``kind`` as in
    :func:`_single_c`, digit ``d`` in cell ``c``, unit ``ui`` (-1 for a naked single)."""
    if kind == 3:
        return Step("naked single", 2.3, [(c, d)], [], [c], [], f"naked single: {geo.names[c]} can only be {d}", 9)
    label = geo.labels[ui]
    if kind == 0:
        return Step("full house", 1.0, [(c, d)], [], [c], [label],
                    f"full house: {geo.names[c]} is the last empty cell of {label}, so it is {d}", 9)
    return Step("hidden single", 1.2 if kind == 1 else 1.5, [(c, d)], [], [c], [label],
                f"hidden single: {d} in {label} can only go in {geo.names[c]}", 9)


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
    if native_filter.usable(g):
        return _single_c(g, 1)
    n = g.geo.n
    return _hidden_single(g, range(2 * n, 3 * n), 1.2)


def hidden_single_line(g: Grid) -> Step | None:
    """A digit with one place left in a row or column (SE 1.5)."""
    if native_filter.usable(g):
        return _single_c(g, 2)
    n = g.geo.n
    return _hidden_single(g, range(0, 2 * n), 1.5)


def naked_single(g: Grid) -> Step | None:
    """A cell with one candidate left (SE 2.3)."""
    if native_filter.usable(g):
        return _single_c(g, 3)
    C = g.cands
    for c in range(g.geo.ncells):
        m = C[c]
        if m and not m & (m - 1):
            d = m.bit_length()
            name = g.geo.names[c]
            return Step("naked single", 2.3, [(c, d)], [], [c], [],
                        f"naked single: {name} can only be {d}", g.geo.n)
    return None
