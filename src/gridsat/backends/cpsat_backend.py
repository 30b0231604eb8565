"""The OR-tools CP-SAT backend.

The base model of an encoding is built once per key and cached. A puzzle is posed by
pinning domains on the cached proto in place, solving, and restoring them. Enumeration
(counting, uniqueness) runs on one worker: with several, ``enumerate_all_solutions``
misses solutions. Plain solving picks the worker count from the model size, because
CP-SAT's default portfolio wastes both cores on tiny models.
"""

from __future__ import annotations

import signal
import threading
import time
from collections import OrderedDict

from ortools.sat.python import cp_model

from ..errors import UnsupportedError
from ..limits.child import JobInterrupted, report_progress
from .base import Backend, Outcome, register_backend

__all__ = ["CpsatBackend"]

_STATUS_DONE = (cp_model.OPTIMAL, cp_model.FEASIBLE)


def _set_domain(dom, values) -> None:
    """Overwrite a proto's repeated domain field (the pybind wrapper has no slice assignment)."""
    dom.clear()
    dom.extend(values)


def solve_stoppable(solver: "cp_model.CpSolver", model: "cp_model.CpModel",
                    callback: "cp_model.CpSolverSolutionCallback | None" = None) -> tuple[int, bool]:
    """``solver.Solve(model, callback)``, stopped by Ctrl-C without CP-SAT's own SIGINT handler.

    CP-SAT's handler is not safe to take a signal in: it logs (allocating) from inside the
    handler, which can deadlock a process whose signal landed in ``malloc``, and it resets
    SIGINT to the default action when a solve ends, a window in which Ctrl-C kills Python
    with no cleanup. It is switched off here. When this is the main thread and Python
    handles SIGINT, the solve runs on a helper thread while this thread waits, so that
    Ctrl-C raises ``KeyboardInterrupt`` here at once; the search is then stopped
    (``StopSearch``) and joined. Elsewhere (a worker that ignores SIGINT, another thread)
    the solve runs here.

    Returns
    -------
    tuple of (int or None, bool)
        CP-SAT's status (``None`` when Ctrl-C came before the solve began), and whether
        Ctrl-C stopped the search.
    """
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread() \
            or not callable(signal.getsignal(signal.SIGINT)):
        return solver.Solve(model, callback), False
    box: dict = {}
    done = threading.Event()

    def body() -> None:
        try:
            if not box.get("stop"):  # (Ctrl-C may come before the solve starts)
                box["status"] = solver.Solve(model, callback)
        except BaseException as exc:  # (the callback's error) raised again in the caller
            box["error"] = exc
        finally:
            done.set()

    # (waits on an Event, not Thread.join: a join that KeyboardInterrupt cut short can leave
    # the thread marked finished while it still runs)
    worker = threading.Thread(target=body, name="cp-sat solve", daemon=True)
    interrupted = False
    try:
        worker.start()  # (inside: Ctrl-C can land while start() waits for the thread)
        while not done.wait(0.5):
            pass
    except KeyboardInterrupt:
        interrupted = True
        box["stop"] = True
        # a stop asked before CP-SAT has made its solve is lost: ask until the thread is done
        # (a second Ctrl-C waits for it too; the process must not end with the solve running)
        while worker.ident is not None and not done.is_set():
            solver.StopSearch()
            try:
                done.wait(0.05)
            except KeyboardInterrupt:
                pass
    if "error" in box:
        raise box["error"]
    return box.get("status"), interrupted


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, decode, nvars, limit, keep):
        super().__init__()
        self.decode, self.nvars, self.limit, self.keep = decode, nvars, limit, keep
        self.count = 0
        self.solutions: list = []

    def on_solution_callback(self):
        self.count += 1
        if len(self.solutions) < self.keep:
            resp = self.Response()
            self.solutions.append(self.decode(resp.solution))
        report_progress(self)
        if self.limit is not None and self.count >= self.limit:
            self.StopSearch()


