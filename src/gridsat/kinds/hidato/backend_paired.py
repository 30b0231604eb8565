"""The ``search+glucose4`` backend: the local search finds, a SAT solver proves.

The compiled search (:mod:`gridsat.kinds.hidato.backend_search`) finds a solution of a large
sparse Hidato in a fraction of a second but proves nothing. A complete SAT backend proves,
but may need minutes to find the first solution of the same board. Paired, each does what
it is good at:

1. the search runs for a share of the time (:data:`SEARCH_SHARE` of the limit, or
   :data:`SEARCH_SECONDS` without one; in a count at most :data:`COUNT_SEARCH`; on a board
   of fewer than :data:`SMALL_CELLS` cells at most :data:`CELL_SECONDS` a cell (at least
   :data:`SMALL_FLOOR`), and none in a count or with :data:`DENSE_GIVENS` of the cells
   given, where SAT alone decides in a few hundredths of a second: see
   :func:`search_share`) and, when asked for two solutions, tries one
   length-preserving move on the solution it found (a second solution in microseconds on
   sparse boards: *ambiguous*, proven by two verified solutions);
2. when more solutions are wanted (``check``, ``count``), the SAT backend runs on the
   kind's CNF encoding with the solutions found so far **blocked**, and the first of them
   set as its preferred phase. No model left proves the count exact (*unique* when the
   search found one); a model is one more solution;
3. when the search finds nothing in its share, the SAT backend runs alone for the rest.

The pair takes the search encoding (target ``"search"``); the prover's encoding is the
kind's CNF export encoding (``cnf-pos`` for Hidato). Its memory is checked before it is
built: where it is over the budget, the search's solutions are returned with the refusal
in ``stats["proof"]`` and no claim of completeness. Under a time limit, a prover whose
formula is estimated past :data:`gridsat.limits.CHILD_BYTES` runs in a child process killed
at the limit, as the front door runs any such job: its build alone may outlast the limit.
"""

from __future__ import annotations

import time

from ...encoders import get_encoding, list_encodings
from ...errors import UnsupportedError
from ..base import kind_of
from ...limits.caps import TooLarge
from ...backends.base import Backend, Outcome, get_backend, prove_with_known, register_backend

__all__ = ["PairedBackend", "SEARCH_SHARE", "SEARCH_SECONDS", "SECOND_SEARCH", "COUNT_SEARCH", "SMALL_CELLS",
           "CELL_SECONDS", "search_share"]

#: the share of a time limit the search may take before the prover runs alone
SEARCH_SHARE = 0.5
#: seconds the search may take when there is no time limit
SEARCH_SECONDS = 5.0
#: the search's share at most, in a count (the prover enumerates; the search only seeds it)
COUNT_SEARCH = 1.0
#: at most this many seconds (of the search's share) for a second search from another seed,
#: when no length-preserving move gave a second solution
SECOND_SEARCH = 0.5
#: boards of fewer cells than this get a share of at most :data:`CELL_SECONDS` a cell: the
#: search finds the solutions of an empty template in milliseconds, and where it does not
#: (givens it cannot join, or no path at all) SAT alone decides such a board in a few
#: hundredths of a second (docs/benchmarks/dominance.md)
SMALL_CELLS = 400
#: the search's seconds per cell on a board of fewer than :data:`SMALL_CELLS` cells
CELL_SECONDS = 0.00025
#: but at least this many seconds (the search finds a small board's solutions in well under
#: a millisecond; the floor keeps a busy machine's delays from cutting it off)
SMALL_FLOOR = 0.02
#: the share of given cells from which a board under :data:`SMALL_CELLS` cells gets no search
DENSE_GIVENS = 0.25


def search_share(cells: int, time_limit: "float | None", limit: "int | None", givens: int = 0) -> float:
    """The seconds the search may take on a board of ``cells`` cells (see the module docstring).

    A small board gets none in a count (the search only seeds an enumeration, which the
    prover does as fast alone there, in the same order each time), nor with at least
    :data:`DENSE_GIVENS` of its cells given (the published density, where SAT alone is the
    fastest check from 7x7 to 30x30 in the Hidato benchmark and the search only delays it).

    >>> search_share(100, None, 2), search_share(20, None, 2), search_share(400, None, 2)
    (0.025, 0.02, 5.0)
    >>> search_share(100, None, None), search_share(400, 10.0, None), search_share(100, None, 2, givens=30)
    (0.0, 1.0, 0.0)
    """
    share = SEARCH_SECONDS if time_limit is None else SEARCH_SHARE * time_limit
    if limit is None or limit > 2:  # a count: the search only seeds the first solutions
        share = min(share, COUNT_SEARCH)
    if cells < SMALL_CELLS:
        if limit is None or limit > 2 or givens >= DENSE_GIVENS * cells:
            return 0.0
        share = min(share, max(SMALL_FLOOR, CELL_SECONDS * cells))
    return share


