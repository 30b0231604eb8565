"""CNF encodings of the Sudoku family for PySAT solvers.

* ``cnf-extended``: every cell, row, column and region constraint as at-least-one plus
  at-most-one (Lynce & Ouaknine's extended encoding). Base formula per (size, region map).
* ``cnf-minimal``: cell at-least-one and unit at-most-one only. Kept for comparison; it
  propagates far less and is known to be about 100x slower on hard puzzles.
* ``cnf-regionlits``: the extended encoding with region membership as literals that the
  puzzle fixes by assumptions. One base formula per *size* serves every region map, but the
  channel literals make each solve ~10x the propagation work (kept for comparison).
* ``cnf-layered``: cells, rows and columns as the base formula per *size*; the region map
  is a clause layer (region at-least-one per value) that the PySAT backend swaps in under an
  activation literal and retires when the map changes. The default for jigsaw puzzles: a
  new layout costs n*n short clauses instead of a new formula and a new solver.

Variable ``x(c, v) = c * n + v`` for cell ``c`` (row-major) and value ``v`` in 1..n; a
rule that needs auxiliary variables (a sum's partial sums) takes them after those, from the
formula's pool (``new_var``), and ``nvars`` counts them.

``cnf-extended`` and ``cnf-minimal`` read the puzzle's list of constraints
(:attr:`Sudoku.constraints`) and take each rule's clauses from its type; the givens pose the
puzzle on the base formula as assumptions. The other three know rows, columns, regions and
givens only (``STANDARD``), and refuse a puzzle with any other rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from pysat.formula import IDPool

from ...encoders.units import STANDARD, base_rules, board_units as _units
from ...encoders.base import CnfModel, register
from ...encoders.cardinality import PAIRWISE_MAX, at_least_one, at_most_one

__all__ = ["extended", "minimal", "regionlits", "layered", "reduced", "CompactClauses"]


def _var_table(n: int) -> np.ndarray:
    var = np.zeros((n * n, n + 1), dtype=np.int64)
    var[:, 1:] = np.arange(1, n * n * n + 1).reshape(n * n, n)
    return var



def _given_assumptions(var: np.ndarray):
    n = var.shape[1] - 1

    def assume(puzzle) -> list[int]:
        return [c * n + v for c, v in enumerate(puzzle.givens) if v]

    return assume


def _fast_info(n: int) -> dict:
    """What the PySAT backend's fast path reads: literal layout and the determining cells.

    ``cell_major``: ``var(c, v) = c*n + v``. ``block_cells``: every cell but the last
    column, whose values follow from the rest of their row, so blocking these literals
    blocks exactly one solution.
    """
    return {"cell_major": n, "block_cells": tuple(c for c in range(n * n) if c % n != n - 1)}


def _pairwise_numpy(puzzle, full: bool) -> tuple[list[tuple[int, ...]], int]:
    """The pairwise-AMO clauses of ``_build`` generated with NumPy (same clauses, same order):
    the cells, then each rule of the puzzle's list (full units many at a time); and the number
    of variables (the cells' literals, then the rules' auxiliaries).

    Clauses are tuples: the garbage collector stops tracking a tuple of ints the first time
    it sees it, so a cached 10^5-clause formula does not slow down later collections.
    """
    from ...constraints.alldifferent import AllDifferent, cnf_units

    n = puzzle.n
    var = _var_table(n)
    i, j = np.triu_indices(n, 1)
    cells = var[:, 1:]
    P = len(i)
    clauses: list[tuple[int, ...]] = []
    alo = list(map(tuple, cells.tolist()))
    amo = list(zip((-cells[:, i]).ravel().tolist(), (-cells[:, j]).ravel().tolist())) if full else None
    for c, row in enumerate(alo):
        clauses.append(row)
        if full:
            clauses += amo[c * P:(c + 1) * P]
    top = [n ** 3]

    def new_var() -> int:
        top[0] += 1
        return top[0]

    units: list[tuple[int, ...]] = []
    for rule in base_rules(puzzle) + [None]:
        if isinstance(rule, AllDifferent) and rule.exactly:
            units.append(rule.members)
            continue
        if units:
            clauses += cnf_units(var, units, full)
            units = []
        if rule is not None:
            clauses += rule.cnf(lambda c, v: c * n + v, alo=full, new_var=new_var)
    return clauses, top[0]


def _build(puzzle, full: bool, amo: str) -> CnfModel:
    n = puzzle.n
    var = _var_table(n)
    pool = IDPool(start_from=n ** 3 + 1)
    clauses: list[list[int]] = []
    if amo == "pairwise" or (amo == "auto" and n <= PAIRWISE_MAX):
        pclauses, nvars = _pairwise_numpy(puzzle, full)
        return CnfModel(
            key=(*puzzle.shape_key, full, amo),
            nvars=nvars,
            clauses=pclauses,
            var=var,
            assume=_given_assumptions(var),
            info={"amo": amo, **_fast_info(n)},
        )
    for c in range(n * n):
        lits = var[c, 1:].tolist()
        clauses += at_least_one(lits)
        if full:
            clauses += at_most_one(lits, pool, amo)
    for rule in base_rules(puzzle):
        clauses += rule.cnf(lambda c, v: c * n + v, lambda lits: at_most_one(lits, pool, amo), alo=full,
                            new_var=pool.id)
    return CnfModel(
        key=(*puzzle.shape_key, full, amo),
        nvars=max(pool.top, n ** 3),
        clauses=clauses,
        var=var,
        assume=_given_assumptions(var),
        info={"amo": amo, **_fast_info(n)},
    )


@register("cnf-extended", "sudoku", "cnf", key=lambda p: p.shape_key,
          description="extended CNF: cell, row, column, region at-least-one + at-most-one", constraints="all")
def extended(puzzle, amo: str = "auto") -> CnfModel:
    """Extended CNF: every constraint as at-least-one plus at-most-one."""
    return _build(puzzle, True, amo)


@register("cnf-minimal", "sudoku", "cnf", key=lambda p: p.shape_key,
          description="minimal CNF: cell at-least-one, unit at-most-one (slow, for comparison)", constraints="all")
def minimal(puzzle, amo: str = "pairwise") -> CnfModel:
    """Minimal CNF: each cell has a value; no value twice in a unit."""
    return _build(puzzle, False, amo)


@register("cnf-regionlits", "sudoku", "cnf", key=lambda p: p.n,
          description="extended CNF with the region map as assumed literals: one formula per size",
          applies=lambda p: p.n <= 16, constraints=STANDARD)
def regionlits(puzzle) -> CnfModel:
    """Extended CNF whose region constraints read the region map from assumed literals.

    ``r(c, k)``: cell c lies in region k. ``y(c, k, v) <-> x(c, v) & r(c, k)``, and for each
    region k and value v exactly one ``y(., k, v)`` holds. With every ``r`` fixed by
    assumptions, unit propagation is as strong as the plain extended encoding.
    """
    n = puzzle.n
    N = n * n
    var = _var_table(n)
    pool = IDPool(start_from=n ** 3 + 1)
    reg = np.array([[pool.id(("r", c, k)) for k in range(n)] for c in range(N)], dtype=np.int64)
    y = np.array([[[pool.id(("y", c, k, v)) for v in range(1, n + 1)] for k in range(n)] for c in range(N)],
                 dtype=np.int64)
    clauses: list[list[int]] = []
    for c in range(N):
        clauses += at_least_one(var[c, 1:].tolist())
        clauses += at_most_one(var[c, 1:].tolist(), pool)
        clauses += at_least_one(reg[c].tolist())
        clauses += at_most_one(reg[c].tolist(), pool)
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    for unit in rows + cols:
        for v in range(1, n + 1):
            lits = [int(var[c, v]) for c in unit]
            clauses += at_least_one(lits)
            clauses += at_most_one(lits, pool)
    # y <-> x & r
    for c in range(N):
        for k in range(n):
            rl = int(reg[c, k])
            for v in range(1, n + 1):
                yl, xl = int(y[c, k, v - 1]), int(var[c, v])
                clauses += [[-yl, xl], [-yl, rl], [yl, -xl, -rl]]
    for k in range(n):
        for v in range(n):
            lits = y[:, k, v].tolist()
            clauses += at_least_one(lits)
            clauses += at_most_one(lits, pool, "seqcounter")

    reg_rows = reg.tolist()

    def assume(p) -> list[int]:
        lits = [c * n + v for c, v in enumerate(p.givens) if v]
        for c, k in enumerate(p.regions):
            row = reg_rows[c]
            lits += [row[j] if j == k else -row[j] for j in range(n)]
        return lits

    return CnfModel(key=n, nvars=pool.top, clauses=clauses, var=var, assume=assume,
                    info={"amo": "mixed", **_fast_info(n)})


#: at-most-one of the region layer in ``cnf-layered``: "seq" (Sinz's sequential counter on
#: reserved auxiliaries), "pair" (pairwise) or "none" (region at-least-one only; the
#: at-most-one follows from the cell constraints by counting, not by unit propagation)
LAYER_AMO = "none"


@register("cnf-layered", "sudoku", "cnf", key=lambda p: p.n,
          description="extended CNF of cells, rows and columns per size; the region map as a guarded clause layer",
          constraints=STANDARD)
def layered(puzzle) -> CnfModel:
    """Cells, rows and columns as a base formula per size; regions as a swappable layer.

    The PySAT backend loads the base once per size. For each new region map it adds the
    region clauses (``info["layer"]``) guarded by a fresh activation literal, assumes that
    literal while the map is current, and retires the layer with a unit clause when the map
    changes. The region at-most-one constraints use a sequential counter whose auxiliaries
    are reserved in the base, so the variable count does not grow from layout to layout.
    """
    n = puzzle.n
    N = n * n
    var = _var_table(n)
    clauses: list[list[int]] = []
    pool = IDPool(start_from=n ** 3 + 1)
    for c in range(N):
        lits = list(range(c * n + 1, c * n + n + 1))
        clauses.append(lits)
        clauses += at_most_one(lits, pool)
    for unit in _units(n, tuple(range(n)) * n)[: 2 * n]:  # rows and columns only
        for v in range(1, n + 1):
            lits = [c * n + v for c in unit]
            clauses.append(lits)
            clauses += at_most_one(lits, pool)
    base_top = max(pool.top, n ** 3)
    # reserved auxiliaries s[k][v][i] for the region sequential counters
    aux = (base_top + 1 + np.arange(n * n * (n - 1))).reshape(n, n, n - 1).tolist()
    nvars = base_top + n * n * (n - 1)
    amo = LAYER_AMO

    def layer(p, guard: int) -> list[list[int]]:
        members: list[list[int]] = [[] for _ in range(n)]
        for cell, k in enumerate(p.regions):
            members[k].append(cell * n)
        ng = -guard
        out = []
        for k in range(n):
            base = members[k]
            for v in range(1, n + 1):
                x = [b + v for b in base]
                out.append([ng] + x)
                if amo == "seq":
                    s = aux[k][v - 1]
                    out.append([ng, -x[0], s[0]])
                    for i in range(1, n - 1):
                        out.append([ng, -x[i], s[i]])
                        out.append([ng, -s[i - 1], s[i]])
                        out.append([ng, -x[i], -s[i - 1]])
                    out.append([ng, -x[n - 1], -s[n - 2]])
                elif amo == "pair":
                    for i in range(n):
                        xi = -x[i]
                        for j in range(i + 1, n):
                            out.append([ng, xi, -x[j]])
        return out

    info = {"amo": "mixed", "layer": layer, "layer_key": lambda p: p.regions, **_fast_info(n)}
    return CnfModel(key=n, nvars=nvars, clauses=clauses, var=var, assume=_given_assumptions(var), info=info)


def _no_assumptions(puzzle) -> list[int]:
    return []


@lru_cache(maxsize=16)
def _board(n: int, regions: tuple) -> tuple[np.ndarray, np.ndarray]:
    """``(units, peers)`` of a board: units ``(3n, n)`` cell indices; peers ``(N, N)`` bool."""
    units = np.array(_units(n, regions), dtype=np.int64)
    peers = np.zeros((n * n, n * n), dtype=bool)
    peers[units[:, :, None], units[:, None, :]] = True
    np.fill_diagonal(peers, False)
    return units, peers


def _pairs(groups: np.ndarray) -> list[tuple[int, int]]:
    """Pairwise at-most-one clauses over the non-zero literals of each row."""
    i, j = np.triu_indices(groups.shape[1], 1)
    a, b = groups[:, i], groups[:, j]
    keep = (a != 0) & (b != 0)
    return list(zip((-a[keep]).tolist(), (-b[keep]).tolist()))


class CompactClauses(Sequence):
    """Clauses given as at-least-one clauses plus at-most-one groups, expanded on first use.

    A read-only sequence of clause tuples like any other ``CnfModel.clauses``: the
    at-least-one (and unit) clauses, then every pair of each at-most-one group as a binary
    clause. Expanding costs Python objects, so ``compact()`` hands ``(clauses, groups)`` to a
    solver with native cardinality constraints (python-sat's ``minicard``), which then loads
    a group as one constraint instead of k(k-1)/2 clauses.
    """

    def __init__(self, alo: list[tuple[int, ...]], groups: np.ndarray):
        self._alo = alo
        self._groups = groups[(groups != 0).sum(axis=1) > 1]   # rows of literals, 0 = none
        k = (self._groups != 0).sum(axis=1)
        self._len = len(alo) + int((k * (k - 1) // 2).sum())
        self._all: list | None = None

    def compact(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """``(clauses, groups)``: the non-pairwise clauses and the at-most-one literal groups."""
        return self._alo, [tuple(filter(None, row)) for row in self._groups.tolist()]

    def _expand(self) -> list:
        if self._all is None:
            self._all = self._alo + _pairs(self._groups)
        return self._all

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):
        return self._expand()[i]

    def __iter__(self):
        return iter(self._expand())

    def __eq__(self, other) -> bool:
        return list(self) == list(other)


@register("cnf-reduced", "sudoku", "cnf", key=lambda p: (p.n, p.regions, p.givens),
          description="extended CNF of what the givens leave open: built per puzzle, no assumptions",
          constraints=STANDARD)
def reduced(puzzle) -> CnfModel:
    """The extended encoding restricted to the candidates the givens leave, built per puzzle.

    Each given removes its value from the cells it sees; the formula has a literal only for
    the remaining (cell, value) candidates, numbered cell by cell, and keeps the extended
    encoding's at-least-one and pairwise at-most-one constraints over them (a given cell is
    a unit clause; a unit that holds a given of a value needs no constraint for that value).
    Nothing is shared between puzzles, so there is no base formula to build, load or keep
    clean: for boards of 16x16 and more, and for jigsaw maps, building this small formula
    costs less than posing the puzzle on the full one. The clauses are a
    :class:`CompactClauses`: a solver with native at-most-one constraints (``minicard``)
    loads each group as one constraint; any other gets the pairwise clauses.
    """
    n = puzzle.n
    N = n * n
    units, peers = _board(n, puzzle.regions)
    g = np.asarray(puzzle.givens, dtype=np.int64)
    given = g > 0
    gcells = np.flatnonzero(given)
    seen = peers[gcells]                               # (givens, N): the cells each given sees
    k, cell = np.nonzero(seen)
    cand = np.ones((N, n + 1), dtype=bool)
    cand[cell, g[gcells][k]] = False                   # a given's value leaves the cells it sees
    onehot = np.zeros((N, n + 1), dtype=bool)
    onehot[np.arange(N), g] = True
    cand, onehot = cand[:, 1:], onehot[:, 1:]
    cand[given] = onehot[given]                        # a given cell: its own value only
    var = np.zeros((N, n + 1), dtype=np.int64)
    ids = np.cumsum(cand.ravel()).reshape(N, n)
    var[:, 1:] = np.where(cand, ids, 0)
    nv = int(ids[-1, -1]) if N else 0
    cells = var[:, 1:]
    free = cells[~given]
    groups = cells[units].transpose(0, 2, 1).reshape(-1, n)            # (3n * n values, n cells)
    alive = (groups != 0).sum(axis=1)
    placed = onehot[units].any(axis=1).reshape(-1)               # the unit holds this value as a given
    cs, vs = np.nonzero(cand)                                          # cell-major: literal k is (cs[k-1], vs[k-1]+1)
    info = {"amo": "pairwise", "lit_value": [0] + (vs + 1).tolist(), "lit_cell": [-1] + cs.tolist(),
            "block_cells": tuple(c for c in range(N) if c % n != n - 1 and not given[c])}
    if nv == 0 or not cand.any(axis=1).all() or (alive == 0).any():
        # some cell or (unit, value) has no candidate left: no solution
        return CnfModel(key=(n, puzzle.regions, puzzle.givens), nvars=max(nv, 1), clauses=[(1,), (-1,)],
                        var=var, assume=_no_assumptions, info=info)
    # tuples: the garbage collector stops tracking them (see _pairwise_numpy)
    alo: list[tuple[int, ...]] = [tuple(filter(None, row)) for row in free.tolist()]
    alo += [(x,) for x in cells[given][cand[given]].tolist()]
    alo += [tuple(filter(None, row)) for row in groups[~placed | (alive > 1)].tolist()]
    clauses = CompactClauses(alo, np.concatenate([free, groups]))
    return CnfModel(key=(n, puzzle.regions, puzzle.givens), nvars=nv, clauses=clauses, var=var,
                    assume=_no_assumptions, info=info)
