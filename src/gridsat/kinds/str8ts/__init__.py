"""The Str8ts kind: black and white cells, digits 1..n, white compartments hold straights."""

from __future__ import annotations

import json
from typing import Sequence

from ...errors import UnsupportedError
from ..base import Generator, Kind, Late, register_kind
from . import rules  # noqa: F401  (registers the verifier rules)
from .choices import KERNEL, DEFAULT, ORACLE, default
from .puzzle import Str8ts

__all__ = ["STR8TS", "Str8ts", "board", "solution_line", "SAMPLE_BLACK"]

#: the black cells of the 4x4 sample (row by row): corners r1c1 and r4c4, and r2c3
SAMPLE_BLACK = tuple(c in (0, 6, 15) for c in range(16))


def board(puzzle: Str8ts, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The board, a row a line: ``.`` open, a digit, ``#`` black, a digit and ``#`` (``4#``) black with its digit."""
    n = puzzle.n
    vals = puzzle.givens if values is None else tuple(values)
    w = len(str(n)) + 1

    def cell(c: int) -> str:
        if puzzle.black[c]:
            return (f"{puzzle.givens[c]}#" if puzzle.givens[c] is not None else "#").rjust(w)
        v = vals[c]
        return ("." if not v else str(v)).rjust(w)

    return "\n".join(" ".join(cell(c) for c in range(r * n, (r + 1) * n)) for r in range(n))


def solution_line(puzzle: Str8ts, values: Sequence[int]) -> str:
    """A solution on one line: rows joined by ``/`` (``0`` a black cell without a digit)."""
    n = puzzle.n
    sep = "" if n < 10 else ","
    return "/".join(sep.join(map(str, values[r * n:(r + 1) * n])) for r in range(n))


def puzzle_line(puzzle: Str8ts) -> str:
    """The puzzle on one line: its JSON object."""
    return json.dumps(_format().to_json(puzzle), separators=(",", ":"))


def samples() -> list[tuple[Str8ts, int]]:
    """Small puzzles with known counts: the empty 3x3 and 4x4 boards are Latin squares whose
    full rows are always straights (12 and 576, OEIS A002860); a 4x4 board with three black
    cells and a black 2 has 6 (counted by brute force in the tests)."""
    return [(Str8ts(3), 12), (Str8ts(4), 576), (Str8ts(4, SAMPLE_BLACK, [None] * 6 + [2] + [None] * 9), 6)]


def _not_yet(*args, **kwargs):
    raise UnsupportedError("str8ts have no logical solver and no MiniZinc model yet")


def _generate():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers cnf-str8ts and cnf-str8ts-window)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401  (registers cpsat-str8ts)


def _format():
    from . import format
    return format


def _load_csp() -> None:
    from . import encode_csp  # noqa: F401  (registers str8ts-csp)


def _load_formats() -> None:
    from . import format  # noqa: F401  (registers its formats)


def _web():
    from .draw_web import board
    return board


STR8TS = register_kind(Kind(
    name="str8ts",
    puzzle_class=Str8ts,
    aliases=("straights",),
    choices=(KERNEL, DEFAULT,),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-str8ts",
    count_encoding="cpsat-str8ts",
    race=(("default", "default"), ("cpsat", "cpsat-str8ts")),
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "str8ts",
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=board,
    solution_line=solution_line,
    puzzle_line=puzzle_line,
    board_file=Late(lambda: _format().write_janko),
    generators={
        "str8ts": Generator(Late(lambda: _generate().generate_str8ts),
                            "Str8ts: black cells and straights on an n x n board (--size 9)",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=_not_yet, explain=_not_yet, rate=_not_yet, candidates=_not_yet,
    mzn_model="", mzn_about="", mzn_data=_not_yet, mzn_decode=_not_yet, mzn_key=_not_yet,
    samples=samples,
    encodings={"cnf-str8ts": ("cnf", _load_cnf), "cnf-str8ts-window": ("cnf", _load_cnf),
               "cpsat-str8ts": ("cpsat", _load_cpsat), "str8ts-csp": ("csp", _load_csp)},
    load_formats=_load_formats,
    order=100,
    oracle=ORACLE,
    max_cells=256,
    max_board="16x16",
    cells=lambda puzzle: puzzle.num_cells,
    # memory: peak of a whole job (count --limit 2) on a 12x12 layout with every digit open,
    # 940 bytes per cell-digit pair for cnf-str8ts and 17,600 for cpsat-str8ts, rounded up
    size_units=lambda puzzle: puzzle.n ** 3,
    memory={"cnf-str8ts": 2000.0, "cpsat-str8ts": 20000.0,
            # cnf-str8ts-window: fewer clauses than cnf-str8ts (no far pairs); its bound is kept
            "cnf-str8ts-window": 2000.0},
    # the workbench page: givens in "rows" (null open); black cells take no digit (draw_web.py)
    web={"values": "rows", "blank": None, "max_value": "side", "board": Late(_web)},
    help_names=("Str8ts",),
    help_examples={"generate": ("gridsat generate str8ts --size 9 -n 3",)},
    help_words={"formats": "str8ts", "render": "str8ts black cells"},
))