class PairedBackend(Backend):
    """The local search, then a complete SAT backend that proves with the found solutions blocked.

    Parameters
    ----------
    prover : str
        A CNF backend that supports ``exclude`` (every python-sat backend does).
    seed : int
        The search's seed.
    prover_encoding : str, optional
        The CNF encoding the prover runs on (default: the kind's export encoding).
    """

    target = "search"
    supports = frozenset({"solve", "count", "time_limit", "stats"})

    def __init__(self, prover: str = "glucose4", seed: int = 0, prover_encoding: str | None = None) -> None:
        self.name = f"search+{prover}"
        self.prover_name = prover
        self.seed = seed
        self.prover_encoding = prover_encoding

    def _search(self):
        from .backend_search import SearchBackend

        return SearchBackend(seed=self.seed) if self.seed else get_backend("search")

    def unavailable(self) -> str | None:
        """Why the search or the prover cannot run here, or None."""
        for b in (self._search(), get_backend(self.prover_name)):
            why = b.unavailable()
            if why:
                return why
        return None

    def _prover_encoding(self, puzzle):
        kind = kind_of(puzzle)
        name = self.prover_encoding or kind.export_encoding
        enc = get_encoding(name, kind.name)
        if enc.target != "cnf" or not enc.applies(puzzle):
            enc = next((e for e in list_encodings(kind.name, "cnf") if e.applies(puzzle)), None)
        if enc is None:
            raise UnsupportedError(f"backend {self.name}: no CNF encoding of {kind.name} applies")
        return enc

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Search, then prove with the prover (see the module docstring); the outcome of both."""
        if encoding.target != "search":
            raise UnsupportedError(f"backend {self.name} takes search encodings, not {encoding.target} ({encoding.name})")
        t0 = time.perf_counter()
        share = search_share(len(puzzle.cells), time_limit, limit, len(puzzle.givens))
        if share > 0:
            found = self._search().run(puzzle, encoding, limit=limit, time_limit=share, keep=max(keep, 2))
        else:  # (a count of a small board: the prover enumerates alone)
            found = Outcome(stats={"skipped": True})
        stats = {"search": dict(found.stats, seconds=round(time.perf_counter() - t0, 4))}
        if found.complete or (found.count and limit is not None and found.count >= limit):
            found.stats = stats
            found.solutions = found.solutions[:keep]
            return found
        known = list(found.solutions)
        if len(known) == 1 and (limit is None or limit >= 2):
            # no move applied: a second search from another seed may land on another solution
            second = min(SECOND_SEARCH, max(share - (time.perf_counter() - t0), 0.0))
            if second > 0:
                from .backend_search import SearchBackend

                again = SearchBackend(seed=self.seed + 1).run(puzzle, encoding, limit=1, time_limit=second)
                stats["second search"] = {"seconds": round(again.solve_time, 4),
                                          "differs": bool(again.solutions and again.solutions[0] != known[0])}
                if stats["second search"]["differs"]:
                    known.append(again.solutions[0])
                    if limit is not None and len(known) >= limit:
                        return Outcome(solutions=known[:keep], count=len(known), stats=stats,
                                       build_time=found.build_time, solve_time=found.solve_time + again.solve_time)
        left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
        out = Outcome(build_time=found.build_time, solve_time=found.solve_time, stats=stats)
        if left is not None and left <= 0:
            out.solutions, out.count, out.timed_out = known[:keep], len(known), True
            return out
        try:
            proof = prove_with_known(get_backend(self.prover_name), self._prover_encoding(puzzle), puzzle, known,
                                     limit=limit, time_limit=left, keep=keep, stats=stats)
        except TooLarge as exc:
            if not known:
                raise
            stats["proof"] = f"not attempted: {exc}"
            out.solutions, out.count = known[:keep], len(known)
            return out
        proof.build_time += out.build_time
        proof.solve_time += out.solve_time
        return proof


register_backend("search+glucose4", PairedBackend)
