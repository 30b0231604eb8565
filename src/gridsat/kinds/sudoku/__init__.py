"""The Sudoku kind: classic boards of any r x c box shape, and jigsaw region maps."""

from __future__ import annotations

from functools import partial

from .puzzle import Sudoku, made
from . import rules  # noqa: F401  (registers the verifier rules)
from ...puzzles.text import SYMBOLS, board_file, format_board, line_string, solution_line
from ..base import Generator, Kind, Late, register_kind
from .choices import (SMALL_SAT, BIG, JIGSAW_SAT, SMALL, MEDIUM, JIGSAW, NATIVE_N, LARGE, JIGSAW_OTHER_CNF,
                      JIGSAW_BIG, default, encoding_for, ORACLE)

__all__ = ["SUDOKU", "Sudoku"]

def variant(puzzle) -> str:
    """``classic`` or ``jigsaw``."""
    return "jigsaw" if puzzle.is_jigsaw else "classic"


def describe(puzzle) -> str:
    """``9x9 sudoku, 3x3 boxes, 17 givens`` style summary."""
    shape = f"{puzzle.box[0]}x{puzzle.box[1]} boxes" if puzzle.box else "jigsaw regions"
    more = f", {len(puzzle.extra)} extra constraints" if puzzle.extra else ""
    return f"{puzzle.n}x{puzzle.n} sudoku, {shape}, {puzzle.num_givens} givens{more}"


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


def bulk_puzzle(givens: bytes) -> Sudoku:
    """The classic 9x9 puzzle of a plain line's 81 values (bytes, 0 empty), made without checks
    (for the engine's bulk entry, :mod:`gridsat.engine.block`)."""
    return made(9, givens, None, (3, 3), None)


_BOXES = (3, 3)


def bulk_givens(puzzle: Sudoku) -> "tuple[int, ...] | None":
    """A puzzle's 81 values (0 empty) when it is a plain classic 9x9 one (3x3 boxes, no extra
    constraints), else ``None`` (for the columnar route of ``check_many``,
    :mod:`gridsat.engine.columnar`)."""
    if puzzle.box == _BOXES and puzzle.n == 9 and not puzzle.extra:
        return puzzle.givens
    return None


# the upper layers' modules, loaded when first used (each function imports one module)


def _oneline():
    from . import format_oneline
    return format_oneline


def _generators():
    from . import generate
    return generate


def _batch():
    from . import generate_batch
    return generate_batch


class _ManyGenerator(Generator):
    """The classic generator, which also makes blocks of seeds at once: ``make_many(seeds,
    **options)`` (:func:`gridsat.generators.stream` looks for it; ``None`` where it does not
    serve the options), and ``make_lines(seeds, **options)``, the same puzzles as the lines
    ``gridsat generate`` prints (:func:`gridsat.generators.line_blocks` looks for it)."""

    make_many = Late(lambda: _batch().generate_sudoku_many)
    make_lines = Late(lambda: _batch().generate_sudoku_lines)


def _cli():
    from . import cli
    return cli


def _add_random():
    from .generate_add_random import add_random
    return add_random


def _improve():
    from .generate_improve import improve
    return improve


def _setter():
    from . import generate_setter
    return generate_setter


def puzzle_line(puzzle) -> str:
    """The puzzle on one line: ``givens|regions``, or an f-puzzles link when it has extra
    constraints (which the plain line cannot hold; the link reads back with all of them)."""
    if puzzle.extra:
        from .format_fpuzzles import write_fpuzzles
        return write_fpuzzles(puzzle).strip()
    if not puzzle.is_jigsaw and puzzle.n <= len(SYMBOLS):  # (the givens alone: no reader to load)
        return line_string(puzzle.givens)
    return _oneline().jigsaw_line_string(puzzle)


def _front():
    from . import logic_front
    return logic_front


def _mzn():
    from . import encode_mzn
    return encode_mzn


def _guess():
    from .format_guess import guess
    return guess


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers its encodings)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401


def _load_native() -> None:
    from . import encode_native  # noqa: F401


def _load_mzn() -> None:
    from ...encoders.mzn import register_model
    register_model(SUDOKU)


def _load_backend() -> None:
    from . import backend_native  # noqa: F401  (registers native and native+minicard)


def _load_formats() -> None:
    from . import (format_fpuzzles, format_grid, format_haskell, format_hodoku, format_janko,  # noqa: F401
                   format_json, format_line, format_nonomino, format_oneline, format_puzzlink, format_sdk,
                   format_sudokuwiki, format_vector)


