"""The killer kind: a Latin-square board with boxes of any shape (or a jigsaw region map),
optional givens, and cages whose digits differ and add up to their sums."""

from __future__ import annotations

from .puzzle import Killer
from . import rules  # noqa: F401  (registers the verifier rules)
from ...errors import UnsupportedError
from ...puzzles.text import format_board, solution_line
from ..base import Generator, Kind, Late, register_kind
from .choices import CPSAT, DEFAULT, NATIVE, ORACLE, default

__all__ = ["KILLER", "Killer"]


def describe(puzzle) -> str:
    """``9x9 killer, 3x3 boxes, 28 cages, 0 givens`` style summary."""
    shape = f"{puzzle.box[0]}x{puzzle.box[1]} boxes" if puzzle.box else "irregular regions"
    return f"{puzzle.n}x{puzzle.n} killer, {shape}, {puzzle.num_cages} cages, {puzzle.num_givens} givens"


def samples() -> list[tuple[Killer, int]]:
    """Small puzzles with known counts (brute-forced in the tests): the 4x4 board without cages
    (288 grids, OEIS A107739) and with the cages ``r1c1+r1c2 = 3``, ``r2c1+r2c2 = 7`` (48)."""
    return [(Killer(4, []), 288), (Killer(4, [((0, 1), 3), ((4, 5), 7)]), 48)]


def _no_logic(*args, **kwargs):
    raise UnsupportedError("the logical solver has no techniques for killer puzzles (hint, explain, rate "
                           "and candidates); solve, count and check take them")


def _no_model(*args, **kwargs):
    raise UnsupportedError("killer puzzles have no MiniZinc model; the cnf-cages and cpsat-int encodings "
                           "hold them")


# the upper layers' modules, loaded when first used (each function imports one module)


def _janko():
    from . import format_janko
    return format_janko


def _oneline():
    from . import format_oneline
    return format_oneline


def _generators():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers cnf-cages)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401  (registers cpsat-int, cpsat-bool)


def _load_native() -> None:
    from . import encode_native  # noqa: F401  (registers killer-native)


def _load_formats() -> None:
    from . import format_janko, format_json, format_oneline  # noqa: F401  (registers its formats)


def _web():
    from .draw_web import board
    return board


KILLER = register_kind(Kind(
    name="killer",
    puzzle_class=Killer,
    aliases=("sumdoku",),
    choices=(NATIVE, DEFAULT),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-cages",
    count_encoding="cpsat-int",
    race=(("default", "default"), CPSAT.pair),
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "killer",
    describe=describe,
    board=format_board,
    solution_line=solution_line,
    puzzle_line=Late(lambda: _oneline().killer_line_string),
    board_file=Late(lambda: _janko().janko_text),
    generators={
        "killer": Generator(Late(lambda: _generators().generate_killer),
                            "killer puzzles: cages cut from a solved grid, their sums, few or no givens",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_no_logic,
    explain=_no_logic,
    rate=_no_logic,
    candidates=_no_logic,
    mzn_model="",
    mzn_about="",
    mzn_data=_no_model,
    mzn_decode=_no_model,
    mzn_key=_no_model,
    samples=samples,
    encodings={"cnf-cages": ("cnf", _load_cnf), "cpsat-int": ("cpsat", _load_cpsat),
               "cpsat-bool": ("cpsat", _load_cpsat), "killer-native": ("native", _load_native)},
    load_formats=_load_formats,
    order=2,
    oracle=ORACLE,
    # caps and memory: peak memory of whole jobs (count --limit 2) on 16x16 boards of random
    # cages, less the same job on a 4x4 board, per n**4 (docs/howto/kind-killer.md); at the cap,
    # 36x36, the CNF stays under 1 GB
    max_cells=36 * 36,
    max_board="36x36",
    cells=lambda puzzle: puzzle.n * puzzle.n,
    size_units=lambda puzzle: puzzle.n ** 4,
    memory={"cnf-cages": 540.0, "cpsat-int": 160.0, "cpsat-bool": 460.0},
    # shape: what the default pair, the size caps and the memory estimates read of a puzzle is
    # its size (the core's board cap, memory per n**4) and whether a cage has a sum (the core's
    # sum tables stop at 16x16): a file of one size resolves once, not once a puzzle
    shape=lambda puzzle: (puzzle.n, any(cage.total is not None for cage in puzzle.cages)),
    # the workbench page: the plain board's description fits as is (values in "givens", a painted
    # region map replaces "box"); the cages ride along in the object, their sums are clues a setter
    # may change (draw_web.py)
    web={"values": "givens", "regions": "regions", "replaces": ["box"], "max_value": "side", "board": Late(_web)},
    help_names=("Killer",),
    help_examples={
        "generate": ("gridsat generate killer -n 3 --seed 1",),
    },
    help_words={"formats": "janko-killer, killer-line", "render": "killer cages with their sums"},
))
