"""The ``native`` backend: the C bitset core (``gridsat._native``) for the Sudoku family.

It takes the ``sudoku-native`` encoding (a unit table per board, see
:mod:`gridsat.kinds.sudoku.encode_native`): classic boards of any box shape and jigsaw
layouts up to 32x32. The core propagates naked and hidden singles and searches depth
first on a cell with the fewest candidates; counting stops at ``limit``. The classic 9x9
board runs on a bitboard version of the same search (one 27-bit word per digit and band of
three rows; ``uses_band`` tells which a geometry takes): the same rules and branching, so
the same counts, solutions and solution order, at a fraction of the cost; a check (limit 2)
there takes the core's counting order, which branches less on hard puzzles, and asks a
puzzle of two solutions again in the usual order (:func:`_order`), so the answers are the
usual search's and only the ``nodes`` figures are the counting order's. It runs without
the GIL in slices of about 50 ms, between which Python handles signals (Ctrl-C raises
``KeyboardInterrupt``) and the time limit is checked.

The extension is optional: an install without a C compiler leaves it out, and then
:meth:`NativeBackend.unavailable` says why. Batch entry points (:func:`check_block`,
:func:`check_lines`) pose many puzzles of one board in one call.
"""

from __future__ import annotations

import importlib.util
import itertools
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from ...errors import UnsupportedError
from ...limits.child import JobInterrupted
from ...encoders.native import NATIVE_TYPES, budget_factor
from ...backends.catalogue import PYSAT_SOLVERS
from ...backends.base import Backend, OptionalExtension, Outcome, build_within, get_backend, prove_after, register_backend

__all__ = ["NativeBackend", "BudgetedBackend", "NODE_BUDGET", "node_budget", "load", "check_block", "check_lines", "BlockResult", "values_of_line"]

_EXTENSION = OptionalExtension("gridsat._native")
#: the C extension module, or ``None`` when it cannot be imported (see :func:`load_error`)
load = _EXTENSION.load
#: why :func:`load` found no extension (``None`` when it did)
load_error = _EXTENSION.error
#: forget the import result (tests simulate a missing extension with this)
_reset = _EXTENSION.reset


