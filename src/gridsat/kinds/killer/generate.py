"""The killer generator: cages cut from a solved grid, their sums from it, few or no givens.

1. A solved grid of the usual boxes (or ``box``): a pattern grid (``(c * (row % r) + row // r
   + col) mod n`` for ``r x c`` boxes) shuffled by the moves that keep every row, column and
   box whole (digits relabelled, rows within bands and bands, columns within stacks and stacks,
   and the transpose for square boxes), all drawn from the seed.
2. Cages grown over it: a random cell not yet caged starts a cage of a random size (1 to
   ``max_cage`` cells, mostly 2 to 4); it grows by random orthogonal neighbours not caged yet
   whose digit is not in it. Each cage's sum is its digits' sum.
3. Uniqueness, proved by the oracle (:data:`gridsat.kinds.killer.choices.ORACLE`, a python-sat solver on
   ``cnf-cages``) with the grid blocked: while another solution exists, a cell where it differs
   from the grid becomes a given. Then each given is dropped again when the puzzle stays unique
   without it. With ``givens=False`` a layout that needs any given is dropped and new cages
   are grown (up to ``attempts`` layouts); past them the last layout is repaired instead:
   while another solution exists, the cage of a cell where it differs is split in connected
   pieces (the cell with one neighbour in the cage, or alone, and the rest), so cages only
   shrink and the repair ends (with one-cell cages at worst: givens written as sums).

The same seed makes the same puzzle (Python's :class:`random.Random`; the solver's answers
only choose among givens, and they are deterministic for one solver build).
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...encoders import get_encoding
from ...errors import PuzzleError
from ...generators.generated import Generated
from .choices import ORACLE
from .puzzle import Killer, usual_box

__all__ = ["generate_killer", "solved_grid", "grow_cages"]


def solved_grid(n: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """A random solved grid of ``box`` (``(rows, cols)``) boxes, row-major values ``1..n``."""
    br, bc = box
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(n // br))     # bands of br rows
    stacks = list(range(n // bc))    # stacks of bc columns
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows = [b * br + i for b in bands for i in rng.sample(range(br), br)]
    cols = [s * bc + j for s in stacks for j in rng.sample(range(bc), bc)]
    grid = [digits[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols]
    if br == bc and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return grid


def grow_cages(grid: list[int], n: int, rng: random.Random, max_cage: int = 5) -> list[list[int]]:
    """Cells of ``grid`` cut into cages: connected, no digit twice, 1 to ``max_cage`` cells."""
    sizes = [k for k in range(1, max_cage + 1) for _ in range(_WEIGHT.get(k, 1))]
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        want = rng.choice(sizes)
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            digits = {grid[c] for c in cage}
            nbrs = sorted({d for c in cage for d in _neighbours(c, n) if owner[d] < 0 and grid[d] not in digits})
            if not nbrs:
                break
            nxt = rng.choice(nbrs)
            owner[nxt] = len(cages)
            cage.append(nxt)
        cages.append(cage)
    return cages


#: how often each cage size is drawn (others: once)
_WEIGHT = {1: 1, 2: 4, 3: 5, 4: 3}


def _neighbours(c: int, n: int) -> list[int]:
    r, k = divmod(c, n)
    return [c + d for ok, d in ((r > 0, -n), (r < n - 1, n), (k > 0, -1), (k < n - 1, 1)) if ok]


def _second(solver, model, givens: list[int]) -> tuple[int, ...] | None:
    """Another solution than the blocked grid under ``givens``, or ``None`` (the grid is the only one)."""
    n = model.var.shape[1] - 1
    assume = [c * n + v for c, v in enumerate(givens) if v]
    if not solver.solve(assumptions=assume):
        return None
    return model.decode(solver.get_model())


def generate_killer(size: int = 9, box: tuple[int, int] | None = None, seed: int | None = None,
                    max_cage: int | None = None, givens: bool = True, attempts: int = 50,
                    solver: str | None = None, **_: Any) -> Generated:
    """One killer puzzle with exactly one solution.

    Parameters
    ----------
    size : int
        Board side (4 to 16; boxes of the usual shape unless ``box``).
    box : (int, int), optional
        Box shape ``(rows, cols)``.
    seed : int, optional
        Random seed; the same seed makes the same puzzle.
    max_cage : int, optional
        The largest cage, in cells (2 to ``size``; default 5, or ``size`` when smaller).
    givens : bool
        Whether givens may be added where the cages leave two solutions (few are: each is
        dropped again when the puzzle stays unique); ``False``: cages alone, new layouts are
        grown until one is unique (up to ``attempts``, then the last one's cages are split).
    attempts : int
        Cage layouts tried when ``givens`` is false.
    solver : str, optional
        The python-sat solver of the uniqueness proofs (default: the kind's oracle's).

    Returns
    -------
    Generated
        The puzzle, its solution and ``info`` (``cages``, ``layouts`` tried).

    Raises
    ------
    PuzzleError
        Bad options.

    Examples
    --------
    >>> g = generate_killer(4, seed=3)
    >>> g.puzzle.n, g.solution == generate_killer(4, seed=3).solution
    (4, True)
    """
    from pysat.solvers import Solver

    t0 = time.perf_counter()
    if not isinstance(size, int) or not 4 <= size <= 16:
        raise PuzzleError(f"size must be 4..16, got {size!r}")
    b = tuple(box) if box is not None else usual_box(size)
    if b is None:
        raise PuzzleError(f"size {size} has no usual box shape; give --box RxC that tiles the board")
    if b[0] * b[1] != size or min(b) < 2:
        raise PuzzleError(f"boxes of {b[0]}x{b[1]} do not fit a {size}x{size} board; give --box RxC with "
                          f"R*C = {size} and R, C at least 2")
    max_cage = min(5, size) if max_cage is None else max_cage
    if not isinstance(max_cage, int) or not 2 <= max_cage <= size:
        raise PuzzleError(f"the largest cage must be 2..{size} cells, got {max_cage}")
    if not isinstance(attempts, int) or attempts < 1:
        raise PuzzleError(f"attempts must be at least 1, got {attempts!r}")
    rng = random.Random(seed)
    grid = solved_grid(size, b, rng)
    encoding = get_encoding(ORACLE.encoding, "killer")
    splits = 0
    for layout in range(1, (1 if givens else attempts) + 1):
        cells = grow_cages(grid, size, rng, max_cage)
        puzzle = _killer(size, cells, grid, b, seed)
        model = encoding.build(puzzle)
        n = size
        with Solver(name=solver or ORACLE.backend, bootstrap_with=model.clauses) as s:
            s.add_clause([-(c * n + v) for c, v in enumerate(grid)])  # the grid itself is blocked
            given = [0] * (n * n)
            other = _second(s, model, given)
            if other is not None and not givens:
                if layout < attempts:
                    continue
                puzzle, splits = _split_until_unique(puzzle, cells, grid, b, seed, rng, solver or ORACLE.backend)
                other = None
            while other is not None:
                diff = [c for c in range(n * n) if other[c] != grid[c]]
                c = rng.choice(diff)
                given[c] = grid[c]
                other = _second(s, model, given)
            for c in rng.sample(range(n * n), n * n):  # drop the givens the cages do not need
                if given[c]:
                    v, given[c] = given[c], 0
                    if _second(s, model, given) is not None:
                        given[c] = v
        puzzle = puzzle.with_givens(given)
        return Generated(puzzle, tuple(grid), seed, "killer", time.perf_counter() - t0,
                         info={"cages": puzzle.num_cages, "layouts": layout, "splits": splits})
    raise AssertionError("unreachable: the last layout is repaired")  # pragma: no cover


def _killer(n: int, cells: list[list[int]], grid: list[int], box: tuple[int, int], seed: int | None) -> Killer:
    return Killer(n, [(tuple(c), sum(grid[x] for x in c)) for c in cells], box=box,
                  name=None if seed is None else f"seed {seed}")


def _split(cage: list[int], cell: int, n: int, rng: random.Random) -> list[list[int]]:
    """``cage`` cut in connected pieces: ``cell`` with one neighbour of the cage (alone when the cage
    has two cells), and the rest's components."""
    inside = set(cage)
    mates = [d for d in _neighbours(cell, n) if d in inside]
    pair = {cell, rng.choice(mates)} if mates and len(cage) > 2 else {cell}
    rest = inside - pair
    pieces = [sorted(pair)]
    while rest:
        todo = [min(rest)]
        comp = {todo[0]}
        while todo:
            c = todo.pop()
            for d in _neighbours(c, n):
                if d in rest and d not in comp:
                    comp.add(d)
                    todo.append(d)
        rest -= comp
        pieces.append(sorted(comp))
    return pieces


def _split_until_unique(puzzle: Killer, cells: list[list[int]], grid: list[int], box: tuple[int, int],
                        seed: int | None, rng: random.Random, solver: str) -> tuple[Killer, int]:
    """The layout ``cells`` repaired by splitting cages where a second solution differs: ``(puzzle, splits)``."""
    from pysat.solvers import Solver

    n = puzzle.n
    encoding = get_encoding(ORACLE.encoding, "killer")
    splits = 0
    while True:
        model = encoding.build(puzzle)
        with Solver(name=solver, bootstrap_with=model.clauses) as s:
            s.add_clause([-(c * n + v) for c, v in enumerate(grid)])
            other = _second(s, model, [0] * (n * n))
        if other is None:
            return puzzle, splits
        diff = [c for c in range(n * n) if other[c] != grid[c]]
        cell = rng.choice([c for c in diff if any(c in cage and len(cage) > 1 for cage in cells)] or diff)
        i = next(i for i, cage in enumerate(cells) if cell in cage)
        if len(cells[i]) == 1:  # pragma: no cover - a one-cell cage fixes its cell: it cannot differ
            raise AssertionError("a one-cell cage differs")
        cells = cells[:i] + _split(cells[i], cell, n, rng) + cells[i + 1:]
        splits += 1
        puzzle = _killer(n, cells, grid, box, seed)
