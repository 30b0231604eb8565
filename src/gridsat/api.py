"""The front door: ``solve``, ``count`` and ``check`` for every puzzle kind.

Backends and encodings are passed by name (see ``list_backends`` / ``list_encodings``)
or as objects; ``None`` picks the kind's default. Every solution a backend returns is
checked by :func:`gridsat.verify.verify` before it reaches the caller.
"""

from __future__ import annotations

import time
from typing import Any

from .backends import Backend, get_backend
from .encoders import Encoding, get_encoding, list_encodings
from .errors import GridsatError, UnsupportedError
from .result import Result
from .verify import verify

__all__ = ["solve", "count", "check", "run", "DEFAULTS", "VerificationError", "resolve"]


class VerificationError(GridsatError):
    """A backend returned a wrong solution: a bug in an encoding or a backend."""


#: default (backend, encoding) per puzzle kind; chosen by benchmarks/.
DEFAULTS: dict[str, tuple[str, str]] = {
    "sudoku": ("minisat22", "cnf-extended"),
    "hidato": ("glucose4", "cnf-pos"),
}

#: Sudoku variants with their own measured defaults (benchmarks/sudoku.py, same-run ratios):
#: classic boards up to 9x9 use MiniSat on the cached ``cnf-extended`` formula (givens as
#: assumptions; with the solver reloaded every ~1,200 conflicts MiniSat checks the magictour
#: set ~25% faster than CaDiCaL 1.5.3, which under python-sat also ignores Ctrl-C during a
#: long count or aborts the process; MiniSat, MiniCard and Glucose raise on SIGINT).
#: Larger classic boards and jigsaw maps use ``cnf-reduced``, a formula over the candidates
#: the givens leave, built per puzzle, on MiniCard, which loads each at-most-one group as one
#: native constraint instead of its pairwise clauses: 16x16 check 6.5 ms CPU against 8.3 on
#: MiniSat with the same formula and 13.7 on the cached 124k-clause base formula; jigsaw
#: check 1.9 ms against 3.1 for Glucose on ``cnf-layered`` (the region map as a swappable
#: clause layer on one base formula per size). A CNF backend without native cardinality
#: constraints, given without an encoding, uses ``cnf-layered`` for a jigsaw (faster to solve
#: there than ``cnf-reduced``). DEFAULTS["sudoku"] is what exporters use (a given-independent
#: formula).
SUDOKU_SMALL_DEFAULT: tuple[str, str] = ("minisat22", "cnf-extended")
SUDOKU_BIG_DEFAULT: tuple[str, str] = ("minicard", "cnf-reduced")
JIGSAW_DEFAULT: tuple[str, str] = ("minicard", "cnf-reduced")
#: the jigsaw encoding for a CNF backend other than the default one
JIGSAW_OTHER_CNF = "cnf-layered"


#: which default serves which puzzles, for listings: (label, puzzle kind, (backend, encoding))
DEFAULT_ROLES: list[tuple[str, str, tuple[str, str]]] = [
    ("sudoku up to 9x9", "sudoku", SUDOKU_SMALL_DEFAULT),
    ("sudoku above 9x9", "sudoku", SUDOKU_BIG_DEFAULT),
    ("jigsaw", "sudoku", JIGSAW_DEFAULT),
    ("hidato", "hidato", DEFAULTS["hidato"]),
]


def default_roles(what: str) -> dict:
    """What each default serves, for listings: ``"default for ..."`` texts.

    ``what="backend"``: keyed by backend name; ``what="encoding"``: by ``(kind, encoding name)``.
    """
    roles: dict = {}
    for label, kind, (backend, encoding) in DEFAULT_ROLES:
        key = backend if what == "backend" else (kind, encoding)
        roles.setdefault(key, []).append(label)
    return {key: "default for " + ", ".join(labels) for key, labels in roles.items()}


def _defaults(puzzle) -> tuple[str, str]:
    """The default (backend, encoding) names for this puzzle."""
    if puzzle.kind == "sudoku":
        if puzzle.is_jigsaw:
            return JIGSAW_DEFAULT
        return SUDOKU_SMALL_DEFAULT if puzzle.n <= 9 else SUDOKU_BIG_DEFAULT
    return DEFAULTS[puzzle.kind]


def _default_encoding(puzzle, backend: "Backend | None" = None) -> str:
    b_name, e_name = _defaults(puzzle)
    if (backend is not None and backend.name != b_name and puzzle.kind == "sudoku"
            and puzzle.is_jigsaw):
        return JIGSAW_OTHER_CNF
    return e_name


def resolve(puzzle, backend: "str | Backend | None", encoding: "str | Encoding | None") -> tuple[Backend, Encoding]:
    """The backend and encoding to use: defaults filled in, target mismatches explained."""
    kind = puzzle.kind
    if backend is None and encoding is None:
        b_name, e_name = _defaults(puzzle)
        return get_backend(b_name), get_encoding(e_name, kind)
    if backend is None:
        enc = get_encoding(encoding, kind)
        b = get_backend(_defaults(puzzle)[0])
        if b.target != enc.target:  # the kind's default backend takes another target
            from .backends import list_backends

            preferred = {"cnf": "minisat22", "cpsat": "cpsat"}.get(enc.target)
            names = list_backends(enc.target)
            if not names:
                raise UnsupportedError(f"encoding {enc.name} needs a {enc.target} backend; none is installed")
            b = get_backend(preferred if preferred in names else names[0])
        return b, enc
    b = get_backend(backend)
    if encoding is None:
        default = get_encoding(_default_encoding(puzzle, b), kind)
        if default.target == b.target and default.applies(puzzle):
            return b, default
        options = [e for e in list_encodings(kind, b.target) if e.applies(puzzle)]
        if not options:
            raise UnsupportedError(f"backend {b.name} has no encoding for {kind}")
        return b, options[0]
    enc = get_encoding(encoding, kind)
    if enc.target != b.target:
        raise UnsupportedError(
            f"encoding {enc.name} is for {enc.target} backends, but {b.name} takes {b.target}"
        )
    return b, enc


