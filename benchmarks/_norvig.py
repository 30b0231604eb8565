"""A Norvig-style pure-Python Sudoku solver: constraint propagation plus depth-first search.

Peter Norvig's design (http://norvig.com/sudoku.html): candidate strings per square,
elimination with the two classic rules (a square with one candidate removes it from its
peers; a unit with one place for a digit puts it there), and search on the square with
the fewest candidates. ``count(grid, limit)`` keeps searching after the first solution so
uniqueness costs what it costs any backtracking solver. Classic 9x9 only.
"""

from __future__ import annotations

__all__ = ["solve", "count"]

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def _cross(a, b):
    return [x + y for x in a for y in b]


SQUARES = _cross(ROWS, COLS)
UNITLIST = ([_cross(ROWS, c) for c in COLS] + [_cross(r, COLS) for r in ROWS]
            + [_cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}


def _assign(values, s, d):
    other = values[s].replace(d, "")
    if all(_eliminate(values, s, d2) for d2 in other):
        return values
    return False


def _eliminate(values, s, d):
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if len(values[s]) == 0:
        return False
    if len(values[s]) == 1:
        d2 = values[s]
        if not all(_eliminate(values, s2, d2) for s2 in PEERS[s]):
            return False
    for u in UNITS[s]:
        places = [s2 for s2 in u if d in values[s2]]
        if len(places) == 0:
            return False
        if len(places) == 1 and not _assign(values, places[0], d):
            return False
    return values


def _parse(grid):
    values = {s: DIGITS for s in SQUARES}
    for s, d in zip(SQUARES, grid):
        if d in DIGITS and not _assign(values, s, d):
            return False
    return values


def _search(values, out, limit):
    if values is False:
        return
    if all(len(values[s]) == 1 for s in SQUARES):
        out.append(values)
        return
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        _search(_assign(values.copy(), s, d), out, limit)
        if len(out) >= limit:
            return


def count(grid: str, limit: int = 2) -> tuple[int, str | None]:
    """Number of solutions up to ``limit``, and the first one as an 81-char string."""
    out: list = []
    _search(_parse(grid), out, limit)
    first = "".join(out[0][s] for s in SQUARES) if out else None
    return len(out), first


def solve(grid: str) -> str | None:
    """The first solution found, as an 81-char string, or ``None``."""
    return count(grid, 1)[1]
