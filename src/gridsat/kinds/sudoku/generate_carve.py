"""Carving a unique Sudoku out of a full grid: givens removed while the solution stays unique.

Cells (or symmetry orbits of cells) are tried in random order; an orbit goes when the
:class:`~gridsat.generators.oracle.CnfOracle` proves that no other solution agrees with the
remaining givens. One pass in random order leaves a *minimal* puzzle: a given that could not
go while more givens were present cannot go later either. Only SAT/UNSAT answers steer the
removal (a model is only ever used to skip a call whose answer it already proves), so the
result depends only on the random stream.
"""

from __future__ import annotations

import random
from typing import Sequence

from .puzzle import Sudoku
from ...generators import symmetry as sym_mod
from .generate_fill import sudoku_oracle, sudoku_peers
from .generate_native import POLISH_ABOVE, native_carve, native_minimal
from ...generators.oracle import CnfOracle

__all__ = ["carve", "carve_sudoku", "is_minimal", "POLISH_ABOVE"]


def _forced(c: int, rest: set, solution, peers, nvals: int) -> bool:
    """Whether the givens ``rest`` force cell ``c`` to its value as a naked single.

    (Hidden singles too were measured no faster than the SAT calls they save.)
    """
    return len({solution[p] for p in peers[c] if p in rest}) == nvals


def carve(oracle: CnfOracle, solution: Sequence[int], groups: Sequence[Sequence[int]], rng: random.Random, *,
          target: int | None = None, keep: Sequence[int] = (), start: Sequence[int] | None = None,
          extra: Sequence[int] = (), peers: Sequence[Sequence[int]] | None = None,
          witness: dict | None = None) -> set[int]:
    """Remove groups of cells in random order while the oracle proves the solution stays unique.

    Parameters
    ----------
    oracle : CnfOracle
        The board's oracle; the givens go in as assumptions.
    solution : sequence of int
        Value per cell (the unique solution).
    groups : sequence of sequence of int
        Cells removed together (symmetry orbits; singletons for no symmetry).
    rng : random.Random
        Shuffles the order of the groups.
    target : int, optional
        Stop as soon as at most this many givens remain.
    keep : sequence of int
        Cells never removed.
    start : sequence of int, optional
        Cells given at the start (default: every cell).
    extra : sequence of int
        Further assumption literals (for example region literals).
    peers : sequence of sequence of int, optional
        Sudoku peer lists (:func:`~gridsat.kinds.sudoku.generate_fill.sudoku_peers`): when every removed
        cell is a naked single among the remaining givens (its peers show the other ``n - 1``
        values) the removal is safe without a SAT call.
    witness : dict, optional
        ``group -> other solution``, kept across calls: a second solution that still agrees
        with every remaining given outside the group (and differs inside it) refuses the
        removal without a SAT call. The answer is the same either way, so the output does not
        depend on which witness the solver happened to return.

    Returns
    -------
    set of int
        The cells that stay given.
    """
    given = set(range(len(solution))) if start is None else set(start)
    keep = set(keep)
    order = [tuple(g) for g in groups]
    rng.shuffle(order)
    var = oracle.var
    lit = {c: int(var[c, solution[c]]) for c in given}
    nvals = max(solution) - 1 if peers is not None else 0
    for g in order:
        if target is not None and len(given) <= target:
            break
        if keep.intersection(g) or not given.issuperset(g):
            continue
        rest = given.difference(g)
        if peers is not None and all(_forced(c, rest, solution, peers, nvals) for c in g):
            given = rest
            continue
        if witness is not None:
            w = witness.get(g)
            if w is not None and all(w[lit[c] - 1] > 0 for c in rest) and any(w[lit[c] - 1] < 0 for c in g):
                continue
        fixed = [lit[c] for c in rest]
        if not oracle.differs(fixed, [(c, solution[c]) for c in g], extra):
            given = rest
        elif witness is not None:
            witness[g] = oracle.last_model()
    return given


