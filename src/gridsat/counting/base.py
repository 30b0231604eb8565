"""Counting methods: the interface, the registry, the CNF formula they count, and isolation.

A counting method turns a puzzle into a :class:`~gridsat.result.Result` whose ``count`` is
the number of solutions. Two kinds exist:

* enumeration (``enum``, ``cpsat``): a backend finds the solutions one by one, so the count
  stops at ``limit`` and the first few solutions come back verified;
* model counting (``d4``, ``ganak``, ``approx``): a #SAT counter counts the models of the
  puzzle's CNF encoding *projected* onto its primary variables (the ``var[cell, value]``
  literals), so auxiliary variables (sequential counters, reserved layer variables) do not
  multiply the count. No solution is produced, so nothing is verified, except that a count
  of exactly 1 fetches that solution with the default backend and verifies it.

Native counters run in a forked child process: that is how ``time_limit`` is honoured (none
of the libraries has a timeout), how Ctrl-C stops them, and how their console chatter stays
out of the CLI's output.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import GridsatError, UnsupportedError
from ..engine import VerificationError, run
from ..limits.child import die_with_parent
from ..result import Result
from ..selection import pick_encoding

__all__ = ["CountMethod", "SharpSatMethod", "Formula", "CounterTimeout", "CountInterrupted", "cnf_formula",
           "register_method", "get_method", "list_methods", "sharp_count", "METHODS", "EXTRA"]

#: the pyproject extra that installs every optional counter
EXTRA = "count"


class CounterTimeout(GridsatError):
    """A counter ran past its time limit and was stopped."""


class CountInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a count; ``result`` holds the count so far (``complete`` False).

    A :class:`KeyboardInterrupt`, so a caller that does not look for it still stops; the
    command line catches it to print the partial count before exiting 130.
    """

    def __init__(self, result: Result):
        super().__init__("count interrupted")
        self.result = result


@dataclass
class Formula:
    """A self-contained CNF: givens as unit clauses, with the projection set.

    Attributes
    ----------
    nvars : int
        Highest variable id.
    clauses : list of list of int
    show : list of int
        The primary variables (``abs`` of every ``var[cell, value]`` literal), ascending: the
        projection set.
    encoding : str
        The name of the encoding that built the clauses.
    """

    nvars: int
    clauses: list[list[int]]
    show: list[int]
    encoding: str = ""
    info: dict = field(default_factory=dict)

    def dimacs(self, projection: bool = True) -> str:
        """DIMACS text, with a ``c p show ... 0`` projection line when ``projection``."""
        head = [f"p cnf {self.nvars} {len(self.clauses)}"]
        if projection:
            head.append("c p show " + " ".join(map(str, self.show)) + " 0")
        body = [" ".join(map(str, cl)) + " 0" for cl in self.clauses]
        return "\n".join(head + body) + "\n"


def cnf_formula(puzzle, encoding=None) -> Formula:
    """The puzzle as one CNF formula with its projection set.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    encoding : str or Encoding, optional
        A CNF encoding of the puzzle's kind; default: the kind's default CNF encoding
        (``cnf-extended`` for Sudoku, ``cnf-pos`` for Hidato).

    Returns
    -------
    Formula
        Base clauses, a clause layer if the encoding has one (``cnf-layered``: the region map,
        switched on by a unit clause on its guard), and the puzzle's assumptions as units.
    """
    enc = pick_encoding(puzzle, encoding, "cnf")
    model = enc.build(puzzle)
    nvars, clauses, units = model.standalone(puzzle)
    clauses += [[u] for u in units]
    return Formula(nvars, clauses, model.projection(), enc.name, {"givens": len(units)})


