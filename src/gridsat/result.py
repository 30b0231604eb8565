"""The answer of a job: status, solutions, count, timings, and the verifier's word."""

from __future__ import annotations

from typing import Any


__all__ = ["Result", "STATUSES"]

#: ``solved``: a solution was found (uniqueness not asked); ``unique`` / ``ambiguous`` /
#: ``impossible``: proven; ``unknown``: the time limit was hit first.
STATUSES = ("solved", "unique", "ambiguous", "impossible", "unknown")


#: the fields of a :class:`Result`, in the order of its arguments (those shown by ``repr`` in _SHOWN)
_FIELDS = ("job", "status", "puzzle", "solution", "solutions", "count", "complete", "backend", "encoding",
           "build_time", "solve_time", "total_time", "stats", "verified", "reason", "method", "approximate")
_SHOWN = tuple(f for f in _FIELDS if f not in ("puzzle", "solutions", "stats"))


class Result:
    """What ``solve``, ``count`` or ``check`` found for one puzzle.

    A plain class with the behaviour of a dataclass (keyword or positional fields, ``repr``
    and ``==`` over the fields): the command line's bulk route starts without importing
    :mod:`dataclasses`.
    """

    job: str
    status: str
    puzzle: Any = None
    solution: tuple[int, ...] | None = None
    solutions: list[tuple[int, ...]]
    count: int | None = None
    complete: bool = False
    backend: str = ""
    encoding: str = ""
    build_time: float = 0.0
    solve_time: float = 0.0
    total_time: float = 0.0
    stats: dict[str, Any]
    verified: bool = False
    reason: str | None = None
    #: counting method of a ``count`` job (``enum``, ``cpsat``, ``d4``, ``ganak``, ``approx``)
    method: str = ""
    #: the count is an estimate (``approx``): ``complete`` is False, ``reason`` gives the bounds
    approximate: bool = False

    __match_args__ = _FIELDS
    __hash__ = None  # (mutable, compared by value)

    def __init__(self, job: str, status: str, puzzle: Any = None, solution: tuple[int, ...] | None = None,
                 solutions: list[tuple[int, ...]] | None = None, count: int | None = None, complete: bool = False,
                 backend: str = "", encoding: str = "", build_time: float = 0.0, solve_time: float = 0.0,
                 total_time: float = 0.0, stats: dict[str, Any] | None = None, verified: bool = False,
                 reason: str | None = None, method: str = "", approximate: bool = False) -> None:
        self.job, self.status, self.puzzle, self.solution = job, status, puzzle, solution
        self.solutions = [] if solutions is None else solutions
        self.count, self.complete, self.backend, self.encoding = count, complete, backend, encoding
        self.build_time, self.solve_time, self.total_time = build_time, solve_time, total_time
        self.stats = {} if stats is None else stats
        self.verified, self.reason, self.method, self.approximate = verified, reason, method, approximate

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{f}={getattr(self, f)!r}' for f in _SHOWN)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    @property
    def solved(self) -> bool:
        """Whether a verified solution was found."""
        return self.solution is not None

    def _repr_svg_(self) -> str | None:
        """Jupyter display: the board with the solution's values in blue."""
        if self.puzzle is None or not hasattr(self.puzzle, "kind"):
            return None
        from .rendering.svg import render_svg

        return render_svg(self.puzzle, self.solution)

    def _repr_html_(self) -> str:
        """Jupyter display: a small table of the outcome beside the board."""
        from html import escape

        rows = [("job", self.job), ("status", self.status), ("count", self.count),
                ("complete", self.complete), ("verified", self.verified),
                ("backend", self.backend), ("encoding", self.encoding),
                ("time (s)", f"{self.total_time:.4f}")]
        if self.reason:
            rows.append(("reason", self.reason))
        table = "".join(f"<tr><th style='text-align:left'>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                        for k, v in rows)
        try:
            svg = self._repr_svg_() or ""
        except Exception:  # a kind without a renderer still shows its table
            svg = ""
        return (f"<div style='display:flex;gap:1em;align-items:flex-start'>"
                f"<table>{table}</table><div>{svg}</div></div>")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the CLI's ``--json`` line)."""
        d = {
            "job": self.job,
            "status": self.status,
            "solution": list(self.solution) if self.solution is not None else None,
            "count": self.count,
            "complete": self.complete,
            "verified": self.verified,
            "backend": self.backend,
            "encoding": self.encoding,
            "time": {
                "build": round(self.build_time, 6),
                "solve": round(self.solve_time, 6),
                "total": round(self.total_time, 6),
            },
            "stats": self.stats,
        }
        if self.reason:
            d["reason"] = self.reason
        if self.method:
            d["method"] = self.method
            d["approximate"] = self.approximate
        name = getattr(self.puzzle, "name", None)
        if name:
            d["name"] = name
        return d

    def to_json(self, before: str = "", after: str = "") -> str:
        """:meth:`to_dict` as JSON text (``json.dumps``); a result may write it more directly.

        ``before`` and ``after``: JSON members (``"key": value, ...``) written first and last
        in the object, such as where the puzzle was read.
        """
        import json

        text = json.dumps(self.to_dict())
        return "{" + (before + ", " if before else "") + text[1:-1] + (", " + after if after else "") + "}"
