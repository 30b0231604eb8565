"""The logical solver's jobs across the kinds: the puzzles it handles in words, the techniques
every kind's solver may switch on, and the kit figures, each asked of the kind records."""

from __future__ import annotations

from ..errors import GridsatError, UnsupportedError
from .base import KINDS, kind_of

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any

__all__ = ["logic_serves", "technique_names", "kit_figures"]


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def logic_serves() -> str:
    """The puzzles the logical solver handles, in words, from the kinds' ``logic_serves``
    (``"Sudoku-family and Hidato puzzles"``; a kind without one has no logical solver)."""
    return _and([k.logic_serves for k in KINDS.values() if k.logic_serves]) + " puzzles"


def technique_names() -> list[str]:
    """The names of every kind's logical techniques (the choices of ``extra``), cheapest first."""
    out: list[str] = []
    for kind in KINDS.values():
        if kind.techniques is not None:
            out += [name for name in kind.techniques() if name not in out]
    return out


def kit_figures(puzzle: Any) -> Any:
    """The Clojure kit's figures of ``puzzle`` (``gridsat rate --kit``) from its kind's ``kit``.

    Raises
    ------
    GridsatError
        The figures do not serve the puzzle (the message names the puzzles they serve).
    """
    kind = kind_of(puzzle)
    try:
        if kind.kit is None:
            raise UnsupportedError(kind.name)
        return kind.kit(puzzle)
    except UnsupportedError:
        serves = _and([k.kit_serves for k in KINDS.values() if k.kit is not None])
        raise GridsatError(f"--kit figures are for {serves}") from None