# ---------------------------------------------------------------------- isolation
def _child(conn, parent: int, fn: Callable, args: tuple) -> None:
    """Child process body: die with ``parent``, silence the native library's console output,
    run, send the answer."""
    die_with_parent(parent)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        conn.send(("ok", fn(*args)))
    except BaseException as exc:  # report every failure to the parent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def isolated(fn: Callable, args: tuple, time_limit: float | None, what: str) -> Any:
    """``fn(*args)`` in a child process, stopped after ``time_limit`` seconds.

    Raises
    ------
    CounterTimeout
        The time limit ran out (the child is killed).
    GridsatError
        The child raised, or died (e.g. out of memory).
    """
    import multiprocessing  # (loaded with the first isolated counter, not with import gridsat)

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(send, os.getpid(), fn, args), daemon=True)
    proc.start()
    send.close()
    try:
        if not recv.poll(time_limit):
            raise CounterTimeout(f"{what}: time limit of {time_limit} s reached")
        try:
            tag, value = recv.recv()
        except EOFError:
            proc.join(5)
            raise GridsatError(f"{what} died (exit code {proc.exitcode})") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        recv.close()
    if tag == "error":
        raise GridsatError(f"{what} failed: {value}")
    return value


# ---------------------------------------------------------------------- methods
class CountMethod:
    """Base class: a named way to count the solutions of a puzzle.

    Attributes
    ----------
    name : str
    exact : bool
        False for estimates (``approx``).
    enumerates : bool
        True when solutions come back (and are verified); ``limit`` then stops the count.
    module : str or None
        The Python module it needs; ``unavailable()`` reports it when missing.
    package : str or None
        The PyPI package that provides ``module``.
    """

    name: str = "?"
    description: str = ""
    exact: bool = True
    enumerates: bool = False
    module: str | None = None
    package: str | None = None

    def unavailable(self) -> str | None:
        """Why this method cannot run here (missing package), or None."""
        if self.module and importlib.util.find_spec(self.module) is None:
            return (f"counting method {self.name!r} needs the package {self.package} "
                    f"(pip install '{self.package}' or pip install 'gridsat[{EXTRA}]')")
        return None

    def require(self) -> None:
        """Raise :class:`UnsupportedError` when the method cannot run here."""
        why = self.unavailable()
        if why:
            raise UnsupportedError(why)

    def count(self, puzzle, limit: int | None = None, *, backend=None, encoding=None,
              time_limit: float | None = None, keep: int | None = None,
              progress: "Callable[[int, float], None] | None" = None) -> Result:
        """Count the solutions of ``puzzle``; returns a :class:`~gridsat.result.Result`.

        ``keep`` solutions come back (``None``: every one found, enumerating methods);
        ``progress(count_so_far, seconds)`` is called while a long count runs.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class SharpSatMethod(CountMethod):
    """A #SAT model counter over the puzzle's CNF encoding, projected onto the primary variables.

    Subclasses implement :meth:`count_formula`, which runs in a child process.
    """

    enumerates = False

    def count_formula(self, formula: Formula) -> tuple[int, dict]:
        """``(models projected on formula.show, stats)``; runs inside the child process."""
        raise NotImplementedError

    def options(self) -> dict:
        """Settings that shape the answer (reported in ``stats``)."""
        return {}

    def run_formula(self, formula: Formula, time_limit: float | None) -> tuple[int, dict]:
        """:meth:`count_formula` in a child process, within ``time_limit``."""
        self.require()
        if not formula.show:
            # no primary variable: the pruned encoding already decided the puzzle (0 or 1)
            from pysat.solvers import Solver

            with Solver(name="minisat22", bootstrap_with=formula.clauses) as s:
                return (1 if s.solve() else 0), {"trivial": True}
        if self.module:
            importlib.import_module(self.module)  # once in the parent, not in every child
        import shutil
        import tempfile

        # the child writes its files (DIMACS) in a directory the parent removes: a child killed
        # at its time limit cannot clean up after itself
        scratch = tempfile.mkdtemp(prefix="gridsat-count-")
        try:
            return isolated(self._count_in, (formula, scratch), time_limit, f"counter {self.name}")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _count_in(self, formula: Formula, scratch: str) -> tuple[int, dict]:
        import tempfile

        tempfile.tempdir = scratch  # (in the child process only)
        return self.count_formula(formula)

    def count(self, puzzle, limit=None, *, backend=None, encoding=None, time_limit=None, keep=None,
              progress=None) -> Result:
        """Count with :func:`sharp_count` (``keep`` and ``progress`` do not apply: the count comes in one piece)."""
        return sharp_count(self, puzzle, limit, backend=backend, encoding=encoding, time_limit=time_limit)


def write_dimacs(formula: Formula, projection: bool = True) -> str:
    """Write the formula to a temporary ``.cnf`` file; the caller removes it.

    In a counter's child process the file goes to the scratch directory that the parent
    removes after the child, also when the child is killed at its time limit.
    """
    import tempfile  # (loaded with the first DIMACS file, not with import gridsat)

    fd, path = tempfile.mkstemp(prefix="gridsat-", suffix=".cnf")
    with os.fdopen(fd, "w") as fh:
        fh.write(formula.dimacs(projection))
    return path


METHODS: dict[str, Callable[..., CountMethod]] = {}


def register_method(name: str, factory: Callable[..., CountMethod]) -> None:
    """Make ``factory(**options)`` available as counting method ``name``."""
    METHODS[name] = factory


def get_method(name: "str | CountMethod", **options) -> CountMethod:
    """The counting method ``name`` (a :class:`CountMethod` passes through).

    ``options`` go to the method's constructor, e.g. ``get_method("approx", epsilon=0.5)``.
    """
    if isinstance(name, CountMethod):
        return name
    try:
        factory = METHODS[name]
    except KeyError:
        raise UnsupportedError(f"no counting method {name!r}; known: {', '.join(METHODS)}") from None
    return factory(**options)


def list_methods(*, available: bool = False) -> list[str]:
    """Registered counting method names (only those that can run here with ``available``)."""
    return [n for n in METHODS if not (available and get_method(n).unavailable())]


def now() -> float:
    """Wall-clock seconds (``time.perf_counter``)."""
    return time.perf_counter()


def _status(res: Result, n: int) -> None:
    res.status = "impossible" if n == 0 else "unique" if n == 1 else "ambiguous"


def sharp_count(method: SharpSatMethod, puzzle, limit: int | None = None, *, backend=None, encoding=None,
                time_limit: float | None = None) -> Result:
    """Count with a #SAT counter on the CNF encoding, projected onto the primary variables.

    ``limit`` does not apply: the counter returns the whole count in one piece. With an
    exact count of 1 the solution is fetched with ``backend`` (default: the kind's) and
    verified; other counts come without solutions and ``verified`` stays False.
    """
    t0 = now()
    res = Result(job="count", status="unknown", puzzle=puzzle, backend=method.name)
    res.method = method.name
    conflicts = puzzle.conflicts()
    formula = cnf_formula(puzzle, encoding)
    res.encoding = formula.encoding
    res.build_time = now() - t0
    if conflicts:
        res.status, res.count, res.complete = "impossible", 0, True
        res.reason = "; ".join(conflicts)
        res.total_time = now() - t0
        return res
    res.stats = {"vars": formula.nvars, "clauses": len(formula.clauses), "projection": len(formula.show),
                 **method.options()}
    left = None if time_limit is None else time_limit - (now() - t0)
    t1 = now()
    try:
        if left is not None and left <= 0:
            raise CounterTimeout("no time left after building the formula")
        n, stats = method.run_formula(formula, left)
    except CounterTimeout:
        res.solve_time = now() - t1
        res.reason = f"time limit of {time_limit} s reached"
        res.total_time = now() - t0
        return res
    res.solve_time = now() - t1
    exact = bool(stats.pop("exact", method.exact))
    res.stats.update(stats)
    res.count = n
    if exact or n == 0:  # an approximate counter's 0 is a proof of unsatisfiability
        res.complete = True
        _status(res, n)
        if n == 0:
            res.reason = "no solution exists"
        elif n == 1:
            left = None if time_limit is None else max(time_limit - (now() - t0), 0.01)
            one = run(puzzle, "solve", backend=backend, encoding=None if backend is not None else encoding,
                      time_limit=left)
            if one.solution is not None:
                res.solution, res.solutions, res.verified = one.solution, [one.solution], one.verified
                res.stats["solution_backend"] = one.backend
            elif one.status == "impossible":
                raise VerificationError(f"{method.name} counted 1 solution but {one.backend} found none")
    else:
        res.approximate = True
        res.status = "ambiguous" if n >= 2 else "unknown"
        eps, delta = res.stats.get("epsilon"), res.stats.get("delta")
        res.reason = (f"approximate count: within a factor {1 + eps:g} of the exact count with probability "
                      f"at least {1 - delta:g} (epsilon={eps:g}, delta={delta:g})")
    res.total_time = now() - t0
    return res
