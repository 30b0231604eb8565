"""Unique Hidato (king moves) and Numbrix (rook moves) puzzles on any board shape.

1. A random Hamiltonian path by backbite moves (Mansfield, arXiv cond-mat/0508094): from one
   cell, repeatedly pick an end of the path and a random neighbour of it; a free neighbour
   extends the path, a neighbour on the path at position ``i`` cuts the path there and
   reverses the piece after it (the end "bites its back"). Free neighbours are preferred
   while there are any (fewest free neighbours first, ties at random), which covers the board
   fast; then ``mix`` more moves per cell shuffle the path. Shapes with no Hamiltonian path
   exhaust a move budget and raise :class:`PuzzleError`.
2. Givens removed while unique, as for Sudoku, but the Hidato encodings prune their domains
   by the givens, so the base formula depends on them. The carving goes in rounds: a floor
   ``F`` (the givens that will certainly stay this round) is built once with the project's
   ``cnf-pos`` encoding (measured 2x faster here than ``cnf-arcs``, whose larger formula costs
   more to build than it saves in search), and the other givens are assumptions; a removal of cell ``c`` keeps
   the puzzle unique iff no model puts ``c`` off its number. Each round tests a random batch
   of untested givens; refused givens can never go later (fewer givens, more solutions).
3. The puzzle is re-checked with :func:`gridsat.check` on the SAT pair of small boards
   (``glucose4`` + ``cnf-pos``, :data:`RECHECK`): the carving left it at about 30% givens,
   where SAT decides at once and the race of large boards would only add a process.
"""

from __future__ import annotations

import random
import time
from typing import Any, Sequence

from ...api import check
from ...encoders import get_encoding
from ...errors import GridsatError, PuzzleError
from .choices import ORACLE as _ORACLE
from .choices import SAT as RECHECK
from .puzzle import Hidato
from ...generators import shapes as shapes_mod
from ...generators import symmetry as sym_mod
from ...generators.oracle import CnfOracle, fresh_effort
from ...generators.generated import Generated

#: the python-sat solver of the uniqueness proofs while carving (the kind record's ``oracle``)
ORACLE: str = _ORACLE.backend

__all__ = ["random_path", "generate_hidato", "generate_numbrix", "carve_hidato"]


def random_path(board: Hidato, rng: random.Random, mix: float = 10.0, budget: int | None = None) -> list[int]:
    """A random Hamiltonian path over the board's cells (cell indices in path order).

    Parameters
    ----------
    board : Hidato
        Board shape and adjacency (givens ignored).
    rng : random.Random
    mix : float
        Extra backbite moves per cell once the path covers the board.
    budget : int, optional
        Moves before giving up (default ``200 * N + 20000``); restarts twice before raising.
    """
    nb = board.neighbours
    N = board.num_cells
    if N == 1:
        return [0]
    budget = budget or 200 * N + 20000
    for _ in range(3):
        path = [rng.randrange(N)]
        on = bytearray(N)
        on[path[0]] = 1
        moves = 0
        while len(path) < N and moves < budget:
            moves += 1
            if rng.random() < 0.5:
                path.reverse()
            end = path[-1]
            free = [d for d in nb[end] if not on[d]]
            if free:
                rng.shuffle(free)
                best = min(free, key=lambda d: sum(1 for e in nb[d] if not on[e]))
                path.append(best)
                on[best] = 1
                continue
            d = rng.choice(nb[end])
            i = path.index(d)
            path[i + 1:] = path[:i:-1]
        if len(path) == N:
            L = len(path)
            for _ in range(int(mix * N)):
                if rng.random() < 0.5:
                    path.reverse()
                d = rng.choice(nb[path[-1]])
                i = path.index(d)
                if i != L - 2:
                    path[i + 1:] = path[:i:-1]
            if rng.random() < 0.5:
                path.reverse()
            return path
    raise PuzzleError(f"no Hamiltonian path found on this {board.rows}x{board.cols} board "
                      f"({'rook' if board.is_numbrix else 'king'} moves); is there one?")


