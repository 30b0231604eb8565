"""Helpers shared by the pattern techniques: step text and memoised per-digit data."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from ..grid import Geometry, Grid

__all__ = ["fmt_elims", "cells_txt", "digits_txt", "per_digit", "conjugate_pairs"]


def fmt_elims(geo: Geometry, elims: Iterable[tuple[int, int]]) -> str:
    """Text of eliminations grouped by digit: ``4 from r2c5, r2c7; 6 from r3c1``.

    Parameters
    ----------
    geo : Geometry
        The board shape (for cell names).
    elims : iterable of (cell, digit)
        The eliminations.
    """
    by_d: dict[int, list[int]] = {}
    for c, d in elims:
        by_d.setdefault(d, []).append(c)
    parts = []
    for d in sorted(by_d):
        cells = sorted(by_d[d])
        parts.append(f"{d} from " + ", ".join(geo.names[c] for c in cells))
    return "; ".join(parts)


def cells_txt(geo: Geometry, cells: Iterable[int]) -> str:
    """Cell names joined by commas: ``r1c1, r1c5``."""
    return ", ".join(geo.names[c] for c in cells)


def digits_txt(ds: Iterable[int]) -> str:
    """Digits joined by slashes: ``1/4/7``."""
    return "/".join(str(d) for d in ds)


def per_digit(g: Grid, key: Hashable, d: int, func: Callable[..., Any], *args: Any) -> Any:
    """``func(g, d, *args)`` memoised on ``key``, the digit and the digit's places.

    Only for functions whose answer depends on nothing but the places of ``d`` (single-digit
    patterns): from one step to the next most digits keep their places, so the search is
    not repeated for them.

    Parameters
    ----------
    g : Grid
        The grid; the memo lives in ``g.memo``.
    key : hashable
        Names the pattern (and its options) in the memo.
    d : int
        The digit.
    func : callable
        ``func(g, d, *args)``, whatever it returns is memoised.
    """
    mk = (key, d, g.digit_positions()[d])
    memo = g.memo
    try:
        return memo[mk]
    except KeyError:
        r = memo[mk] = func(g, d, *args)
        return r


def conjugate_pairs(g: Grid, d: int) -> list[tuple[int, int, int]]:
    """Strong links of digit ``d``: the units where it has exactly two places.

    Returns ``[(unit, cell, cell), ...]`` in unit order, cells ascending (memoised on the
    digit's places; do not change the list).
    """
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
