"""What format detection may know of this kind's formats before the package is imported
(:mod:`gridsat.formats.heads`): none of them claims a text of plain digit lines, and the kind
guesses no format for one (its texts open with an ``n n`` header or the word ``killer``)."""

from __future__ import annotations

from ...formats.heads import digit_lines

__all__ = ["claims"]


def claims(head: str) -> bool:
    """False only when no format of the kind sniffs ``head`` and the kind guesses none for it."""
    return not digit_lines(head)
