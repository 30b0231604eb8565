"""Unique Sudoku and jigsaw Sudoku puzzles: random full grid, then givens removed while unique.

1. A random complete grid (:mod:`.fill`).
2. Removal (:mod:`.carve`): cells, or symmetry orbits of cells, in random order while the SAT
   oracle proves the solution unique; one pass leaves a minimal puzzle. Without symmetry or
   target a few local moves (one cell back, carve again) then lower the number of givens.
3. The result is checked once more through :func:`gridsat.check` (default backend and encoding,
   full verification) and scored (:mod:`.grade`).

Everything random comes from one ``random.Random(seed)``, and only SAT/UNSAT answers steer
the search, so the same seed gives the same puzzle whatever the solver's history.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

from ...api import check
from ...encoders import get_encoding
from ...errors import GridsatError, PuzzleError
from .format_common import JIGSAW_LINE_MIN_SIDE, LINE_MIN_SIDE
from .puzzle import Sudoku, default_box
from ...generators import symmetry as sym_mod
from .generate_carve import carve, carve_sudoku
from .generate_fill import ORACLE, random_grid, sudoku_oracle, sudoku_peers
from ...generators.generated import Generated
from .generate_grade import difficulty_range, se_rating, sudoku_score
from ...generators.layouts import is_valid_layout, layout_from_text, random_layout
from .generate_native import native_serves
from ...generators.oracle import CnfOracle


__all__ = ["generate_sudoku", "generate_jigsaw", "from_partial"]


def _final_check(puzzle, solution) -> None:
    res = check(puzzle)
    if res.status != "unique" or tuple(res.solution) != tuple(solution):
        raise GridsatError(f"generator bug: final check says {res.status}")  # pragma: no cover


def _make(board: Sudoku, rng: random.Random, *, symmetry: str, target: int | None, minimal: bool,
          solver: str, attempts: int, seed, t0: float, kind: str, score: bool, fresh_layout=None,
          difficulty=None, polish: int = 0) -> Generated:
    """Grids and carvings until a puzzle meets the target, minimality and difficulty asked for.

    Up to ``attempts`` grids (a fresh layout each for jigsaw); when none meets them all, the
    closest puzzle found is returned and ``info`` says what was missed.
    """
    best = None
    tried = 0
    want = difficulty_range(difficulty)
    best_gap = None
    for tried in range(1, attempts + 1):
        if fresh_layout is not None and tried > 1:
            board = fresh_layout()
        # the C core carves where it is built (same answers, same puzzle); else the SAT oracle
        oracle = None if native_serves(board, rng) else sudoku_oracle(board, solver)
        grid = random_grid(board, rng, oracle)
        if grid is None:
            if fresh_layout is None:
                raise PuzzleError("this region layout has no solution")
            continue
        given, is_min = carve_sudoku(board, grid, rng, oracle, symmetry, target, minimal, polish)
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
            r = se_rating(board.with_givens([grid[c] if c in given else 0 for c in range(board.n ** 2)]))
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
        info["rating"] = se_rating(puzzle)
        info["difficulty_met"] = want[0] <= info["rating"] <= want[1]
    out = Generated(puzzle=puzzle, solution=tuple(grid), seed=seed, kind=kind, info=info)
    if score:
        out.score = sudoku_score(puzzle, grid)
    out.time = time.perf_counter() - t0
    return out


def _fits_a_line(size: int, least: int, what: str) -> None:
    """Refuse a board side below ``least``: the one-line form a generated puzzle is written in
    (and read back from) holds no smaller board."""
    if size < least:
        raise PuzzleError(f"a generated {what} has a side of at least {least}, got {size} "
                          "(its one-line form holds no smaller board)")


def generate_sudoku(size: int = 9, box: tuple[int, int] | None = None, *, seed: int | None = None,
                    symmetry: str = "none", target: int | None = None, minimal: bool = False,
                    solver: str = ORACLE, attempts: int = 50, score: bool = True,
                    difficulty: "str | tuple[float, float] | None" = None, polish: int = 4,
                    rng: random.Random | None = None, start: Sudoku | None = None,
                    add_random: int | None = None) -> Generated:
    """A random Sudoku with exactly one solution (or, with ``add_random``, the Clojure kit's operation).

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
        python-sat solver used while removing givens (default: the kind record's ``oracle``, ``cadical153``)
        where the C core does not carve (boards above 16x16, or the core not built); it answers
        the same, so the puzzle does not depend on it.
    difficulty : str or (float, float), optional
        A grade (``easy``, ``medium``, ``hard``, ``expert``, ``extreme``) or SE-rating bounds
        from :func:`gridsat.kinds.sudoku.logic.rate`; grids are retried (``attempts``) until the rating fits,
        else the closest is returned (``info["difficulty_met"]``).
    polish : int
        Without symmetry or target: up to this many local moves after carving (one cell put
        back, the givens carved again in random order, kept if not larger); on 9x9 only while
        the puzzle has 25 or more givens (``POLISH_ABOVE``). Lowers the mean number of givens
        of these minimal puzzles (9x9, 300 puzzles: 24.3 with 0, 23.85 with the default 4).
    start : Sudoku, optional
        With ``add_random``: the grid to add values to.
    add_random : int, optional
        Instead of generating: ``start`` with this many random values added that clash with
        no value in their row, column or region
        (:func:`~gridsat.kinds.sudoku.generate_add_random.add_random`; the result may have no solution or
        many, and ``.solution`` is empty). The other options are ignored.

    Returns
    -------
    Generated
        ``.puzzle`` (a :class:`~gridsat.Sudoku`), ``.solution``, ``.score`` (fresh-solver effort
        to prove uniqueness) and ``.info``.
    """
    t0 = time.perf_counter()
    if add_random is not None:
        from .generate_add_random import add_random_generated

        if start is None:
            raise GridsatError("add_random needs a start grid")
        return add_random_generated(start, add_random, seed=seed)
    if symmetry not in sym_mod.SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; choose from {', '.join(sym_mod.SYMMETRIES)}")
    _fits_a_line(size, LINE_MIN_SIDE, "Sudoku")
    board = Sudoku(size, None, box=tuple(box) if box else default_box(size))
    rng = rng or random.Random(seed)
    return _make(board, rng, symmetry=symmetry, target=target, minimal=minimal, solver=solver,
                 attempts=attempts, seed=seed, t0=t0, kind="sudoku", score=score, difficulty=difficulty,
                 polish=polish)


def generate_jigsaw(size: int = 9, layout: Sequence | None = None, *, seed: int | None = None,
                    symmetry: str = "none", target: int | None = None, minimal: bool = False,
                    solver: str = ORACLE, attempts: int = 50, score: bool = True,
                    difficulty: "str | tuple[float, float] | None" = None, polish: int = 4,
                    rng: random.Random | None = None) -> Generated:
    """A random jigsaw Sudoku with exactly one solution, on a fresh random layout or on ``layout``.

    ``layout`` is ``n*n`` region labels row by row (any hashable labels) or a letter-grid
    string (see :func:`~gridsat.generators.layouts.layout_from_text`). Other parameters as in
    :func:`generate_sudoku`; the layout is in ``info["regions"]``.
    """
    t0 = time.perf_counter()
    if symmetry not in sym_mod.SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; choose from {', '.join(sym_mod.SYMMETRIES)}")
    rng = rng or random.Random(seed)
    fresh: Callable[[], Sudoku] | None = None
    if layout is None:
        _fits_a_line(size, JIGSAW_LINE_MIN_SIDE, "jigsaw Sudoku")

        def new_layout() -> Sudoku:
            return Sudoku(size, None, regions=random_layout(size, rng))

        fresh = new_layout
        board = fresh()
    else:
        labels = layout_from_text(layout) if isinstance(layout, str) else tuple(layout)
        n = int(round(len(labels) ** 0.5))
        _fits_a_line(n, JIGSAW_LINE_MIN_SIDE, "jigsaw Sudoku")
        if not is_valid_layout(n, labels):
            raise PuzzleError("layout does not split the board into n connected regions of n cells")
        board = Sudoku(n, None, regions=labels)
    out = _make(board, rng, symmetry=symmetry, target=target, minimal=minimal, solver=solver,
                attempts=attempts, seed=seed, t0=t0, kind="jigsaw", score=score, fresh_layout=fresh,
                difficulty=difficulty, polish=polish)
    out.info["regions"] = list(out.puzzle.regions)
    return out


#: the largest board side on which ``from_partial(keep=True)`` adds the given that cuts the most
#: solutions (counted up to 10 per digit) instead of one at a random cell where two solutions
#: differ. Measured: a 6x6 draft with a cage and three lines, 1 given added in 0.03 s instead of
#: 3 in 0.29 s; two 9x9 killer drafts, 5-6 givens in 1.0-1.2 s instead of 6-7 in 0.2-0.3 s; a
#: 16x16 draft with 53 givens, unfinished after 200 s instead of 41 givens in 1.4 s.
BEST_GIVENS_MAX_N = 9


def from_partial(puzzle: Sudoku, *, seed: int | None = None, solver: str = ORACLE,
                 rng: random.Random | None = None, keep: bool = False) -> Generated:
    """A unique puzzle consistent with a partial grid (a draft, with any extra constraints).

    No solution: givens that clash in a unit are dropped (the later one), then givens in
    the solver's unsatisfiable core, one at a time, until a solution exists. Several
    solutions: a given is added at a random cell where two solutions differ (value from the
    first), until one solution is left; then added givens that became redundant are removed
    again while the puzzle stays unique. ``info`` lists ``dropped`` and ``added`` cells.
    A fresh solver is used so the result depends only on the input and the seed. The
    puzzle's extra constraints (:attr:`Sudoku.extra`) are part of the formula and stay.

    With ``keep``, no given of the draft is dropped: a draft without a solution raises
    :class:`~gridsat.errors.PuzzleError` naming the clashing givens (or those of the solver's
    core), and givens are only added: on boards up to ``BEST_GIVENS_MAX_N``, each the one that
    cuts the most solutions at its turn
    (:func:`~gridsat.kinds.sudoku.generate_setter.add_best_givens`; ``seed`` only orders the
    removal of those that later ones made redundant), on larger boards as without ``keep``.
    """
    t0 = time.perf_counter()
    jigsaw = puzzle.is_jigsaw
    _fits_a_line(puzzle.n, JIGSAW_LINE_MIN_SIDE if jigsaw else LINE_MIN_SIDE, "jigsaw Sudoku" if jigsaw else "Sudoku")
    rng = rng or random.Random(seed)
    n = puzzle.n
    enc = get_encoding("cnf-extended", "sudoku")
    oracle = CnfOracle(enc.build(Sudoku(n, None, regions=puzzle.regions, box=puzzle.box, extra=puzzle.extra)),
                       solver)
    try:
        g = list(puzzle.givens)
        dropped: list[str] = []
        peers = sudoku_peers(n, puzzle.regions)
        if keep and puzzle.conflicts():
            raise PuzzleError("the draft has no solution: " + "; ".join(puzzle.conflicts()))
        for c in range(n * n):  # direct clashes: drop the later given
            if g[c] and any(g[p] == g[c] for p in peers[c] if p < c):
                dropped.append(puzzle.cell_name(c))
                g[c] = 0
        while True:
            lits = [int(oracle.var[c, v]) for c, v in enumerate(g) if v]
            if oracle.sat(lits):
                break
            if not lits:
                raise PuzzleError("the draft has no solution, whatever its givens: its constraints contradict "
                                  "each other")
            core = set(oracle.core() or lits)
            cells = sorted(c for c, v in enumerate(g) if v and int(oracle.var[c, v]) in core)
            if keep:
                raise PuzzleError("the draft has no solution; these givens cannot all hold: "
                                  + " ".join(f"{puzzle.cell_name(c)}={g[c]}" for c in cells))
            c = rng.choice(cells)
            dropped.append(puzzle.cell_name(c))
            g[c] = 0
        added: list[str] = []
        greedy = keep and n <= BEST_GIVENS_MAX_N
        if greedy:  # the given that cuts the most solutions, round after round
            from .generate_setter import add_best_givens

            best, first = add_best_givens(puzzle.with_givens(g))
            for c, v in best:
                g[c] = v
            added = [c for c, _ in best]
        while not greedy:
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
