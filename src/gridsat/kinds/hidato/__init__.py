"""The Hidato kind: king-move Hidato and rook-move Numbrix on boards of any shape."""

from __future__ import annotations

from typing import Sequence

from .puzzle import Hidato
from . import rules  # noqa: F401  (registers the verifier rules)
from ..base import Generator, Kind, Late, register_kind
from .choices import (DFS_CELLS, EXACT, RACE_CELLS, SEARCH_CELLS, SAT_CELLS, HEAD_SECONDS, SAT, DEFAULT, RACE,
                      RACE_NUMBRIX, LARGE, default, ORACLE, RACE_ROOK, LARGE_ROOK)

__all__ = ["HIDATO", "Hidato", "board", "solution_line", "board_file"]

def _cell_texts(puzzle, values: Sequence[int]) -> list[list[str]]:
    """Rows of cell texts: numbers, ``.`` open, ``#`` no cell."""
    return [["#" if v is None else "." if v == 0 else str(v) for v in row] for row in puzzle.grid(values)]


def board(puzzle, values: Sequence[int] | None = None, *, numbers: bool | None = None) -> str:
    """The board as a right-aligned number grid (``#`` for no cell, ``.`` open)."""
    rows = _cell_texts(puzzle, puzzle.given_values if values is None else values)
    w = max((len(t) for row in rows for t in row), default=1)
    return "\n".join(" ".join(t.rjust(w) for t in row) for row in rows)


def solution_line(puzzle, values: Sequence[int]) -> str:
    """A solution on one line: rows joined by ``/``, cells by ``,``."""
    return "/".join(",".join(row) for row in _cell_texts(puzzle, values))


def board_file(puzzle) -> str:
    """The puzzle as ``gridsat check`` reads it back (Numbrix after a ``numbrix`` line)."""
    return ("numbrix\n" if puzzle.is_numbrix else "") + str(puzzle)


def samples() -> list[tuple[Hidato, int]]:
    """Small puzzles with known counts: 3x3 Hidato with 1 and 9 in opposite corners (30), and
    the empty 3x3 Numbrix (40 directed Hamiltonian paths of the 3x3 grid, twice OEIS A096969(3))."""
    return [(Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}), 30), (Hidato.numbrix(3, 3), 40)]


# the upper layers' modules, loaded when first used (each function imports one module)


def _oneline():
    from . import format_oneline
    return format_oneline


def _generators():
    from . import generate
    return generate


def _cli():
    from . import cli
    return cli


def _front():
    from . import logic_front
    return logic_front


def _mzn():
    from . import encode_mzn
    return encode_mzn


def _open_literals():
    from .encode_domains import open_literals
    return open_literals


def _load_cnf() -> None:
    from . import encode_cnf  # noqa: F401  (registers its encodings)


def _load_cpsat() -> None:
    from . import encode_cpsat  # noqa: F401


def _load_lns() -> None:
    from . import encode_lns  # noqa: F401


def _load_path() -> None:
    from . import encode_path  # noqa: F401


def _load_mzn() -> None:
    from ...encoders.mzn import register_model
    register_model(HIDATO)


def _load_lns_backend() -> None:
    from . import backend_lns  # noqa: F401  (registers lns)


def _load_search_backend() -> None:
    from . import backend_search  # noqa: F401  (registers search)


def _load_dfs_backend() -> None:
    from . import backend_dfs  # noqa: F401  (registers dfs)


def _load_paired_backend() -> None:
    from . import backend_paired  # noqa: F401  (registers search+glucose4)


def _load_gapsat_backend() -> None:
    from . import backend_gapsat  # noqa: F401  (registers gapsat)


def _load_formats() -> None:
    from . import format, format_oneline  # noqa: F401  (registers its formats)


