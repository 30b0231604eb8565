"""The optional ``minizinc`` backend: the reference models in ``models/`` run through MiniZinc.

It is a third, independent check of our encodings: the models share nothing with them,
only the data file written by the ``mzn`` encoding (:mod:`gridsat.encoders.mzn`). It needs the ``minizinc``
Python package (``pip install 'gridsat[minizinc]'``) and the MiniZinc tool chain with
Gecode (Debian: ``apt-get install minizinc``). The registry declares the backend only where
the Python package is installed; a missing ``minizinc`` binary is reported when it runs.

The encoding ``mzn`` (target ``minizinc``) builds the model path and the data, so
:func:`gridsat.selection.resolve` pairs the backend with it like any other.
"""

from __future__ import annotations

import asyncio
import time
import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any

from ..encoders.mzn import MznModel
from ..errors import UnsupportedError
from .base import Backend, Outcome, register_backend

__all__ = ["MinizincBackend", "unavailable"]


def unavailable(solver: str = "gecode") -> str | None:
    """Why the backend cannot run here (``None`` when it can)."""
    try:
        import minizinc
    except Exception as exc:  # pragma: no cover - guarded by the import check above
        return f"the minizinc package does not import: {exc}"
    if minizinc.default_driver is None:
        return "the MiniZinc tool chain is not installed (Debian: apt-get install minizinc)"
    try:
        minizinc.Solver.lookup(solver)
    except LookupError:
        return f"MiniZinc has no solver {solver!r} (Debian's minizinc package brings gecode)"
    return None


def _quiet_solve(instance, **kw):
    # Debian's Gecode ships solver-specific copies of a few globals; MiniZinc warns about
    # each on every run. Harmless, and a library must not print.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*overrides a global constraint file")
        return instance.solve(**kw)


def _solve(instance, **kw):
    """``instance.solve`` from sync code, also inside a running event loop (Jupyter)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _quiet_solve(instance, **kw)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_quiet_solve, instance, **kw).result()


_COMPLETE = {"ALL_SOLUTIONS", "UNSATISFIABLE", "OPTIMAL_SOLUTION"}


class MinizincBackend(Backend):
    """A MiniZinc solver (default Gecode) on the reference models."""

    target = "minizinc"
    supports = frozenset({"solve", "count", "time_limit", "stats"})

    #: counts above this many solutions stream the driver's output instead of going through
    #: the package, which parses every solution into an object (about 5x slower)
    stream_above = 100

    def __init__(self, solver: str = "gecode"):
        self.solver_name = solver
        self.name = "minizinc" if solver == "gecode" else f"minizinc-{solver}"
        self._models: dict[Path, Any] = {}

    def unavailable(self) -> str | None:
        """Why MiniZinc or its solver cannot run here, or None."""
        return unavailable(self.solver_name)

    def run(self, puzzle, encoding, *, limit=1, time_limit=None, keep=2) -> Outcome:
        """Solve or enumerate the reference model through MiniZinc; see :meth:`Backend.run`."""
        if encoding.target != "minizinc":
            raise UnsupportedError(f"backend {self.name} runs MiniZinc models, not {encoding.target} ({encoding.name})")
        why = unavailable(self.solver_name)
        if why:
            raise UnsupportedError(f"backend {self.name} cannot run: {why}")
        import minizinc

        t0 = time.perf_counter()
        m = encoding.build(puzzle)
        if limit is None or limit > self.stream_above:
            return self._stream(m, limit, time_limit, keep, time.perf_counter() - t0)
        model = self._models.get(m.path)
        if model is None:
            model = self._models[m.path] = minizinc.Model(m.path)
        inst = minizinc.Instance(minizinc.Solver.lookup(self.solver_name), model)
        inst.add_string(m.data)
        out = Outcome(build_time=time.perf_counter() - t0)
        kw: dict[str, Any] = {}
        if time_limit is not None:
            import inspect

            arg = "time_limit" if "time_limit" in inspect.signature(inst.solve).parameters else "timeout"
            kw[arg] = timedelta(seconds=float(time_limit))
        if limit is None:
            kw["all_solutions"] = True
        elif limit > 1:
            kw["nr_solutions"] = int(limit)
        t1 = time.perf_counter()
        res = _solve(inst, **kw)
        out.solve_time = time.perf_counter() - t1
        sols = res.solution if isinstance(res.solution, list) else ([res.solution] if res.solution is not None else [])
        out.count = len(sols)
        out.solutions = [m.decode(s.x) for s in sols[:keep]]
        status = res.status.name
        out.complete = status in _COMPLETE
        if not out.complete and time_limit is not None and (limit is None or out.count < limit):
            out.timed_out = True
        stats: dict[str, Any] = {"status": status, "solver": self.solver_name}
        for k, v in res.statistics.items():
            if isinstance(v, timedelta):
                stats[k] = v.total_seconds()
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                stats[k] = v
        out.stats = stats
        return out


    def _stream(self, m: MznModel, limit, time_limit, keep, build_time) -> Outcome:
        """Enumerate through the MiniZinc driver the package found, counting its separators.

        Only the first ``keep`` solutions are parsed (JSON output mode); the final
        ``==========`` line (search complete) or ``=====UNSATISFIABLE=====`` makes the count exact.
        """
        import json
        import os
        import subprocess
        import tempfile

        import minizinc

        exe = str(getattr(minizinc.default_driver, "_executable", "minizinc"))
        out = Outcome(build_time=build_time)
        with tempfile.NamedTemporaryFile("w", suffix=".dzn", delete=False) as fh:
            fh.write(m.data)
            data = fh.name
        cmd = [exe, "--solver", self.solver_name, "--output-mode", "json", "-s"]
        cmd += ["-a"] if limit is None else ["-n", str(int(limit))]
        if time_limit is not None:
            cmd += ["--time-limit", str(max(1, int(float(time_limit) * 1000)))]
        cmd += [str(m.path), data]
        stats: dict[str, Any] = {"solver": self.solver_name}
        status = "UNKNOWN"
        t0 = time.perf_counter()
        try:
            with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as proc:
                buf: list[str] = []
                for line in proc.stdout:
                    line = line.rstrip("\n")
                    if line == "----------":
                        out.count += 1
                        if len(out.solutions) < keep:
                            out.solutions.append(m.decode(json.loads("".join(buf))["x"]))
                        buf = []
                    elif line == "==========":
                        status = "ALL_SOLUTIONS"
                    elif line == "=====UNSATISFIABLE=====":
                        status = "UNSATISFIABLE"
                    elif line.startswith("=====ERROR=====") or line.startswith("Error"):
                        status = "ERROR"
                    elif line.startswith("%%%mzn-stat:"):
                        k, _, v = line[len("%%%mzn-stat:"):].strip().partition("=")
                        try:
                            stats[k] = int(v)
                        except ValueError:
                            try:
                                stats[k] = float(v)
                            except ValueError:
                                pass
                    elif not line.startswith("%"):
                        buf.append(line)
                proc.wait()
        finally:
            os.unlink(data)
        if status == "ERROR":
            raise UnsupportedError(f"MiniZinc failed on {m.path.name}; run: {' '.join(cmd[:-1])} <data>")
        out.solve_time = time.perf_counter() - t0
        if status == "UNKNOWN" and out.count:
            status = "SATISFIED"
        out.complete = status in _COMPLETE
        if not out.complete and time_limit is not None and (limit is None or out.count < limit):
            out.timed_out = True
        stats["status"] = status
        out.stats = stats
        return out


register_backend("minizinc", MinizincBackend)
