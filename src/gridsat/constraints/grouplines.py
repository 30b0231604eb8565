"""Lines whose cells fall in three groups of digits: ``entropicline`` and ``modularline``.

* ``entropicline``: any three cells in a row on the line hold a low, a middle and a high
  digit (on 9x9: 1-3, 4-6, 7-9; other sizes split ``1..n`` as the solver f-puzzles connects
  to does, :func:`entropic_groups`);
* ``modularline``: any three cells in a row hold digits of different remainders mod 3.

Both come down to: cells one or two steps apart along the line are in different groups
(so a line of two cells holds two groups, as the reference solver reads it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..errors import PuzzleError
from .base import Example, register_constraint
from .lines import Lines
from .local import names

__all__ = ["EntropicLine", "ModularLine", "entropic_groups"]

_G = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # a 4x4 Sudoku grid the examples start from


def entropic_groups(n: int) -> tuple[int, ...]:
    """The group (0 low, 1 middle, 2 high) of each digit ``1..n`` (index 0 unused): three runs,
    the outer two the larger when ``n % 3 == 2``, the middle one when ``n % 3 == 1``."""
    small, large = n // 3, (n + 2) // 3
    sizes = (small, large, small) if n % 3 == 1 else (large, small, large)
    out = [0]
    for g, size in enumerate(sizes):
        out += [g] * size
    return tuple(out)


class _Groups(Lines):
    """Cells one or two steps apart along a line hold digits of different groups."""

    _shortest = 2

    def group(self, v: int) -> int:
        """The group of digit ``v``."""
        raise NotImplementedError

    def __post_init__(self) -> None:
        n = self._check_lines()
        if n < 3:
            raise PuzzleError(f"{self.type}: a {n}x{n} board has no three groups of digits")

    def line_pairs(self, line: tuple[int, ...]) -> list[tuple[int, int, Callable[[int, int], bool]]]:
        """Cells one or two steps apart: different groups."""
        g = self.group
        return [(line[i], line[j], lambda u, v: g(u) != g(v))
                for i in range(len(line)) for j in (i + 1, i + 2) if j < len(line)]

    def line_problems(self, line: tuple[int, ...], values: Sequence[int]) -> list[str]:
        """``has 1 2 3 on the modularline ..., r1c1 and r1c3 in the same group``."""
        g = self.group
        return [f"has {self._on(line, values)}, {names(self.n, (line[i], line[j]))} in the same group"
                for i in range(len(line)) for j in (i + 1, i + 2)
                if j < len(line) and g(values[line[i]]) == g(values[line[j]])]


@register_constraint
@dataclass(frozen=True)
class EntropicLine(_Groups):
    """Any three cells in a row on each line hold a low, a middle and a high digit
    (:func:`entropic_groups`).

    Parameters
    ----------
    n : int
        Board side, at least 3.
    lines : sequence of sequence of int
        The lines, at least 2 cells each.
    """

    type = "entropicline"
    fpuzzles_keys = ("entropicline",)
    n: int
    lines: tuple

    def group(self, v: int) -> int:
        """0 low, 1 middle, 2 high."""
        return entropic_groups(self.n)[v]

    @classmethod
    def examples(cls) -> list[Example]:
        """Three and four cells of a row of a 4x4 board (groups 1 | 2 3 | 4)."""
        return [Example(cls(4, ((0, 1, 2),)), (1, 2, 4) + _G[3:], _G),
                Example(cls(4, ((0, 1, 2, 3),)), (1, 2, 4, 1) + _G[4:], (1, 2, 4, 3) + _G[4:])]


@register_constraint
@dataclass(frozen=True)
class ModularLine(_Groups):
    """Any three cells in a row on each line hold digits of different remainders mod 3.

    Parameters
    ----------
    n : int
        Board side, at least 3.
    lines : sequence of sequence of int
        The lines, at least 2 cells each.
    """

    type = "modularline"
    fpuzzles_keys = ("modularline",)
    n: int
    lines: tuple

    def group(self, v: int) -> int:
        """``v % 3``."""
        return v % 3

    @classmethod
    def examples(cls) -> list[Example]:
        """Three cells of a row of a 4x4 board."""
        return [Example(cls(4, ((0, 1, 2),)), _G, _G[:2] + (4,) + _G[3:])]
