"""What every puzzle kind shares: the type of a puzzle of any kind (:class:`Puzzle`) and the
board text helpers (:mod:`gridsat.puzzles.text`).

Each kind's puzzle type lives in its kind package (``gridsat.kinds.<kind>.puzzle``); the
public classes are ``gridsat.Sudoku`` and ``gridsat.Hidato``.
"""

from .base import Puzzle

__all__ = ["Puzzle"]
