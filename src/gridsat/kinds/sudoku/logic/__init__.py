"""Step-by-step logical solving of the Sudoku family: techniques, hints, SE-scale ratings.

>>> from gridsat import Sudoku
>>> from gridsat.kinds.sudoku.logic import rate, hint
>>> p = Sudoku.classic([int(ch) for ch in
...     "003020600900305001001806400008102900700000008006708200002609500800203009005010300"])
>>> rate(p, figures=False).rating
1.2
"""

from .grid import Geometry, Grid, bits, geometry
from .search import SearchFigures, search_figures, solve_values
from .solver import (
    GRADES, TECHNIQUES, LogicResult, Rating, Technique, candidates, explain, grade, hint, rate,
    solve_logic, technique_names,
)
from .steps import Step
from .techniques.chains import length_bonus

__all__ = [
    "Grid", "Geometry", "geometry", "bits", "Step", "Technique", "TECHNIQUES", "GRADES",
    "LogicResult", "Rating", "SearchFigures", "solve_logic", "explain", "hint", "rate",
    "candidates", "grade", "technique_names", "search_figures", "solve_values", "length_bonus",
    
]
