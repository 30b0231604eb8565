"""The logical solver's C filter: which technique of the ladder is the first with a step.

On a classic 9x9 grid the solver asks the C extension ``gridsat.kinds.sudoku.logic._logic``
for the first technique, from a position on, that has a step (or that the filter does not
know), and runs only that Python technique. Steps, ratings and texts are the Python
techniques' own, so the filter changes speed only: a technique written in C must answer
"none" only where the Python technique finds no step (``tests/test_logic_native_filter.py``
compares the two on every grid of many paths, and ``benchmarks/rating.py --filter-audit``
over a whole file).

Without the extension (no C compiler at install) every technique runs in Python;
:func:`status` says why.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from typing import Any, Iterator, Protocol, Sequence


class GridView(Protocol):
    """What the filter reads of a logical solver's grid
    (:class:`gridsat.kinds.sudoku.logic.grid.Grid` has it): its geometry, values and
    candidate masks. A protocol, so that this module, which the grid imports, does not
    import the grid."""

    geo: Any
    values: list[int]
    cands: list[int]

__all__ = ["status", "extension", "techniques_in_c", "plan", "usable", "disabled", "first", "has", "broken", "positions"]

_MODULE = "gridsat.kinds.sudoku.logic._logic"
_STATE: dict = {}
#: technique id for a technique the filter does not know
UNKNOWN = 255


def _ext():
    if "ext" not in _STATE:
        try:
            _STATE["ext"], _STATE["error"] = importlib.import_module(_MODULE), None
        except ImportError as exc:
            _STATE["ext"], _STATE["error"] = None, f"the C extension {_MODULE} is not built ({exc})"
        ext = _STATE["ext"]
        _STATE["ids"] = {name: i for i, (name, _) in enumerate(ext.techniques())} if ext else {}
        _STATE["written"] = tuple(name for name, w in ext.techniques() if w) if ext else ()
        _STATE["plans"] = {}
    return _STATE["ext"]


def status() -> tuple[bool, str | None]:
    """Whether the filter is in use, and why not when it is not.

    Returns
    -------
    (bool, str or None)
        ``(True, None)`` when the extension is loaded and the filter is on.
    """
    if _STATE.get("off"):
        return False, "the filter is switched off (disabled())"
    ext = _ext()
    return (ext is not None), _STATE["error"]


def extension():
    """The C extension module (its techniques' own C entries: propagation, chain graphs), or
    None when it is not built."""
    return _ext()


def techniques_in_c() -> tuple[str, ...]:
    """Names of the techniques whose existence test is written in C."""
    _ext()
    return _STATE["written"]


@contextmanager
def disabled() -> Iterator[None]:
    """Run every technique in Python inside the ``with`` block (the reference path)."""
    before = _STATE.get("off", False)
    _STATE["off"] = True
    try:
        yield
    finally:
        _STATE["off"] = before


def usable(g: GridView) -> bool:
    """Whether the filter applies to this grid: a classic 9x9 board, filter on and built."""
    return g.geo.classic and not _STATE.get("off") and _ext() is not None


def plan(names: Sequence[str]) -> bytes:
    """The technique ids of a ladder (names in order), for :func:`first`."""
    key = tuple(names)
    out = _STATE["plans"].get(key)
    if out is None:
        ids = _STATE["ids"]
        out = _STATE["plans"][key] = bytes(ids.get(n, UNKNOWN) for n in key)
    return out


def first(g: GridView, ids: bytes, start: int) -> int:
    """The first position from ``start`` whose technique has a step or is not written in C.

    Returns ``len(ids)`` when no technique of the ladder from ``start`` has a step.
    """
    return _STATE["ext"].first(g.values, g.cands, ids, start)


def broken(g: GridView) -> bool:
    """Whether :meth:`Grid.broken <gridsat.kinds.sudoku.logic.grid.Grid.broken>` finds a reason
    on ``g`` (a classic 9x9 grid, see :func:`usable`), tested in C; the reason itself comes
    from the Python method."""
    return _STATE["ext"].broken(g.values, g.cands)


def positions(cands: list[int]) -> list[int] | None:
    """:meth:`Grid.digit_positions <gridsat.kinds.sudoku.logic.grid.Grid.digit_positions>` of
    a classic 9x9 grid's candidate masks, computed in C; None when the filter is off or not
    built (the caller computes them in Python)."""
    if _STATE.get("off") or _ext() is None:
        return None
    return _STATE["ext"].positions(cands)


def has(name: str, g: GridView) -> int:
    """1 when the C test of technique ``name`` finds a step on ``g``, 0 when not, -1 when not written."""
    ext = _ext()
    if ext is None:
        raise RuntimeError(_STATE["error"])
    return ext.has(_STATE["ids"][name], g.values, g.cands)


def audit(grids: Sequence[GridView], techniques: Sequence) -> dict[str, list[int]]:
    """Compare each C test with its pure Python technique (run as in :func:`disabled`) on every grid.

    Parameters
    ----------
    grids : sequence of GridView
        Classic 9x9 grids (for example every grid along a solver's path).
    techniques : sequence of Technique
        The solver's techniques to compare (those not written in C are skipped).

    Returns
    -------
    dict
        ``name -> [agreed, c_said_none_but_python_found, c_said_step_but_python_found_none]``.
        The middle count must be 0 (a wrong "none" would change the path); the last only
        costs time.
    """
    _ext()
    written = set(_STATE["written"])
    out: dict[str, list[int]] = {}
    for g in grids:
        for t in techniques:
            if t.name not in written:
                continue
            c = has(t.name, g)
            with disabled():  # the pure Python technique (no C propagation or graph inside it)
                py = t.func(g.copy()) is not None
            row = out.setdefault(t.name, [0, 0, 0])
            row[0 if bool(c) == py else (1 if py else 2)] += 1
    return out

