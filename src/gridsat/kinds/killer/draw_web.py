"""The workbench's board description of a killer board: each cage's sum, editable by a setter."""

from __future__ import annotations

from typing import Any

__all__ = ["board"]


def board(puzzle: Any) -> dict[str, Any]:
    """The cages' sums as clues the page may change (a cage without a sum is left out).

    Parameters
    ----------
    puzzle : Killer

    Returns
    -------
    dict
        ``clues``: per cage with a sum, its ``label``, ``value``, ``path`` into the ``json``
        object, ``pos`` (its first cell) and ``x``, ``y`` (that cell's top-left corner).
    """
    n = puzzle.n
    clues = []
    for i, cage in enumerate(puzzle.cages):  # (the json object lists them in this order)
        if cage.total is None:
            continue
        first = min(cage.members)
        r, c = divmod(first, n)
        clues.append({"label": f"cage sum at r{r + 1}c{c + 1}", "value": cage.total, "path": ["cages", i, "sum"],
                      "pos": first, "x": c + 0.2, "y": r + 0.2})
    return {"clues": clues}