HIDATO = register_kind(Kind(
    name="hidato",
    puzzle_class=Hidato,
    aliases=("numbrix", "hidoku"),
    choices=(EXACT, DEFAULT, RACE, RACE_NUMBRIX, LARGE, SAT, RACE_ROOK, LARGE_ROOK),
    default=default,
    # (a search backend named alone takes the path model with its cheap proof; the exact
    # search's own model is for dfs)
    encoding_for=lambda puzzle, backend, target: "hidato-path" if target == "search" and backend != "dfs" else None,
    export_encoding="cnf-pos",
    count_encoding="cpsat-bool",
    race=RACE.race,
    # (boards the compiled exact search takes skip the scan: it decides them at once, and
    # the scan of an impossible one names the clash afterwards)
    clash_scan_first=lambda puzzle, time_limit: len(puzzle.cells) > DFS_CELLS,
    variant=lambda puzzle: "numbrix" if puzzle.is_numbrix else "hidato",
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=board,
    solution_line=solution_line,
    puzzle_line=Late(lambda: _oneline().hidato_line_string),
    board_file=board_file,
    generators={
        "hidato": Generator(Late(lambda: _generators().generate_hidato),
                            "Hidato (king moves) on rectangles or named shapes",
                            Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
        "numbrix": Generator(Late(lambda: _generators().generate_numbrix),
                             "Numbrix (rook moves) on rectangles or named shapes",
                             Late(lambda: _cli().add_options), Late(lambda: _cli().values)),
    },
    hint=Late(lambda: _front().hint),
    explain=Late(lambda: _front().explain),
    rate=Late(lambda: _front().rate),
    candidates=Late(lambda: _front().candidates),
    mzn_model="hidato.mzn",
    mzn_about="all different, successor and predecessor among neighbours",
    mzn_data=Late(lambda: _mzn().hidato_data),
    mzn_decode=Late(lambda: _mzn().hidato_decode),
    mzn_key=Late(lambda: _mzn().hidato_key),
    samples=samples,
    encodings={
        **{name: ("cnf", _load_cnf) for name in ("cnf-pos", "cnf-arcs")},
        **{name: ("cpsat", _load_cpsat) for name in ("cpsat-bool", "cpsat-circuit", "cpsat-seg")},
        "hidato-jumps": ("lns", _load_lns),
        "hidato-path": ("search", _load_path),
        "hidato-sets": ("search", _load_path),
        "mzn": ("minizinc", _load_mzn),
    },
    backends={"lns": ("lns", _load_lns_backend), "search": ("search", _load_search_backend),
              "search+glucose4": ("search", _load_paired_backend), "dfs": ("search", _load_dfs_backend),
              "gapsat": ("search", _load_gapsat_backend)},
    load_formats=_load_formats,
    order=1,
    alias_options={"numbrix": {"adjacency": "rook"}},
    oracle=ORACLE,
    # caps and memory figures: see docs/explain/limits.md (peak memory of whole jobs, measured)
    max_cells=1600,
    max_board="40x40",
    # the search keeps a few arrays per cell: 100x100 takes about 10 MB
    cell_caps={"hidato-path": (10000, "100x100"), "hidato-sets": (10000, "100x100"),
               "cnf-pos": (SAT_CELLS, "50x50")},
    cells=lambda puzzle: len(puzzle.cells),
    size_units=Late(_open_literals),
    # the workbench page: values in "rows", cells toggled on and off; its form gives rows and cols
    web={"values": "rows", "holes": True, "max_value": "cells", "skip_options": ["size"]},
    memory={"cnf-pos": 2200.0, "cnf-arcs": 5500.0, "cpsat-bool": 3000.0, "cpsat-circuit": 9000.0,
            "cpsat-seg": 300.0, "hidato-jumps": 2200.0, "hidato-path": 5.0, "mzn": 1000.0},
    # -- command-line help
    help_names=("Hidato",),
    help_examples={
        "": ("gridsat count --solutions --example hidato-6x5",),
        "solve": ("gridsat solve --example hidato-8x8 --output-format hidato-haskell",),
        "count": ("gridsat count --example hidato-6x5 --solutions",),
        "examples": ("gridsat examples hidato-6x5", "gridsat count --solutions --example hidato-6x5"),
        "formats": ("gridsat solve --example hidato-8x8 --output-format hidato-haskell",),
        "convert": ("gridsat convert --to hidato-haskell --kind hidato board.txt",),
        "generate": ("gridsat generate hidato --rows 6 --output-format hidato",
                     "gridsat generate numbrix --rows 5 -n 3"),
    },
    help_words={"formats": "hidato, hidato-haskell", "path": "Hidato",
                "render": "Hidato holes shaded and the path drawn through the numbers"},
    # -- logical solver (its rules take no ``extra``; it has no kit figures)
    logic_serves="Hidato",
))
