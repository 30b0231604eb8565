"""Incremental SAT backends: any python-sat solver that takes assumptions.

The base formula of an encoding is built and loaded once per key (for Sudoku: size and
region map) and kept in a small LRU cache, so a batch of same-shape puzzles pays for it
once. Givens go in as assumptions. Counting adds blocking clauses over the primary
literals only, each guarded by a fresh activation literal that is retired after the job,
so the base formula stays clean for the next puzzle.
"""

from __future__ import annotations

import operator
import os
import threading
import time
from collections import OrderedDict
from functools import partial
from itertools import islice
from typing import Any

import pysat.solvers as _pysat_solvers
from pysat.solvers import Solver

try:
    import pysolvers  # python-sat's C extension
except ImportError:  # pragma: no cover
    pysolvers = None

from ..errors import UnsupportedError
from ..limits.child import JobInterrupted, report_progress
from .base import Backend, Outcome, register_backend
from .catalogue import PYSAT_SOLVERS

__all__ = ["PysatBackend", "PYSAT_SOLVERS"]

_POSITIVE = (0).__lt__
_SUB = operator.sub

_NO_BUDGET = {"lingeling"}
# no ``interrupt`` in python-sat: time limits by conflict-budget slices instead
_NO_INTERRUPT = {"cadical103", "cadical153", "cadical195", "lingeling"}

# The C function python-sat's ``add_clause`` wraps, and the attribute holding the solver
# handle, per solver: loading a formula through them skips one Python call per clause
# (a quarter of the load time of a 10^5-clause formula). Others load the usual way.
_C_ADD = {
    "cadical103": ("cadical", "cadical103_add_cl"), "cadical153": ("cadical", "cadical153_add_cl"),
    "cadical195": ("cadical", "cadical195_add_cl"), "glucose3": ("glucose", "glucose3_add_cl"),
    "glucose4": ("glucose", "glucose41_add_cl"), "glucose42": ("glucose", "glucose421_add_cl"),
    "maplechrono": ("maplesat", "maplechrono_add_cl"), "maplecm": ("maplesat", "maplecm_add_cl"),
    "maplesat": ("maplesat", "maplesat_add_cl"), "mergesat3": ("mergesat", "mergesat3_add_cl"),
    "minicard": ("minicard", "minicard_add_cl"), "minisat22": ("minisat", "minisat22_add_cl"),
}


#: clauses loaded per call into the C extension (between two chances for Ctrl-C)
_LOAD_CHUNK = 20000

#: solvers with native at-most-k constraints (``add_atmost``)
_NATIVE_AMO = {"minicard"}
#: solvers that cannot stop within a time limit by themselves: MapleCM checks its interrupt
#: rarely (5.5-6.3 s at a 1 s limit on a sparse 30x30 Hidato), Lingeling has neither an
#: interrupt nor budgets in python-sat. Under a time limit the front door runs them in a child
#: process killed at the limit.
_SLOW_STOP = {"maplecm"} | _NO_BUDGET
#: solvers that copy the formula into larger structures: peak memory over the encoding's estimate
_MEMORY_FACTOR = {"cadical103": 1.6, "cadical153": 1.6, "cadical195": 1.6}
#: solver -> {encoding: factor}: cnf-reduced's estimate is for its pairwise clauses, which
#: Minicard loads as one native at-most-one constraint per group instead (an empty 64x64:
#: 0.18 GB over the interpreter, where Glucose passes 6 GB; see docs/explain/limits.md)
_MEMORY_FACTORS = {"minicard": {"cnf-reduced": 0.035}}


class _NotMainThread:
    """Stands in for python-sat's ``MainThread`` during a CaDiCaL call: python-sat then installs
    no SIGINT handler of its own, whose ``longjmp`` out of CaDiCaL leaves the solver in an
    invalid state (the next call aborts the process: "invalid API usage"). Ctrl-C is then
    seen by Python when the conflict-budget slice returns."""

    @staticmethod
    def check() -> bool:
        return False


