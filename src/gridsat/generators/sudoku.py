"""Unique Sudoku and jigsaw Sudoku puzzles: random full grid, then givens removed while unique.

1. A random complete grid: a randomised depth-first fill (fewest candidates first, random
   value order, from ``random.Random(seed)``; naked and hidden singles propagated on jigsaw and
   boards above 9x9) with a node budget and restarts; if the budget
   keeps running out (large or awkward boards) the fill continues cell by cell, asking the
   SAT oracle only *whether* a value can be extended (never reading its model).
2. Removal: cells (or symmetry orbits of cells) in random order; an orbit goes when the
   :class:`~gridsat.generators.oracle.CnfOracle` proves that no other solution agrees with the
   remaining givens. One pass in random order leaves a *minimal* puzzle: a given that could not
   go while more givens were present cannot go later either.
3. The result is checked once more through :func:`gridsat.check` (default backend and encoding,
   full verification).

Everything random comes from one ``random.Random(seed)``, and only SAT/UNSAT answers steer
the search, so the same seed gives the same puzzle whatever the solver's history.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..encoders import get_encoding
from ..errors import GridsatError, PuzzleError
from ..puzzles.sudoku import Sudoku, default_box
from . import symmetry as sym_mod
from .layouts import is_valid_layout, random_layout
from .oracle import CnfOracle, fresh_effort, oracle_for

__all__ = ["Generated", "generate_sudoku", "generate_jigsaw", "from_partial", "random_grid", "carve",
           "is_minimal", "sudoku_oracle", "sudoku_score"]


@dataclass
class Generated:
    """A generated puzzle with its solution and how it was made."""

    puzzle: Any
    solution: tuple
    seed: int | None
    kind: str
    time: float = 0.0
    score: dict = field(default_factory=dict)
    info: dict = field(default_factory=dict)

    @property
    def givens(self) -> int:
        return self.puzzle.num_givens

    def to_dict(self) -> dict:
        """JSON-ready summary: kind, seed, givens count, score, time, puzzle text and extra info."""
        from .output import puzzle_line

        d = {"kind": self.kind, "seed": self.seed, "givens": self.givens, "score": self.score,
             "time": round(self.time, 6), "puzzle": puzzle_line(self.puzzle)}
        if getattr(self.puzzle, "box", None) is not None:
            d["box"] = list(self.puzzle.box)  # the line does not say it (e.g. 6x6 with 3x2 boxes)
        d.update(self.info)
        return d


# ---------------------------------------------------------------------------- shapes
_PEERS: dict = {}


class _PeerList(list):
    """Peer cells per cell; ``.units`` holds per cell its row, column and region minus the cell."""

    units: list


def _peers(n: int, regions: tuple[int, ...]) -> list[tuple[int, ...]]:
    key = (n, regions)
    p = _PEERS.get(key)
    if p is None:
        N = n * n
        p = _PeerList()
        members: dict = {}
        for d in range(N):
            members.setdefault(regions[d], []).append(d)
        units = []
        for c in range(N):
            r, k = divmod(c, n)
            row = tuple(r * n + j for j in range(n) if j != k)
            col = tuple(i * n + k for i in range(n) if i != r)
            reg = tuple(d for d in members[regions[c]] if d != c)
            units.append((row, col, reg))
            p.append(tuple(sorted(set(row) | set(col) | set(reg))))
        p.units = units
        if len(_PEERS) > 16:
            _PEERS.clear()
        _PEERS[key] = p
    return p


def sudoku_oracle(puzzle: Sudoku, solver: str = "cadical153") -> CnfOracle:
    """The cached oracle for the puzzle's shape: its extended CNF, givens as assumptions.

    (Measured: for fresh jigsaw layouts, building this per layout is about 3x faster overall
    than one ``cnf-regionlits`` formula per size with the region map as assumptions.)
    """
    shape = Sudoku(puzzle.n, None, regions=puzzle.regions, box=puzzle.box)
    enc = get_encoding("cnf-extended", "sudoku")
    return oracle_for(("sudoku", shape.shape_key), lambda: enc.build(shape), solver)


# ---------------------------------------------------------------------------- full grid
class _Budget(Exception):
    pass


def _dfs_fill(n: int, peers, rng: random.Random, budget: int, start: Sequence[int] | None = None):
    N = n * n
    full = ((1 << n) - 1) << 1
    cand = [full] * N
    vals = [0] * N
    if start is not None:
        for c, v in enumerate(start):
            if v:
                if not cand[c] >> v & 1:
                    return None
                vals[c] = v
                cand[c] = 1 << v
                for p in peers[c]:
                    cand[p] &= ~(1 << v)
    nodes = [0]

    def rec(cand, vals, empty):
        best, bc = -1, n + 2
        for c in empty:
            k = cand[c].bit_count()
            if k < bc:
                best, bc = c, k
                if k <= 1:
                    break
        if best < 0:
            return vals
        if bc == 0:
            return None
        m = cand[best]
        opts = [v for v in range(1, n + 1) if m >> v & 1]
        if len(opts) > 1:
            rng.shuffle(opts)
        rest = [c for c in empty if c != best]
        for v in opts:
            nodes[0] += 1
            if nodes[0] > budget:
                raise _Budget
            b = ~(1 << v)
            nc = cand[:]
            nv = vals[:]
            nv[best] = v
            ok = True
            for p in peers[best]:
                if not nv[p]:
                    x = nc[p] & b
                    if not x:
                        ok = False
                        break
                    nc[p] = x
            if ok:
                r = rec(nc, nv, rest)
                if r is not None:
                    return r
        return None

    old = sys.getrecursionlimit()
    if old < N + 200:
        sys.setrecursionlimit(N + 200)
    try:
        return rec(cand, vals, [c for c in range(N) if not vals[c]])
    finally:
        sys.setrecursionlimit(old)


def _prop_fill(n: int, regions, peers, rng: random.Random, budget: int, start: Sequence[int] | None = None):
    """Randomised DFS with naked- and hidden-single propagation (for jigsaw and large boards)."""
    N = n * n
    full = ((1 << n) - 1) << 1
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    members: dict = {}
    for c in range(N):
        members.setdefault(regions[c], []).append(c)
    units += list(members.values())
    cand = [full] * N
    vals = [0] * N
    if start is not None:
        for c, v in enumerate(start):
            if v:
                cand[c] = 1 << v
    nodes = [0]

    def propagate(cand, vals) -> bool:
        changed = True
        while changed:
            changed = False
            for c in range(N):
                if vals[c]:
                    continue
                m = cand[c]
                if not m:
                    return False
                if not m & (m - 1):
                    vals[c] = m.bit_length() - 1
                    nm = ~m
                    for p in peers[c]:
                        if cand[p] & m:
                            if vals[p]:
                                return False
                            cand[p] &= nm
                    changed = True
            for unit in units:
                once = twice = 0
                for c in unit:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                if once != full:
                    return False
                hid = once & ~twice
                if hid:
                    for c in unit:
                        if not vals[c]:
                            b = cand[c] & hid
                            if b and b != cand[c]:
                                if b & (b - 1):
                                    return False
                                cand[c] = b
                                changed = True
        return True

    def rec(cand, vals):
        if not propagate(cand, vals):
            return None
        best, bc = -1, n + 2
        for c in range(N):
            if not vals[c]:
                k = cand[c].bit_count()
                if k < bc:
                    best, bc = c, k
                    if k == 2:
                        break
        if best < 0:
            return vals
        m = cand[best]
        opts = [v for v in range(1, n + 1) if m >> v & 1]
        rng.shuffle(opts)
        for v in opts:
            nodes[0] += 1
            if nodes[0] > budget:
                raise _Budget
            nc = cand[:]
            nc[best] = 1 << v
            r = rec(nc, vals[:])
            if r is not None:
                return r
        return None

    old = sys.getrecursionlimit()
    if old < N + 200:
        sys.setrecursionlimit(N + 200)
    try:
        return rec(cand, vals)
    finally:
        sys.setrecursionlimit(old)


def _sat_fill(n: int, peers, oracle: CnfOracle, rng: random.Random, start: Sequence[int] | None = None):
    """Cell by cell: a random value the oracle says can still be completed (SAT answers only)."""
    N = n * n
    vals = list(start) if start is not None else [0] * N
    order = list(range(N))
    rng.shuffle(order)
    fixed = [int(oracle.var[c, v]) for c, v in enumerate(vals) if v]
    if not oracle.sat(fixed):
        return None
    for c in order:
        if vals[c]:
            continue
        used = {vals[p] for p in peers[c]}
        opts = [v for v in range(1, n + 1) if v not in used]
        rng.shuffle(opts)
        for i, v in enumerate(opts):
            lit = int(oracle.var[c, v])
            if i == len(opts) - 1 or oracle.sat(fixed + [lit]):
                vals[c] = v
                fixed.append(lit)
                break
    return tuple(vals)


def _diagonal_boxes(puzzle: Sudoku, rng: random.Random) -> list[int] | None:
    """Classic boxes: random permutations in boxes that share no row or column (no search needed)."""
    if puzzle.box is None:
        return None
    n = puzzle.n
    br, bc = puzzle.box
    out = [0] * (n * n)
    for k in range(min(n // br, n // bc)):
        vals = list(range(1, n + 1))
        rng.shuffle(vals)
        cells = [(k * br + i) * n + k * bc + j for i in range(br) for j in range(bc)]
        for c, v in zip(cells, vals):
            out[c] = v
    return out


def random_grid(puzzle: Sudoku, rng: random.Random, oracle: CnfOracle | None = None,
                start: Sequence[int] | None = None, tries: int = 4) -> tuple[int, ...] | None:
    """A random complete grid for the puzzle's board (extending ``start`` if given); ``None`` if none exists."""
    n = puzzle.n
    peers = _peers(n, puzzle.regions)
    if puzzle.box is None or n > 9:
        # jigsaw and large boards: propagation pays; short runs with many restarts
        budget, tries = 2 * n * n, 3 * tries
        fill = lambda pre: _prop_fill(n, puzzle.regions, peers, rng, budget, pre)  # noqa: E731
    else:
        budget = 20 * n * n
        fill = lambda pre: _dfs_fill(n, peers, rng, budget, pre)  # noqa: E731
    for _ in range(tries):
        pre = start if start is not None else _diagonal_boxes(puzzle, rng)
        try:
            out = fill(pre)
            if out is None and pre is not start:
                out = fill(start)
            return None if out is None else tuple(out)
        except _Budget:
            continue
    if oracle is None:
        oracle = sudoku_oracle(puzzle)
    return _sat_fill(n, peers, oracle, rng, start)