class CpsatBackend(Backend):
    """OR-tools CP-SAT on a cached base model."""

    name = "cpsat"
    target = "cpsat"
    supports = frozenset({"solve", "count", "time_limit", "incremental", "stats"})

    def __init__(self, workers: int | None = None, cache_size: int = 8):
        self.workers = workers
        self.cache_size = cache_size
        self._cache: OrderedDict = OrderedDict()

    def _model(self, puzzle, encoding):
        key = (encoding.kind, encoding.name, encoding.key(puzzle))  # (kinds may share encoding names)
        m = self._cache.get(key)
        if m is not None:
            self._cache.move_to_end(key)
            return m, 0.0
        t0 = time.perf_counter()
        m = encoding.build(puzzle)
        self._cache[key] = m
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return m, time.perf_counter() - t0

    def close(self) -> None:
        """Drop the cached base models."""
        self._cache.clear()

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2) -> Outcome:
        """Solve or enumerate with CP-SAT on (a copy of) the cached base model; see :meth:`Backend.run`."""
        if encoding.target != "cpsat":
            raise UnsupportedError(f"backend cpsat solves CP-SAT encodings, not {encoding.target} ({encoding.name})")
        m, build_time = self._model(puzzle, encoding)
        proto = m.model.Proto()
        fixes = m.fix(puzzle)
        saved = []
        out = Outcome(build_time=build_time)
        t0 = time.perf_counter()
        try:
            for idx, val in fixes:
                dom = proto.variables[idx].domain
                saved.append((idx, list(dom)))
                if not any(dom[i] <= val <= dom[i + 1] for i in range(0, len(dom), 2)):
                    out.complete = True  # given outside the variable's domain: impossible
                _set_domain(dom, [val, val])
            if out.complete:
                out.solve_time = time.perf_counter() - t0
                return out
            solver = cp_model.CpSolver()
            params = solver.parameters
            if time_limit is not None:  # the limit covers the build too
                params.max_time_in_seconds = max(float(time_limit) - build_time, 0.001)
            if limit == 1:
                params.num_workers = self.workers or (1 if len(proto.variables) < 20000 else 2)
                status, interrupted = solve_stoppable(solver, m.model)
                if status in _STATUS_DONE:
                    out.count = 1
                    out.solutions.append(m.decode(solver.ResponseProto().solution))
                elif status == cp_model.INFEASIBLE:
                    out.complete = True
                else:
                    out.timed_out = True
            else:
                params.num_workers = 1
                params.enumerate_all_solutions = True
                cb = _Collector(m.decode, len(proto.variables), limit, keep)
                status, interrupted = solve_stoppable(solver, m.model, cb)
                out.count, out.solutions = cb.count, cb.solutions
                stopped = limit is not None and cb.count >= limit
                if status == cp_model.INFEASIBLE or (status == cp_model.OPTIMAL and not stopped):
                    out.complete = True
                elif status == cp_model.UNKNOWN or (status == cp_model.FEASIBLE and not stopped):
                    out.timed_out = True
            if status is not None:  # (None: Ctrl-C came before the solve began)
                out.stats = {
                    "conflicts": solver.NumConflicts(),
                    "branches": solver.NumBranches(),
                    "propagations": solver.num_binary_propagations + solver.num_integer_propagations,
                    "wall_time": solver.WallTime(),
                    "vars": len(proto.variables),
                    "constraints": len(proto.constraints),
                }
            if interrupted:  # Ctrl-C: what was found is kept, and it is never an answer
                err = JobInterrupted()
                out.timed_out = out.complete = False
                err.outcome = out
                raise err
        finally:
            for idx, dom in reversed(saved):
                _set_domain(proto.variables[idx].domain, dom)
        out.solve_time = time.perf_counter() - t0
        return out


register_backend("cpsat", CpsatBackend)
