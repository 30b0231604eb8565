"""The ``search`` backend: the compiled path-cover local search (``gridsat._pathsearch``) for Hidato/Numbrix.

It takes the ``hidato-path`` encoding (:mod:`gridsat.kinds.hidato.encode_path`). The state is
one path from the start to the end through every given cell in order; cells may be left
off it. Gap ``i`` between consecutive givens must take exactly the difference of their
numbers in steps, and the search anneals (at a fixed temperature) the sum of the length
errors down to zero with cheap moves (insert, remove, move a cell, reversals, short
chains) and a joint re-route of up to six gaps at once by a depth-first search with a node
budget. When the cost has not improved for :data:`KICK_AFTER` work units (about a third of
a second; on king boards :data:`KICK_AFTER_KING`, a sixteenth of that), it kicks the
state: the gap that has been wrong longest and the eleven gaps nearest it on the board are
routed afresh by cheapest paths and the moves grow them again, while the rest of the state
is kept. On rook boards one hole move in :data:`PAIR_EVERY` pairs a hole with the nearest
hole of the other colour, and a kick that walls a gap in tries :data:`KICK_RETRIES` other
routing orders. Restarts from a fresh first state (after 1, 1.5, 2.25, ... periods of
``restart_work``) remain available but are off by default.

It finds solutions and proves nothing: the outcome is never ``complete``, except when the
encoding's cheap proof (two givens too far apart for their gap) shows there is none.
After a solution it tries one length-preserving move on it (a reversal inside a gap, or a
cell moved inside its gap); a move that applies is a second, different solution, which
is how ``check`` can answer *ambiguous*. Without one, ``check`` stays *unknown*.

Everything is driven by the seed and by work counts, never by the clock: the same seed
gives the same solution. The kernel runs without the GIL in slices of about 20 ms, between
which Python handles signals (Ctrl-C raises ``KeyboardInterrupt``) and checks the time
limit. Without a time limit the search stops after :data:`DEFAULT_TIME_LIMIT` seconds.

The extension is optional: an install without a C compiler leaves it out, and then
:meth:`SearchBackend.unavailable` says why.
"""

from __future__ import annotations

import time

from ...errors import UnsupportedError
from ...backends.base import Backend, OptionalExtension, Outcome, register_backend

__all__ = ["SearchBackend", "DEFAULT_TIME_LIMIT", "load", "load_error", "searcher", "alternative"]

#: seconds the search runs when no time limit is given (it cannot prove that nothing exists)
DEFAULT_TIME_LIMIT = 10.0
#: work units (about one cheap move each) per slice without the GIL: some 10-30 ms
SLICE = 200_000
#: work units before the first restart; later periods grow by 1.5. So many that a run never
#: restarts: the kick (below) does better than starting over (docs/explain/search.md)
RESTART_WORK = 10**12
#: work units between two checks for a stall (0: no kicks), on rook boards
KICK_EVERY = 1_000_000
#: work units without a better cost that make a stall, on rook boards
KICK_AFTER = 4_000_000
#: the same two on king boards: a stall is kicked sooner there (docs/explain/search.md)
KICK_EVERY_KING = 125_000
KICK_AFTER_KING = 250_000
#: on rook boards, one hole move in this many is the pairing move (a hole and the nearest
#: hole of the other colour re-routed into the gaps between them), and a kick whose
#: routing walls a gap in tries this many other orders (docs/benchmarks/hidato.md)
PAIR_EVERY = 4
KICK_RETRIES = 3

_EXTENSION = OptionalExtension("gridsat._pathsearch")
#: the C extension module, or ``None`` when it cannot be imported (see :func:`load_error`)
load = _EXTENSION.load
#: why :func:`load` found no extension (``None`` when it did)
load_error = _EXTENSION.error
#: forget the import result (tests simulate a missing extension with this)
_reset = _EXTENSION.reset


def _core():
    core = load()
    if core is None:
        raise UnsupportedError(f"backend search is unavailable: {load_error()}")
    return core


