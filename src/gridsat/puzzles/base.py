"""What a puzzle of any kind offers: :class:`Puzzle`, the type of code that handles every kind.

Each kind's puzzle class (in its kind package) has these members; code outside the kind
packages takes a ``Puzzle`` and reaches the rest through the puzzle's kind record
(:func:`gridsat.kinds.kind_of`).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Puzzle"]


class Puzzle(Protocol):
    """A puzzle of any kind (a structural type: the kinds' puzzle classes match it as they are)."""

    @property
    def kind(self) -> str:
        """The name of its kind (``Kind.name``, see :mod:`gridsat.kinds`)."""

    @property
    def name(self) -> str | None:
        """Its name, if it has one."""

    @property
    def num_cells(self) -> int:
        """Cells of the board."""

    @property
    def num_givens(self) -> int:
        """Cells given a value."""
