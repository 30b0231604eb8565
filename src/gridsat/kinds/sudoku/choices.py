"""The Sudoku kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["SMALL_SAT", "BIG", "JIGSAW_SAT", "SMALL", "MEDIUM", "JIGSAW", "NATIVE_N", "LARGE", "JIGSAW_OTHER_CNF", "JIGSAW_BIG", "default", "encoding_for", "ORACLE"]

SMALL_SAT = Choice("minisat22", "cnf-extended", "sudoku up to 9x9 without the C core",
                   "MiniSat on one cached formula per size, givens as assumptions: the fastest SAT "
                   "check on the 9x9 benchmark sets, and MiniSat raises on Ctrl-C")
BIG = Choice("minicard", "cnf-reduced", "sudoku above 32x32",
             "a formula over the candidates the givens leave, built per puzzle, with each "
             "at-most-one group as one native cardinality constraint: the fastest SAT check above 9x9")
JIGSAW_SAT = Choice("minicard", "cnf-reduced", "jigsaw without the C core",
                    "the per-puzzle reduced formula suits a region map that changes with every puzzle")
SMALL = Choice("native", "sudoku-native", "sudoku up to 9x9",
               "the bitset C core (singles, locked candidates, fewest-candidates branching) checks "
               "the 9x9 benchmark sets several times faster than any SAT route", fallback=SMALL_SAT)
MEDIUM = Choice("native", "sudoku-native", "sudoku 10x10 to 16x16",
                "the C core adds naked and hidden pairs above 9x9; on the 16x16 benchmark set it "
                "checks a little faster than MiniCard on the reduced formula",
                fallback=Choice("minicard", "cnf-reduced", "sudoku 10x10 to 16x16 without the C core",
                                BIG.reason))
JIGSAW = Choice("native+minicard", "sudoku-native", "jigsaw",
                "the C core takes any region map through its unit table and decides most layouts in a "
                "few hundred branches, but wanders for minutes on some (an empty 8x8 layout with no "
                "solution, some empty 12x12 ones) that MiniCard decides in 20 ms: so the core runs "
                "for a node budget, then MiniCard on the reduced formula with the core's solutions "
                "blocked (docs/benchmarks/dominance.md)",
                fallback=JIGSAW_SAT)
#: the largest board the C core takes (``sudoku-native``)
NATIVE_N = 32
LARGE = Choice("native+minicard", "sudoku-native", f"sudoku 17x17 to {NATIVE_N}x{NATIVE_N}",
               "the C core decides an empty 25x25 board in 0.03 s, ten times faster than MiniCard "
               "builds and solves the reduced formula; within a node budget, then MiniCard as above",
               fallback=Choice("minicard", "cnf-reduced", f"sudoku 17x17 to {NATIVE_N}x{NATIVE_N} without the C core",
                               BIG.reason))
#: the jigsaw encoding for a CNF backend other than the default one (faster to solve there)
JIGSAW_OTHER_CNF = "cnf-layered"


JIGSAW_BIG = Choice("minicard", "cnf-reduced", f"jigsaw above {NATIVE_N}x{NATIVE_N}",
                    f"past the C core's {NATIVE_N}x{NATIVE_N}: {JIGSAW_SAT.reason}")


#: a puzzle with constraints beyond rows, columns, regions and givens (``puzzle.extra``); the pair
#: is SMALL_SAT's, so the listings (``choices``) leave it out
EXTRA = Choice("minisat22", "cnf-extended", "sudoku with extra constraints",
               "the C core and the per-puzzle formulas know rows, columns, regions and givens only; "
               "the extended CNF encodes every constraint of the puzzle's list")


#: a puzzle whose extra constraints the C core propagates (cages, thermometers, arrows, dots,
#: pencil marks, ...: ``sudoku-native`` declares the types it reads); the others give way to :data:`EXTRA`
EXTRA_NATIVE = Choice("native+minicard", "sudoku-native", "sudoku with extra rules the C core propagates",
                      "the C core propagates them itself: 40 generated 9x9 boards of killercage rules (cages "
                      "alone, few givens) check in 0.03 s in one process against 1.36 s for MiniSat on cnf-extended, and 30 "
                      "9x9 boards with thermometers and arrows in 0.05 s against 1.14 s; of the variant collection "
                      "(9x9, in one process), pencil marks 0.012-0.015 s against 0.048-0.055 s, Kropki dots 0.05-0.08 s "
                      "against 0.16 s, XV 0.03-0.05 s against 0.20 s, littlekillersum clues 1.3 s against 3.2 s "
                      "(since their sum record and 20 times the node budget, which the core decides them in, "
                      "0.42 and 1.03 s of CPU against 1.5-1.8 and 1.2-1.4 s with the usual budget and MiniCard); "
                      "within a node budget, "
                      "then MiniCard, since its depth-first search can wander on a sparse puzzle with no "
                      "solution that a clause-learning solver refutes at once", fallback=EXTRA)


def default(puzzle) -> Choice:
    """The default pair for this Sudoku: by its constraints, region map and size."""
    if puzzle.extra:
        return EXTRA_NATIVE
    if puzzle.is_jigsaw:
        return JIGSAW if puzzle.n <= NATIVE_N else JIGSAW_BIG
    n = puzzle.n
    return SMALL if n <= 9 else MEDIUM if n <= 16 else LARGE if n <= NATIVE_N else BIG


def encoding_for(puzzle, backend: str, target: str) -> str | None:
    """The encoding for a backend outside the default pair and its fallbacks (``None``: the default encoding)."""
    if puzzle.is_jigsaw and target == "cnf" and not puzzle.extra:
        return JIGSAW_OTHER_CNF
    return None


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generators carve
ORACLE = Choice("cadical153", "cnf-extended", "sudoku and jigsaw generation",
                "CaDiCaL answers the carving's thousands of incremental uniqueness calls fastest here")
