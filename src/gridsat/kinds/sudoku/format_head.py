"""What format detection may know of this kind's formats before the package is imported
(:mod:`gridsat.formats.heads`): they read lines and grids of digits, and the kind guesses a
format for most texts, so it rules no text out; but of a text of plain digit lines only the
one-line, grid and nonomino formats may be claimants (the others need a header, a bracket, a
``|``, a ruler, a comment mark or a link), so detection imports those modules alone."""

from __future__ import annotations

import importlib

from ...formats.heads import digit_lines

__all__ = ["claims", "modules", "load"]

#: the format modules whose formats may claim a text of plain digit lines
DIGIT_LINE_MODULES = ("format_line", "format_grid", "format_nonomino")


def claims(head: str) -> bool:
    """Always true: detection weighs this kind's formats for every text."""
    return True


def modules(head: str) -> "tuple[str, ...] | None":
    """The format modules whose formats may claim ``head`` (``None``: any of them)."""
    return DIGIT_LINE_MODULES if digit_lines(head) else None


def load(head: str) -> bool:
    """Import only the format modules whose formats may claim ``head`` (:func:`modules`) and say
    so (True); False when any of the kind's formats may (detection then loads them all)."""
    names = modules(head)
    for name in names or ():
        importlib.import_module(f"{__package__}.{name}")
    return names is not None
