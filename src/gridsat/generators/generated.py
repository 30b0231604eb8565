"""What every generator returns: the puzzle, its solution, and how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .lines import puzzle_line

__all__ = ["Generated"]


@dataclass
class Generated:
    """A generated puzzle with its solution and how it was made.

    Attributes
    ----------
    puzzle : Sudoku or Hidato
        The puzzle (givens only).
    solution : tuple of int
        Its unique solution, value per cell.
    seed : int or None
        The seed it was made from.
    kind : str
        ``sudoku``, ``jigsaw``, ``hidato`` or ``numbrix``.
    time : float
        Seconds it took.
    score : dict
        Fresh-solver effort to prove uniqueness (empty when not asked for).
    info : dict
        Generator-specific facts (symmetry, minimality, attempts, region map, ...).
    """

    puzzle: Any
    solution: tuple
    seed: int | None
    kind: str
    time: float = 0.0
    score: dict = field(default_factory=dict)
    info: dict = field(default_factory=dict)

    @property
    def givens(self) -> int:
        """The number of givens."""
        return self.puzzle.num_givens

    def to_dict(self) -> dict:
        """JSON-ready summary: kind, seed, givens count, score, time, puzzle text and extra info."""
        d = {"kind": self.kind, "seed": self.seed, "givens": self.givens, "score": self.score,
             "time": round(self.time, 6), "puzzle": puzzle_line(self.puzzle)}
        if getattr(self.puzzle, "box", None) is not None:
            d["box"] = list(self.puzzle.box)  # the line does not say it (e.g. 6x6 with 3x2 boxes)
        d.update(self.info)
        return d
