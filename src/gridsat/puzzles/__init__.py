"""Puzzle types. Each type holds its parameters and validates itself on construction."""

from .hidato import Hidato
from .sudoku import Sudoku, box_regions, default_box

__all__ = ["Hidato", "Sudoku", "box_regions", "default_box"]