def _oracle(board: Hidato, solution: Sequence[int], floor: set[int], encoding: str, solver: str) -> CnfOracle:
    p = board.with_givens({c: solution[c] for c in floor})
    model = get_encoding(encoding, "hidato").build(p)
    return CnfOracle(model, solver)


def carve_hidato(board: Hidato, solution: Sequence[int], rng: random.Random, *, keep: Sequence[int] = (),
                 target: int | None = None, groups: Sequence[Sequence[int]] | None = None,
                 encoding: str = "cnf-pos", solver: str = ORACLE, batch: float = 0.5) -> tuple[set[int], bool]:
    """Remove groups of givens in random order while the solution stays unique.

    Parameters
    ----------
    board : Hidato
        The board (its givens are ignored).
    solution : sequence of int
        Number per cell: the path being carved.
    rng : random.Random
        Shuffles the order of the groups.
    keep : sequence of int
        Cells never removed (e.g. the ends of the path).
    target : int, optional
        Stop as soon as at most this many givens remain.
    groups : sequence of sequence of int, optional
        Cells removed together (symmetry orbits); default one group per cell.
    encoding, solver : str
        The Hidato CNF encoding and python-sat solver of the uniqueness proofs.
    batch : float
        About this share of the givens (at least 4 groups) is tested per round, against one
        formula whose other givens are fixed.

    Returns
    -------
    (set of int, bool)
        The given cells, and whether the result is minimal (every remaining removable group
        was tested and refused).
    """
    N = board.num_cells
    given = set(range(N))
    keep = set(keep)
    if groups is None:
        groups = [(c,) for c in range(N)]
    pending = [tuple(g) for g in groups if not keep.intersection(g)]
    rng.shuffle(pending)
    refused: list = []
    while pending:
        if target is not None and len(given) <= target:
            return given, False
        # this round's batch: about `batch` of the givens, at least a few groups
        k = max(4, int(len(given) * batch))
        todo, pending = pending[:k], pending[k:]
        floor = given.difference(c for g in todo for c in g)
        o = _oracle(board, solution, floor, encoding, solver)
        try:
            var = o.var
            for g in todo:
                if target is not None and len(given) <= target:
                    break
                rest = given.difference(g)
                fixed = [int(var[c, solution[c]]) for c in rest if c not in floor and var[c, solution[c]]]
                if not o.differs(fixed, [(c, solution[c]) for c in g]):
                    given = rest
                else:
                    refused.append(g)
        finally:
            o.delete()
    return given, target is None or len(given) > target


def _to_givens(board: Hidato, path: Sequence[int]) -> list[int]:
    sol = [0] * board.num_cells
    for k, c in enumerate(path, 1):
        sol[c] = k
    return sol


def _board(rows, cols, shape, rotation, flip, adjacency) -> Hidato:
    if shape is None and rows is None:
        rows = cols = 8
    if shape is None or shape in ("rectangle", "square"):
        r = rows or 8
        c = cols or r
        return Hidato(r, c, None, None, adjacency)
    if isinstance(shape, (tuple, list)) and len(shape) == 3:
        s = shape
    else:
        s = shapes_mod.shape(str(shape), rows, cols)
    if flip:
        s = shapes_mod.mirror(s)
    s = shapes_mod.rotate(s, rotation)
    return Hidato(s[0], s[1], s[2], None, adjacency)


