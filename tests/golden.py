"""Golden records of behaviour that refactoring must not change.

``python tests/golden.py`` rewrites ``tests/data/golden/*.json`` from the current code;
``tests/test_golden.py`` compares the current code against them. Records:

* ``ratings.json``: the logical solver on the calibration sample (rating, hardest technique,
  number of steps and a digest of every step's technique, rating, placements, eliminations
  and explanation);
* ``generated.json``: puzzles made by the generators for fixed seeds and options.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
GOLDEN = HERE / "data" / "golden"
CALIBRATION = HERE / "data" / "se_calibration_sample.txt"

#: (kind, options) generated for seeds 0..2 each
GENERATE_CASES: list[tuple[str, dict]] = [
    ("sudoku", {"size": 4}),
    ("sudoku", {"size": 6}),
    ("sudoku", {"size": 9}),
    ("sudoku", {"size": 9, "symmetry": "rot180", "minimal": True}),
    ("sudoku", {"size": 9, "difficulty": "hard"}),
    ("jigsaw", {"size": 6}),
    ("jigsaw", {"size": 9}),
    ("hidato", {"rows": 6, "cols": 6}),
    ("numbrix", {"rows": 6, "cols": 6}),
    ("hidato", {"shape": "diamond", "rows": 7}),
]


def calibration() -> list[str]:
    """The 81-character puzzles of the calibration sample."""
    lines = CALIBRATION.read_text().splitlines()
    return [ln.split()[0] for ln in lines if ln.strip() and not ln.startswith("#")]


def rating_record(s: str) -> dict:
    """What the logical solver does on one puzzle, as a small JSON record."""
    from gridsat import Sudoku
    from gridsat.kinds.sudoku.logic import solve_logic

    p = Sudoku.classic([0 if ch in ".0" else int(ch) for ch in s])
    res = solve_logic(p, uniqueness=True)
    steps = [[st.technique, round(st.rating, 1), sorted(st.placements), sorted(st.eliminations), st.explanation]
             for st in res.steps]
    digest = hashlib.sha256(json.dumps(steps).encode()).hexdigest()[:16]
    return {"puzzle": s, "rating": round(res.rating, 1), "hardest": res.hardest, "steps": len(steps),
            "digest": digest}


def generated_record(kind: str, options: dict, seed: int) -> dict:
    """One generated puzzle as text (givens, and regions for jigsaw)."""
    from gridsat.generators import generate

    g = generate(kind, seed=seed, **options)
    p = g.puzzle
    givens = sorted(p.givens.items()) if isinstance(p.givens, dict) else list(p.givens)
    rec = {"kind": kind, "options": options, "seed": seed, "givens": givens}
    for attr in ("regions", "cells", "adjacency"):
        value = getattr(p, attr, None)
        if value is not None:
            rec[attr] = value if isinstance(value, str) else list(value)
    return json.loads(json.dumps(rec))


def all_generated() -> list[dict]:
    """Every generated record of :data:`GENERATE_CASES`."""
    return [generated_record(k, o, s) for k, o in GENERATE_CASES for s in range(3)]


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    ratings = [rating_record(s) for s in calibration()]
    (GOLDEN / "ratings.json").write_text(json.dumps(ratings, indent=0) + "\n")
    (GOLDEN / "generated.json").write_text(json.dumps(all_generated(), indent=0) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
