"""The jump relaxation of Hidato/Numbrix, for large-neighbourhood search (target ``"lns"``).

``hidato-jumps`` builds no formula for a complete solver. It keeps the pruned domains of
:mod:`.hidato_domains` and describes a relaxation that local search can walk: a *state* is
a placement of every number on a cell of its domain, all cells different (a perfect
matching), and a *jump* is a ``k`` whose cell is not next to the cell of ``k + 1``. A state
with no jump is a solution. The model offers what the ``lns`` backend needs: a first state
(a greedy walk 1, 2, ... completed by augmenting paths), the jumps of a state, a
neighbourhood around a jump (the numbers of the gaps between givens around it, and the
numbers sitting on cells near it) and, for a set of freed numbers, a small CP-SAT model that
re-places them on the cells they free, minimising the jumps that touch them.

No perfect matching of numbers to cells within the domains means no solution, so the first
state also decides some impossible puzzles; the search itself never proves anything.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ...encoders.base import register
from .encode_domains import domains

__all__ = ["JumpModel", "jumps_model"]


@dataclass
class JumpModel:
    """The jump relaxation of one puzzle (see the module docstring)."""

    key: tuple
    n: int
    feasible: bool
    D: np.ndarray
    neighbours: list[set[int]]
    coords: np.ndarray
    anchors: dict[int, int]
    info: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.anchor_nums = sorted(self.anchors)
        self.fixed = set(self.anchors)
        self.cells_of = [np.flatnonzero(self.D[:, k]).tolist() for k in range(self.n + 1)]
        self.nums_of = [np.flatnonzero(self.D[c]).tolist() for c in range(self.n)]

    # -------------------------------------------------------------- states
    def initial(self, rng: random.Random) -> list[int] | None:
        """``pos[k]`` = cell of ``k`` (``pos[0]`` unused), or None when no perfect matching exists."""
        n, D, nbs = self.n, self.D, self.neighbours
        pos = [-1] * (n + 1)
        used = [False] * n
        for k, c in self.anchors.items():
            pos[k] = c
            used[c] = True
        deadline = [max(ks) if ks else 0 for ks in self.nums_of]
        for k in range(1, n + 1):  # greedy walk: next to k - 1, the cell whose numbers run out first
            if pos[k] >= 0:
                continue
            prev = pos[k - 1] if k > 1 else -1
            cand = [c for c in (nbs[prev] if prev >= 0 else range(n)) if not used[c] and D[c, k]]
            if cand:
                c = min(cand, key=lambda c: (deadline[c], rng.random()))
                pos[k] = c
                used[c] = True
        num_at = {c: k for k, c in enumerate(pos) if k and c >= 0}
        for k in range(1, n + 1):  # numbers left over: augmenting paths number -> cell -> number
            if pos[k] >= 0:
                continue
            parent: dict[int, int] = {}
            queue, seen, end = deque([k]), {k}, None
            while queue and end is None:
                u = queue.popleft()
                for c in self.cells_of[u]:
                    if c in parent:
                        continue
                    v = num_at.get(c)
                    if v is not None and v in self.fixed:
                        continue
                    parent[c] = u
                    if v is None:
                        end = c
                        break
                    if v not in seen:
                        seen.add(v)
                        queue.append(v)
            if end is None:
                return None
            c = end
            while True:
                u = parent[c]
                old = pos[u]
                pos[u] = c
                num_at[c] = u
                if u == k:
                    break
                c = old
        return pos

    def jumps(self, pos: list[int]) -> list[int]:
        """The ``k`` whose cell is not next to the cell of ``k + 1``."""
        nbs = self.neighbours
        return [k for k in range(1, self.n) if pos[k + 1] not in nbs[pos[k]]]

    def solution(self, pos: list[int]) -> tuple[int, ...]:
        """Numbers per cell."""
        sol = [0] * self.n
        for k in range(1, self.n + 1):
            sol[pos[k]] = k
        return tuple(sol)

    # -------------------------------------------------------------- neighbourhoods
    def neighbourhood(self, pos: list[int], k: int, rng: random.Random, scale: int,
                      gaps: int = 2, radius: int = 2) -> list[int]:
        """Numbers to free around jump ``k``: the gaps between givens around it, and the numbers
        on cells within a (Chebyshev) radius of its two ends; both grow with ``scale``."""
        g = rng.randint(1, gaps + scale)
        a = self.anchor_nums
        if a:
            i = int(np.searchsorted(a, k, side="right"))
            lo, hi = a[max(i - g, 0)], a[min(i + g - 1, len(a) - 1)]
            if k < a[0]:
                lo = 0
            if k >= a[-1]:
                hi = self.n + 1
            nums = set(range(lo + 1, hi)) - self.fixed
        else:
            nums = set()
        r = rng.randint(1, radius + scale)
        num_at = [0] * self.n
        for kk in range(1, self.n + 1):
            num_at[pos[kk]] = kk
        for c0 in (pos[k], pos[k + 1]):
            near = np.flatnonzero(np.abs(self.coords - self.coords[c0]).max(axis=1) <= r)
            nums.update(num_at[c] for c in near.tolist() if num_at[c] not in self.fixed)
        return sorted(nums)

    def local_jumps(self, pos: list[int], nums: list[int]) -> int:
        """Jumps that touch the numbers ``nums``."""
        nbs, n = self.neighbours, self.n
        ks = {k for k in nums if k < n} | {k - 1 for k in nums if k > 1}
        return sum(pos[k + 1] not in nbs[pos[k]] for k in ks)

    def submodel(self, pos: list[int], nums: list[int]) -> tuple[cp_model.CpModel, Callable]:
        """CP-SAT model re-placing ``nums`` on the cells they hold, minimising their jumps.

        Returns the model (hinted with the current placement) and ``read(solver) -> {k: cell}``.
        """
        n, D, nbs = self.n, self.D, self.neighbours
        numset = set(nums)
        cells = [pos[k] for k in nums]
        from ortools.sat.python import cp_model  # OR-tools loads on first use (about 0.5 s)

        m = cp_model.CpModel()
        X: dict[tuple[int, int], cp_model.IntVar] = {}
        for c in cells:
            for k in self.nums_of[c]:
                if k in numset:
                    X[c, k] = m.NewBoolVar("")
        by_cell: dict[int, list] = {}
        by_num: dict[int, list] = {}
        for (c, k), x in X.items():
            by_cell.setdefault(c, []).append(x)
            by_num.setdefault(k, []).append(x)
        for c in cells:
            m.AddExactlyOne(by_cell.get(c, []))
        for k in nums:
            m.AddExactlyOne(by_num.get(k, []))
        ks = sorted({k for k in nums if k < n} | {k - 1 for k in nums if k > 1})
        J = {k: m.NewBoolVar("") for k in ks}
        for (c, k), x in X.items():
            for k2, jk in ((k + 1, k), (k - 1, k - 1)):
                if not 1 <= k2 <= n:
                    continue
                if k2 in numset:
                    lits = [X[d, k2] for d in nbs[c] if (d, k2) in X]
                elif pos[k2] in nbs[c]:
                    continue  # next to a number that stays: never a jump
                else:
                    lits = []
                m.AddBoolOr(lits + [J[jk], x.Not()])
        m.Minimize(sum(J.values()))
        for (c, k), x in X.items():
            m.AddHint(x, pos[k] == c)

        def read(solver: cp_model.CpSolver) -> dict[int, int]:
            return {k: c for (c, k), x in X.items() if solver.Value(x)}

        return m, read


@register("hidato-jumps", "hidato", "lns", key=lambda p: p.key,
          description="jump relaxation for local search: numbers on distinct cells, minimise non-adjacent steps")
def jumps_model(puzzle) -> JumpModel:
    """The jump relaxation over the pruned domains (for the ``lns`` backend)."""
    D, ok = domains(puzzle)
    return JumpModel(key=puzzle.key, n=puzzle.num_cells, feasible=ok, D=D,
                     neighbours=[set(x) for x in puzzle.neighbours],
                     coords=np.array(puzzle.cells, dtype=np.int64).reshape(-1, 2),
                     anchors={v: c for c, v in puzzle.givens.items()},
                     info={"literals": int(D.sum())})
