"""``gridsat count --layouts N``: the filled grids of every jigsaw region layout of order N,
through the batch runner, and their total (OEIS A172478); and ``gridsat generate layouts``.

Each layout of :func:`gridsat.generators.layouts.enumerate_layouts` is a task whose id is
``layout:I`` (``I`` from 1, in the enumerator's fixed order). The answers are printed as
they finish, one line per layout (or a ``--json`` record with the layout, its count, the
backend and the time), and the total comes last. With ``--out FILE`` the records go to FILE
and the total (over every record of FILE, so a resumed run gives the whole sum) goes to
standard output. :class:`LayoutCountJob` is the task function (picklable, for the runner's
workers) and :func:`layout_tasks` the tasks.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import Iterator

from ...errors import GridsatError, ParseError
from ...jobs.items import Task
from ...jobs.tasks import WithText
from ...cli.outputs import fail
from ...cli.exitcodes import EXIT_FAILED, EXIT_OK

__all__ = ["run_layout_counts", "run_layouts", "parse_order", "LayoutCountJob", "layout_tasks", "LAYOUTS", "GRIDS",
           "MAX_ORDER"]

#: the largest order counted (order 6 has 1,000 times the layouts of order 5, each with far more grids)
MAX_ORDER = 5
#: layouts of each order (OEIS A172477)
LAYOUTS = {1: 1, 2: 2, 3: 10, 4: 117, 5: 4006}
#: filled grids summed over the layouts of orders 4 and 5 (OEIS A172478), checked against the total
GRIDS = {4: 13872, 5: 11762160}


@dataclass
class LayoutCountJob:
    """The number of filled ``n`` x ``n`` grids of one jigsaw region layout.

    The payload is ``(index, layout)``: the layout's place in
    :func:`~gridsat.generators.layouts.enumerate_layouts` (from 1) and its row-major region
    labels. The count goes through :func:`gridsat.count`, so with no ``backend`` and no
    ``encoding`` the kind's default pair for the board counts it.

    Attributes
    ----------
    n : int
        The order (board side and region size).
    method : str
        The counting method's name (``enum``, ``cpsat``, ``d4``, ...); ``method_options`` are its options.
    backend, encoding : str or None
        By name (``None``: the kind's default).
    time_limit : float or None
        Seconds per layout (the count is then marked incomplete).
    """

    n: int
    method: str = "enum"
    method_options: dict = field(default_factory=dict)
    backend: str | None = None
    encoding: str | None = None
    time_limit: float | None = None

    def result(self, payload: tuple):
        """The count :class:`~gridsat.result.Result` of the empty board with regions ``payload[1]``."""
        from ... import api
        from ...counting import get_method
        from .puzzle import Sudoku

        _, layout = payload
        return api.count(Sudoku.empty(self.n, regions=tuple(layout)), None,
                         method=get_method(self.method, **self.method_options), backend=self.backend,
                         encoding=self.encoding, time_limit=self.time_limit, keep=0)

    def record(self, payload: tuple, res) -> dict:
        """The JSON record: the order, index and layout (rows of region letters), its count,
        whether the count is exact, and what counted it in how long."""
        from ...generators.layouts import layout_to_text

        index, layout = payload
        return {"n": self.n, "index": index, "layout": layout_to_text(self.n, layout).splitlines(),
                "count": res.count, "complete": bool(res.complete), "method": res.method or self.method,
                "backend": res.backend, "encoding": res.encoding,
                "time": round(res.total_time, 6)}

    def __call__(self, payload: tuple) -> dict:
        """The record of the layout ``payload``."""
        return self.record(payload, self.result(payload))


def layout_tasks(n: int) -> Iterator[Task]:
    """One task per jigsaw region layout of order ``n``, lazily, for :class:`LayoutCountJob`.

    Parameters
    ----------
    n : int
        The order (117 layouts for 4, 4,006 for 5; OEIS A172477).

    Yields
    ------
    Task
        Id ``layout:I`` and payload ``(I, labels)``, where ``I`` counts from 1 in the order of
        :func:`~gridsat.generators.layouts.enumerate_layouts` (a fixed order, so the ids are stable).
    """
    from ...generators.layouts import enumerate_layouts

    for i, layout in enumerate(enumerate_layouts(n), 1):
        yield Task(f"layout:{i}", (i, layout))


def parse_order(text: str) -> int:
    """The order given to ``--layouts``: an integer from 1 to :data:`MAX_ORDER`.

    Parameters
    ----------
    text : str

    Returns
    -------
    int

    Raises
    ------
    ParseError
        Not an integer, or out of range.
    """
    try:
        n = int(str(text).strip())
    except ValueError:
        raise ParseError(f"--layouts: expected an order from 1 to {MAX_ORDER}, got {text!r}") from None
    if not 1 <= n <= MAX_ORDER:
        raise ParseError(f"--layouts: expected an order from 1 to {MAX_ORDER}, got {n}"
                         + (" (orders above 5 have too many layouts to count)" if n > MAX_ORDER else ""))
    return n


@dataclass
class LayoutText:
    """The line ``count --layouts`` prints for a layout of order ``n``: id, layout rows, count,
    method and backend, time."""

    n: int

    def __call__(self, payload: tuple, res) -> tuple[str, str]:
        """``(line, "")``."""
        from ...generators.layouts import layout_to_text

        index, layout = payload
        rows = "/".join(layout_to_text(self.n, layout).splitlines())
        more = "" if res.complete else "at least "
        count = res.count if res.count is not None else 0
        return (f"layout:{index}: {rows} {more}{count} grids ({res.method} {res.backend or '-'}, "
                f"{res.total_time:.3f} s)"), ""


def _refuse(args: argparse.Namespace) -> None:
    """Options that do not go with ``--layouts`` are a usage error."""
    if args.files or args.example:
        raise ParseError("--layouts counts empty jigsaw boards of every layout; it reads no puzzles")
    for dest, flag in (("solutions", "--solutions"), ("limit", "--limit"), ("race", "--race"),
                       ("output_format", "--output-format"), ("format", "--format"), ("kind", "--kind"),
                       ("box", "--box")):
        if getattr(args, dest, None) not in (None, False):
            raise ParseError(f"{flag} does not go with --layouts")


def _summary(n: int, records: list[dict], shard: str | None, expected: int) -> tuple[dict, bool]:
    """The total over ``records`` (those of order ``n``), and whether it is the exact whole."""
    mine = {}
    for rec in records:
        if rec.get("n") == n or (rec.get("status") == "error" and str(rec.get("id", "")).startswith("layout:")):
            mine[str(rec["id"])] = rec
    counted = [r for r in mine.values() if r.get("count") is not None and "error" not in r]
    exact = [r for r in counted if r.get("complete")]
    total = sum(int(r["count"]) for r in counted)
    ok = len(exact) == len(mine) == expected
    summary = {"n": n, "total": total, "layouts": expected, "counted": len(exact),
               "incomplete": len(counted) - len(exact), "errors": len(mine) - len(counted), "complete": ok}
    if shard:
        summary["shard"] = shard
    elif ok and n in GRIDS:
        summary["oeis_A172478"] = GRIDS[n]
    return summary, ok


def _summary_line(s: dict) -> str:
    where = f" in shard {s['shard']}" if "shard" in s else ""
    if s["complete"]:
        line = f"total: {s['total']:,} grids over the {s['layouts']:,} layouts of order {s['n']}{where}"
        if "oeis_A172478" in s:
            line += " (A172478: " + ("matches" if s["total"] == s["oeis_A172478"] else
                                     f"MISMATCH, expected {s['oeis_A172478']:,}") + ")"
        return line
    missing = s["layouts"] - s["counted"] - s["incomplete"] - s["errors"]
    parts = [f"{s['counted']:,} of {s['layouts']:,} layouts counted exactly"]
    if s["incomplete"]:
        parts.append(f"{s['incomplete']:,} stopped early")
    if s["errors"]:
        parts.append(f"{s['errors']:,} failed")
    if missing > 0:
        parts.append(f"{missing:,} not answered")
    return f"total: at least {s['total']:,} grids of order {s['n']}{where} ({', '.join(parts)})"


def run_layout_counts(args: argparse.Namespace, method) -> int:
    """Count the grids of every layout of order ``args.layouts`` through the runner; print the total.

    Parameters
    ----------
    args : argparse.Namespace
        The ``count`` command line (``layouts``, solver, output and runner options).
    method : gridsat.counting.CountMethod
        The counting method (checked to be available).

    Returns
    -------
    int
        0 every layout counted exactly, 1 some were not, 2 usage error, 130/143 stopped.
    """
    from ...jobs import parse_shard, read_records, shard_of
    from ...cli.jobs import run_tasks

    try:
        n = parse_order(args.layouts)
        _refuse(args)
        shard = parse_shard(args.shard)
    except GridsatError as e:
        return fail(e)
    opts = {"epsilon": args.epsilon, "delta": args.delta} if method.name == "approx" else {}
    job = LayoutCountJob(n, method=method.name, method_options=opts, backend=args.backend, encoding=args.encoding,
                         time_limit=args.time_limit)
    fn = job if args.json or args.out else WithText(job, LayoutText(n))
    expected = LAYOUTS[n]
    if shard is not None and shard[1] > 1:
        expected = sum(shard_of(f"layout:{i}", shard[1]) == shard[0] for i in range(1, LAYOUTS[n] + 1))
    keep: list[dict] = []
    code = run_tasks(args, layout_tasks(n), fn, ok=lambda r: bool(r.get("complete")), total=LAYOUTS[n],
                     time_limit=args.time_limit, keep=keep)
    if code not in (EXIT_OK, EXIT_FAILED):
        return code
    records = list(read_records(args.out)) if args.out else keep
    summary, ok = _summary(n, records, args.shard if shard is not None and shard[1] > 1 else None, expected)
    print(json.dumps(summary) if args.json else _summary_line(summary), flush=True)
    return EXIT_OK if ok and code == EXIT_OK else EXIT_FAILED


def run_layouts(args: argparse.Namespace) -> int:
    """Run ``gridsat generate layouts``; returns the exit code."""
    from ...generators.layouts import count_layouts, enumerate_layouts, layout_to_text, random_layout
    import random

    n = args.size
    if args.all:
        if args.count_only:
            print(count_layouts(n), flush=True)
            return EXIT_OK
        for lab in enumerate_layouts(n):
            sys.stdout.write(layout_to_text(n, lab) + "\n\n")
        sys.stdout.flush()
        return EXIT_OK
    rng = random.Random(args.seed)
    for _ in range(args.count):
        sys.stdout.write(layout_to_text(n, random_layout(n, rng)) + "\n\n")
        sys.stdout.flush()
    return EXIT_OK