def _disown(solver) -> None:
    """Make python-sat forget an interrupted solver's native handle, so that no later call
    (not even its destructor at exit, which could hang or abort on the broken state) reaches it.
    The solver's memory is left to the operating system."""
    inner = getattr(solver, "solver", None)
    if inner is None:
        return
    for attr in ("cadical", "glucose", "lingeling", "maplesat", "mergesat", "minicard", "minisat", "gluecard"):
        if getattr(inner, attr, None) is not None:
            setattr(inner, attr, None)


def _is_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C (python-sat turns it inside a native solve into its own error)."""
    return isinstance(exc, KeyboardInterrupt) or "keyboard interrupt" in str(exc).lower()


class _Watchdog:
    """One daemon thread that calls ``fn()`` at a deadline: a time-limited SAT call arms it
    instead of starting a ``threading.Timer`` thread of its own (~0.1 ms per call, as much as
    a whole 9x9 solve). ``fn`` runs under the lock, so once :meth:`disarm` returns it has
    either run completely or will never run."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._jobs: dict[int, tuple[float, Any]] = {}
        self._next = 0
        self._thread: threading.Thread | None = None

    def arm(self, deadline: float, fn) -> int:
        with self._cond:
            self._next += 1
            self._jobs[self._next] = (deadline, fn)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="gridsat-watchdog", daemon=True)
                self._thread.start()
            self._cond.notify()
            return self._next

    def disarm(self, token: int) -> None:
        with self._cond:
            self._jobs.pop(token, None)

    def _run(self) -> None:
        with self._cond:
            while True:
                if not self._jobs:
                    self._cond.wait()
                    continue
                token, (deadline, fn) = min(self._jobs.items(), key=lambda kv: kv[1][0])
                left = deadline - time.perf_counter()
                if left > 0:
                    self._cond.wait(left)
                    continue
                del self._jobs[token]
                fn()


_WATCHDOG = _Watchdog()


def _new_watchdog_in_child() -> None:
    """A forked child (counting, generator workers) has no watchdog thread: start afresh."""
    global _WATCHDOG
    _WATCHDOG = _Watchdog()


os.register_at_fork(after_in_child=_new_watchdog_in_child)


def _new_solver(name: str, clauses) -> Solver:
    """A python-sat solver ``name`` loaded with ``clauses``.

    Clauses that offer ``compact()`` (``(clauses, at-most-one groups)``, see
    ``encoders.sudoku_cnf.CompactClauses``) go into a solver with native cardinality
    constraints in that form: one constraint per group instead of its pairwise clauses.
    """
    compact = getattr(clauses, "compact", None)
    if compact is not None and name in _NATIVE_AMO:
        base, groups = compact()
        solver = _new_solver(name, base)
        add = solver.add_atmost
        for group in groups:
            add(group, 1)
        return solver
    spec = _C_ADD.get(name)
    if spec is not None:
        solver = Solver(name=name)
        inner = solver.solver
        handle = getattr(inner, spec[0], None)
        add = getattr(pysolvers, spec[1], None) if pysolvers is not None else None
        if handle is not None and add is not None:
            # in chunks: Python runs its signal handlers between them, so Ctrl-C during the
            # load of a large formula is seen within milliseconds, not after the whole load
            feed, it = partial(add, handle), iter(clauses)
            while True:
                chunk = list(map(feed, islice(it, _LOAD_CHUNK)))
                if False in chunk:
                    inner.status = False  # as python-sat's add_clause does
                if len(chunk) < _LOAD_CHUNK:
                    break
            return solver
        solver.delete()
    return Solver(name=name, bootstrap_with=clauses)


def _guarded(entry, assumptions: list) -> tuple[int, set, list]:
    """A fresh guard literal for a job's blocking clauses (retired when the job ends), the
    literals assumed so far (true in every model: left out of blocking clauses), and the
    assumptions with the guard."""
    act = entry[2]
    entry[2] += 1
    return act, set(assumptions), assumptions + [act]


