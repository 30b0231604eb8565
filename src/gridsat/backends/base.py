"""The interface every solver backend implements, and the registry that finds them.

A backend takes a puzzle and an :class:`~gridsat.encoders.Encoding` of its target
(``"cnf"`` or ``"cpsat"``), enumerates up to ``limit`` solutions within a time limit and
reports an :class:`Outcome`. Backends never check answers; the front door runs the
independent verifier on every solution they return.
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import GridsatError, UnsupportedError
from ..kinds.base import Filled, Kind
from ..limits.caps import check_memory, memory_limit
from ..limits.child import CHILD_BYTES, ChildTimeout, JobInterrupted, run_in_child

__all__ = ["Outcome", "Backend", "needs_child", "run_backend", "register_backend", "declare_backend", "get_backend", "configure_backend", "list_backends", "close_all",
           "BACKENDS", "OptionalExtension"]


@dataclass
class Outcome:
    """What a backend found.

    ``count`` solutions were found; ``solutions`` keeps the first few. ``complete`` is true
    when the search space was exhausted, so ``count`` is exact; ``timed_out`` when the time
    limit stopped the search.
    """

    solutions: list[tuple[int, ...]] = field(default_factory=list)
    count: int = 0
    complete: bool = False
    timed_out: bool = False
    build_time: float = 0.0
    solve_time: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def partial(cls, progress, *, timed_out: bool = False) -> "Outcome":
        """What a job stopped early had reported: ``progress`` is ``(count, solutions)`` or None."""
        out = cls(timed_out=timed_out)
        if progress is not None:
            out.count, out.solutions = progress[0], [tuple(s) for s in progress[1]]
        return out


def build_within(encoding, puzzle, time_limit: float | None) -> tuple[Any, Outcome, float]:
    """Build ``encoding``'s model of ``puzzle``, timed: the model, an :class:`Outcome` holding
    the build time, and the seconds left of ``time_limit`` for the search (``-1.0``: no limit).
    When the build used the whole limit the outcome is marked timed out and nothing is left."""
    t0 = time.perf_counter()
    model = encoding.build(puzzle)
    t1 = time.perf_counter()
    out = Outcome(build_time=t1 - t0)
    left = -1.0
    if time_limit is not None:
        left = time_limit - (t1 - t0)
        if left <= 0:
            out.timed_out = True
    return model, out, left


class Backend:
    """Base class: a named solver for one encoding target.

    ``supports`` lists capabilities: ``solve``, ``count``, ``time_limit``, ``incremental``
    (base formula reused across puzzles), ``assumptions``, ``stats``, ``exclude`` (``run``
    takes ``exclude=``: solutions already known, left out of the search), ``batch``
    (:meth:`run_many` poses many puzzles in one call).
    """

    name: str = "?"
    target: str = "?"
    supports: frozenset[str] = frozenset()
    #: whether the backend itself stops within its time limit (else, under a time limit, the
    #: front door runs it in a child process killed at the limit)
    stops_on_time: bool = True
    #: this backend's peak memory relative to the encoding's estimate (a solver that copies
    #: the formula into bigger structures has more than 1)
    memory_factor: float = 1.0
    #: encoding name -> factor in place of :attr:`memory_factor` for that encoding (a solver
    #: that loads an encoding in a more compact form than the others)
    memory_factors: dict = {}

    #: whether the native solver ends the whole process (an uncaught ``std::bad_alloc``:
    #: abort) instead of raising :class:`MemoryError` when an allocation fails under an
    #: address-space limit; under a limit, its large jobs run in a child (see :func:`needs_child`)
    aborts_on_oom: bool = False

    def memory_scale(self, encoding: str) -> float:
        """This backend's peak memory relative to ``encoding``'s estimate (see
        :attr:`memory_factor`, :attr:`memory_factors`)."""
        return self.memory_factors.get(encoding, self.memory_factor)

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Enumerate up to ``limit`` solutions of ``puzzle`` under ``encoding`` within ``time_limit`` seconds;
        return the :class:`Outcome` (the first ``keep`` solutions, unverified)."""
        raise NotImplementedError

    def run_many(self, puzzles, encoding, *, limit: int | None = 1, time_limit: float | None = None,
                 keep: int = 2) -> list[Outcome]:
        """:meth:`run` on each of ``puzzles`` (``time_limit`` holds for each): one
        :class:`Outcome` per puzzle, in order. A backend that supports ``batch`` overrides
        it to pose many puzzles in one call."""
        return [self.run(p, encoding, limit=limit, time_limit=time_limit, keep=keep) for p in puzzles]

    def unavailable(self) -> str | None:
        """Why this backend cannot run on this machine (missing tool chain), or None."""
        return None

    def close(self) -> None:
        """Release cached solvers."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def needs_child(backend: "Backend", estimate: int, time_limit: float | None) -> bool:
    """Whether a job must run in a child process: under a time limit (the child is killed at
    it), when its formula is estimated past :data:`gridsat.limits.CHILD_BYTES` (the build
    alone may outlast the limit) or the backend cannot stop on time; and under a memory
    limit, when that formula goes to a backend that aborts when memory runs out
    (:attr:`Backend.aborts_on_oom`), so that the abort ends the child, not the program."""
    if time_limit is not None and (estimate > CHILD_BYTES or not getattr(backend, "stops_on_time", True)):
        return True
    return estimate > CHILD_BYTES and getattr(backend, "aborts_on_oom", False) and memory_limit() is not None


def _run(backend, encoding, puzzle, limit, time_limit, keep, options) -> Outcome:
    """The backend's run in a child process (the child's copy of the backend; its caches are lost)."""
    return backend.run(puzzle, encoding, limit=limit, time_limit=time_limit, keep=keep, **options)


def run_backend(backend: "Backend", encoding, puzzle, *, limit: int | None, time_limit: float | None, keep: int,
                child: bool, **options) -> Outcome:
    """``backend.run`` (``options``: e.g. ``exclude``), in a child killed at the time limit when
    ``child`` (see :func:`needs_child`); a killed child's outcome holds what it had reported."""
    if not child:
        return backend.run(puzzle, encoding, limit=limit, time_limit=time_limit, keep=keep, **options)
    what = f"{backend.name}/{encoding.name}"
    try:
        # the child stops itself just before the limit; the kill is the backstop
        return run_in_child(_run, (backend, encoding, puzzle, limit, time_limit, keep, options),
                            time_limit=None if time_limit is None else time_limit + 0.05, what=what)
    except ChildTimeout as exc:
        out = Outcome.partial(exc.progress, timed_out=True)
        out.stats = {"killed": True}
        return out
    except GridsatError as exc:
        # a native abort under a memory limit (CaDiCaL's std::bad_alloc): the child died
        if getattr(backend, "aborts_on_oom", False) and memory_limit() is not None \
                and str(exc).startswith(f"{what} died"):
            raise MemoryError(f"{what} ran out of memory") from None
        raise