class NativeBackend(Backend):
    """The C bitset core for classic and jigsaw Sudoku."""

    name = "native"
    target = "native"
    supports = frozenset({"solve", "count", "time_limit", "stats", "batch"})
    #: the capability: the constraint types the core propagates beyond rows, columns, regions
    #: and givens (:data:`gridsat.encoders.native.NATIVE_TYPES`); its encodings read these and
    #: refuse a puzzle with any other, so the selection sends it only puzzles it understands
    constraints = NATIVE_TYPES

    def unavailable(self) -> str | None:
        """Why the C core cannot be loaded here (e.g. it was not built), or None."""
        return load_error()

    def close(self) -> None:
        """Forget the compiled boards (the ``sudoku-native`` cache), as the SAT backends drop
        their cached formulas."""
        from .encode_native import clear_cache

        clear_cache()

    def _core(self, encoding):
        """The C extension, once ``encoding`` is known to be one of the core's."""
        if encoding.target != "native":
            raise UnsupportedError(f"backend {self.name} takes native encodings, not {encoding.target} ({encoding.name})")
        return _loaded()

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2, max_nodes: int = 0) -> Outcome:
        """Solve or count with the C core on the encoding's unit table; see :meth:`Backend.run`.

        ``max_nodes``: stop after that many branches (0: no cap); the outcome is then neither
        complete nor timed out, and ``stats["nodes"]`` equals ``max_nodes``.
        """
        core = self._core(encoding)
        model, out, left = build_within(encoding, puzzle, time_limit)
        if out.timed_out:
            return out
        t1 = time.perf_counter()
        lim = 0 if limit is None else max(int(limit), 1)
        extras = getattr(model, "extras", None)
        givens, kept = bytes(puzzle.givens), _c_keep(keep, lim, len(puzzle.givens))
        try:
            order = _order(core, model.geometry, lim, extras)
            count, complete, timed_out, sols, nodes = core.solve(model.geometry, givens, lim, kept, left, max_nodes,
                                                                 extras, order)
            if order and count >= 2:  # several solutions: the usual order's, as any other run finds them
                rest = left if left < 0 else max(left - (time.perf_counter() - t1), 0.0)
                again = core.solve(model.geometry, givens, lim, kept, rest, max_nodes, extras, 0)
                if again[0] == count:  # (else time or branches ran out there: the first answer stands)
                    count, complete, timed_out, sols = again[:4]
                nodes += again[4]
        except KeyboardInterrupt as exc:  # the core hands over what it had found as ``partial``
            part = getattr(exc, "partial", None)
            if part is not None:
                out.count, out.solutions, out.stats = part[0], [tuple(s) for s in part[3]], {"nodes": part[4]}
            out.solve_time = time.perf_counter() - t1
            err = JobInterrupted()
            err.outcome = out
            raise err from None
        out.solve_time = time.perf_counter() - t1
        out.count, out.complete, out.timed_out = count, complete, timed_out
        out.solutions = [tuple(s) for s in sols]
        out.stats = {"nodes": nodes}
        return out

    def run_many(self, puzzles, encoding, *, limit=1, time_limit=None, keep=2,
                 max_nodes: "int | Callable[[int], int]" = 0) -> list[Outcome]:
        """Every puzzle's :class:`Outcome`, consecutive puzzles of one board in one C call
        (``time_limit`` and ``max_nodes`` hold for each puzzle; ``max_nodes`` may be a function
        of the board size ``n``); see :meth:`Backend.run_many`."""
        core = self._core(encoding)
        lim = 0 if limit is None else max(int(limit), 1)
        t0 = time.perf_counter()
        models = []
        for p in puzzles:
            models.append(encoding.build(p))
            if getattr(models[-1], "extras", None) is not None:  # (the batch call knows no extra rules)
                return [self.run(p, encoding, limit=limit, time_limit=time_limit, keep=keep,
                                 max_nodes=max_nodes(p.n) if callable(max_nodes) else max_nodes) for p in puzzles]
        build = (time.perf_counter() - t0) / max(len(puzzles), 1)  # (each board is compiled once)
        outs: list[Outcome] = []
        start = 0
        for _, run in itertools.groupby(models, key=id):  # consecutive puzzles of one board: one call
            n_run = len(list(run))
            model, batch = models[start], puzzles[start:start + n_run]
            start += n_run
            cells = model.n * model.n
            kept = max(1, _c_keep(keep, lim, cells))
            if time_limit is not None and time_limit - build <= 0:
                outs.extend(Outcome(timed_out=True, build_time=build) for _ in batch)
                continue
            left = -1.0 if time_limit is None else time_limit - build
            cap = max_nodes(model.n) if callable(max_nodes) else max_nodes
            givens = b"".join(bytes(p.givens) for p in batch)
            order = _order(core, model.geometry, lim, None)
            counts, flags, sols, _, nodes, secs = core.batch(model.geometry, givens, lim, left, kept, True, True,
                                                             cap, False, order)
            secs = memoryview(secs).cast("d")
            if order and max(counts, default=0) >= 2:
                counts, flags, sols, nodes, secs = _usual_again(core, model.geometry, givens, cells, kept, lim, left,
                                                                cap, (counts, flags, sols, nodes, secs))
            for k in range(n_run):
                c, base = counts[k], k * kept * cells
                outs.append(Outcome(
                    solutions=[tuple(sols[base + m * cells:base + (m + 1) * cells]) for m in range(min(c, kept))],
                    count=c, complete=flags[k] == 1, timed_out=flags[k] == 2, build_time=build,
                    solve_time=secs[k], stats={"nodes": nodes[k]}))
        return outs


# ---------------------------------------------------------------------------- budgeted
#: branches the C core takes on a 9x9 board in a budgeted run (:class:`BudgetedBackend`)
#: before the SAT backend takes over: about 20 ms, where MiniCard decides the jigsaw layouts
#: the core cannot in 20-40 ms (docs/benchmarks/dominance.md). A branch costs more on a larger
#: board (0.9 us on 8x8, 7 us on 12x12), so larger boards get fewer: see :func:`node_budget`.
NODE_BUDGET = 20_000
#: the fewest branches any board gets
MIN_NODES = 1_000


