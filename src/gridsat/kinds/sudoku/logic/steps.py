"""Step records of the logical solver (plain dataclasses, JSON-able via ``to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Step", "cell_name"]


def cell_name(cell: int, n: int) -> str:
    """``r3c8`` style name (1-based)."""
    return f"r{cell // n + 1}c{cell % n + 1}"


@dataclass
class Step:
    """One logical step.

    Attributes
    ----------
    technique : str
        Technique name, e.g. ``"hidden single"``, ``"x-wing"``, ``"search"``.
    rating : float
        Its value on the Sudoku Explainer scale.
    placements, eliminations : list of (cell, digit)
        What the step sets and removes (cells are row-major indices).
    cells : list of int
        Cells the deduction rests on (pattern cells, chain cells).
    units : list of str
        Labels of the units involved, e.g. ``"row 3"``.
    explanation : str
        One line, e.g. ``"hidden single: 7 in row 3 can only go in r3c8"``.
    n : int
        Board size (for cell names).
    chain_length : int, optional
        Node count of a chain step.
    ambiguous : bool
        A search step whose cell holds another value in another solution.
    """

    technique: str
    rating: float
    placements: list[tuple[int, int]] = field(default_factory=list)
    eliminations: list[tuple[int, int]] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    units: list[str] = field(default_factory=list)
    explanation: str = ""
    n: int = 9
    chain_length: int | None = None
    #: (search steps) another solution has a different value in the cell fixed
    ambiguous: bool = False

    def __str__(self) -> str:
        return f"[{self.rating:.1f}] {self.explanation}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; cells are given by name (``r3c8``)."""
        n = self.n
        d: dict[str, Any] = {
            "technique": self.technique,
            "rating": round(self.rating, 1),
            "placements": [{"cell": cell_name(c, n), "value": v} for c, v in self.placements],
            "eliminations": [{"cell": cell_name(c, n), "value": v} for c, v in self.eliminations],
            "cells": [cell_name(c, n) for c in self.cells],
            "units": list(self.units),
            "explanation": self.explanation,
        }
        if self.chain_length is not None:
            d["chain_length"] = self.chain_length
        if self.ambiguous:
            d["ambiguous"] = True
        return d