def run(puzzle, job: str, *, limit: int | None = 1, backend=None, encoding=None,
        time_limit: float | None = None, keep: int = 2) -> Result:
    """Run one job; ``solve``, ``count`` and ``check`` are thin wrappers around this."""
    t0 = time.perf_counter()
    b, enc = resolve(puzzle, backend, encoding)
    if not enc.applies(puzzle):
        raise UnsupportedError(f"encoding {enc.name} does not apply to {puzzle!r}")
    res = Result(job=job, status="unknown", puzzle=puzzle, backend=b.name, encoding=enc.name)
    # Clashing givens make every Sudoku encoding unsatisfiable at once, so without a time
    # limit the (per-puzzle, pure Python) clash scan runs only when the backend finds no
    # solution, to name the clash; elsewhere it runs first, as the short cut it is.
    lazy = puzzle.kind == "sudoku" and time_limit is None
    conflicts = [] if lazy else puzzle.conflicts()
    if conflicts:
        res.status, res.count, res.complete = "impossible", 0, True
        res.reason = "; ".join(conflicts)
        res.total_time = time.perf_counter() - t0
        return res
    out = b.run(puzzle, enc, limit=limit, time_limit=time_limit, keep=keep)
    if lazy and out.count == 0 and out.complete:
        conflicts = puzzle.conflicts()
        if conflicts:
            res.status, res.count, res.complete = "impossible", 0, True
            res.reason = "; ".join(conflicts)
            res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, out.stats
            res.total_time = time.perf_counter() - t0
            return res
    for sol in out.solutions:
        problems = verify(puzzle, sol)
        if problems:
            raise VerificationError(
                f"{b.name}/{enc.name} returned a wrong solution: {'; '.join(problems[:3])}"
            )
    res.verified = bool(out.solutions)
    res.solutions = out.solutions
    res.solution = out.solutions[0] if out.solutions else None
    res.count = out.count
    res.complete = out.complete
    res.build_time, res.solve_time, res.stats = out.build_time, out.solve_time, out.stats
    if out.count == 0:
        res.status = "impossible" if out.complete else "unknown"
        if out.complete:
            res.reason = "no solution exists"
    elif out.count >= 2:
        res.status = "ambiguous"
    elif out.complete:
        res.status = "unique"
    elif job == "solve":
        res.status = "solved"
    else:
        res.status = "unknown"
    if res.status == "unknown" and out.timed_out:
        res.reason = f"time limit of {time_limit} s reached"
    res.total_time = time.perf_counter() - t0
    return res


def solve(puzzle, *, backend=None, encoding=None, time_limit: float | None = None) -> Result:
    """Find one solution.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    backend : str or Backend, optional
        A name from :func:`gridsat.list_backends` (``cpsat``, ``minisat22``, ``cadical153``, ...).
    encoding : str or Encoding, optional
        A name from :func:`gridsat.list_encodings` matching the backend's target.
    time_limit : float, optional
        Seconds; on expiry the status is ``unknown``.

    Returns
    -------
    Result
        ``status`` is ``solved``, ``impossible`` or ``unknown``; ``solution`` is verified.
    """
    return run(puzzle, "solve", limit=1, backend=backend, encoding=encoding, time_limit=time_limit)


def count(puzzle, limit: int | None = None, *, method="enum", backend=None, encoding=None,
          time_limit: float | None = None) -> Result:
    """Count solutions, up to ``limit`` (``None``: all). ``complete`` says whether the count is exact.

    Parameters
    ----------
    method : str or gridsat.counting.CountMethod
        ``enum`` (default: the backend enumerates, blocking clauses on CNF backends),
        ``cpsat`` (CP-SAT enumeration), ``d4`` / ``ganak`` (exact projected #SAT on the CNF
        encoding; ``limit`` does not apply and no solutions are returned unless the count
        is 1), ``approx`` (ApproxMC estimate: ``approximate`` True, ``complete`` False).
        See :mod:`gridsat.counting`; ``result.method`` names the method used.
    """
    if method == "enum":
        res = run(puzzle, "count", limit=limit, backend=backend, encoding=encoding, time_limit=time_limit)
        res.method = "enum"
        return res
    from .counting import count as _count

    return _count(puzzle, limit, method=method, backend=backend, encoding=encoding, time_limit=time_limit)


def check(puzzle, *, backend=None, encoding=None, time_limit: float | None = None) -> Result:
    """Decide uniqueness: status ``unique``, ``ambiguous``, ``impossible`` or ``unknown``."""
    return run(puzzle, "check", limit=2, backend=backend, encoding=encoding, time_limit=time_limit)
