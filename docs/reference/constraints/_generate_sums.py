"""Draw the pictures of the "Sums and cages" section of docs/reference/constraints.md: each
type on a small board with one solution written in. Run from the repository root:

    python docs/reference/constraints/_generate_sums.py
"""

from __future__ import annotations

from pathlib import Path

import gridsat
from gridsat import Sudoku
from gridsat.constraints import (Arrow, Cage, DoubleArrow, KillerCage, LittleKillerSum, Quadruple, RegionSumLine,
                                 SandwichSum, Skyscraper, XSum, ZipperLine)
from gridsat.rendering.svg import render_svg

HERE = Path(__file__).resolve().parent
BOXES4 = (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)

#: one instance per type, on a 4x4 board
PICTURES = {
    "killercage": [KillerCage(4, (0, 1, 4), 7), KillerCage(4, (10, 11), 5)],
    "cage": [Cage(4, (5, 6, 9))],
    "arrow": [Arrow(4, (0,), ((5, 10),))],
    "doublearrow": [DoubleArrow(4, ((12, 8, 9, 13),))],
    "littlekillersum": [LittleKillerSum(4, (-1, 0), 7, "DR")],
    "sandwichsum": [SandwichSum(4, (1, -1), 5)],
    "xsum": [XSum(4, (-1, 1), 3)],
    "skyscraper": [Skyscraper(4, (2, 4), 2)],
    "regionsumline": [RegionSumLine(4, ((4, 5, 6, 7),), BOXES4)],
    "zipperline": [ZipperLine(4, ((0, 1, 2, 6, 5),))],
    "quadruple": [Quadruple(4, (5, 6, 9, 10), (1, 2))],
}


def main() -> None:
    for name, rules in PICTURES.items():
        p = Sudoku(4, None, extra=rules)
        r = gridsat.solve(p)
        assert r.status == "solved", name
        out = HERE / f"{name}.svg"
        out.write_text(render_svg(p, r.solution, cell=32), encoding="utf-8")
        print("wrote", out.relative_to(HERE.parents[2]))


if __name__ == "__main__":
    main()
