"""Draw the pictures of docs/reference/constraints.md: each type with a picture, on a small
board with one solution written in. Run from the repository root:

    python docs/reference/constraints/_generate.py
"""

from __future__ import annotations

from pathlib import Path

import gridsat
from gridsat import Sudoku
from gridsat.constraints import (XV, BetweenLine, Clone, DiagonalNegative, DiagonalPositive, Difference,
                                 EntropicLine, Even, ExtraRegion, Maximum, Minimum, ModularLine, Odd, Palindrome,
                                 PencilMarks, Ratio, Renban, SlowThermometer, Thermometer, Whispers)
from gridsat.rendering.svg import render_svg

HERE = Path(__file__).resolve().parent

#: one instance per type, on a 4x4 board (6x6 where the rule needs room)
PICTURES = {
    "difference": [Difference(4, (0, 1)), Difference(4, (5, 9), 2)],
    "ratio": [Ratio(4, (0, 1)), Ratio(4, (10, 11), 3)],
    "xv": [XV(4, (0, 1), 5), XV(6, (0, 1), 10)],
    "odd": [Odd(4, 0), Odd(4, 10)],
    "even": [Even(4, 1), Even(4, 15)],
    "minimum": [Minimum(4, 5)],
    "maximum": [Maximum(4, 10)],
    "pencilmarks": [PencilMarks(4, 0, (1, 3)), PencilMarks(4, 6, (2, 4))],
    "extraregion": [ExtraRegion(4, (5, 6, 9, 10))],
    "clone": [Clone(4, (0, 1), (14, 15))],
    "diagonal+": [DiagonalPositive(4)],
    "diagonal-": [DiagonalNegative(4)],
    "thermometer": [Thermometer(4, ((12, 8, 4), (12, 13, 14)))],
    "slowthermometer": [SlowThermometer(4, ((0, 1, 2, 3),))],
    "whispers": [Whispers(6, ((0, 7, 14, 15),))],
    "renban": [Renban(4, ((0, 5, 10),))],
    "palindrome": [Palindrome(4, ((1, 6, 11),))],
    "betweenline": [BetweenLine(4, ((0, 5, 10, 15),))],
    "entropicline": [EntropicLine(6, ((6, 7, 8, 9),))],
    "modularline": [ModularLine(6, ((12, 13, 14, 15),))],
}


def file_name(type_name: str) -> str:
    """``diagonal+`` -> ``diagonalplus.svg``."""
    return type_name.replace("+", "plus").replace("-", "minus") + ".svg"


def main() -> None:
    for name, rules in PICTURES.items():
        n = rules[0].n
        rules = [r for r in rules if r.n == n]
        p = Sudoku(n, None, extra=rules)
        r = gridsat.solve(p)
        assert r.status == "solved", name
        out = HERE / file_name(name)
        out.write_text(render_svg(p, r.solution, cell=32), encoding="utf-8")
        print("wrote", out.relative_to(HERE.parents[2]))


if __name__ == "__main__":
    main()