# ---------------------------------------------------------------------------- removal
def _forced(c: int, rest: set, solution, peers, units, nvals: int) -> bool:
    """Whether the givens ``rest`` force cell ``c`` to its value by a naked or hidden single."""
    if len({solution[p] for p in peers[c] if p in rest}) == nvals:
        return True
    if units is None:
        return False
    v = solution[c]
    for unit in units[c]:
        for e in unit:
            if e in rest:
                continue
            if not any(solution[p] == v for p in peers[e] if p in rest):
                break
        else:
            return True
    return False


def carve(oracle: CnfOracle, solution: Sequence[int], groups: Sequence[Sequence[int]], rng: random.Random, *,
          target: int | None = None, keep: Sequence[int] = (), start: Sequence[int] | None = None,
          extra: Sequence[int] = (), peers: Sequence[Sequence[int]] | None = None,
          witness: dict | None = None) -> set[int]:
    """Remove groups of cells in random order while the oracle proves the solution stays unique.

    Parameters
    ----------
    oracle : CnfOracle
    solution : sequence of int
        Value per cell (the unique solution).
    groups : sequence of sequence of int
        Cells removed together (symmetry orbits; singletons for no symmetry).
    target : int, optional
        Stop as soon as at most this many givens remain.
    keep : cells never removed.
    start : cells given at the start (default: every cell).
    extra : further assumption literals (for example region literals).
    peers : optional Sudoku peer lists; when every removed cell is a naked single among the
        remaining givens (its peers show the other ``n - 1`` values) the removal is safe
        without a SAT call.
    witness : optional dict ``group -> other solution`` kept across calls: a second solution
        that still agrees with every remaining given outside the group (and differs inside it)
        refuses the removal without a SAT call. The answer is the same either way, so the
        output does not depend on which witness the solver happened to return.

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
    units = None  # hidden singles too: measured no faster than the SAT calls they save
    for g in order:
        if target is not None and len(given) <= target:
            break
        if keep.intersection(g) or not given.issuperset(g):
            continue
        rest = given.difference(g)
        if peers is not None and all(_forced(c, rest, solution, peers, units, nvals) for c in g):
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


_MODELS: dict = {}


def sudoku_score(puzzle: Sudoku, solution: Sequence[int], solver: str = "minisat22") -> dict:
    """Search effort to prove uniqueness on a fresh solver: conflicts, decisions, propagations.

    A fresh solver makes the score a function of the puzzle alone (about 10 ms for 9x9).
    """
    key = puzzle.shape_key
    model = _MODELS.get(key)
    if model is None:
        if len(_MODELS) > 4:
            _MODELS.clear()
        model = _MODELS[key] = get_encoding("cnf-extended", "sudoku").build(puzzle)
    return fresh_effort(model, model.assume(puzzle), model.primary_true(solution), solver)


def _final_check(puzzle, solution) -> None:
    from ..api import check

    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != tuple(solution):
        raise GridsatError(f"generator bug: final check says {res.status}")  # pragma: no cover


def _groups(puzzle: Sudoku, symmetry: str) -> list[tuple[int, ...]]:
    n = puzzle.n
    key = (n, symmetry)
    g = _GROUPS.get(key)
    if g is None:
        g = _GROUPS[key] = [tuple(r * n + c for r, c in orb) for orb in sym_mod.orbits(symmetry, n, n)]
    return g


_GROUPS: dict = {}


#: polish only puzzles with at least this many givens (per size; 9x9: below-average ones are left)
POLISH_ABOVE = {9: 25}


def _carve_puzzle(board: Sudoku, grid, rng, oracle, symmetry, target, minimal, polish=0) -> tuple[set, bool]:
    polish_above = POLISH_ABOVE.get(board.n, 0) if not board.is_jigsaw else 0
    groups = _groups(board, symmetry)
    peers = _peers(board.n, board.regions)
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


def _difficulty_range(difficulty) -> tuple[float, float] | None:
    """``(lo, hi)`` SE-rating bounds from a grade name (``easy`` .. ``extreme``) or a pair of numbers."""
    if difficulty is None:
        return None
    if isinstance(difficulty, str):
        from ..logic import GRADES

        names = [g for g, _ in GRADES]
        if difficulty not in names:
            raise PuzzleError(f"unknown grade {difficulty!r}; choose from {', '.join(names)}")
        i = names.index(difficulty)
        lo = GRADES[i][1]
        hi = GRADES[i + 1][1] - 0.05 if i + 1 < len(GRADES) else 99.0
        return lo, hi
    lo, hi = difficulty
    return float(lo), float(hi)


def _rating(puzzle) -> float:
    from ..logic import rate

    return float(rate(puzzle, figures=False).rating)


def _make(board: Sudoku, rng: random.Random, *, symmetry: str, target: int | None, minimal: bool,
          solver: str, attempts: int, seed, t0: float, kind: str, score: bool, fresh_layout=None,
          difficulty=None, polish: int = 0) -> Generated:
    best = None
    tried = 0
    want = _difficulty_range(difficulty)
    best_gap = None
    for tried in range(1, attempts + 1):
        if fresh_layout is not None and tried > 1:
            board = fresh_layout()
        oracle = sudoku_oracle(board, solver)
        grid = random_grid(board, rng, oracle)
        if grid is None:
            if fresh_layout is None:
                raise PuzzleError("this region layout has no solution")
            continue
        given, is_min = _carve_puzzle(board, grid, rng, oracle, symmetry, target, minimal, polish)
        if minimal and symmetry != "none" and target is None and not is_min:
            # the best orbit-minimal puzzle so far; keep looking for a cell-minimal one
            if best is None or len(given) < len(best[1]):
                best = (board, given, grid, is_min)
            continue
        if target is not None and len(given) > target:
            if best is None or len(given) < len(best[1]):
                best = (board, given, grid, is_min)
            continue
        if want is not None:
            r = _rating(board.with_givens([grid[c] if c in given else 0 for c in range(board.n ** 2)]))
            gap = max(want[0] - r, r - want[1], 0.0)
            if best_gap is None or gap < best_gap:
                best, best_gap = (board, given, grid, is_min), gap
            if gap > 0:
                continue
            break
        best = (board, given, grid, is_min)
        break
    else:
        if best is None:
            raise GridsatError(f"no puzzle in {attempts} attempts")
    board, given, grid, is_min = best
    givens = [grid[c] if c in given else 0 for c in range(board.n * board.n)]
    puzzle = board.with_givens(givens)
    _final_check(puzzle, grid)
    info = {"symmetry": symmetry, "minimal": bool(is_min), "attempts": tried}
    if target is not None:
        info["target"] = target
        info["target_met"] = len(given) <= target
    if want is not None:
        info["rating"] = _rating(puzzle)
        info["difficulty_met"] = want[0] <= info["rating"] <= want[1]
    if kind == "jigsaw":
        info["regions"] = list(board.regions)
    out = Generated(puzzle=puzzle, solution=tuple(grid), seed=seed, kind=kind, info=info)
    if score:
        out.score = sudoku_score(puzzle, grid)
    out.time = time.perf_counter() - t0
    return out


def generate_sudoku(size: int = 9, box: tuple[int, int] | None = None, *, seed: int | None = None,
                    symmetry: str = "none", target: int | None = None, minimal: bool = False,
                    solver: str = "cadical153", attempts: int = 50, score: bool = True,
                    difficulty=None, polish: int = 4, rng: random.Random | None = None) -> Generated:
    """A random Sudoku with exactly one solution.

    Parameters
    ----------
    size : int
        Board size ``n`` (4..25).
    box : (int, int), optional
        Box shape ``(rows, cols)``; default the squarest (``3x3`` for 9, ``2x3`` for 6).
    seed : int, optional
        Same seed, same puzzle.
    symmetry : {"none", "rot180", "rot90", "mirror", "diagonal"}
        Givens pattern symmetry: cells are removed one orbit at a time.
    target : int, optional
        Stop removing at this many givens; if a pass ends above it, try new grids
        (``attempts``) and keep the fewest.
    minimal : bool
        No single given can be removed (proved by one SAT call per given). Without symmetry
        or target every puzzle is minimal anyway; with symmetry, grids are retried until the
        symmetric puzzle is also cell-minimal (``info["minimal"]`` says if that failed).
    solver : str
        python-sat solver used while removing givens (default ``cadical153``, the fastest here).
    difficulty : str or (float, float), optional
        A grade (``easy``, ``medium``, ``hard``, ``expert``, ``extreme``) or SE-rating bounds
        from :func:`gridsat.logic.rate`; grids are retried (``attempts``) until the rating fits,
        else the closest is returned (``info["difficulty_met"]``).
    polish : int
        Without symmetry or target: up to this many local moves after carving (one cell put
        back, the givens carved again in random order, kept if not larger); on 9x9 only while
        the puzzle has 25 or more givens (``POLISH_ABOVE``). Lowers the mean number of givens
        of these minimal puzzles (9x9, 300 puzzles: 24.3 with 0, 23.85 with the default 4).

    Returns
    -------
    Generated
        ``.puzzle`` (a :class:`~gridsat.Sudoku`), ``.solution``, ``.score`` (fresh-solver effort
        to prove uniqueness) and ``.info``.
    """
    t0 = time.perf_counter()
    if symmetry not in sym_mod.SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; choose from {', '.join(sym_mod.SYMMETRIES)}")
    board = Sudoku(size, None, box=tuple(box) if box else default_box(size))
    rng = rng or random.Random(seed)
    return _make(board, rng, symmetry=symmetry, target=target, minimal=minimal, solver=solver,
                 attempts=attempts, seed=seed, t0=t0, kind="sudoku", score=score, difficulty=difficulty,
                 polish=polish)


def generate_jigsaw(size: int = 9, layout: Sequence | None = None, *, seed: int | None = None,
                    symmetry: str = "none", target: int | None = None, minimal: bool = False,
                    solver: str = "cadical153", attempts: int = 50, score: bool = True,
                    difficulty=None, polish: int = 4, rng: random.Random | None = None) -> Generated:
    """A random jigsaw Sudoku with exactly one solution, on a fresh random layout or on ``layout``.

    ``layout`` is ``n*n`` region labels row by row (any hashable labels) or a letter-grid
    string (see :func:`~gridsat.generators.layouts.layout_from_text`). Other parameters as in
    :func:`generate_sudoku`; the layout is in ``info["regions"]``.
    """
    from .layouts import layout_from_text

    t0 = time.perf_counter()
    if symmetry not in sym_mod.SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; choose from {', '.join(sym_mod.SYMMETRIES)}")
    rng = rng or random.Random(seed)
    fresh = None
    if layout is None:
        if size < 1:
            raise PuzzleError(f"size must be positive, got {size}")

        def fresh():
            return Sudoku(size, None, regions=random_layout(size, rng))

        board = fresh()
    else:
        labels = layout_from_text(layout) if isinstance(layout, str) else tuple(layout)
        n = int(round(len(labels) ** 0.5))
        if not is_valid_layout(n, labels):
            raise PuzzleError("layout does not split the board into n connected regions of n cells")
        board = Sudoku(n, None, regions=labels)
    return _make(board, rng, symmetry=symmetry, target=target, minimal=minimal, solver=solver,
                 attempts=attempts, seed=seed, t0=t0, kind="jigsaw", score=score, fresh_layout=fresh,
                 difficulty=difficulty, polish=polish)


def from_partial(puzzle: Sudoku, *, seed: int | None = None, solver: str = "cadical153",
                 rng: random.Random | None = None) -> Generated:
    """A unique puzzle consistent with a partial grid.

    No solution: givens that clash in a unit are dropped (the later one), then givens in
    the solver's unsatisfiable core, one at a time, until a solution exists. Several
    solutions: a given is added at a random cell where two solutions differ (value from the
    first), until one solution is left; then added givens that became redundant are removed
    again while the puzzle stays unique. ``info`` lists ``dropped`` and ``added`` cells.
    A fresh solver is used so the result depends only on the input and the seed.
    """
    t0 = time.perf_counter()
    rng = rng or random.Random(seed)
    n = puzzle.n
    enc = get_encoding("cnf-extended", "sudoku")
    oracle = CnfOracle(enc.build(Sudoku(n, None, regions=puzzle.regions, box=puzzle.box)), solver)
    try:
        g = list(puzzle.givens)
        dropped: list[str] = []
        peers = _peers(n, puzzle.regions)
        for c in range(n * n):  # direct clashes: drop the later given
            if g[c] and any(g[p] == g[c] for p in peers[c] if p < c):
                dropped.append(puzzle.cell_name(c))
                g[c] = 0
        while True:
            lits = [int(oracle.var[c, v]) for c, v in enumerate(g) if v]
            if oracle.sat(lits):
                break
            core = set(oracle.core() or lits)
            cells = sorted(c for c, v in enumerate(g) if v and int(oracle.var[c, v]) in core)
            c = rng.choice(cells)
            dropped.append(puzzle.cell_name(c))
            g[c] = 0
        added: list[str] = []
        while True:
            lits = [int(oracle.var[c, v]) for c, v in enumerate(g) if v]
            oracle.sat(lits)
            first = oracle.model_values()
            if not oracle.differs(lits, [(c, first[c]) for c in range(n * n) if not g[c]]):
                break
            second = oracle.model_values()
            diff = [c for c in range(n * n) if first[c] != second[c]]
            c = rng.choice(diff)
            g[c] = first[c]
            added.append(c)
        if len(added) > 1:
            # the added givens that later additions made redundant go again (the input's stay)
            start = {c for c, v in enumerate(g) if v}
            kept = carve(oracle, first, [(c,) for c in added], rng, start=start, peers=peers)
            for c in added:
                if c not in kept:
                    g[c] = 0
            added = [c for c in added if c in kept]
        added_names = [puzzle.cell_name(c) for c in sorted(added)]
    finally:
        oracle.delete()
    out_p = puzzle.with_givens(g)
    res_sol = tuple(first)
    _final_check(out_p, res_sol)
    out = Generated(puzzle=out_p, solution=res_sol, seed=seed, kind="jigsaw" if puzzle.is_jigsaw else "sudoku",
                    info={"dropped": dropped, "added": added_names})
    out.score = sudoku_score(out_p, res_sol)
    out.time = time.perf_counter() - t0
    return out
