"""The workbench's board description of a Str8ts board: black cells take no digit."""

from __future__ import annotations

from typing import Any

__all__ = ["board"]


def board(puzzle: Any) -> dict[str, Any]:
    """The black cells (blocked; their digits are drawn with them, white on black).

    Parameters
    ----------
    puzzle : Str8ts

    Returns
    -------
    dict
        ``blocked``: the black cells' positions.
    """
    return {"blocked": [p for p, b in enumerate(puzzle.black) if b]}
