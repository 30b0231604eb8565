"""The Kakuro kind: black cells carry down and across sums, each run of white cells holds distinct digits adding up to its sum."""

from __future__ import annotations

from typing import Sequence

from ...errors import UnsupportedError
from ..base import Generator, Kind, Late, register_kind
from . import rules  # noqa: F401  (registers the verifier rules)
from .choices import KERNEL, CPSAT, DEFAULT, ORACLE, default, encoding_for
from .puzzle import Kakuro

__all__ = ["KAKURO", "Kakuro", "board", "solution_line", "board_file"]


def _token(cell, value: int | None) -> str:
    if cell is not None:
        down, across = cell
        return f"{down or ''}\\{across or ''}" if down or across else "#"
    return str(value) if value else "."


def board(puzzle: Kakuro, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The board: ``#`` black, ``down\\across`` clue cells, digits or ``.`` on white cells."""
    R, C = puzzle.rows, puzzle.cols
    toks = [_token(cell, None if values is None else values[i]) for i, cell in enumerate(puzzle.cells)]
    w = max(len(t) for t in toks)
    return "\n".join(" ".join(t.rjust(w) for t in toks[r * C:(r + 1) * C]).rstrip() for r in range(R))


def solution_line(puzzle: Kakuro, values: Sequence[int]) -> str:
    """A solution on one line: rows joined by ``/``, ``-`` on black cells."""
    C = puzzle.cols
    return "/".join("".join(str(v) if v else "-" for v in values[r * C:(r + 1) * C]) for r in range(puzzle.rows))


def _format():
    from . import format
    return format


def board_file(puzzle: Kakuro) -> str:
    """The puzzle in janko.at's text format (reads back)."""
    return _format().write_janko(puzzle).rstrip("\n")


def puzzle_line(puzzle: Kakuro) -> str:
    """The puzzle on one line: its JSON object."""
    import json

    return json.dumps(_format().to_json(puzzle), separators=(",", ":"))


def samples() -> list[tuple[Kakuro, int]]:
    """Small puzzles with known counts, on a 3x3 board whose 2x2 white block has two runs each
    way: with no sums, the proper colourings of a 4-cycle in 9 colours (8**4 + 8 = 4104); with
    every sum 10, 8 fillings; with down sums 4, 3 and across sums 3, 4, one (all three counted
    by brute force in the tests)."""
    x = None
    free = Kakuro(3, 3, [(0, 0), (0, 0), (0, 0), (0, 0), x, x, (0, 0), x, x])
    tens = Kakuro(3, 3, [(0, 0), (10, 0), (10, 0), (0, 10), x, x, (0, 10), x, x])
    one = Kakuro(3, 3, [(0, 0), (4, 0), (3, 0), (0, 3), x, x, (0, 4), x, x])
    return [(free, 4104), (tens, 8), (one, 1)]


def _not_yet(*args, **kwargs):
    raise UnsupportedError("the kakuro kind has no logical solver yet; use solve, check or count")


def _no_model(*args, **kwargs):
    raise UnsupportedError("the kakuro kind has no MiniZinc model; export it with --to dimacs or --to cpsat")


def _generate():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers its encodings)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401


def _load_csp() -> None:
    from . import encode_csp  # noqa: F401  (registers kakuro-csp)


def _load_formats() -> None:
    from . import format  # noqa: F401  (registers its formats)


def _web():
    from .draw_web import board
    return board


KAKURO = register_kind(Kind(
    name="kakuro",
    puzzle_class=Kakuro,
    aliases=("cross-sums",),
    choices=(KERNEL, DEFAULT, CPSAT),
    default=default,
    encoding_for=encoding_for,
    export_encoding="cnf-combo",
    count_encoding="cpsat-table",
    race=(("default", "default"), ("cpsat", "cpsat-table")),
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "kakuro",
    describe=lambda puzzle: (f"{puzzle.rows}x{puzzle.cols} kakuro, {len(puzzle.white)} white cells, "
                             f"{len(puzzle.runs)} runs"),
    board=board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=board_file,
    generators={
        "kakuro": Generator(Late(lambda: _generate().generate_kakuro),
                            "Kakuro: sums on black cells, distinct digits in every run (--size 12)",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_no_model, mzn_decode=_no_model, mzn_key=_no_model,
    samples=samples,
    encodings={
        **{name: ("cnf", _load_cnf) for name in ("cnf-combo", "cnf-sum")},
        **{name: ("cpsat", _load_cpsat) for name in ("cpsat-sum", "cpsat-table")},
        "kakuro-csp": ("csp", _load_csp),
    },
    load_formats=_load_formats,
    guess_format=Late(lambda: _format().guess),
    order=30,
    oracle=ORACLE,
    max_cells=1024,
    max_board="32x32",
    # bytes per white cell-digit pair, the slope of a whole job's peak between generated 5x5 and
    # 14x14 boards (check, python-sat or CP-SAT loaded in both)
    size_units=lambda puzzle: 9 * len(puzzle.white),
    memory={"cnf-combo": 1600.0, "cnf-sum": 4200.0, "cpsat-table": 5400.0, "cpsat-sum": 4000.0},
    cells=lambda puzzle: puzzle.num_cells,
    # the workbench page: the JSON object holds no digits (a player's stay on the page); black
    # cells take none, their sums are clues a setter may change (draw_web.py)
    web={"values": "", "max_value": "board", "board": Late(_web)},
    help_names=("Kakuro",),
    help_examples={
        "generate": ("gridsat generate kakuro --size 12 --seed 1",),
        "solve": ("gridsat solve --kind kakuro puzzle.txt",),
    },
    help_words={"formats": "kakuro, kakuro-puzzlink", "render": "kakuro clue triangles"},
))
