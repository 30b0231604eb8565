"""The Suguru kind (Tectonic): regions of ``k`` cells holding ``1..k``, equal digits never touching."""

from __future__ import annotations

from ...errors import UnsupportedError
from ...puzzles.regionboard import board_text, solution_text
from .puzzle import Suguru
from . import rules  # noqa: F401  (registers the verifier rules)
from ..base import Generator, Kind, Late, register_kind
from .choices import KERNEL, CPSAT, DEFAULT, ORACLE, default

__all__ = ["SUGURU", "Suguru", "board", "solution_line", "puzzle_line", "board_file", "samples"]


#: the digits (``.`` empty) beside the region map; a solution on one line, rows joined by ``/``
board, solution_line = board_text, solution_text


def puzzle_line(puzzle) -> str:
    """The puzzle on one line: its puzz.link URL."""
    from .format_puzzlink import write_puzzlink

    return write_puzzlink(puzzle).strip()


def board_file(puzzle) -> str:
    """The puzzle in janko.at's text, which reads back."""
    from .format import write_janko

    return write_janko(puzzle)


def samples() -> list[tuple[Suguru, int]]:
    """Small boards with known counts (worked out by brute force in the tests), each with two
    touching cells of different regions whose regions may be swapped (the workbench's test
    paints them). A 3x2 board of a corner cell and a 5-cell region: the corner holds 1, the
    region's 1 goes to the bottom row (2 ways) and 2-5 fill the other four cells (24 orders):
    48. A 2x4 board of two 1x4 rows: a bottom cell differs from the three top cells it touches,
    which leaves one bottom row for each of the 24 top rows (renaming digits maps one top row
    to another), 24 in all.
    """
    return [(Suguru(3, 2, (0, 1, 1, 1, 1, 1)), 48), (Suguru(2, 4, (0, 0, 0, 0, 1, 1, 1, 1)), 24)]


def _not_yet(*args, **kwargs):
    raise UnsupportedError("the Suguru kind has no logical solver or MiniZinc model")


def _generators():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers cnf-direct)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401  (registers cpsat-bool, cpsat-int)


def _load_csp() -> None:
    from . import encode_csp  # noqa: F401  (registers suguru-csp)


def _load_formats() -> None:
    from . import format, format_puzzlink  # noqa: F401  (registers the formats)


SUGURU = register_kind(Kind(
    name="suguru",
    puzzle_class=Suguru,
    aliases=("tectonic",),
    choices=(KERNEL, DEFAULT, CPSAT),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-direct",
    count_encoding="cpsat-bool",
    race=(("default", "default"), ("cpsat", "cpsat-bool")),
    clash_scan_first=lambda puzzle, time_limit: False,  # (clashing givens are named when no solution is found)
    variant=lambda puzzle: "suguru",
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=board_file,
    generators={
        "suguru": Generator(Late(lambda: _generators().generate_suguru),
                            "Suguru (Tectonic) on a random region map",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_not_yet, mzn_decode=_not_yet, mzn_key=_not_yet,
    samples=samples,
    encodings={"cnf-direct": ("cnf", _load_cnf),
               **{name: ("cpsat", _load_cpsat) for name in ("cpsat-bool", "cpsat-int")},
               "suguru-csp": ("csp", _load_csp)},
    load_formats=_load_formats,
    order=20,
    oracle=ORACLE,
    max_cells=3600,
    max_board="60x60",
    cells=lambda puzzle: puzzle.num_cells,
    # memory: the model's size grows with the cell/digit literals (the sum of the region sizes);
    # the figures are three times the builders' traced peak on a 30x30 map (cnf-direct 1.1 kB a
    # literal, cpsat-bool 0.3 kB, cpsat-int 0.1 kB), for the solvers' own copies
    size_units=lambda puzzle: sum(puzzle.sizes),
    memory={"cnf-direct": 3300.0, "cpsat-bool": 900.0, "cpsat-int": 300.0},
    shape=lambda puzzle: puzzle.shape_key,
    # the workbench page: the JSON object's givens in "rows", a painted region map in "regions";
    # digits up to the largest region's size (a region's own size bounds them; the server checks)
    web={"values": "rows", "regions": "regions", "max_value": "board"},
    help_names=("Suguru",),
    help_examples={"generate": ("gridsat generate suguru --rows 8 --seed 1",)},
    help_words={"formats": "suguru-janko, suguru-puzzlink",
                "render": "Suguru regions with thick borders"},
))
