"""The workbench's board description of a Kakuro board: black cells take no digit, their sums
are clues a setter may change, and each run holds no digit twice (the page marks a clash in
a run as typed)."""

from __future__ import annotations

from typing import Any

__all__ = ["board"]


def board(puzzle: Any) -> dict[str, Any]:
    """The black cells (blocked) and the sums of the runs they start (clues).

    Parameters
    ----------
    puzzle : Kakuro

    Returns
    -------
    dict
        ``blocked``: the black cells' positions; ``clues``: per black cell that starts a run
        down or across, its ``label``, ``value``, ``path`` into the ``json`` object, ``pos``
        and ``x``, ``y`` (where the sum is written, in cells); ``units``: the runs' cells.
    """
    R, C, cells = puzzle.rows, puzzle.cols, puzzle.cells

    def white(r: int, c: int) -> bool:
        return r < R and c < C and cells[r * C + c] is None

    blocked, clues = [], []
    for p, v in enumerate(cells):
        if v is None:
            continue
        blocked.append(p)
        r, c = divmod(p, C)
        if white(r + 1, c):
            clues.append({"label": f"down sum at r{r + 1}c{c + 1}", "value": v[0], "path": ["cells", r, c, 0],
                          "pos": p, "x": c + 0.28, "y": r + 0.75})
        if white(r, c + 1):
            clues.append({"label": f"across sum at r{r + 1}c{c + 1}", "value": v[1], "path": ["cells", r, c, 1],
                          "pos": p, "x": c + 0.72, "y": r + 0.3})
    return {"blocked": blocked, "clues": clues, "units": [list(run.cells) for run in puzzle.runs]}
