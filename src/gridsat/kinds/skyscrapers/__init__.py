"""The Skyscrapers kind: heights 1..m in an ``n x n`` board, clues outside count the buildings seen."""

from __future__ import annotations

from typing import Sequence

from ...errors import UnsupportedError
from ..base import Generator, Kind, Late, register_kind
from . import rules  # noqa: F401  (registers the verifier rules)
from .choices import DEFAULT, ORACLE, default
from .puzzle import Skyscrapers

__all__ = ["SKYSCRAPERS", "Skyscrapers", "board", "solution_line"]


def board(puzzle: Skyscrapers, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The board with its clues around it (``.`` open, ``-`` empty cell, blank no clue)."""
    n = puzzle.n
    vals = puzzle.givens if values is None else tuple(values)
    w = len(str(n))

    def cell(v) -> str:
        return ("." if v is None else "-" if v == 0 else str(v)).rjust(w)

    def clue(v: int) -> str:
        return (str(v) if v else "").rjust(w)

    lines = [" ".join([" " * w] + [clue(v) for v in puzzle.top]).rstrip()]
    for r in range(n):
        row = [clue(puzzle.left[r])] + [cell(v) for v in vals[r * n:(r + 1) * n]] + [clue(puzzle.right[r])]
        lines.append(" ".join(row).rstrip())
    lines.append(" ".join([" " * w] + [clue(v) for v in puzzle.bottom]).rstrip())
    return "\n".join(lines)


def solution_line(puzzle: Skyscrapers, values: Sequence[int]) -> str:
    """A solution on one line: rows joined by ``/`` (``0`` empty)."""
    n = puzzle.n
    return "/".join("".join(map(str, values[r * n:(r + 1) * n])) if puzzle.m < 10 else
                    ",".join(map(str, values[r * n:(r + 1) * n])) for r in range(n))


def puzzle_line(puzzle: Skyscrapers) -> str:
    """The puzzle on one line: its puzz.link URL (heights 1..n), else its JSON object."""
    import json

    if puzzle.m == puzzle.n:
        return _format().write_puzzlink(puzzle).strip()
    return json.dumps(_format().to_json(puzzle))


def samples() -> list[tuple[Skyscrapers, int]]:
    """Small puzzles with known counts: the empty 4x4 board has the 576 Latin squares of order 4
    (OEIS A002860); a 3x3 board with top clues 3, 2, 1 has one solution, and a 4x4 board of
    heights 1..3 (one empty cell per line) with two clues has 16 (both counted by brute force
    in the tests)."""
    return [(Skyscrapers(4), 576), (Skyscrapers(3, top=(3, 2, 1)), 1),
            (Skyscrapers(4, 3, left=(3, 0, 0, 0), top=(0, 3, 0, 0)), 16)]


def _not_yet(*args, **kwargs):
    raise UnsupportedError("skyscrapers have no logical solver and no MiniZinc model yet")


def _generate():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers cnf-sky)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401  (registers cpsat-sky)


def _format():
    from . import format
    return format


def _load_formats() -> None:
    from . import format  # noqa: F401  (registers its formats)


def _web():
    from .draw_web import board
    return board


SKYSCRAPERS = register_kind(Kind(
    name="skyscrapers",
    puzzle_class=Skyscrapers,
    aliases=(),
    choices=(DEFAULT,),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-sky",
    count_encoding="cpsat-sky",
    race=(("default", "default"), ("cpsat", "cpsat-sky")),
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "skyscrapers",
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=Late(lambda: _format().write_janko),
    generators={
        "skyscrapers": Generator(Late(lambda: _generate().generate_skyscrapers),
                                 "Skyscrapers: clues outside an n x n board (--size 6)",
                                 Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_not_yet, mzn_decode=_not_yet, mzn_key=_not_yet,
    samples=samples,
    encodings={"cnf-sky": ("cnf", _load_cnf), "cpsat-sky": ("cpsat", _load_cpsat)},
    load_formats=_load_formats,
    guess_format=Late(lambda: _format().guess),
    order=100,
    oracle=ORACLE,
    max_cells=256,
    max_board="16x16",
    # bytes per cell-height pair (n^3 bounds n*n*m), the slope of a whole job's peak between a
    # generated 4x4 and 9x9 (check, python-sat or CP-SAT loaded in both)
    size_units=lambda puzzle: puzzle.n ** 3,
    memory={"cnf-sky": 18400.0, "cpsat-sky": 4800.0},
    cells=lambda puzzle: puzzle.num_cells,
    # the workbench page: givens in "rows" (null open), heights up to the board's max; the clues
    # outside the grid may be changed by a setter, cells given empty take no digit (draw_web.py)
    web={"values": "rows", "blank": None, "max_value": "board", "board": Late(_web)},
    help_names=("Skyscrapers",),
    help_examples={"generate": ("gridsat generate skyscrapers --size 6 -n 3",)},
    help_words={"formats": "skyscrapers, skyscrapers-puzzlink", "render": "skyscraper clues outside the grid"},
))
