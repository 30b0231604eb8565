"""The Hidato kind: king-move Hidato and rook-move Numbrix on boards of any shape."""

from __future__ import annotations

from typing import Sequence

from ..puzzles.hidato import Hidato
from .base import Choice, Generator, Kind, Ref, register_kind

__all__ = ["HIDATO", "board", "solution_line", "board_file"]

#: boards with at least this many cells are raced by default (smaller ones: the search and SAT
#: one after the other in one process are faster)
RACE_CELLS = 400
#: boards over this many cells get the search alone (the complete backends' cap, 40x40)
SEARCH_CELLS = 1600
#: seconds of the search in the calling process before a race is forked: the search finds
#: two solutions of an empty 20x20 template in 0.01-0.02 s, the race takes 0.1-0.3 s to answer
HEAD_SECONDS = 0.1

SAT = Choice("glucose4", "cnf-pos", "hidato and numbrix without the compiled search",
             "position literals over domains pruned to a fixpoint, cell by cell: the fastest "
             "check from 7x7 to 30x30 in the Hidato benchmark")
DEFAULT = Choice("search+glucose4", "hidato-path", f"hidato and numbrix under {RACE_CELLS} cells",
                 "SAT alone decides boards with givens in hundredths of a second but an empty 12x12 "
                 "template not in minutes; the search finds two solutions of a template in "
                 "milliseconds: so on a board with under a quarter of its cells given the search runs "
                 "for a quarter of a millisecond a cell, then glucose4 on cnf-pos with its solutions "
                 "blocked; with more givens glucose4 alone (docs/benchmarks/dominance.md)",
                 fallback=SAT)
RACE = Choice("search+glucose4", "hidato-path", f"hidato and numbrix of {RACE_CELLS}-{SEARCH_CELLS} cells, "
              "raced with glucose4/cnf-pos",
              "the local search finds the solutions of sparse boards in a fraction of a second and SAT "
              "proves with them blocked, while SAT alone decides the denser boards the search stalls on; "
              f"the search alone runs {HEAD_SECONDS} s in the calling process first, which answers an "
              "empty template before a race could",
              fallback=SAT, race=(("search+glucose4", "hidato-path"), ("glucose4", "cnf-pos")),
              head=("search", "hidato-path", HEAD_SECONDS))
LARGE = Choice("search", "hidato-path", f"hidato and numbrix over {SEARCH_CELLS} cells",
               "the only backend past the complete backends' cap: finds solutions, proves nothing")


def default(puzzle) -> Choice:
    """The default for ``puzzle``: the short search then SAT on small boards, the race on large ones, the search
    alone past the complete backends' cap (see :data:`RACE_CELLS`, :data:`SEARCH_CELLS`)."""
    cells = len(puzzle.cells)
    return DEFAULT if cells < RACE_CELLS else RACE if cells <= SEARCH_CELLS else LARGE


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


HIDATO = register_kind(Kind(
    name="hidato",
    puzzle_class=Ref("gridsat.puzzles.hidato:Hidato"),
    aliases=("numbrix", "hidoku"),
    choices=(DEFAULT, RACE, LARGE, SAT),
    default=default,
    encoding_for=lambda puzzle, backend, target: None,
    export_encoding="cnf-pos",
    count_encoding="cpsat-bool",
    race=RACE.race,
    clash_scan_first=lambda puzzle, time_limit: True,
    variant=lambda puzzle: "numbrix" if puzzle.is_numbrix else "hidato",
    describe=lambda puzzle: repr(puzzle).strip("<>"),
    board=Ref("gridsat.kinds.hidato:board"),
    solution_line=Ref("gridsat.kinds.hidato:solution_line"),
    puzzle_line=Ref("gridsat.formats.oneline:hidato_line_string"),
    board_file=Ref("gridsat.kinds.hidato:board_file"),
    generators={
        "hidato": Generator(Ref("gridsat.generators.hidato:generate_hidato"),
                            "Hidato (king moves) on rectangles or named shapes",
                            Ref("gridsat.cli.generate_hidato:add_options"), Ref("gridsat.cli.generate_hidato:values")),
        "numbrix": Generator(Ref("gridsat.generators.hidato:generate_numbrix"),
                             "Numbrix (rook moves) on rectangles or named shapes",
                             Ref("gridsat.cli.generate_hidato:add_options"), Ref("gridsat.cli.generate_hidato:values")),
    },
    hint=Ref("gridsat.logic.hidato_front:hint"),
    explain=Ref("gridsat.logic.hidato_front:explain"),
    rate=Ref("gridsat.logic.hidato_front:rate"),
    candidates=Ref("gridsat.logic.hidato_front:candidates"),
    mzn_model="hidato.mzn",
    mzn_about="all different, successor and predecessor among neighbours",
    mzn_data=Ref("gridsat.encoders.mzn:hidato_data"),
    mzn_decode=Ref("gridsat.encoders.mzn:hidato_decode"),
    mzn_key=Ref("gridsat.encoders.mzn:hidato_key"),
    samples=samples,
    encodings={
        **{name: ("cnf", "gridsat.encoders.hidato_cnf") for name in ("cnf-pos", "cnf-arcs")},
        **{name: ("cpsat", "gridsat.encoders.hidato_cpsat") for name in ("cpsat-bool", "cpsat-circuit", "cpsat-seg")},
        "hidato-jumps": ("lns", "gridsat.encoders.hidato_lns"),
        "hidato-path": ("search", "gridsat.encoders.hidato_path"),
        "mzn": ("minizinc", "gridsat.encoders.mzn"),
    },
    format_modules=("gridsat.formats.hidato",),
    alias_options={"numbrix": {"adjacency": "rook"}},
    oracle=Choice("minisat22", "cnf-pos", "hidato and numbrix generation",
                  "MiniSat on the pruned position formula, rebuilt as the givens are carved"),
    # caps and memory figures: see docs/explain/limits.md (peak memory of whole jobs, measured)
    max_cells=1600,
    max_board="40x40",
    # the search keeps a few arrays per cell: 100x100 takes about 10 MB
    cell_caps={"hidato-path": (10000, "100x100")},
    cells=lambda puzzle: len(puzzle.cells),
    size_units=Ref("gridsat.encoders.hidato_domains:open_literals"),
    memory={"cnf-pos": 2200.0, "cnf-arcs": 5500.0, "cpsat-bool": 3000.0, "cpsat-circuit": 9000.0,
            "cpsat-seg": 300.0, "hidato-jumps": 2200.0, "hidato-path": 5.0, "mzn": 1000.0},
))
