"""One-line formats, written by ``gridsat generate``: what they share.

Each kind's package registers its own one-line format (``jigsaw-line`` in
:mod:`gridsat.kinds.sudoku.format_oneline`; ``hidato-line`` and ``numbrix-line`` in
:mod:`gridsat.kinds.hidato.format_oneline`) and the loader of its ``gridsat generate
--json`` objects (:func:`register_generated`). These are the lines
:func:`gridsat.generators.lines.puzzle_line` writes, so ``gridsat generate ... | gridsat
check`` reads them back. :func:`load_generated` reads the objects ``gridsat generate
--json`` writes (``{"kind": ..., "puzzle": "<one line>", ...}``).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from ..errors import ParseError
from ..kinds.base import Filled, default_kind

__all__ = ["split_fields", "load_generated", "generated_object", "register_generated", "GENERATED"]

#: the ``"kind"`` of a ``gridsat generate --json`` object -> ``load(obj, line, name, kind, box) -> puzzle``
#: (each kind's one-line format module registers its own on the first look-up)
GENERATED: "dict[str, Callable[..., Any]]" = Filled(lambda kind: kind.load_formats())


def register_generated(kinds: tuple[str, ...], load: Callable[..., Any]) -> None:
    """Make ``load(obj, line, name, kind, box) -> puzzle`` read the generated objects of ``kinds``."""
    for kind in kinds:
        GENERATED[kind] = load


def generated_object(line: str) -> dict:
    """The JSON object a generated puzzle's ``"puzzle"`` line holds (the kinds whose one line is JSON).

    Raises
    ------
    ParseError
        When the line is not JSON, or is JSON but not an object (a number, a list, ``null``).
    """
    try:
        data = json.loads(line)
    except ValueError as e:
        raise ParseError(f'"puzzle" is not a JSON object: {e}') from None
    if not isinstance(data, dict):
        raise ParseError(f'"puzzle" must hold a JSON object, got {type(data).__name__}')
    return data


def split_fields(raw: str) -> tuple[list[tuple[str, int]], str | None]:
    """Whitespace fields with 1-based columns, up to a ``#`` that starts a field (a comment)."""
    out = []
    for m in re.finditer(r"\S+", raw):
        if m.group().startswith("#") and out and not m.group().startswith(("#,", "#/")):
            return out, raw[m.start():].lstrip("#").strip() or None
        out.append((m.group(), m.start() + 1))
    return out, None


# ====================================================================== generator JSON objects
def load_generated(obj: dict, kind: str | None = None, *,
                   box: "str | tuple[int, int] | None" = None) -> tuple[Any, None]:
    """The puzzle of a ``gridsat generate --json`` object (``"puzzle"``: its one-line text).

    Parameters
    ----------
    obj : dict
        The decoded object.
    kind : str, optional
        The object's kind (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``; default its
        ``"kind"``, else the default kind's, :func:`gridsat.kinds.default_kind`, ``sudoku``). A ``"regions"`` list must agree with the line's region
        map; ``"box"`` (else ``box``) gives the box shape of a classic puzzle.

    Returns
    -------
    (puzzle, None)
        The name is ``"name"`` if present, else ``seed N``; the object holds no solution.

    Raises
    ------
    ValueError
        With a plain message when the object does not describe a puzzle.
    """
    text = obj["puzzle"]
    if not isinstance(text, str):
        raise ValueError(f'"puzzle" must be the puzzle\'s one line, got {type(text).__name__}')
    k = kind or obj.get("kind") or default_kind().name
    name = obj.get("name")
    if name is None and obj.get("seed") is not None:
        name = f"seed {obj['seed']}"
    if name is not None and not isinstance(name, str):
        name = str(name)
    if "\n" in text.strip():
        raise ValueError('"puzzle" must be one line')
    load = GENERATED.get(k) if isinstance(k, str) else None
    if load is None:
        raise ValueError(f"unknown kind {k!r} for a generated puzzle")
    return load(obj, text, name, k, box), None
