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
    """Flat arrays for the kernel (int32 buffers), and a proven refutation if one was found."""

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


def _arrays(puzzle, refute: bool) -> PathModel:
    """The flat arrays of ``puzzle``; with ``refute``, the cheap proof too."""
    indptr, indices = array("i", [0]), array("i")
    for nb in puzzle.neighbours:
        indices.extend(nb)
        indptr.append(len(indices))
    anchors = sorted((v, c) for c, v in puzzle.givens.items())
    return PathModel(
        key=puzzle.key, n=puzzle.num_cells, indptr=indptr, indices=indices,
        rows=array("i", (r for r, _ in puzzle.cells)), cols=array("i", (c for _, c in puzzle.cells)),
        rook=puzzle.adjacency == "rook",
        anchor_cells=array("i", (c for _, c in anchors)), anchor_values=array("i", (v for v, _ in anchors)),
        refuted=_refutation(puzzle, anchors) if refute else None, info={"givens": len(anchors)})
