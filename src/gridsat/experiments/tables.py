"""Bench rows aggregated per configuration: counts, times, PAR-2, and a Markdown table of them."""

from __future__ import annotations

import math
import statistics
from typing import Any, Sequence

__all__ = ["summarize", "summary"]


def _run_time(r: dict) -> float:
    t = r.get("total_time")
    return float(t) if t is not None else float("nan")


def summarize(rows: Sequence[dict]) -> list[dict[str, Any]]:
    """Per configuration (in first-seen order): counts, times and PAR-2 as dicts.

    ``runs`` excludes skipped rows; ``mean``/``median``/``total`` are over those runs
    (timeouts at their measured time); ``par2`` is the mean time where an unsolved run
    (timeout, error, unknown) counts twice the time limit (twice the slowest run if no limit).

    Parameters
    ----------
    rows : sequence of dict
        Bench rows (as from :func:`gridsat.experiments.run_bench` or :func:`gridsat.experiments.read_rows`).

    Returns
    -------
    list of dict
        One per configuration with the keys ``config``, ``runs``, ``solved``, ``unique``,
        ``timeouts``, ``errors``, ``skipped``, ``verified``, ``mean``, ``median``, ``total``
        and ``par2`` (times in seconds; ``None`` when there is nothing to average).
    """
    order: list[str] = []
    groups: dict[str, list[dict]] = {}
    for r in rows:
        c = r.get("config")
        if c not in groups:
            order.append(c)
            groups[c] = []
        groups[c].append(r)
    out = []
    for c in order:
        rs = groups[c]
        ran = [r for r in rs if r.get("status") != "skipped"]
        times = [_run_time(r) for r in ran if r.get("total_time") is not None]
        limits = [r.get("time_limit") for r in ran if r.get("time_limit") not in (None, "")]
        cap = float(max(limits)) if limits else (max(times) if times else 0.0)
        par = [(_run_time(r) if r.get("solved") else 2 * cap) for r in ran]
        out.append({
            "config": c,
            "runs": len(ran),
            "solved": sum(1 for r in ran if r.get("solved")),
            "unique": sum(1 for r in ran if r.get("status") == "unique"),
            "timeouts": sum(1 for r in ran if r.get("status") == "timeout"),
            "errors": sum(1 for r in ran if r.get("status") == "error"),
            "skipped": len(rs) - len(ran),
            "verified": sum(1 for r in ran if r.get("verified")),
            "mean": statistics.fmean(times) if times else None,
            "median": statistics.median(times) if times else None,
            "total": math.fsum(times) if times else None,
            "par2": statistics.fmean(par) if par else None,
        })
    return out


def summary(rows: Sequence[dict]) -> str:
    """A Markdown table, one line per configuration: runs, solved, unique, timeouts, times, PAR-2.

    Times are seconds per run (build + solve + verify, as measured around the call); the
    numbers are those of :func:`summarize`.

    Returns
    -------
    str
        The table, a header line, a rule and one line per configuration, without a final newline.
    """
    head = ["config", "runs", "solved", "unique", "timeouts", "errors", "skipped",
            "mean s", "median s", "total s", "PAR-2 s"]
    right = [False] + [True] * (len(head) - 1)

    def sec(x: float | None) -> str:
        return "-" if x is None else f"{x:.4f}" if x < 10 else f"{x:.2f}"

    body = [[s["config"], str(s["runs"]), str(s["solved"]), str(s["unique"]), str(s["timeouts"]),
             str(s["errors"]), str(s["skipped"]), sec(s["mean"]), sec(s["median"]), sec(s["total"]),
             sec(s["par2"])] for s in summarize(rows)]
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(head)]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if r else ("-" * (w + 2)) for w, r in zip(widths, right)) + "|"
    return "\n".join([line(head), rule] + [line(b) for b in body])