class PysatBackend(Backend):
    """A python-sat solver by name, used incrementally."""

    target = "cnf"

    #: solver reloads from the base formula after this many clause layers (jigsaw maps)
    layer_refresh = 64
    #: the solver is reloaded from the base formula before a job once it has met this many
    #: conflicts per clause of the base formula (at least ``refresh_min`` conflicts) since it
    #: was loaded: the learnt clauses of earlier puzzles slow the propagation of later ones
    #: (MiniSat on 9x9 classics: 0.56 ms of SAT time per check without reloads, 0.40 ms
    #: with a reload about every 64 puzzles, load cost included)
    refresh_ratio = 0.1
    refresh_min = 1000
    #: longest conflict-budget slice (seconds, estimated) between deadline checks (CaDiCaL)
    slice_seconds = 1.0
    #: longest slice without a deadline: how long Ctrl-C may wait (CaDiCaL)
    interrupt_seconds = 0.2

    def __init__(self, solver: str, cache_size: int = 8):
        self.name = solver
        self.solver_name = solver
        # every solver keeps a time limit: Lingeling, which cannot stop by itself, runs in a child
        # process the front door kills at the limit (see _SLOW_STOP)
        caps = {"solve", "count", "incremental", "assumptions", "stats", "time_limit", "exclude"}
        self.supports = frozenset(caps)
        self.stops_on_time = solver not in _SLOW_STOP
        self.memory_factor = _MEMORY_FACTOR.get(solver, 1.0)
        self.memory_factors = _MEMORY_FACTORS.get(solver, {})
        # CaDiCaL lets an allocation failure escape as std::bad_alloc, which aborts the process
        self.aborts_on_oom = solver.startswith("cadical")
        self.cache_size = cache_size
        self._cache: OrderedDict = OrderedDict()  # key -> [model, solver, next free var]

    # ---------------------------------------------------------------- formula cache
    def _entry(self, puzzle, encoding):
        key = (encoding.kind, encoding.name, encoding.key(puzzle))  # (kinds may share encoding names)
        entry = self._cache.get(key)
        if entry is not None:
            self._cache.move_to_end(key)
            return entry, 0.0
        t0 = time.perf_counter()
        model = encoding.build(puzzle)
        solver = _new_solver(self.solver_name, model.clauses)
        entry = [model, solver, model.nvars + 1, None, None, 0]  # ..., layer key, layer literal, layers added
        self._cache[key] = entry
        while len(self._cache) > self.cache_size:
            _, old = self._cache.popitem(last=False)
            old[1].delete()
        return entry, time.perf_counter() - t0

    def close(self) -> None:
        """Delete the cached solvers and formulas."""
        for entry in self._cache.values():
            entry[1].delete()
        self._cache.clear()

    def _forget(self, entry) -> None:
        """Drop a cache entry whose solver was interrupted, without calling into the solver again."""
        for key, other in list(self._cache.items()):
            if other is entry:
                del self._cache[key]
        _disown(entry[1])
        entry[1] = None

    def _reload(self, entry) -> None:
        """Replace the entry's solver by a fresh one loaded with the base formula."""
        model = entry[0]
        entry[1].delete()
        entry[1] = _new_solver(self.solver_name, model.clauses)
        entry[2], entry[3], entry[4], entry[5] = model.nvars + 1, None, None, 0

    def _layer(self, entry, puzzle) -> float:
        """Swap in the clause layer of ``puzzle`` (e.g. a jigsaw region map) if it is not current.

        The layer's clauses are guarded by a fresh literal that the caller assumes; the
        previous layer is retired with a unit clause, which satisfies all of its clauses
        and every clause learnt from them.
        """
        model, solver = entry[0], entry[1]
        lk = model.info["layer_key"](puzzle)
        if lk == entry[3]:
            return 0.0
        t0 = time.perf_counter()
        if entry[5] >= self.layer_refresh:
            # retired layers still cost watch-list visits: start over from the base formula
            self._reload(entry)
            solver = entry[1]
        if entry[4] is not None:
            solver.add_clause([-entry[4]])
        guard = entry[2]
        entry[2] += 1
        add = solver.solver.add_clause if hasattr(solver, "solver") else solver.add_clause
        for cl in model.info["layer"](puzzle, guard):
            add(cl)
        entry[3], entry[4] = lk, guard
        entry[5] += 1
        return time.perf_counter() - t0

    # ---------------------------------------------------------------- solving
    def _solve(self, solver, assumptions, deadline):
        """Solve under ``assumptions``; ``None`` once ``deadline`` (perf_counter) has passed.

        Solvers with ``interrupt`` (MiniSat, Glucose, Maple*, MergeSat, Minicard) are stopped
        by the shared watchdog thread at the deadline. CaDiCaL has no interrupt in python-sat: it runs in
        conflict-budget slices sized from its measured conflict rate to last at most about
        ``slice_seconds`` each (a fixed doubling budget overran a 60 s limit by 58 s on a
        large Hidato formula). Without a deadline it runs in slices too, of about
        ``interrupt_seconds``, so Ctrl-C is seen between them (see :class:`_NotMainThread`).
        """
        cadical = self.solver_name in _NO_INTERRUPT and self.solver_name not in _NO_BUDGET
        if self.solver_name in _NO_BUDGET:  # (under a time limit it runs in a child, see _SLOW_STOP)
            return solver.solve(assumptions=assumptions)
        if deadline is None and not cadical:
            return solver.solve(assumptions=assumptions)
        if deadline is not None and deadline - time.perf_counter() <= 0:
            return None
        if not cadical:
            solver.conf_budget(-1)  # no budget left over from an earlier call
            token = _WATCHDOG.arm(deadline, solver.interrupt)
            try:
                return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                _WATCHDOG.disarm(token)
                solver.clear_interrupt()
        budget = 100  # a first slice on a large formula can take seconds
        start = time.perf_counter()
        c_start = (solver.accum_stats() or {}).get("conflicts", 0)
        longest = self.slice_seconds if deadline is not None else self.interrupt_seconds
        while True:
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                return None
            solver.conf_budget(budget)
            saved, _pysat_solvers.MainThread = _pysat_solvers.MainThread, _NotMainThread
            try:
                res = solver.solve_limited(assumptions=assumptions)
            finally:
                _pysat_solvers.MainThread = saved
            if res is not None:
                return res
            # the conflict rate swings 10x between slices: size the next one from the
            # rate over the whole call, and grow it at most 1.5x per slice
            now = time.perf_counter()
            done = (solver.accum_stats() or {}).get("conflicts", 0) - c_start
            rate = max(done, 1) / max(now - start, 1e-3)
            slot = longest if deadline is None else min(longest, max(deadline - now, 0.0))
            budget = int(max(min(rate * slot, 1.5 * budget + 100), 50))

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2, exclude=()) -> Outcome:
        """Solve or enumerate with the cached incremental solver (givens as assumptions); see :meth:`Backend.run`.

        ``exclude``: solutions to leave out, blocked like the ones an enumeration finds; the
        first is also set as the solver's preferred phase, so the search starts next to it.
        """
        if encoding.target != "cnf":
            raise UnsupportedError(f"backend {self.name} solves CNF encodings, not {encoding.target} ({encoding.name})")
        t_start = time.perf_counter()  # the time limit covers the build and load too
        entry, build_time = self._entry(puzzle, encoding)
        model, solver = entry[0], entry[1]
        before = solver.accum_stats() or {}
        if before.get("conflicts", 0) > max(self.refresh_min, self.refresh_ratio * len(model.clauses)):
            t0 = time.perf_counter()
            self._reload(entry)
            solver = entry[1]
            before = solver.accum_stats() or {}
            build_time += time.perf_counter() - t0
        t0 = time.perf_counter()
        deadline = None if time_limit is None else t_start + time_limit
        assumptions = model.assume(puzzle)
        out = Outcome(build_time=build_time)
        info = model.info
        if "layer" in info:
            build_time += self._layer(entry, puzzle)
            out.build_time = build_time
            assumptions.append(entry[4])
            solver = entry[1]
            before = solver.accum_stats() or {}
        # Fast path for cell-major literals (var(c, v) = c*n + v): decode without numpy.
        n = info.get("cell_major")
        ncells = len(model.var)
        span = ncells * (n or 0)
        offsets = range(0, span, n) if n else None
        # or a pruned formula whose primary literals 1..k run cell by cell (cnf-reduced)
        lit_value = None if n else info.get("lit_value")
        if lit_value is not None:
            lit_cell, span, cells = info["lit_cell"], len(lit_value) - 1, list(range(ncells))
        block_cells = info.get("block_cells")
        fixed = None  # assumed literals: true in every model, so left out of blocking clauses
        act = None
        broken = False
        if exclude:
            act, fixed, assumptions = _guarded(entry, assumptions)
            for values in exclude:
                block = [-lit for lit in model.primary_true(values) if lit not in fixed]
                solver.add_clause(block + [-act])
            if hasattr(solver, "set_phases"):
                try:
                    solver.set_phases(model.primary_true(exclude[0]))
                except NotImplementedError:  # (not every python-sat solver takes phases)
                    pass
        try:
            while True:
                res = self._solve(solver, assumptions, deadline)
                if res is None:
                    out.timed_out = True
                    break
                if not res:
                    out.complete = True
                    break
                lits = solver.get_model()
                values = true = None
                if n:
                    # the true primary literals, ascending: exactly one per cell iff each
                    # lies in its own cell's block of n
                    true = list(filter(_POSITIVE, lits[:span]))
                    if len(true) == ncells:
                        values = tuple(map(_SUB, true, offsets))
                        if min(values) < 1 or max(values) > n:
                            values = None
                elif lit_value is not None:
                    true = list(filter(_POSITIVE, lits[:span]))
                    if len(true) == ncells and list(map(lit_cell.__getitem__, true)) == cells:
                        values = tuple(map(lit_value.__getitem__, true))
                if values is None:
                    values, true = model.decode(lits), None
                out.count += 1
                if len(out.solutions) < keep:
                    out.solutions.append(values)
                report_progress(out)
                if limit is not None and out.count >= limit:
                    break
                if act is None:
                    act, fixed, assumptions = _guarded(entry, assumptions)
                # a solution is blocked by the literals of the cells that determine it
                if true is not None and block_cells is not None:
                    block = [-true[c] for c in block_cells]
                else:
                    block = [-lit for lit in model.primary_true(values)]
                block = [x for x in block if -x not in fixed]
                block.append(-act)
                solver.add_clause(block)
        except BaseException as exc:
            if not _is_interrupt(exc):
                raise
            # a solver left by a longjmp may be in any state: forget it without another call
            broken = True
            self._forget(entry)
            out.solve_time = time.perf_counter() - t0
            err = JobInterrupted()
            err.outcome = out
            raise err from None
        finally:
            if act is not None and not broken:
                solver.add_clause([-act])  # retire this job's blocking clauses
        out.solve_time = time.perf_counter() - t0
        after = solver.accum_stats() or {}
        out.stats = {k: after[k] - before.get(k, 0) for k in after if isinstance(after[k], (int, float))}
        out.stats["vars"] = model.nvars
        out.stats["clauses"] = len(model.clauses)
        return out


for _name in PYSAT_SOLVERS:
    register_backend(_name, lambda _n=_name: PysatBackend(_n))