def prove_with_known(prover: "Backend", encoding, puzzle, known: list, *, limit: int | None,
                     time_limit: float | None, keep: int, stats: dict) -> Outcome:
    """The second half of a two-stage backend: ``prover`` on ``encoding`` with the ``known``
    solutions (what a first, incomplete stage found) blocked, so that its count adds to them.

    The estimate is checked first (:class:`~gridsat.limits.TooLarge` past the budget); the
    prover runs in a child when :func:`needs_child` says so. On Ctrl-C the
    :class:`~gridsat.limits.JobInterrupted` carries the known solutions with the prover's.

    Returns
    -------
    Outcome
        The known solutions first, then the prover's (``keep`` of them), their count, the
        prover's completeness and times; ``stats`` (the caller's, completed with a ``proof``
        entry) as its stats.
    """
    estimate = int(encoding.estimate(puzzle) * prover.memory_scale(encoding.name))
    check_memory(estimate, f"{encoding.name} on {prover.name}")
    rest = None if limit is None else limit - len(known)
    try:
        proof = run_backend(prover, encoding, puzzle, limit=rest, time_limit=time_limit, keep=keep,
                            child=needs_child(prover, estimate, time_limit), exclude=known)
    except JobInterrupted as exc:  # keep what the first stage found
        part = getattr(exc, "outcome", None) or Outcome.partial(getattr(exc, "progress", None))
        part.solutions = (known + part.solutions)[:keep]
        part.count += len(known)
        exc.outcome = part
        raise
    stats["proof"] = dict(proof.stats, backend=prover.name, encoding=encoding.name, blocked=len(known),
                          seconds=round(proof.build_time + proof.solve_time, 4))
    return Outcome(solutions=(known + proof.solutions)[:keep], count=len(known) + proof.count,
                   complete=proof.complete, timed_out=proof.timed_out, build_time=proof.build_time,
                   solve_time=proof.solve_time, stats=stats)


def prove_after(first: Outcome, prover: "Backend", encoding, puzzle, *, limit: int | None,
                time_limit: float | None, keep: int, stats: dict) -> Outcome:
    """:func:`prove_with_known` after a budgeted first stage that ran out of its budget: the
    known solutions are all that ``first`` found, unless it counted more than it kept (then
    none are known and the prover counts from scratch), and ``first``'s times are added to
    the proof's."""
    known = list(first.solutions) if first.count <= len(first.solutions) else []
    proof = prove_with_known(prover, encoding, puzzle, known, limit=limit, time_limit=time_limit, keep=keep,
                             stats=stats)
    proof.build_time += first.build_time
    proof.solve_time += first.solve_time
    return proof