def is_minimal(oracle: CnfOracle, solution: Sequence[int], given: set[int], extra: Sequence[int] = ()) -> bool:
    """Whether no single given can be removed without losing uniqueness (one SAT call per given)."""
    var = oracle.var
    lit = {c: int(var[c, solution[c]]) for c in given}
    for c in given:
        fixed = [lit[d] for d in given if d != c]
        if not oracle.differs(fixed, [(c, solution[c])], extra):
            return False
    return True


def _groups(puzzle: Sudoku, symmetry: str) -> list[tuple[int, ...]]:
    n = puzzle.n
    key = (n, symmetry)
    g = _GROUPS.get(key)
    if g is None:
        g = _GROUPS[key] = [tuple(r * n + c for r, c in orb) for orb in sym_mod.orbits(symmetry, n, n)]
    return g


_GROUPS: dict = {}




def carve_sudoku(board: Sudoku, grid: Sequence[int], rng: random.Random, oracle: CnfOracle | None, symmetry: str,
                 target: int | None, minimal: bool, polish: int = 0) -> tuple[set[int], bool]:
    """Carve one puzzle out of ``grid``: remove givens by symmetry orbits while unique, then polish.

    Parameters
    ----------
    board : Sudoku
        The board shape (givens ignored).
    grid : sequence of int
        The full grid (the solution).
    rng : random.Random
    oracle : CnfOracle or None
        The shape's oracle (:func:`~gridsat.kinds.sudoku.generate_fill.sudoku_oracle`; ``None``: made
        when needed). Unused when the C core carves (boards up to 16x16 where it is built):
        it gives the same answers, so the same puzzle.
    symmetry : str
        A name from :data:`gridsat.generators.symmetry.SYMMETRIES`.
    target : int, optional
        Stop removing at this many givens.
    minimal : bool
        With a target, also check minimality (one SAT call per given); with symmetry it is
        always checked, and without either a single pass is minimal anyway.
    polish : int
        Without symmetry or target: up to this many local moves (one cell back, carve again,
        kept if not larger) while the puzzle has at least :data:`POLISH_ABOVE` givens.

    Returns
    -------
    (set of int, bool)
        The given cells, and whether the puzzle is known to be minimal.
    """
    polish_above = POLISH_ABOVE.get(board.n, 0) if not board.is_jigsaw else 0
    groups = _groups(board, symmetry)
    local_moves = symmetry == "none" and target is None
    # the C core runs the same steps with the same random draws (see .native_gen)
    given = native_carve(board, grid, rng, groups, target=target, polish=polish if local_moves else 0,
                         polish_above=polish_above)
    if given is not None:
        if local_moves:
            return given, True
        if minimal or symmetry != "none":
            return given, bool(native_minimal(board, grid, given))
        return given, False
    if oracle is None:
        oracle = sudoku_oracle(board)
    peers = sudoku_peers(board.n, board.regions)
    witness: dict = {}
    given = carve(oracle, grid, groups, rng, target=target, peers=peers, witness=witness)
    if symmetry == "none" and target is None:
        # local moves toward fewer givens: put one random cell back, carve again (a full pass
        # over the givens in random order, so the result stays minimal), keep it if not larger
        N = board.n * board.n
        var = oracle.var
        lits = [int(var[c, grid[c]]) for c in range(N)]
        for _ in range(polish):
            if len(given) < polish_above:
                break
            back = rng.choice([c for c in range(N) if c not in given])
            start = given | {back}
            order = sorted(given)
            rng.shuffle(order)
            cur = set(start)
            for c in order:
                w = witness.get((c,))
                rest = cur - {c}
                if w is not None and w[lits[c] - 1] < 0 and all(w[lits[d] - 1] > 0 for d in rest):
                    continue  # still refused by its old witness (semantic: no SAT call needed)
                fixed = [lits[d] for d in rest]
                if not oracle.differs(fixed, [(c, grid[c])]):
                    cur = rest
                else:
                    witness[(c,)] = oracle.last_model()
            if cur == start:
                continue  # nothing went: removing `back` again just restores the puzzle
            cand = carve(oracle, grid, groups, rng, start=cur, peers=peers, witness=witness)
            if len(cand) <= len(given):
                given = cand
        return given, True  # one full pass in random order is minimal (see module docs)
    if minimal or symmetry != "none":
        return given, is_minimal(oracle, grid, given)
    return given, False
