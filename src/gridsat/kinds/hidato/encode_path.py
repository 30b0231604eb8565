"""The path-cover model of Hidato/Numbrix for the compiled local search (target ``"search"``).

``hidato-path`` builds no formula. It turns a board into the flat arrays the C kernel
(``gridsat._pathsearch``) takes: the neighbour lists in CSR form, the cells' coordinates
(for distance bounds: Chebyshev on king boards, Manhattan on rook boards) and the givens
in increasing order. It also runs one cheap proof: two givens farther apart on the board
(shortest walk through any cells) than their numbers allow cannot be joined, so the puzzle
has no solution; the ``search`` backend then answers *impossible*. Nothing else is proven.

``hidato-sets`` is the same arrays for the compiled exact search (the ``dfs`` backend,
:mod:`gridsat.kinds.hidato.backend_dfs`), without the cheap proof: that search decides
impossibility itself, and the proof's distance table is the one NumPy use on the path of a
small board.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from ...encoders.base import register

__all__ = ["PathModel", "path_model", "dfs_model"]


@dataclass
class PathModel:
    """Flat arrays for the kernel (int32 buffers), and a proven refutation if one was found.

    The board arrays (``indptr``, ``indices``, ``rows``, ``cols``) are shared by the puzzles of
    one board shape: read them, never write them.
    """

    key: tuple
    n: int
    indptr: array
    indices: array
    rows: array
    cols: array
    rook: bool
    anchor_cells: array
    anchor_values: array
    refuted: str | None = None
    info: dict = field(default_factory=dict)


def _refutation(puzzle, anchors: list[tuple[int, int]]) -> str | None:
    """A reason no solution exists (two givens too far apart for their gap), or None."""
    if len(anchors) < 2:
        return None
    dist = puzzle.distances([c for _, c in anchors])  # one row per source
    for i in range(len(anchors) - 1):
        (v, _), (w, c2) = anchors[i], anchors[i + 1]
        d = int(dist[i][c2])
        if d < 0 or d > w - v:
            return (f"the cells of {v} and {w} are {'not connected' if d < 0 else f'{d} steps apart'}, "
                    f"more than {w - v}")
    return None


@register("hidato-path", "hidato", "search", key=lambda p: p.key,
          description="path cover for the compiled local search: the board as neighbour lists, givens in order")
def path_model(puzzle) -> PathModel:
    """The kernel's arrays for ``puzzle`` (see the module docstring)."""
    return _arrays(puzzle, refute=True)


@register("hidato-sets", "hidato", "search", key=lambda p: p.key,
          description="the board and givens for the compiled exact search (dfs): no formula, no distance proof")
def dfs_model(puzzle) -> PathModel:
    """The kernel's arrays for ``puzzle`` without the cheap proof (see the module docstring)."""
    return _arrays(puzzle, refute=False)


#: the board arrays of the last board shapes, by the identity of their neighbour lists (puzzles
#: of one shape share that tuple); each entry holds the tuple, so its id is not reused
_BOARDS: dict[int, tuple] = {}


def _board_arrays(puzzle) -> tuple:
    """``(indptr, indices, rows, cols)`` of the board of ``puzzle``, built once per shape (read only)."""
    nbs = puzzle.neighbours
    got = _BOARDS.get(id(nbs))
    if got is not None and got[0] is nbs:
        return got[1:]
    indptr, indices = array("i", [0]), array("i")
    for nb in nbs:
        indices.extend(nb)
        indptr.append(len(indices))
    rows, cols = array("i", (r for r, _ in puzzle.cells)), array("i", (c for _, c in puzzle.cells))
    if len(_BOARDS) >= 64:
        _BOARDS.clear()
    _BOARDS[id(nbs)] = (nbs, indptr, indices, rows, cols)
    return indptr, indices, rows, cols


def _arrays(puzzle, refute: bool) -> PathModel:
    """The flat arrays of ``puzzle``; with ``refute``, the cheap proof too."""
    indptr, indices, rows, cols = _board_arrays(puzzle)
    anchors = sorted((v, c) for c, v in puzzle.givens.items())
    return PathModel(
        key=puzzle.key, n=puzzle.num_cells, indptr=indptr, indices=indices, rows=rows, cols=cols,
        rook=puzzle.adjacency == "rook",
        anchor_cells=array("i", (c for _, c in anchors)), anchor_values=array("i", (v for v, _ in anchors)),
        refuted=_refutation(puzzle, anchors) if refute else None, info={"givens": len(anchors)})
