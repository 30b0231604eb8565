"""Symmetries of the givens pattern: cells are removed (and kept) one orbit at a time."""

from __future__ import annotations

from typing import Iterable

from ..errors import PuzzleError

__all__ = ["SYMMETRIES", "orbits", "image", "is_symmetric"]

#: name -> generator map (r, c) -> (r', c') on an ``rows x cols`` board.
SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal")


def _map(sym: str, rows: int, cols: int):
    if sym == "none":
        return lambda r, c: (r, c)
    if sym == "rot180":
        return lambda r, c: (rows - 1 - r, cols - 1 - c)
    if sym == "rot90":
        if rows != cols:
            raise PuzzleError("rot90 symmetry needs a square board")
        return lambda r, c: (c, rows - 1 - r)
    if sym == "mirror":
        return lambda r, c: (r, cols - 1 - c)
    if sym == "diagonal":
        if rows != cols:
            raise PuzzleError("diagonal symmetry needs a square board")
        return lambda r, c: (c, r)
    raise PuzzleError(f"unknown symmetry {sym!r}; choose from {', '.join(SYMMETRIES)}")


def image(sym: str, rows: int, cols: int, rc: tuple[int, int]) -> tuple[int, int]:
    """Where the symmetry's generator sends cell ``rc``."""
    return _map(sym, rows, cols)(*rc)


def orbits(sym: str, rows: int, cols: int,
           cells: Iterable[tuple[int, int]] | None = None) -> list[tuple[tuple[int, int], ...]]:
    """The orbits of ``cells`` (default: the whole rectangle) under the symmetry's group.

    Cells whose images fall off ``cells`` are still grouped with the images that exist, so
    a shape that is not itself symmetric degrades gracefully.
    """
    f = _map(sym, rows, cols)
    pool = set(cells) if cells is not None else {(r, c) for r in range(rows) for c in range(cols)}
    done: set = set()
    out = []
    for rc in sorted(pool):
        if rc in done:
            continue
        orb = []
        x = rc
        while x not in orb:
            orb.append(x)
            x = f(*x)
        orb = tuple(sorted(y for y in orb if y in pool))
        done.update(orb)
        out.append(orb)
    return out


def is_symmetric(sym: str, rows: int, cols: int, given_cells: Iterable[tuple[int, int]]) -> bool:
    """Whether the set of given cells is mapped onto itself by the symmetry."""
    f = _map(sym, rows, cols)
    s = set(given_cells)
    return all(f(*rc) in s for rc in s)