def _defaults(model, options: dict) -> dict:
    """``options`` with the restart and kick settings filled in where missing (or None), the
    kick's by the board's adjacency; on rook boards the pairing move and the kick's retries too."""
    out = {k: v for k, v in options.items() if v is not None}
    out.setdefault("restart_work", RESTART_WORK)
    out.setdefault("kick_every", KICK_EVERY if model.rook else KICK_EVERY_KING)
    out.setdefault("kick_after", KICK_AFTER if model.rook else KICK_AFTER_KING)
    if model.rook:
        out.setdefault("pair_every", PAIR_EVERY)
        out.setdefault("kick_retries", KICK_RETRIES)
    return out


def searcher(model, seed: int = 0, **options):
    """A kernel state for a ``hidato-path`` model (``options``: temperature, restart_work, reroute_every,
    kick_every, kick_after, kick_gaps, kick_long and the kernel's other keywords; the kick's
    settings default by the board's adjacency)."""
    core = _core()
    options = _defaults(model, options)
    return core.new(model.n, model.indptr, model.indices, model.rows, model.cols, model.rook,
                    model.anchor_cells, model.anchor_values, seed, **options)


def alternative(puzzle, solution, seed: int = 0) -> tuple[int, ...] | None:
    """A solution of ``puzzle`` different from ``solution``, one length-preserving move away, or None.

    ``solution``: numbers per cell (as :func:`gridsat.solve` returns them). None means that
    no such move applies, not that the solution is unique.
    """
    from ...encoders import get_encoding

    state = searcher(get_encoding("hidato-path", "hidato").build(puzzle), seed)
    core = _core()
    core.load(state, list(solution))
    other = core.alternative(state)
    return None if other is None else tuple(other)


class SearchBackend(Backend):
    """Compiled local search for Hidato/Numbrix paths: finds solutions, proves nothing."""

    name = "search"
    target = "search"
    supports = frozenset({"solve", "time_limit", "stats"})

    def __init__(self, seed: int = 0, temperature: float = 0.25, restart_work: int = RESTART_WORK,
                 reroute_every: int = 256, kick_every: int | None = None, kick_after: int | None = None) -> None:
        self.seed = seed
        self.options = {"temperature": temperature, "restart_work": restart_work, "reroute_every": reroute_every,
                        "kick_every": kick_every, "kick_after": kick_after}

    def unavailable(self) -> str | None:
        """Why the kernel cannot be loaded here (e.g. it was not built), or None."""
        return load_error()

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Search for a solution (and, for ``limit`` >= 2, a second one next to it); see the module docstring."""
        if encoding.target != "search":
            raise UnsupportedError(f"backend {self.name} takes search encodings, not {encoding.target} ({encoding.name})")
        core = _core()
        t0 = time.perf_counter()
        deadline = t0 + (DEFAULT_TIME_LIMIT if time_limit is None else time_limit)
        model = encoding.build(puzzle)
        t1 = time.perf_counter()
        out = Outcome(build_time=t1 - t0)
        if model.refuted:
            out.complete = True
            out.stats = {"refuted": model.refuted}
            return out
        state = core.new(model.n, model.indptr, model.indices, model.rows, model.cols, model.rook,
                         model.anchor_cells, model.anchor_values, self.seed, **_defaults(model, self.options))
        solved = False
        while time.perf_counter() < deadline:
            if core.run(state, SLICE):
                solved = True
                break
        if solved:
            sols = [tuple(core.solution(state))]
            if limit is None or limit >= 2:
                other = core.alternative(state)
                if other is not None:
                    sols.append(tuple(other))
            out.count = len(sols)
            out.solutions = sols[:max(keep, 0)] if keep is not None else sols
        else:
            out.timed_out = True
        out.solve_time = time.perf_counter() - t1
        out.stats = {"seed": self.seed, **core.stats(state)}
        return out


register_backend("search", SearchBackend)
