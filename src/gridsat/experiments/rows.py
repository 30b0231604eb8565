"""Bench rows: the columns, a new row for a run, and rows as CSV or JSON Lines files.

A row is a flat dict of plain scalars, one per (instance, configuration), so
``pandas.DataFrame(rows)`` works as is (pandas is not needed here).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Sequence

from ..kinds import kind_of
from .config import Config
from .instances import Instance

__all__ = ["COLUMNS", "new_row", "rows_to_csv", "rows_to_jsonl", "read_rows"]

#: every row has exactly these keys, in this order (``None`` where a value is unknown)
COLUMNS = (
    "instance", "name", "file", "line", "kind", "variant", "size", "givens",
    "config", "backend", "encoding", "method", "job", "time_limit",
    "status", "solved", "count", "complete", "approximate", "verified",
    "build_time", "solve_time", "total_time",
    "variables", "clauses", "constraints", "conflicts", "decisions", "propagations", "restarts",
    "error",
)

# how read_rows turns CSV cells back into values
_NUMBERS = {"instance", "line", "givens", "time_limit", "count", "build_time", "solve_time", "total_time",
            "variables", "clauses", "constraints", "conflicts", "decisions", "propagations", "restarts"}
_BOOLS = {"solved", "complete", "approximate", "verified"}


def _size(puzzle: Any) -> str | None:
    if hasattr(puzzle, "n"):  # the Sudoku family: n x n
        return f"{puzzle.n}x{puzzle.n}"
    if hasattr(puzzle, "rows") and hasattr(puzzle, "cols"):
        return f"{puzzle.rows}x{puzzle.cols}"
    return None


def _variant(puzzle: Any) -> str:
    """The variant label the kind record gives (``classic``, ``jigsaw``, ``hidato``, ``numbrix``)."""
    return kind_of(puzzle).variant(puzzle)


def new_row(i: int, inst: Instance, cfg: Config, job: str, time_limit: float | None) -> dict[str, Any]:
    """The row of one run before it runs: what ran, on what; no status or measurements yet.

    Parameters
    ----------
    i : int
        The instance's 0-based index in the bench.
    inst : Instance
    cfg : Config
    job : str
    time_limit : float or None

    Returns
    -------
    dict
        Every key of :data:`COLUMNS`; ``solved``, ``complete``, ``approximate`` and
        ``verified`` are False, status, counts, times and statistics ``None``.
    """
    p = inst.puzzle
    row = dict.fromkeys(COLUMNS)
    row.update(instance=i, name=inst.name, file=inst.file, line=inst.line, kind=p.kind, variant=_variant(p),
               size=_size(p), givens=getattr(p, "num_givens", None), config=cfg.label, backend=cfg.backend,
               encoding=cfg.encoding, method=cfg.method, job=job, time_limit=time_limit,
               solved=False, complete=False, approximate=False, verified=False)
    return row


def _columns(rows: Sequence[dict]) -> list[str]:
    cols = [c for c in COLUMNS if any(c in r for r in rows)] if rows else list(COLUMNS)
    extra = sorted({k for r in rows for k in r} - set(cols))
    return cols + extra


def rows_to_csv(rows: Sequence[dict], path: str | Path) -> Path:
    """Write rows as CSV with a header (empty cells for ``None``).

    Columns are those of :data:`COLUMNS` present in some row, in that order, then any
    other keys sorted by name.

    Returns
    -------
    Path
        ``path``.
    """
    path = Path(path)
    cols = _columns(rows)
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in cols})
    return path


def rows_to_jsonl(rows: Sequence[dict], path: str | Path) -> Path:
    """Write rows as JSON Lines, one object per run (values JSON cannot hold as strings).

    Returns
    -------
    Path
        ``path``.
    """
    path = Path(path)
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, default=str) + "\n")
    return path


def _parse_cell(key: str, text: str) -> Any:
    if text == "":
        return None
    if key in _BOOLS:
        return text == "True"
    if key in _NUMBERS:
        try:
            x = float(text)
        except ValueError:
            return text
        return int(x) if x.is_integer() and "." not in text and "e" not in text.lower() else x
    return text


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """Rows back from a file written by :func:`rows_to_csv` or :func:`rows_to_jsonl`.

    ``.jsonl``, ``.json`` and ``.ndjson`` files are read as JSON Lines, anything else as
    CSV, whose empty cells become ``None`` and whose number and flag columns become
    ``int``/``float`` and ``bool`` again.

    Returns
    -------
    list of dict
    """
    path = Path(path)
    if path.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        with path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    with path.open(newline="", encoding="utf-8") as fh:
        return [{k: _parse_cell(k, v) for k, v in r.items()} for r in csv.DictReader(fh)]