class OptionalExtension:
    """A C extension that an install may lack (no compiler): imported on first use, and when it
    cannot be, the reason is kept for :meth:`Backend.unavailable`."""

    _NOT_LOADED = object()

    def __init__(self, module: str) -> None:
        self.module = module
        self.reset()

    def load(self):
        """The extension module, or ``None`` when it cannot be imported (see :meth:`error`)."""
        if self._module is self._NOT_LOADED:
            try:
                self._module, self._error = importlib.import_module(self.module), None
            except ImportError as exc:
                self._module, self._error = None, f"the C extension {self.module} is not built ({exc})"
        return self._module

    def error(self) -> str | None:
        """Why :meth:`load` found no extension (``None`` when it did)."""
        self.load()
        return self._error

    def reset(self) -> None:
        """Forget the import result (tests simulate a missing extension with this)."""
        self._module, self._error = self._NOT_LOADED, None


def _declare_kind_backends(kind: Kind) -> None:
    for name, (target, load) in kind.backends.items():
        if name in _REGISTERED:  # its module was imported first, and registered it
            _TARGETS[name] = target
        else:
            declare_backend(name, target, load)


#: backend name -> factory (a declared backend's factory imports its module first); the kinds'
#: own backends (their records' ``backends``) are declared on the first look-up
BACKENDS: "Filled" = Filled(_declare_kind_backends)
#: backend name -> target, for declared backends (known without importing them)
_TARGETS: dict[str, str] = {}
_INSTANCES: dict[str, Backend] = {}
#: backend names whose module has registered the real factory
_REGISTERED: set[str] = set()
#: backend name -> attributes its shared instance takes when it is made (:func:`configure_backend`)
_SETTINGS: dict[str, dict] = {}


def close_all() -> None:
    """Drop every shared backend's cached formulas and solvers (the next job builds afresh)."""
    for b in list(_INSTANCES.values()):
        b.close()


@atexit.register
def _close_at_exit() -> None:
    """Free cached native solvers before interpreter teardown (avoids noisy ``__del__`` errors)."""
    try:
        close_all()
    except Exception:  # pragma: no cover - best effort at exit
        pass


def register_backend(name: str, factory: Callable[[], Backend]) -> None:
    """Make ``factory()`` available as backend ``name``."""
    BACKENDS[name] = factory
    _REGISTERED.add(name)


def declare_backend(name: str, target: str, module: "str | Callable[[], None]") -> None:
    """Make backend ``name`` known without importing it: ``module`` (a module name, or a
    function that imports it) registers it when first used.

    A module that is not installed (``importlib.util.find_spec`` finds nothing for its top
    package's optional dependency) fails to import; :func:`list_backends` then leaves the
    backend out.
    """

    def load() -> Backend:
        if callable(module):
            module()  # a kind's loader: imports its module, which registers the real factory
        else:
            importlib.import_module(module)  # registers the real factory under ``name``
        factory = BACKENDS[name]
        if factory is load:
            raise UnsupportedError(f"{getattr(module, '__qualname__', module)} did not register backend {name!r}")
        return factory()

    BACKENDS[name] = load
    _TARGETS[name] = target


def _target(name: str) -> str | None:
    """The target of backend ``name`` (``None``: it cannot be loaded here)."""
    if name in _TARGETS:
        return _TARGETS[name]
    try:
        return get_backend(name).target
    except ImportError:
        return None


def list_backends(target: str | None = None, *, available: bool = False) -> list[str]:
    """Registered backend names: all, those of ``target``, or only those that can run here.

    Parameters
    ----------
    target : str, optional
        ``"cnf"``, ``"cpsat"``, ...: only backends taking that encoding target.
    available : bool
        Only backends whose :meth:`Backend.unavailable` is ``None`` (this imports them).
    """
    out = []
    for name in sorted(BACKENDS):
        t = _target(name)
        if t is None or (target is not None and t != target):
            continue
        if available:
            try:
                if get_backend(name).unavailable():
                    continue
            except ImportError:
                continue
        out.append(name)
    return out


def get_backend(name: "str | Backend") -> Backend:
    """The shared instance of backend ``name``, so batches reuse its cached formulas.

    Raises
    ------
    UnsupportedError
        No backend has that name.
    ImportError
        The backend's module needs a package that is not installed.
    """
    if isinstance(name, Backend):
        return name
    if name not in _INSTANCES:
        try:
            factory = BACKENDS[name]
        except KeyError:
            raise UnsupportedError(f"no backend {name!r}; known: {', '.join(sorted(BACKENDS))}") from None
        inst = factory()
        for attr, value in _SETTINGS.get(name, {}).items():
            setattr(inst, attr, value)
        _INSTANCES[name] = inst
    return _INSTANCES[name]


def configure_backend(name: str, **attrs) -> None:
    """Set attributes of backend ``name``'s shared instance: now if it exists, else as soon as
    :func:`get_backend` makes it, without importing its module (a batch worker sets CP-SAT
    to one thread this way without loading OR-tools, which takes half a second).

    Parameters
    ----------
    name : str
        A backend name (need not be registered yet).
    **attrs
        Attribute values, e.g. ``workers=1``.
    """
    _SETTINGS.setdefault(name, {}).update(attrs)
    inst = _INSTANCES.get(name)
    if inst is not None:
        for attr, value in attrs.items():
            setattr(inst, attr, value)