def generate_hidato(rows: int | None = None, cols: int | None = None, *,
                    shape: "str | shapes_mod.Shape | None" = None, rotation: int = 0,
                    flip: bool = False, seed: int | None = None, density: float | None = None,
                    givens: int | None = None, keep_ends: bool = True, symmetry: str = "none",
                    adjacency: str = "king", encoding: str = "cnf-pos", solver: str = ORACLE,
                    mix: float = 10.0, score: bool = True, rng: random.Random | None = None,
                    size: int | None = None, unique: bool = True) -> Generated:
    """A random Hidato (or Numbrix with ``adjacency="rook"``) with exactly one solution.

    ``shape="grow"`` is the Haskell Hidato report's generator instead
    (:func:`~gridsat.kinds.hidato.generate_grow.generate_grown`): a board of ``size`` cells grown by
    the path itself, givens picked as the report does (``density`` of them besides 1 and N,
    default 0.35), and with ``unique=False`` the puzzle is kept whatever its number of
    solutions (``info["solutions"]``).

    Parameters
    ----------
    rows, cols : int, optional
        Rectangle size (default 8x8), or the size of a parametric ``shape``.
    shape : str or (rows, cols, cells), optional
        A name from :func:`gridsat.generators.shapes.list_shapes`, a template file path, or a
        shape triple.
    rotation, flip : rotate the shape clockwise by degrees / mirror it.
    seed : int, optional
        Same seed, same puzzle.
    density : float, optional
        Stop removing once at most this fraction of cells is given (e.g. ``0.3``).
    givens : int, optional
        Stop removing at this many givens (overrides ``density``).
    keep_ends : bool
        Keep 1 and N given (default).
    symmetry : str
        Remove givens by orbits of this symmetry (see :mod:`.symmetry`).
    encoding : {"cnf-pos", "cnf-arcs"}
        Hidato CNF encoding used for the uniqueness proofs.

    Returns
    -------
    Generated
        ``.puzzle`` (a :class:`~gridsat.Hidato`), ``.solution`` (numbers per cell).
    """
    if shape == "grow":
        from .generate_grow import FILL, generate_grown

        return generate_grown(size or 20, seed=seed, adjacency=adjacency,
                              fill=FILL if density is None else density, unique=unique, rng=rng)
    t0 = time.perf_counter()
    rng = rng or random.Random(seed)
    board = _board(rows, cols, shape, rotation, flip, adjacency)
    N = board.num_cells
    if N < 2:
        raise PuzzleError(f"a Hidato needs at least 2 cells, got {N}")
    path = random_path(board, rng, mix=mix)
    sol = _to_givens(board, path)
    keep = {path[0], path[-1]} if keep_ends else set()
    target = givens
    if target is None and density is not None:
        target = max(len(keep), int(density * N))
    groups = None
    if symmetry != "none":
        orbs = sym_mod.orbits(symmetry, board.rows, board.cols, board.cells)
        groups = [tuple(board.index[rc] for rc in o) for o in orbs]
    given, minimal = carve_hidato(board, sol, rng, keep=keep, target=target, groups=groups,
                                  encoding=encoding, solver=solver)
    puzzle = board.with_givens({c: sol[c] for c in sorted(given)})
    res = check(puzzle, backend=RECHECK.backend, encoding=RECHECK.encoding)
    if res.status != "unique" or tuple(res.solution) != tuple(sol):
        raise GridsatError(f"generator bug: final check says {res.status}")  # pragma: no cover
    kind = "numbrix" if board.is_numbrix else "hidato"
    info = {"rows": board.rows, "cols": board.cols, "cells": N, "density": round(len(given) / N, 4),
            "minimal_pass": minimal, "symmetry": symmetry}
    if shape is not None:
        info["shape"] = shape if isinstance(shape, str) else "custom"
    out = Generated(puzzle=puzzle, solution=tuple(sol), seed=seed, kind=kind, info=info)
    if score:
        out.score = hidato_score(puzzle, sol, encoding, solver)
    out.time = time.perf_counter() - t0
    return out


def generate_numbrix(rows: int | None = None, cols: int | None = None, **kw: Any) -> Generated:
    """:func:`generate_hidato` with rook adjacency (Numbrix)."""
    kw["adjacency"] = "rook"
    return generate_hidato(rows, cols, **kw)


def hidato_score(puzzle: Hidato, solution: Sequence[int], encoding: str = "cnf-arcs",
                 solver: str = ORACLE) -> dict:
    """Search effort to prove uniqueness on a fresh solver (conflicts, decisions, propagations)."""
    model = get_encoding(encoding, "hidato").build(puzzle)
    block = [int(model.var[c, v]) for c, v in enumerate(solution) if model.var[c, v]]
    return fresh_effort(model, model.assume(puzzle), block, solver)
