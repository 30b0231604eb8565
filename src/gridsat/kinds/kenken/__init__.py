"""The KenKen kind (Calcudoku): an ``n x n`` Latin square cut into cages with arithmetic clues."""

from __future__ import annotations

from typing import Sequence

from .puzzle import KenKen
from . import rules  # noqa: F401  (registers the verifier rules)
from ...errors import UnsupportedError
from ..base import Generator, Kind, Late, register_kind
from .choices import KERNEL, CPSAT, DEFAULT, ORACLE, default, encoding_for

__all__ = ["KENKEN", "KenKen", "board", "solution_line", "board_file"]


def board(puzzle, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The digits as rows (``.`` unknown); without values, the givens."""
    n = puzzle.n
    vals = puzzle.givens if values is None else values
    w = len(str(n))
    return "\n".join(" ".join((str(v) if v else ".").rjust(w) for v in vals[r * n:(r + 1) * n]) for r in range(n))


def solution_line(puzzle, values: Sequence[int]) -> str:
    """A solution on one line: the digits row by row (rows joined by ``/`` past side 9)."""
    n = puzzle.n
    if n <= 9:
        return "".join(map(str, values))
    return "/".join(",".join(map(str, values[r * n:(r + 1) * n])) for r in range(n))


def _formats():
    from . import format
    return format


def board_file(puzzle) -> str:
    """The puzzle in janko.at's text format (reads back)."""
    return _formats().write_janko(puzzle).rstrip("\n")


def samples() -> list[tuple[KenKen, int]]:
    """Small puzzles with known counts: the empty 4x4 board (576 Latin squares, OEIS A002860) and a
    3x3 board whose cages leave 2 of the 12 Latin squares (counted by brute force in the tests)."""
    small = KenKen.from_map(3, ["aab", "cdb", "cdd"], {"a": (3, "+"), "d": (6, "+")})
    return [(KenKen.empty(4), 576), (small, 2)]


def _not_yet(*args, **kwargs):
    raise UnsupportedError("the KenKen kind has no logical solver yet; use solve, check or count")


def _no_model(*args, **kwargs):
    raise UnsupportedError("the KenKen kind has no MiniZinc model; export it with --to dimacs or --to cpsat")


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
    from . import encode_csp  # noqa: F401  (registers kenken-csp)


def _load_formats() -> None:
    from . import format  # noqa: F401  (registers its formats)


def _web():
    from .draw_web import board
    return board


KENKEN = register_kind(Kind(
    name="kenken",
    puzzle_class=KenKen,
    aliases=("calcudoku", "kendoku", "mathdoku"),
    choices=(KERNEL, DEFAULT, CPSAT),
    default=default,
    encoding_for=encoding_for,
    export_encoding="cnf-table",
    count_encoding="cpsat-table",
    race=(("default", "default"), ("cpsat", "cpsat-table")),
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "kenken",
    describe=lambda puzzle: (f"{puzzle.n}x{puzzle.n} kenken, {len(puzzle.cages)} cages, {puzzle.num_givens} "
                             f"given{'' if puzzle.num_givens == 1 else 's'}"),
    board=board,
    solution_line=solution_line,
    puzzle_line=Late(lambda: _formats().kenken_line),
    board_file=board_file,
    generators={
        "kenken": Generator(Late(lambda: _generate().generate_kenken),
                            "KenKen (Calcudoku): a Latin square cut into arithmetic cages",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_no_model, mzn_decode=_no_model, mzn_key=_no_model,
    samples=samples,
    encodings={
        **{name: ("cnf", _load_cnf) for name in ("cnf-table", "cnf-select")},
        **{name: ("cpsat", _load_cpsat) for name in ("cpsat-table", "cpsat-arith")},
        "kenken-csp": ("csp", _load_csp),
    },
    load_formats=_load_formats,
    order=20,
    oracle=ORACLE,
    max_cells=256,
    max_board="16x16",
    # bytes per cell-value pair (n^3), the slope of a whole job's peak between a generated 4x4
    # and 9x9 (check, python-sat or CP-SAT loaded in both)
    size_units=lambda puzzle: puzzle.n ** 3,
    memory={"cnf-table": 3200.0, "cnf-select": 2600.0, "cpsat-table": 3000.0, "cpsat-arith": 2700.0},
    cells=lambda puzzle: puzzle.n * puzzle.n,
    # the workbench page: the JSON object holds no digits (a player's stay on the page); the cages'
    # targets are clues a setter may change (draw_web.py)
    web={"values": "", "max_value": "side", "board": Late(_web)},
    help_names=("KenKen",),
    help_examples={
        "generate": ("gridsat generate kenken --size 6 --seed 1",),
        "solve": ("gridsat solve --kind kenken puzzle.txt",),
    },
    help_words={"formats": "kenken-janko, kenken-line", "render": "KenKen cages with their clues in the corner"},
))
