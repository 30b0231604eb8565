"""Helpers shared by the pattern techniques: step text and memoised per-digit data."""

from __future__ import annotations

from ..grid import Grid

__all__ = [
    "fmt_elims",
    "cells_txt",
    "digits_txt",
    "per_digit",
    "conjugate_pairs",
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


def cells_txt(geo, cells) -> str:
    return ", ".join(geo.names[c] for c in cells)


def digits_txt(ds) -> str:
    return "/".join(str(d) for d in ds)


def per_digit(g: Grid, key, d: int, func, *args):
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


def conjugate_pairs(g: Grid, d: int):
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
