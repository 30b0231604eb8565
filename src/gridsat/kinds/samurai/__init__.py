"""The Samurai kind: 9x9 Sudokus overlapping at boxes on a larger board (Samurai and the other
gattai layouts, given as data: the sub-grids' corners)."""

from __future__ import annotations

from typing import Sequence

from ...errors import UnsupportedError
from .puzzle import LAYOUTS, Samurai
from . import rules  # noqa: F401  (registers the verifier rules)
from ..base import Generator, Kind, Late, register_kind
from .choices import KERNEL, CPSAT, DEFAULT, ORACLE, default

__all__ = ["SAMURAI", "Samurai", "LAYOUTS", "board", "solution_line", "puzzle_line", "board_file", "samples"]


def board(puzzle, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The whole board, a row a line: digits, ``.`` empty, a blank in holes."""
    vals = puzzle.givens if values is None else tuple(values)
    return "\n".join(" ".join(" " if v is None else (str(v) if v else ".") for v in row).rstrip()
                     for row in puzzle.board_rows(vals))


def solution_line(puzzle, values: Sequence[int]) -> str:
    """A solution on one line: the board's rows joined by ``/``, ``-`` in holes."""
    return "/".join("".join("-" if v is None else str(v) for v in row) for row in puzzle.board_rows(values))


def puzzle_line(puzzle) -> str:
    """The puzzle on one line: its JSON object."""
    import json

    from .format import to_json

    return json.dumps(to_json(puzzle), separators=(",", ":"))


def board_file(puzzle) -> str:
    """The puzzle in janko.at's text, which reads back."""
    from .format import write_janko

    return write_janko(puzzle)


def samples() -> list[tuple[Samurai, int]]:
    """Small puzzles with known counts: a solved Samurai board (:func:`_solved`) with two rows of
    the centre grid's middle band blank (r10 and r11, c7-c15, cells of the centre grid alone).
    Each column misses two digits, kept or swapped (512 ways); the rows and boxes then leave 8
    (the tests count the 512 ways by brute force through the verifier).
    """
    from .puzzle import layout_cells

    blank = {(r, c) for r in (9, 10) for c in range(6, 15)}
    givens = tuple(0 if p in blank else v for p, v in zip(layout_cells("samurai"), _solved()))
    return [(Samurai(givens), 8)]


def _solved() -> tuple[int, ...]:
    """A solved Samurai board: the digit at (r, c) is a fixed Sudoku pattern of the board position."""
    from .puzzle import layout_cells

    return tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for r, c in layout_cells("samurai"))


def _not_yet(*args, **kwargs):
    raise UnsupportedError("the Samurai kind has no logical solver or MiniZinc model")


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
    from . import encode_csp  # noqa: F401  (registers samurai-csp)


def _load_formats() -> None:
    from . import format  # noqa: F401  (registers the formats)


SAMURAI = register_kind(Kind(
    name="samurai",
    puzzle_class=Samurai,
    aliases=("gattai",),
    choices=(KERNEL, DEFAULT, CPSAT),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-direct",
    count_encoding="cpsat-bool",
    race=(("default", "default"), ("cpsat", "cpsat-bool")),
    clash_scan_first=lambda puzzle, time_limit: False,  # (clashing givens are named when no solution is found)
    variant=lambda puzzle: puzzle.pattern,
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=board_file,
    generators={
        "samurai": Generator(Late(lambda: _generators().generate_samurai),
                             "Samurai (or another gattai layout) with a unique solution",
                             Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_not_yet, mzn_decode=_not_yet, mzn_key=_not_yet,
    samples=samples,
    encodings={"cnf-direct": ("cnf", _load_cnf),
               **{name: ("cpsat", _load_cpsat) for name in ("cpsat-bool", "cpsat-int")},
               "samurai-csp": ("csp", _load_csp)},
    load_formats=_load_formats,
    order=30,
    oracle=ORACLE,
    max_cells=1089,
    max_board="33x33",
    # bytes per cell-digit pair, the slope of a whole job's peak between a generated butterfly
    # (144 cells) and a samurai (369 cells) (check, python-sat or CP-SAT loaded in both)
    size_units=lambda puzzle: 9 * puzzle.num_cells,
    memory={"cnf-direct": 3300.0, "cpsat-bool": 1300.0, "cpsat-int": 700.0},
    cells=lambda puzzle: puzzle.num_cells,
    shape=lambda puzzle: puzzle.shape_key,
    # the workbench page: givens in "rows" (the holes between the grids stay null)
    web={"values": "rows", "max_value": "board"},
    help_names=("Samurai",),
    help_examples={"generate": ("gridsat generate samurai --seed 1",)},
    help_words={"formats": "samurai-janko", "render": "Samurai and gattai boards with their holes"},
))
