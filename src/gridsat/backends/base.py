"""The interface every solver backend implements, and the registry that finds them.

A backend takes a puzzle and an :class:`~gridsat.encoders.Encoding` of its target
(``"cnf"`` or ``"cpsat"``), enumerates up to ``limit`` solutions within a time limit and
reports an :class:`Outcome`. Backends never check answers; the front door runs the
independent verifier on every solution they return.
"""

from __future__ import annotations

import atexit
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import UnsupportedError

__all__ = ["Outcome", "Backend", "register_backend", "get_backend", "list_backends", "close_all", "BACKENDS"]


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


class Backend:
    """Base class: a named solver for one encoding target.

    ``supports`` lists capabilities: ``solve``, ``count``, ``time_limit``, ``incremental``
    (base formula reused across puzzles), ``assumptions``, ``stats``.
    """

    name: str = "?"
    target: str = "?"
    supports: frozenset[str] = frozenset()

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        raise NotImplementedError

    def unavailable(self) -> str | None:
        """Why this backend cannot run on this machine (missing tool chain), or None."""
        return None

    def close(self) -> None:
        """Release cached solvers."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


BACKENDS: dict[str, Callable[[], Backend]] = {}
_INSTANCES: dict[str, Backend] = {}


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


def list_backends(target: str | None = None, *, available: bool = False) -> list[str]:
    """Registered backend names (optionally only those for ``target``, or only those that can run here)."""
    out = []
    for name in sorted(BACKENDS):
        b = get_backend(name)
        if target is not None and b.target != target:
            continue
        if available and b.unavailable():
            continue
        out.append(name)
    return out


def get_backend(name: "str | Backend") -> Backend:
    """The shared instance of backend ``name``, so batches reuse its cached formulas."""
    if isinstance(name, Backend):
        return name
    if name not in _INSTANCES:
        try:
            factory = BACKENDS[name]
        except KeyError:
            raise UnsupportedError(f"no backend {name!r}; known: {', '.join(sorted(BACKENDS))}") from None
        _INSTANCES[name] = factory()
    return _INSTANCES[name]
