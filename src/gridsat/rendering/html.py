"""HTML tables of results for Jupyter: one row per result, optionally with a thumbnail."""

from __future__ import annotations

from html import escape
from typing import Iterable

from .svg import render_svg

__all__ = ["results_html", "ResultsTable"]

_COLUMNS = ("name", "job", "status", "count", "complete", "verified", "backend", "encoding", "time (s)")


def _row(res) -> list[str]:
    name = getattr(res.puzzle, "name", None) or ""
    return [name, res.job, res.status, "" if res.count is None else str(res.count), str(res.complete),
            str(res.verified), res.backend, res.encoding, f"{res.total_time:.4f}"]


def results_html(results: Iterable, *, boards: bool = False, cell: float = 14) -> str:
    """An HTML table of :class:`~gridsat.Result` objects; ``boards`` adds a small picture per row."""
    head = "".join(f"<th>{c}</th>" for c in _COLUMNS) + ("<th>board</th>" if boards else "")
    rows = []
    for res in results:
        cells = "".join(f"<td>{escape(v)}</td>" for v in _row(res))
        if boards:
            try:
                cells += f"<td>{render_svg(res.puzzle, res.solution, cell=cell)}</td>"
            except Exception:  # a kind without a renderer keeps its row
                cells += "<td></td>"
        rows.append(f"<tr>{cells}</tr>")
    return f"<table class='gridsat-results'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


class ResultsTable(list):
    """A list of results that Jupyter shows as a table (``ResultsTable(results, boards=True)``)."""

    def __init__(self, results: Iterable = (), boards: bool = False):
        super().__init__(results)
        self.boards = boards

    def _repr_html_(self) -> str:
        return results_html(self, boards=self.boards)
