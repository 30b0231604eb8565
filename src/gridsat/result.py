"""The answer of a job: status, solutions, count, timings, and the verifier's word."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


__all__ = ["Result", "STATUSES"]

#: ``solved``: a solution was found (uniqueness not asked); ``unique`` / ``ambiguous`` /
#: ``impossible``: proven; ``unknown``: the time limit was hit first.
STATUSES = ("solved", "unique", "ambiguous", "impossible", "unknown")


@dataclass
class Result:
    """What ``solve``, ``count`` or ``check`` found for one puzzle."""

    job: str
    status: str
    puzzle: Any = field(repr=False, default=None)
    solution: tuple[int, ...] | None = None
    solutions: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    count: int | None = None
    complete: bool = False
    backend: str = ""
    encoding: str = ""
    build_time: float = 0.0
    solve_time: float = 0.0
    total_time: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict, repr=False)
    verified: bool = False
    reason: str | None = None
    #: counting method of a ``count`` job (``enum``, ``cpsat``, ``d4``, ``ganak``, ``approx``)
    method: str = ""
    #: the count is an estimate (``approx``): ``complete`` is False, ``reason`` gives the bounds
    approximate: bool = False

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
