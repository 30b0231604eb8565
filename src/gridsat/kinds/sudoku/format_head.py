"""What format detection may know of this kind's formats before the package is imported
(:mod:`gridsat.formats.heads`): they read lines and grids of digits, and the kind guesses a
format for most texts, so it rules no text out; but of a text of plain digit lines only the
one-line, grid and nonomino formats may be claimants (the others need a header, a bracket, a
``|``, a ruler, a comment mark or a link), the grid format only when the first line is at most
as wide as the largest board (:data:`WIDEST` symbols, one a cell) and the nonomino format only
when it is a number of one or two digits; detection imports those modules alone."""

from __future__ import annotations

import importlib

from ...formats.heads import digit_lines

__all__ = ["claims", "modules", "load", "WIDEST"]

#: the widest board's side (the kind's ``MAX_SIZE``): a first row wider than that is no grid
WIDEST = 64


def claims(head: str) -> bool:
    """Always true: detection weighs this kind's formats for every text."""
    return True


def modules(head: str) -> "tuple[str, ...] | None":
    """The format modules whose formats may claim ``head`` (``None``: any of them)."""
    if not digit_lines(head):
        return None
    first = len(next(s for s in (line.strip(" \t\r") for line in head.split("\n")) if s))
    return ("format_line",) + (("format_grid",) if first <= WIDEST else ()) + (("format_nonomino",) if first <= 2 else ())


def load(head: str) -> bool:
    """Import only the format modules whose formats may claim ``head`` (:func:`modules`) and say
    so (True); False when any of the kind's formats may (detection then loads them all)."""
    names = modules(head)
    for name in names or ():
        importlib.import_module(f"{__package__}.{name}")
    return names is not None
