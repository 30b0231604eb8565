"""The Hidato kind's default backend/encoding pairs, each with the puzzles it serves and why."""

from __future__ import annotations

from ..base import Choice

__all__ = ["DFS_CELLS", "EXACT", "RACE_CELLS", "SEARCH_CELLS", "SAT_CELLS", "HEAD_SECONDS", "SAT", "DEFAULT", "RACE",
           "RACE_NUMBRIX", "LARGE", "RACE_ROOK", "LARGE_ROOK", "default", "ORACLE"]

#: boards up to this many cells go to the compiled exact search first (``dfs``)
DFS_CELLS = 144
#: boards with at least this many cells are raced by default (smaller ones: the search and SAT
#: one after the other in one process are faster)
RACE_CELLS = 400
#: boards over this many cells get the search alone (the complete backends' cap, 40x40),
#: except Numbrix boards with givens up to :data:`SAT_CELLS`
SEARCH_CELLS = 1600
#: ``cnf-pos`` takes boards up to this many cells (50x50; the other complete encodings stop at
#: :data:`SEARCH_CELLS`): on boards with givens its pruned domains stay small, and the memory
#: estimate refuses the rest (an empty 50x50 board: 13.8 GB). Numbrix boards with givens of
#: :data:`SEARCH_CELLS` to this many cells are raced with it (:data:`RACE_NUMBRIX`)
SAT_CELLS = 2500
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
EXACT = Choice("dfs", "hidato-sets", f"hidato and numbrix up to {DFS_CELLS} cells (12x12)",
               "the compiled exact search decides a board with givens in a fraction of a millisecond, "
               "without a formula; a board it has not decided within its node budget (an empty "
               "template, a very sparse board) goes on to the short search and glucose4 "
               "(docs/benchmarks/hidato.md)",
               fallback=DEFAULT)
RACE_NUMBRIX = Choice("search+glucose4", "hidato-path",
                      f"numbrix of {SEARCH_CELLS + 1}-{SAT_CELLS} cells with givens, raced with glucose4/cnf-pos",
                      "glucose4 on cnf-pos decides the 50x50 boards with 20% givens in about a second, which "
                      "the search alone misses on some seeds; the search (alone in its process, for the whole "
                      "limit: the other process already runs SAT) finds the sparser boards' solutions "
                      "(docs/benchmarks/hidato.md)",
                      fallback=SAT, race=(("search", "hidato-path"), ("glucose4", "cnf-pos")),
                      head=("search", "hidato-path", HEAD_SECONDS))
LARGE = Choice("search", "hidato-path", f"hidato over {SEARCH_CELLS} cells, numbrix over {SAT_CELLS} cells or "
               "without givens",
               "the only backend past the complete backends' cap: finds solutions, proves nothing")
RACE_ROOK = Choice("search+glucose4", "hidato-path", f"numbrix of {RACE_CELLS}-{SEARCH_CELLS} cells with givens, "
                   "raced with gapsat",
                   "on rook boards the gap-colour SAT model with cycle cuts decides the boards with 20% givens "
                   "in 1-5 s, which glucose4 on cnf-pos does not within 20 s and the search not on "
                   "every seed; the search finds the sparser boards' solutions (docs/benchmarks/hidato.md)",
                   fallback=SAT, race=(("search+glucose4", "hidato-path"), ("gapsat", "hidato-path")),
                   head=("search", "hidato-path", HEAD_SECONDS))
LARGE_ROOK = Choice("search", "hidato-path", f"numbrix over {SEARCH_CELLS} cells with givens, raced with gapsat",
                    "the gap-colour model has a literal per cell and gap, not per cell and number, so it "
                    "takes 50x50 boards: it decides those with 20% givens, the search the sparser ones",
                    race=(("search", "hidato-path"), ("gapsat", "hidato-path")),
                    head=("search", "hidato-path", HEAD_SECONDS))


def default(puzzle) -> Choice:
    """The default for ``puzzle``: the compiled exact search up to 12x12, the short search then SAT on small boards, the race on large ones, the search
    alone past the complete backends' cap (see :data:`RACE_CELLS`, :data:`SEARCH_CELLS`), except
    on Numbrix boards with givens up to :data:`SAT_CELLS` cells: the race with ``cnf-pos`` there.

    :data:`RACE_ROOK` and :data:`LARGE_ROOK` (the search raced with ``gapsat``) are not the
    default: on the rook frontier they answered no more boards than :data:`RACE` by the clock
    (docs/benchmarks/hidato.md), and the race then runs two busy processes to the limit."""
    cells = len(puzzle.cells)
    if cells <= DFS_CELLS:
        return EXACT
    if cells < RACE_CELLS:
        return DEFAULT
    if cells <= SEARCH_CELLS:
        return RACE
    if puzzle.adjacency == "rook" and puzzle.givens and cells <= SAT_CELLS:
        return RACE_NUMBRIX
    return LARGE


#: the python-sat solver (and CNF encoding) that proves uniqueness while the generators carve
ORACLE = Choice("minisat22", "cnf-pos", "hidato and numbrix generation",
                "MiniSat on the pruned position formula, rebuilt as the givens are carved")
