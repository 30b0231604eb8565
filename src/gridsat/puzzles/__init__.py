"""Puzzle types. Each type holds its parameters and validates itself on construction."""

from .sudoku import Sudoku, box_regions, default_box

__all__ = ["Sudoku", "box_regions", "default_box"]
