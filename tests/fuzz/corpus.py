"""Seed texts for fuzzing: every kind's samples and the bundled examples, written in every
format that holds them, with and without a solution."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import gridsat
from gridsat.errors import GridsatError
from gridsat.examples import example_text, list_examples
from gridsat.formats import list_formats, read_text, write
from gridsat.kinds import KINDS
from gridsat.kinds.hidato.puzzle import Hidato

__all__ = ["Seed", "seeds"]

#: puzzles beyond the kinds' samples: a Hidato with holes and givens, a named Numbrix
EXTRA = [
    Hidato(4, 4, [(r, c) for r in range(4) for c in range(4) if not (1 <= r <= 2 and 1 <= c <= 2)],
           {(0, 0): 1, (3, 3): 7}, name="ring"),
    Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}, adjacency="rook", name="nb"),
]


@dataclass(frozen=True)
class Seed:
    """A valid text: what it holds (``kind``) and the format it is written in."""

    text: str
    kind: str
    format: str


def _puzzles() -> list:
    out = [p for k in KINDS.values() for p, _ in k.samples()] + list(EXTRA)
    for name, _ in list_examples():
        if name.startswith("sudoku-25"):
            continue  # large: its texts would dominate the run time
        out += [e.puzzle for e in read_text(example_text(name)) if e.ok]
    return out


def _solution(puzzle):
    try:
        r = gridsat.solve(puzzle, time_limit=5)
    except GridsatError:
        return None
    return r.solution


@functools.lru_cache(maxsize=1)
def seeds() -> tuple[Seed, ...]:
    """Every sample and example written in every format of its kind (and ``json``), once
    without and once with its solution where the format holds one."""
    out: list[Seed] = []
    for p in _puzzles():
        sol = _solution(p)
        for fmt in list_formats(p.kind):
            for s in (None, sol):
                try:
                    text = write(p, fmt.name, s)
                except (GridsatError, ValueError):
                    continue
                if text and Seed(text, p.kind, fmt.name) not in out:
                    out.append(Seed(text, p.kind, fmt.name))
    return tuple(out)
