"""The ``dfs`` backend: the compiled exact search for small Hidato and Numbrix boards.

``gridsat._pathsearch.exact`` (``native/pathsearch_exact.h``) keeps the set of cells each
number may take, propagates (each number one move from the next, its two neighbours in the
path at two distinct cells, a cell that only one number may take is that number's, a
number's only cell is no other's, the regions of free cells filled exactly by the runs of
unfixed numbers) and branches on a cell that two numbers may take. It counts the solutions up to the limit exactly, so it
proves uniqueness and impossibility, without a formula and without the GIL, in a fraction
of a millisecond on a published-density 10x10.

Its tree grows on sparse boards (an empty template has thousands of solutions and no
givens to propagate from), so it runs within a node budget (:data:`NODE_BUDGET`). A board
it has not decided within the budget goes on to :data:`THEN` (the local search, then a SAT
proof) for the rest of the time limit, and the outcome's ``stats["dfs"]`` says so. Boards of
more than :data:`MAX_CELLS` cells go there directly, and so do counts past two (the SAT
backend enumerates them, in the order it always has); ``solve`` and ``check`` are its jobs.

It takes the ``hidato-sets`` encoding (:mod:`gridsat.kinds.hidato.encode_path`): the board's
neighbour lists and the givens, nothing built per puzzle beyond them. It supports ``batch``:
:func:`gridsat.engine.run_many` hands it a file's puzzles in chunks.
"""

from __future__ import annotations

import time

from ...backends.base import Backend, Outcome, get_backend, register_backend
from ...encoders import get_encoding
from ...errors import UnsupportedError
from ..base import kind_of
from .backend_search import load, load_error

__all__ = ["DfsBackend", "NODE_BUDGET", "MAX_CELLS", "THEN", "exact"]

#: branch nodes before the search gives a board up to :data:`THEN` (under a millisecond on a published-density 10x10; 500 of 510 generated minimal 6x6-10x10 boards are decided within it, and a larger budget cost more CPU over them than the fallback it saves)
NODE_BUDGET = 1000
#: the most cells the compiled search takes (its cell sets are four 64-bit words)
MAX_CELLS = 256
#: the backend that takes a board the search did not decide within its budget
THEN = "search+glucose4"
#: the count limit passed for "all" (the search counts in a C int)
_ALL = 2**31 - 1


def _core():
    core = load()
    if core is None or not hasattr(core, "exact"):
        raise UnsupportedError(f"backend dfs is unavailable: {load_error() or 'the extension has no exact search'}")
    return core


def exact(model, limit: "int | None" = 2, keep: int = 2, budget: int = NODE_BUDGET) -> tuple[int, bool, int, list]:
    """The compiled search on a ``hidato-sets`` model.

    Parameters
    ----------
    model : PathModel
        From the ``hidato-sets`` (or ``hidato-path``) encoding.
    limit : int or None
        Count up to this many solutions (``None``: all).
    keep : int
        Return at most this many of them.
    budget : int
        Branch nodes at most.

    Returns
    -------
    tuple
        ``(count, decided, nodes, solutions)``: ``decided`` is false when the budget ran out
        first (then ``count`` is a lower bound); solutions are lists of numbers per cell.
    """
    return _core().exact(model.n, model.indptr, model.indices, model.rows, model.cols, model.rook,
                         model.anchor_cells, model.anchor_values, _ALL if limit is None else max(limit, 1),
                         min(max(keep, 0), 64), budget)


class DfsBackend(Backend):
    """Compiled exact search for small Hidato/Numbrix boards, within a node budget, then :data:`THEN`.

    Parameters
    ----------
    budget : int
        Branch nodes before the board goes on to ``then``.
    then : str
        A backend of the ``search`` target that takes the board when the budget runs out.
    """

    name = "dfs"
    target = "search"
    supports = frozenset({"solve", "count", "time_limit", "stats", "batch"})

    def __init__(self, budget: int = NODE_BUDGET, then: str = THEN) -> None:
        self.budget = budget
        self.then = then

    def unavailable(self) -> str | None:
        """Why the compiled search cannot run here (the extension was not built), or None."""
        core = load()
        if core is None:
            return load_error()
        return None if hasattr(core, "exact") else "the compiled extension has no exact search (rebuild it)"

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Decide ``puzzle`` within the node budget, else hand it to :attr:`then` (see the module docstring)."""
        if encoding.target != "search":
            raise UnsupportedError(f"backend {self.name} takes search encodings, not {encoding.target} ({encoding.name})")
        t0 = time.perf_counter()
        if limit is None or limit > 2:  # a count: the SAT backend enumerates, in its own order, as before
            return self._then(puzzle, encoding, limit, time_limit, keep, t0, {"skipped": "a count"})
        if len(puzzle.cells) > MAX_CELLS:
            return self._then(puzzle, encoding, limit, time_limit, keep, t0, {"skipped": f"over {MAX_CELLS} cells"})
        model = encoding.build(puzzle)
        t1 = time.perf_counter()
        if model.refuted:
            return Outcome(complete=True, build_time=t1 - t0, stats={"refuted": model.refuted})
        count, decided, nodes, sols = exact(model, limit, keep, self.budget)
        t2 = time.perf_counter()
        if not decided:
            return self._then(puzzle, encoding, limit, time_limit, keep, t0,
                              {"nodes": nodes, "seconds": round(t2 - t1, 4), "decided": False})
        return Outcome(solutions=[tuple(s) for s in sols], count=count,
                       complete=limit is None or count < limit, build_time=t1 - t0, solve_time=t2 - t1,
                       stats={"nodes": nodes})

    def _then(self, puzzle, encoding, limit, time_limit, keep, t0, stats) -> Outcome:
        """The board handed on to :attr:`then` for what is left of the time limit."""
        left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
        if left is not None and left <= 0:
            return Outcome(timed_out=True, stats={"dfs": stats})
        path = get_encoding("hidato-path", kind_of(puzzle).name)  # (with its cheap proof)
        out = get_backend(self.then).run(puzzle, path, limit=limit, time_limit=left, keep=keep)
        out.stats = {"dfs": stats, **out.stats}
        return out

    def run_many(self, puzzles, encoding, *, limit: int | None = 1, time_limit: float | None = None,
                 keep: int = 2) -> list[Outcome]:
        """:meth:`run` on each puzzle (each with its own time limit), in order."""
        return [self.run(p, encoding, limit=limit, time_limit=time_limit, keep=keep) for p in puzzles]


register_backend("dfs", DfsBackend)
