"""The workbench's board description of a KenKen board: each cage's target, editable by a setter,
and the rows and columns, which hold no digit twice (the page marks a clash in them as typed)."""

from __future__ import annotations

from typing import Any

__all__ = ["board"]


def board(puzzle: Any) -> dict[str, Any]:
    """The cages' targets as clues the page may change (the operation stays).

    Parameters
    ----------
    puzzle : KenKen

    Returns
    -------
    dict
        ``clues``: per cage with a clue, its ``label``, ``value``, ``path`` into the ``json``
        object, ``pos`` (its first cell) and ``x``, ``y`` (that cell's top-left corner);
        ``units``: the rows and the columns, as cell indices.
    """
    n = puzzle.n
    clues = []
    for i, cage in enumerate(puzzle.cages):  # (the json object lists them in this order)
        if not cage.op:
            continue
        r, c = divmod(min(cage.cells), n)
        op = {"*": "x", "=": ""}.get(cage.op, cage.op)
        clues.append({"label": f"cage target ({op or 'given'}) at r{r + 1}c{c + 1}", "value": cage.target,
                      "path": ["cages", i, "target"], "pos": r * n + c, "x": c + 0.2, "y": r + 0.2})
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    return {"clues": clues, "units": rows + [list(col) for col in zip(*rows)]}