def node_budget(n: int, budget: int = NODE_BUDGET) -> int:
    """The branches a budgeted run gives an ``n x n`` board: ``budget`` up to 9x9, then
    falling with the square of the cells (about the cost of a branch), at least :data:`MIN_NODES`.

    >>> node_budget(8), node_budget(12), node_budget(25)
    (20000, 6328, 1000)
    """
    if n <= 9:
        return budget
    return max(MIN_NODES, budget * 81 ** 2 // (n * n) ** 2)


class BudgetedBackend(NativeBackend):
    """The C core for at most a node budget, then a SAT backend with the core's solutions blocked.

    The core decides most boards in a few hundred branches, far faster than any formula is
    built; on a few (an empty jigsaw layout that admits no solution, some 12x12 layouts) its
    depth-first search wanders for minutes where a clause-learning solver decides in
    milliseconds. So the core runs for :data:`NODE_BUDGET` branches; when they are spent
    undecided, the prover runs on its CNF encoding for the rest of the time limit, with the
    solutions the core found blocked (they are kept and counted: what the core learned).

    Parameters
    ----------
    prover : str
        A CNF backend that supports ``exclude`` (every python-sat backend does).
    prover_encoding : str
        Its encoding (``cnf-reduced``: one formula per puzzle, as jigsaw region maps need).
    budget : int
        The core's branches on a 9x9 board before the prover runs (see :func:`node_budget`).
    """

    def __init__(self, prover: str = "minicard", prover_encoding: str = "cnf-reduced",
                 budget: int = NODE_BUDGET) -> None:
        self.name = f"native+{prover}"
        self.prover_name = prover
        self.prover_encoding = prover_encoding
        self.budget = budget

    def unavailable(self) -> str | None:
        """Why the C core or the prover cannot run here, or None.

        A python-sat prover is not imported to be asked (python-sat loads in a fifth of a
        ``gridsat check``'s start-up, and most puzzles never reach the prover): its package
        being installed is its answer, as a python-sat backend has no other reason to refuse."""
        why = super().unavailable()
        if why is not None:
            return why
        if self.prover_name in PYSAT_SOLVERS:
            return None if importlib.util.find_spec("pysat") is not None else "python-sat is not installed"
        return get_backend(self.prover_name).unavailable()

    def _budget(self, puzzle) -> int:
        """The core's branches on ``puzzle``: :func:`node_budget`, times the factor its extra
        rules ask for (:func:`gridsat.encoders.native.budget_factor`)."""
        return node_budget(puzzle.n, self.budget) * budget_factor(getattr(puzzle, "extra", ()) or ())

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2, max_nodes: int = 0) -> Outcome:
        """The core within its budget, then the prover (see the class docstring)."""
        t0 = time.perf_counter()
        first = super().run(puzzle, encoding, limit=limit, time_limit=time_limit, keep=keep,
                            max_nodes=max_nodes or self._budget(puzzle))
        left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
        return self._prove(puzzle, first, limit, left, keep)

    def run_many(self, puzzles, encoding, *, limit=1, time_limit=None, keep=2, max_nodes: int = 0) -> list[Outcome]:
        """The core on every puzzle in batches within its budget, then the prover on each
        puzzle that spent it (one by one where a puzzle's rules ask for a larger budget)."""
        if not max_nodes and any(budget_factor(getattr(p, "extra", ()) or ()) > 1 for p in puzzles):
            return [self.run(p, encoding, limit=limit, time_limit=time_limit, keep=keep) for p in puzzles]
        firsts = super().run_many(puzzles, encoding, limit=limit, time_limit=time_limit, keep=keep,
                                  max_nodes=max_nodes or (lambda n: node_budget(n, self.budget)))
        return [self._prove(p, o, limit, None if time_limit is None else time_limit - o.build_time - o.solve_time, keep)
                for p, o in zip(puzzles, firsts)]

    def _spent(self, out: Outcome, limit) -> bool:
        """Whether the core stopped at its budget, undecided."""
        return not (out.complete or out.timed_out or (limit is not None and out.count >= limit))

    def _prove(self, puzzle, first: Outcome, limit, left: "float | None", keep: int) -> Outcome:
        """``first`` when the core decided; else the prover's outcome with the core's solutions in it."""
        if not self._spent(first, limit):
            return first
        stats = {"nodes": first.stats.get("nodes", 0), "budget": self._budget(puzzle)}
        if left is not None and left <= 0:
            first.timed_out, first.stats = True, stats
            return first
        from ...encoders import get_encoding, list_encodings
        from .. import kind_of

        kind = kind_of(puzzle).name
        try:
            enc = get_encoding(self.prover_encoding, kind)
        except UnsupportedError:  # (a kind of its own on the core, without this encoding)
            enc = None
        if enc is None or not enc.applies(puzzle):
            enc = next(e for e in list_encodings(kind, "cnf") if e.applies(puzzle))
        return prove_after(first, get_backend(self.prover_name), enc, puzzle, limit=limit, time_limit=left,
                           keep=keep, stats=stats)


