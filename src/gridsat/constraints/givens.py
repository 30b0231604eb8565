"""``givens``: cells whose digit is given (``cell = value``).

One constraint holds all the givens of a puzzle, as ``(cell, value)`` pairs in cell order.
Encodings that keep one base formula per board pose them per puzzle (assumptions for CNF,
fixed domains for CP-SAT) from :meth:`Givens.literals`; standalone, they are unit clauses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..errors import ParseError, PuzzleError
from .base import Amo, Constraint, NewVar, Example, Lit, cell_name, check_board, pairwise_amo, register_constraint

__all__ = ["Givens"]


@register_constraint
@dataclass(frozen=True)
class Givens(Constraint):
    """Given digits of an ``n`` x ``n`` board.

    Parameters
    ----------
    n : int
        Board side; digits run ``1..n``.
    pairs : iterable of (int, int) or mapping
        ``(cell, value)`` pairs (or ``{cell: value}``), each cell once, each value in ``1..n``.
    """

    type = "givens"
    n: int
    pairs: tuple[tuple[int, int], ...]

    def __init__(self, n: int, pairs: "Iterable[tuple[int, int]] | dict") -> None:
        n = check_board("givens", n)
        items = list(pairs.items()) if isinstance(pairs, dict) else list(pairs)
        seen: set[int] = set()
        for k, item in enumerate(items):
            if not (isinstance(item, (tuple, list)) and len(item) == 2):
                raise PuzzleError(f"givens: entry {k + 1} is {item!r}, not a (cell, value) pair")
            c, v = item
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < n * n:
                raise PuzzleError(f"givens: cell {c!r} is outside the {n}x{n} board (cells 0..{n * n - 1})")
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= n:
                raise PuzzleError(f"givens: value {v!r} at {cell_name(n, c)} is outside 1..{n}")
            if c in seen:
                raise PuzzleError(f"givens: {cell_name(n, c)} is given twice")
            seen.add(c)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "pairs", tuple(sorted((c, v) for c, v in items)))

    @classmethod
    def of_grid(cls, n: int, grid: Sequence[int]) -> "Givens":
        """The givens of a grid of ``n * n`` values row by row, ``0`` for an empty cell (trusted)."""
        g = object.__new__(cls)
        object.__setattr__(g, "n", n)
        object.__setattr__(g, "pairs", tuple((c, v) for c, v in enumerate(grid) if v))
        return g

    def cells(self) -> tuple[int, ...]:
        """The given cells, ascending."""
        return tuple(c for c, _ in self.pairs)

    def problems(self, values: Sequence[int]) -> list[str]:
        """Each given not kept: ``has 2 at r1c1 where the given is 1``."""
        return [f"has {values[c]} at {cell_name(self.n, c)} where the given is {v}"
                for c, v in self.pairs if values[c] != v]

    def literals(self, lit: Lit) -> list[int]:
        """The givens as literals (assumptions on a base formula that leaves them out)."""
        return [lit(c, v) for c, v in self.pairs]

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """One unit clause per given."""
        return [[lit(c, v)] for c, v in self.pairs]

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``cells[c] == v`` per given."""
        for c, v in self.pairs:
            model.Add(cells[c] == v)

    def to_json(self) -> dict:
        """``{"type": "givens", "values": [[cell, value], ...]}``."""
        return {"type": self.type, "values": [[c, v] for c, v in self.pairs]}

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "Givens":
        """From ``{"type": "givens", "values": [[cell, value], ...]}``."""
        unknown = sorted(set(obj) - {"type", "values"})
        if unknown:
            raise ParseError(f"givens: unknown key {unknown[0]!r}")
        vals = obj.get("values")
        if not isinstance(vals, list):
            raise ParseError(f'givens: "values" must be a list of [cell, value] pairs, got {vals!r}')
        return cls(n, [tuple(p) if isinstance(p, list) else p for p in vals])

    def svg(self, frame: Any) -> list[str]:
        """The given digits, written in their cells in bold (with the board's other digits)."""
        for c, v in self.pairs:
            frame.write(c, v, "given")
        return []

    @classmethod
    def examples(cls) -> list[Example]:
        """Two givens on a 4x4 board, one on a 3x3 board."""
        return [
            Example(cls(4, [(0, 1), (6, 3)]), (1,) * 6 + (3,) + (1,) * 9, (2,) * 16),
            Example(cls(3, {8: 2}), (1,) * 8 + (2,), (2,) * 8 + (3,)),
        ]