#: the kind's example lines in the command line's helps (command -> lines; "": ``gridsat -h``)
HELP_EXAMPLES = {
    "": ("gridsat solve --example sudoku-9x9",),
    "solve": ("gridsat solve --example sudoku-9x9", "echo 1...........4..1 | gridsat solve --output-format vector -q"),
    "count": ("echo 1...........4..1 | gridsat count --solutions --output-format line",
              "gridsat count --layouts 4 --jobs 2"),
    "check": ("gridsat check --example jigsaw-9x9", "gridsat generate sudoku -n 10 | gridsat check",
              "gridsat check --example sudoku-4x4 --output-format grid"),
    "backends": ("gridsat solve --example sudoku-9x9 --backend cadical153",),
    "encodings": ("gridsat solve --example sudoku-9x9 --backend minisat22 --encoding cnf-minimal",),
    "formats": ("gridsat convert --to vector --example sudoku-4x4",),
    "convert": ("gridsat convert --to vector --example sudoku-4x4",
                "gridsat generate sudoku -n 3 | gridsat convert --to grid"),
    "export": ("gridsat export --to dimacs --example sudoku-4x4",
               "gridsat export --to dimacs --encoding cnf-minimal --givens assumptions puzzle.txt -o p.cnf",
               "gridsat export --to dzn --example jigsaw-9x9 -o jigsaw.dzn"),
    "render": ("gridsat render --example sudoku-9x9 > puzzle.svg",
               "gridsat render --example jigsaw-9x9 --solve -o solved.png"),
    "hint": ("gridsat hint --example sudoku-9x9",),
    "explain": ("gridsat explain --example sudoku-9x9",),
    "candidates": ("gridsat candidates --example sudoku-9x9 | head -3",),
    "rate": ("gridsat rate --example sudoku-9x9", "gridsat rate --kit puzzle.txt"),
    "bench": ("gridsat bench benchmarks/data/sudoku9_100_s1.txt \\\n"
              "      --configs minisat22:cnf-extended,glucose3:cnf-minimal,cpsat:cpsat-int,cpsat:cpsat-bool \\\n"
              "      --time-limit 10 -o runs.csv --plot cactus.png "
              "--scatter minisat22:cnf-extended,cpsat:cpsat-int \\\n"
              "      --scatter-plot scatter.svg",),
    "generate": ("gridsat generate sudoku -n 5 --seed 1", "gridsat generate sudoku --size 6 --symmetry rot180 --board",
                 "gridsat generate jigsaw --json | gridsat check",
                 "gridsat generate layouts --size 5 --all --count-only", "gridsat generate improve --time 5"),
}


def _example(n: int) -> str:
    """The text of the bundled example ``sudoku-NxN``, made anew."""
    from .generate_examples import example_text
    return example_text(n)


SUDOKU = register_kind(Kind(
    name="sudoku",
    puzzle_class=Sudoku,
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
    board=format_board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=board_file,
    generators={
        "sudoku": _ManyGenerator(Late(lambda: _generators().generate_sudoku),
                            "classic Sudoku, any r x c boxes (4x4 .. 16x16; 25x25 is slow)",
                            Late(lambda: _cli().add_classic_options), Late(lambda: _cli().values)),
        "jigsaw": Generator(Late(lambda: _generators().generate_jigsaw),
                            "jigsaw Sudoku on random or given region layouts",
                            Late(lambda: _cli().add_jigsaw_options), Late(lambda: _cli().values)),
    },
    hint=Late(lambda: _front().hint),
    explain=Late(lambda: _front().explain),
    rate=Late(lambda: _front().rate),
    candidates=Late(lambda: _front().candidates),
    mzn_model="sudoku.mzn",
    mzn_about="AllDifferent on rows, columns and the region map",
    mzn_data=Late(lambda: _mzn().sudoku_data),
    mzn_decode=Late(lambda: _mzn().sudoku_decode),
    mzn_key=Late(lambda: _mzn().sudoku_key),
    samples=samples,
    encodings={
        **{name: ("cnf", _load_cnf)
           for name in ("cnf-extended", "cnf-minimal", "cnf-regionlits", "cnf-layered", "cnf-reduced")},
        **{name: ("cpsat", _load_cpsat) for name in ("cpsat-int", "cpsat-bool")},
        "sudoku-native": ("native", _load_native),
        "mzn": ("minizinc", _load_mzn),
    },
    backends={"native": ("native", _load_backend), "native+minicard": ("native", _load_backend)},
    load_formats=_load_formats,
    guess_format=Late(_guess),
    order=0,
    oracle=ORACLE,
    # caps and memory figures: see docs/explain/limits.md (peak memory of whole jobs, measured)
    max_cells=64 * 64,
    max_board="64x64",
    cells=lambda puzzle: puzzle.n * puzzle.n,
    size_units=lambda puzzle: puzzle.n ** 4,
    shape=lambda puzzle: puzzle.shape_key,
    # the workbench page: values in "givens"; a painted region map makes a jigsaw
    web={"values": "givens", "regions": "regions", "replaces": ["box"], "max_value": "side"},
    # (cnf-reduced: as a solver loads its pairwise clauses; Minicard, which loads its groups as
    # native constraints, scales it down with its memory_factors)
    memory={"cnf-extended": 50.0, "cnf-minimal": 400.0, "cnf-regionlits": 2500.0, "cnf-layered": 50.0,
            "cnf-reduced": 440.0, "cpsat-int": 30.0, "cpsat-bool": 28.0, "mzn": 280.0},
    # -- command-line help
    help_names=("Sudoku", "jigsaw"),
    help_examples=HELP_EXAMPLES,
    help_words={"formats": "line, grid, vector, nonomino", "box": "classic puzzles",
                "rate": "the Sudoku Explainer scale", "layouts": "jigsaw region layouts", "improve": "Sudoku"},
    make_examples={f"sudoku-{n}x{n}": partial(_example, n) for n in (4, 6, 16, 25)},
    # -- logical solver
    logic_serves="Sudoku-family",
    techniques=Late(lambda: _front().technique_names),
    kit=Late(lambda: _front().kit),
    kit_serves="Sudoku-family puzzles (classic and jigsaw)",
    # -- generate, count, the workbench's grid jobs and the bulk route
    from_partial=Late(lambda: _generators().from_partial),
    add_random=Late(_add_random),
    improve=Late(_improve),
    cli_generate=Late(lambda: _cli().add_generate_commands),
    cli_count=Late(lambda: _cli().add_count_options),
    bulk_encoding="sudoku-native",
    bulk_puzzle=bulk_puzzle,
    # -- the setter's jobs
    true_candidates=Late(lambda: _setter().true_candidates),
    redundant=Late(lambda: _setter().redundant),
    explain_ambiguity=Late(lambda: _setter().explain_ambiguity),
    # -- the columnar route of check_many / solve_many
    bulk_givens=bulk_givens,
))