# ---------------------------------------------------------------------------- batches
@dataclass
class BlockResult:
    """What a batch found, puzzle by puzzle.

    ``counts[i]``: solutions of puzzle ``i`` up to the limit; ``complete[i]``: that count is
    exact; ``timed_out[i]``: the batch's time limit stopped it; ``solution(i)``: its first
    solution as a tuple (``None`` when it has none).
    """

    n: int
    counts: list[int]
    flags: bytes
    solutions: bytes
    nodes: int
    seconds: float

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def complete(self) -> list[bool]:
        """Per puzzle: whether the search was exhausted (the count is exact)."""
        return [f == 1 for f in self.flags]

    @property
    def timed_out(self) -> list[bool]:
        """Per puzzle: whether the time limit stopped the search."""
        return [f == 2 for f in self.flags]

    def status(self, i: int) -> str:
        """``unique``, ``ambiguous``, ``impossible`` or ``unknown`` for puzzle ``i`` (as a check)."""
        c, f = self.counts[i], self.flags[i]
        if c >= 2:
            return "ambiguous"
        if f == 1:
            return "unique" if c == 1 else "impossible"
        return "unknown"

    def solution(self, i: int) -> tuple[int, ...] | None:
        """The first solution of puzzle ``i`` (``None`` when it has none)."""
        if not self.counts[i]:
            return None
        size = self.n * self.n
        return tuple(self.solutions[i * size:(i + 1) * size])


def check_block(board, givens: bytes, *, limit: int = 2, time_limit: float | None = None) -> BlockResult:
    """Count (up to ``limit``) the solutions of many puzzles on ``board`` in one C call.

    ``board``: a :class:`~gridsat.Sudoku` giving the size and region map; ``givens``: the
    puzzles' cells back to back, one byte per cell (0 empty). The answers are not passed
    through the front door's verifier; :func:`gridsat.verify` checks any of them.

    On the classic 9x9 board with ``limit`` 2 or more the block runs in the core's counting
    order (``batch(order=1)``: more rules per node and fewer branches on hard puzzles, the
    same counts), and the puzzles found to have several solutions are asked again in the
    usual order, so that every answer, first solution included, is the usual search's
    (``nodes`` adds both calls' branches).
    """
    core = _loaded()
    from .encode_native import native_model

    model = native_model(board)
    t0 = time.perf_counter()
    limit = max(int(limit), 0)
    tl = -1.0 if time_limit is None else max(time_limit, 0.0)
    counting = limit >= 2 and core.uses_band(model.geometry)
    counts, flags, sols, nodes = core.batch(model.geometry, givens, limit, tl, 1, False, False, 0, False,
                                            1 if counting else 0)
    again = [i for i, c in enumerate(counts) if c >= 2] if counting else []
    if again:
        size = board.n * board.n
        left = -1.0 if time_limit is None else max(tl - (time.perf_counter() - t0), 0.0)
        block = b"".join(givens[i * size:(i + 1) * size] for i in again)
        c2, f2, s2, n2 = core.batch(model.geometry, block, limit, left, 1, False, False, 0, False, 0)
        flags, sols = bytearray(flags), bytearray(sols)
        for j, i in enumerate(again):
            if f2[j] == 2:  # the time ran out there: the counting order's answer stands
                continue
            counts[i], flags[i] = c2[j], f2[j]
            sols[i * size:(i + 1) * size] = s2[j * size:(j + 1) * size]
        flags, sols, nodes = bytes(flags), bytes(sols), nodes + n2
    return BlockResult(board.n, counts, flags, sols, nodes, time.perf_counter() - t0)


