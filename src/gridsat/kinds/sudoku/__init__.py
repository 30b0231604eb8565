"""The Sudoku kind: classic boards of any r x c box shape, and jigsaw region maps."""

from __future__ import annotations

from ..puzzles.sudoku import Sudoku
from .base import Choice, Generator, Kind, Ref, register_kind

__all__ = ["SUDOKU"]

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


def default(puzzle) -> Choice:
    """The default pair for this Sudoku: by region map and size."""
    if puzzle.is_jigsaw:
        return JIGSAW if puzzle.n <= NATIVE_N else JIGSAW_BIG
    n = puzzle.n
    return SMALL if n <= 9 else MEDIUM if n <= 16 else LARGE if n <= NATIVE_N else BIG


def encoding_for(puzzle, backend: str, target: str) -> str | None:
    """The encoding for a backend outside the default pair and its fallbacks (``None``: the default encoding)."""
    if puzzle.is_jigsaw and target == "cnf":
        return JIGSAW_OTHER_CNF
    return None


def variant(puzzle) -> str:
    """``classic`` or ``jigsaw``."""
    return "jigsaw" if puzzle.is_jigsaw else "classic"


def describe(puzzle) -> str:
    """``9x9 sudoku, 3x3 boxes, 17 givens`` style summary."""
    shape = f"{puzzle.box[0]}x{puzzle.box[1]} boxes" if puzzle.box else "jigsaw regions"
    return f"{puzzle.n}x{puzzle.n} sudoku, {shape}, {puzzle.num_givens} givens"


def clash_scan_first(puzzle, time_limit: float | None) -> bool:
    """Scan for clashing givens first only under a time limit.

    Clashing givens make every Sudoku encoding unsatisfiable at once, so without a time limit
    the (pure Python) scan runs only when the backend finds no solution, to name the clash.
    """
    return time_limit is not None


#: a 6x6 jigsaw map that leaves 262 solutions with ``_JIGSAW_GIVENS``
_JIGSAW6 = [0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 3, 3, 3, 1, 1, 2, 3, 4, 3, 5, 5, 2, 4, 4, 3, 5, 5,
            2, 4, 4, 4, 5, 5]
_JIGSAW_GIVENS = [1, 2, 3, 4, 5, 6] + [0] * 6 + [2, 0, 0, 0, 0, 0] + [0] * 18


def samples() -> list[tuple[Sudoku, int]]:
    """Small puzzles with known counts: the empty 4x4 (288, OEIS A107739) and a 6x6 jigsaw (262)."""
    return [(Sudoku.empty(4), 288), (Sudoku(6, _JIGSAW_GIVENS, regions=_JIGSAW6), 262)]


SUDOKU = register_kind(Kind(
    name="sudoku",
    puzzle_class=Ref("gridsat.puzzles.sudoku:Sudoku"),
    aliases=("classic", "jigsaw", "nonomino"),
    choices=(SMALL, MEDIUM, JIGSAW, LARGE, BIG, JIGSAW_BIG, SMALL_SAT, MEDIUM.fallback, LARGE.fallback, JIGSAW_SAT),
    default=default,
    encoding_for=encoding_for,
    export_encoding="cnf-extended",
    count_encoding="cpsat-bool",
    race=(("default", "default"), ("cpsat", "cpsat-int")),
    clash_scan_first=clash_scan_first,
    variant=variant,
    describe=describe,
    board=Ref("gridsat.puzzles.text:format_board"),
    solution_line=Ref("gridsat.puzzles.text:solution_line"),
    puzzle_line=Ref("gridsat.formats.oneline:jigsaw_line_string"),
    board_file=Ref("gridsat.puzzles.text:board_file"),
    generators={
        "sudoku": Generator(Ref("gridsat.generators.sudoku:generate_sudoku"),
                            "classic Sudoku, any r x c boxes (4x4 .. 16x16; 25x25 is slow)",
                            Ref("gridsat.cli.generate_sudoku:add_classic_options"), Ref("gridsat.cli.generate_sudoku:values")),
        "jigsaw": Generator(Ref("gridsat.generators.sudoku:generate_jigsaw"),
                            "jigsaw Sudoku on random or given region layouts",
                            Ref("gridsat.cli.generate_sudoku:add_jigsaw_options"), Ref("gridsat.cli.generate_sudoku:values")),
    },
    hint=Ref("gridsat.logic.sudoku_front:hint"),
    explain=Ref("gridsat.logic.sudoku_front:explain"),
    rate=Ref("gridsat.logic.sudoku_front:rate"),
    candidates=Ref("gridsat.logic.sudoku_front:candidates"),
    mzn_model="sudoku.mzn",
    mzn_about="AllDifferent on rows, columns and the region map",
    mzn_data=Ref("gridsat.encoders.mzn:sudoku_data"),
    mzn_decode=Ref("gridsat.encoders.mzn:sudoku_decode"),
    mzn_key=Ref("gridsat.encoders.mzn:sudoku_key"),
    samples=samples,
    encodings={
        **{name: ("cnf", "gridsat.encoders.sudoku_cnf")
           for name in ("cnf-extended", "cnf-minimal", "cnf-regionlits", "cnf-layered", "cnf-reduced")},
        **{name: ("cpsat", "gridsat.encoders.sudoku_cpsat") for name in ("cpsat-int", "cpsat-bool")},
        "sudoku-native": ("native", "gridsat.encoders.sudoku_native"),
        "mzn": ("minizinc", "gridsat.encoders.mzn"),
    },
    format_modules=("gridsat.formats.line", "gridsat.formats.grid", "gridsat.formats.nonomino",
                    "gridsat.formats.vector", "gridsat.formats.sudoku_json", "gridsat.formats.sudokuwiki",
                    "gridsat.formats.fpuzzles", "gridsat.formats.puzzlink", "gridsat.formats.janko_sudoku",
                    "gridsat.formats.sdk", "gridsat.formats.hodoku", "gridsat.formats.haskell_sudoku"),
    guess_format=Ref("gridsat.formats.sudoku_guess:guess"),
    oracle=Choice("cadical153", "cnf-extended", "sudoku and jigsaw generation",
                  "CaDiCaL answers the carving's thousands of incremental uniqueness calls fastest here"),
    # caps and memory figures: see docs/explain/limits.md (peak memory of whole jobs, measured)
    max_cells=64 * 64,
    max_board="64x64",
    cells=lambda puzzle: puzzle.n * puzzle.n,
    size_units=lambda puzzle: puzzle.n ** 4,
    shape=lambda puzzle: puzzle.shape_key,
    # (cnf-reduced: as a solver loads its pairwise clauses; Minicard, which loads its groups as
    # native constraints, scales it down with its memory_factors)
    memory={"cnf-extended": 50.0, "cnf-minimal": 400.0, "cnf-regionlits": 2500.0, "cnf-layered": 50.0,
            "cnf-reduced": 440.0, "cpsat-int": 30.0, "cpsat-bool": 28.0, "mzn": 280.0},
))
