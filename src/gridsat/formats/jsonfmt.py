"""The ``json`` format: one object per puzzle, any kind, dispatched on ``"kind"``.

A file holds one object, a JSON list of objects, or JSON lines (one object per line;
``#`` lines are skipped). A Sudoku object::

    {"kind": "sudoku", "n": 9, "box": [3, 3], "givens": [[5, 3, 0, ...], ...],
     "solution": [[...], ...], "name": "..."}

with ``"regions": [[1, 1, 2, ...], ...]`` (any labels) instead of ``"box"`` for jigsaw.
Rows may also be strings (``"53..7...."``) and ``givens`` a flat list; ``0`` or ``null``
is empty. The objects ``gridsat generate --json`` writes are read too: ``"puzzle"`` holds
the one-line text (``jigsaw-line`` / ``hidato-line``), ``"kind"`` is ``sudoku``, ``jigsaw``,
``hidato`` or ``numbrix``, ``"givens"`` is a count; the seed becomes the name (``seed 3``).
Other kinds register their loader with
:func:`gridsat.formats.base.register_json_kind` (e.g. ``{"kind": "hidato", ...}``).
"""

from __future__ import annotations

import inspect
import json
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import GridsatError, ParseError
from ..kinds.base import default_kind
from .base import (Entry, Format, get_json_kind, json_kind_name, json_kind_of_keys, json_puzzle_kind, locate,
                   register_format)
from .jsonparse import values
from .oneline import load_generated

if TYPE_CHECKING:
    from ..puzzles import Puzzle

__all__ = ["read_json", "write_json", "sniff_json", "to_json_dict"]


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def read_json(text: str, file: str | None = None, *, box: "str | tuple[int, int] | None" = None,
              kind: str | None = None) -> list[Entry]:
    """Read ``json`` objects; each one becomes an :class:`Entry` (bad ones carry their error)."""
    out: list[Entry] = []
    for val, line, col in values(text, file):
        if isinstance(val, ParseError):
            out.append(Entry(None, val, file, val.line, None, "json"))
            continue
        try:
            if not isinstance(val, dict):
                if isinstance(val, list):
                    raise ParseError("expected a JSON object per puzzle, got a list (a list of puzzles "
                                     "must be the whole file)")
                raise ParseError(f"expected a JSON object per puzzle, got {type(val).__name__}")
            k = val["kind"] if "kind" in val else kind or json_kind_of_keys(val) or default_kind().name
            if not isinstance(k, str):
                raise ParseError(f'"kind" must be a string, got {k!r}')
            raw_kind = k
            k = json_kind_name(k)
            if kind is not None and kind not in (k, json_puzzle_kind(k)):
                raise ParseError(f"expected a {kind} puzzle, got kind {k!r}")
            if _is_generated(val):
                puzzle, _ = load_generated(val, raw_kind, box=box)
                out.append(Entry(puzzle, None, file, line, None, "json"))
                continue
            jk = get_json_kind(k)
            opts = {}
            if box is not None and "box" in inspect.signature(jk.load).parameters:
                opts["box"] = box
            puzzle, solution = jk.load(val, **opts)
            out.append(Entry(puzzle, None, file, line, tuple(solution) if solution is not None else None, "json"))
        except (GridsatError, ValueError, TypeError, KeyError, IndexError) as e:
            if isinstance(e, KeyError):
                e = ParseError(f"missing {e.args[0]!r}")
            out.append(Entry(None, locate(e, file, line, col), file, line, None, "json"))
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, "json"))
    return out


def _is_generated(obj: dict) -> bool:
    """A ``gridsat generate --json`` object: the puzzle as one line of text, givens as a count."""
    return isinstance(obj.get("puzzle"), str) and not isinstance(obj.get("givens"), (list, str)) \
        and not isinstance(obj.get("rows"), list)


def to_json_dict(puzzle: "Puzzle", solution: Sequence[int] | None = None) -> dict[str, Any]:
    """The ``json`` object of any registered kind."""
    return get_json_kind(puzzle.kind).dump(puzzle, solution)


def write_json(puzzle: "Puzzle", solution: Sequence[int] | None = None) -> str:
    """One JSON line (so many puzzles make a JSON-lines file)."""
    return json.dumps(to_json_dict(puzzle, solution)) + "\n"


def sniff_json(text: str) -> bool:
    """Starts with ``{``, or ``[`` then ``{`` or ``]``."""
    i = _skip_ws(text, 0)
    while i < len(text) and text[i] == "#":
        nl = text.find("\n", i)
        i = _skip_ws(text, len(text) if nl < 0 else nl + 1)
    if i >= len(text):
        return False
    if text[i] == "{":
        return True
    if text[i] == "[":
        j = _skip_ws(text, i + 1)
        return j < len(text) and text[j] in "{]"
    return False


register_format(Format("json", "*", read_json, write_json, sniff_json, many=True,
                       description='gridsat JSON objects {"kind": ...}: one, a list, or JSON lines',
                       options=frozenset({"box", "kind"}), priority=10, constraints=True))