_DIGITS = bytes.maketrans(b".0123456789", bytes(range(11))[:1] + bytes(range(10)))


def values_of_line(line: str | bytes) -> bytes:
    """An 81-character line (``.`` or ``0`` empty, digits 1-9) as cell values, one byte each."""
    b = line.encode() if isinstance(line, str) else bytes(line)
    return b.translate(_DIGITS)


def check_lines(lines: Sequence[str] | bytes, *, limit: int = 2, time_limit: float | None = None) -> BlockResult:
    """Check many classic 9x9 puzzles given as 81-character lines (``.``/``0`` empty) in one C call.

    ``lines``: a sequence of strings, or one bytes buffer of 81-byte puzzles back to back.
    """
    from .puzzle import Sudoku

    block = bytes(lines) if isinstance(lines, (bytes, bytearray, memoryview)) else "".join(lines).encode()
    if len(block) % 81:
        raise ValueError(f"{len(block)} characters is not a whole number of 81-character puzzles")
    data = block.translate(_DIGITS)
    if data.strip(bytes(range(10))):
        raise ValueError("puzzle lines may hold only '.', '0' and the digits 1-9")
    return check_block(Sudoku.empty(9), data, limit=limit, time_limit=time_limit)


register_backend("native", NativeBackend)
register_backend("native+minicard", BudgetedBackend)


def _order(core, geometry, limit: int, extras) -> int:
    """The C core's branching order for a run to ``limit``: its counting order (``1``) for a
    check (limit 2) on the classic 9x9 board without extra rules, which takes fewer branches
    on hard puzzles and finds the same count and the same unique solution; else the usual
    order (``0``). A check that finds two solutions is asked again in the usual order
    (:meth:`NativeBackend.run`, :func:`_usual_again`), so that every answer, first solutions
    included, is the usual search's; its ``nodes`` add both searches' branches."""
    return 1 if limit == 2 and extras is None and core.uses_band(geometry) else 0


def _usual_again(core, geometry, givens: bytes, cells: int, kept: int, limit: int, left: float, cap: int,
                 first: tuple) -> tuple:
    """A counting-order batch's answers ``(counts, flags, sols, nodes, secs)`` with its puzzles
    of two or more solutions asked again in the usual order (the counting order's answer
    stands where the time or the branches ran out first; ``nodes`` and ``secs`` add both
    calls')."""
    counts, flags, sols, nodes, secs = first
    again = [i for i, c in enumerate(counts) if c >= 2]
    size = kept * cells
    block = b"".join(givens[i * cells:(i + 1) * cells] for i in again)
    if left >= 0:  # (each puzzle's limit: what the slowest of them has left)
        left = max(left - max(secs[i] for i in again), 0.0)
    c2, f2, s2, _, n2, t2 = core.batch(geometry, block, limit, left, kept, True, True, cap, False, 0)
    t2 = memoryview(t2).cast("d")
    counts, flags, sols, nodes, secs = list(counts), bytearray(flags), bytearray(sols), list(nodes), list(secs)
    for j, i in enumerate(again):
        nodes[i] += n2[j]
        secs[i] += t2[j]
        if c2[j] != counts[i]:  # (the time or the branches ran out there)
            continue
        counts[i], flags[i] = c2[j], f2[j]
        sols[i * size:(i + 1) * size] = s2[j * size:(j + 1) * size]
    return counts, bytes(flags), bytes(sols), nodes, secs


def _loaded():
    """The C extension, or :class:`UnsupportedError` saying why it is not there."""
    core = load()
    if core is None:
        raise UnsupportedError(f"backend native is unavailable: {load_error()}")
    return core


def _c_keep(keep: int, limit: int, cells: int) -> int:
    """The C core's ``keep``: it allocates ``keep`` solutions up front, so at most ``limit`` of them
    and at most 64 MB (a count that keeps every solution past that fails the engine's evidence check)."""
    most = max(2, (1 << 26) // max(cells, 1))
    return max(0, min(int(keep), limit or most, most))
