"""Deduction-only solving and rating of Hidato (king moves) and Numbrix (rook moves).

Every number ``k`` keeps the set of cells it may occupy (a bitmask over cell indices).
Rules, cheapest first (their level is the rating of a puzzle that needs them):

1. ``only cell for k`` / ``only number for cell`` (level 1): a number with one possible
   cell, or a cell that only one number can take, is placed;
2. ``next to k`` (level 2): ``k - 1`` and ``k + 1`` must sit next to a placed ``k``;
3. ``forced chain between givens`` (level 3): between placed ``a`` and ``b`` every ``k``
   must be within ``k - a`` moves of ``a`` and ``b - k`` moves of ``b`` through open
   cells; when ``b - a`` equals the distance the chain is forced;
4. ``chain consistency`` (level 4): ``k + 1`` must be next to some possible cell of
   ``k`` and vice versa, for every ``k``;
5. ``search`` (level 5): when deduction stalls, one number is placed from a
   backtracking solution (reported as such).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ...errors import LogicBugError

if TYPE_CHECKING:
    from .puzzle import Hidato

__all__ = ["HidatoStep", "HidatoLogicResult", "solve_hidato_logic", "hidato_candidates", "RULE_LEVELS",
           "check_hidato_run"]

RULE_LEVELS = {
    "only cell for k": 1,
    "only number for cell": 1,
    "next to k": 2,
    "forced chain between givens": 3,
    "chain consistency": 4,
    "search": 5,
}


@dataclass
class HidatoStep:
    """One deduction: rule, level, placements ``(cell name, number)``, eliminations, explanation."""

    rule: str
    level: int
    placements: list[tuple[str, int]] = field(default_factory=list)
    eliminations: list[tuple[str, int]] = field(default_factory=list)
    explanation: str = ""

    def __str__(self) -> str:
        return f"[{self.level}] {self.explanation}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the step."""
        return {
            "rule": self.rule,
            "level": self.level,
            "placements": [{"cell": c, "value": v} for c, v in self.placements],
            "eliminations": [{"cell": c, "value": v} for c, v in self.eliminations],
            "explanation": self.explanation,
        }


@dataclass
class HidatoLogicResult:
    """The deduction path: steps, rating (highest rule level), whether it solved, values per cell."""

    steps: list[HidatoStep]
    rating: int
    solved: bool
    used_search: bool
    values: list[int]
    reason: str | None = None
    #: a search step found two solutions that put its number in different cells
    ambiguous: bool = False

    @property
    def rules(self) -> dict[str, int]:
        """Number of steps per rule, in order of first use."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.rule] = out.get(s.rule, 0) + 1
        return out

    def to_dict(self, steps: bool = True) -> dict[str, Any]:
        """A JSON-ready dict of the result.

        Parameters
        ----------
        steps : bool
            Include every step (``"steps"``); otherwise only the summary.
        """
        d: dict[str, Any] = {"rating": self.rating, "solved": self.solved, "used_search": self.used_search,
                             "rules": self.rules}
        if self.reason:
            d["reason"] = self.reason
        if self.ambiguous:
            d["ambiguous"] = True
        if self.solved:
            d["solution"] = list(self.values)
        if steps:
            d["steps"] = [s.to_dict() for s in self.steps]
        return d


def _bits(m: int):
    while m:
        b = m & -m
        yield b.bit_length() - 1
        m ^= b


class _State:
    def __init__(self, puzzle):
        self.p = puzzle
        n = len(puzzle.cells)
        self.n = n
        self.nb = [0] * n
        for c, ns in enumerate(puzzle.neighbours):
            m = 0
            for x in ns:
                m |= 1 << x
            self.nb[c] = m
        self.all = (1 << n) - 1
        self.at = [-1] * (n + 2)  # number -> cell
        self.val = [0] * n
        given_cells = 0
        for c, v in puzzle.givens.items():
            given_cells |= 1 << c
        free = self.all & ~given_cells
        self.pos = [0] * (n + 2)
        for k in range(1, n + 1):
            self.pos[k] = free
        for c, v in puzzle.givens.items():
            self.pos[v] = 1 << c
            self.at[v] = c
            self.val[c] = v

    def copy(self):
        s = object.__new__(_State)
        s.p, s.n, s.nb, s.all = self.p, self.n, self.nb, self.all
        s.at, s.val, s.pos = self.at[:], self.val[:], self.pos[:]
        return s

    def neigh(self, m: int) -> int:
        out = 0
        nb = self.nb
        for c in _bits(m):
            out |= nb[c]
        return out

    def place(self, k: int, c: int) -> None:
        self.at[k] = c
        self.val[c] = k
        self.pos[k] = 1 << c
        nc = ~(1 << c)
        for j in range(1, self.n + 1):
            if j != k:
                self.pos[j] &= nc

    def broken(self) -> str | None:
        at = self.at
        for k in range(1, self.n):
            a, b = at[k], at[k + 1]
            if a >= 0 and b >= 0 and not self.nb[a] >> b & 1:
                return f"{k} and {k + 1} are not next to each other"
        covered = 0
        for k in range(1, self.n + 1):
            if not self.pos[k]:
                return f"{k} has no possible cell"
            covered |= self.pos[k]
        if covered != self.all:
            c = next(_bits(self.all & ~covered))
            return f"{self.p.cell_name(c)} can hold no number"
        return None

    def solved(self) -> bool:
        return all(self.at[k] >= 0 for k in range(1, self.n + 1))


def _elims(st: _State, k: int, removed: int) -> list[tuple[str, int]]:
    return [(st.p.cell_name(c), k) for c in _bits(removed)]


def _singles(st: _State):
    n = st.n
    for k in range(1, n + 1):
        if st.at[k] < 0 and st.pos[k] and not st.pos[k] & (st.pos[k] - 1):
            c = st.pos[k].bit_length() - 1
            return HidatoStep("only cell for k", 1, [(st.p.cell_name(c), k)], [],
                              f"only cell for {k}: {k} can only go in {st.p.cell_name(c)}"), [(k, c)], []
    # only number for a cell
    owners: dict[int, int] = {}
    for k in range(1, n + 1):
        if st.at[k] >= 0:
            continue
        m = st.pos[k]
        for c in _bits(m):
            if c in owners:
                owners[c] = -1
            else:
                owners[c] = k
    for c, k in owners.items():
        if k > 0 and not st.val[c]:
            return HidatoStep("only number for cell", 1, [(st.p.cell_name(c), k)], [],
                              f"only number for cell: {st.p.cell_name(c)} can only hold {k}"), [(k, c)], []
    return None


def _next_to(st: _State):
    n = st.n
    for k in range(1, n + 1):
        c = st.at[k]
        if c < 0:
            continue
        near = st.nb[c]
        for j in (k - 1, k + 1):
            if 1 <= j <= n and st.at[j] < 0:
                removed = st.pos[j] & ~near
                if removed:
                    return HidatoStep("next to k", 2, [], _elims(st, j, removed),
                                      f"next to {k}: {j} must be next to {st.p.cell_name(c)}"), [], [(j, removed)]
    return None


def _forced_chain(st: _State):
    n = st.n
    placed = [k for k in range(1, n + 1) if st.at[k] >= 0]
    occupied = 0
    for k in placed:
        occupied |= 1 << st.at[k]
    free = st.all & ~occupied
    bounds = []
    if placed:
        if placed[0] > 1:
            bounds.append((None, placed[0]))
        for a, b in zip(placed, placed[1:]):
            if b - a > 1:
                bounds.append((a, b))
        if placed[-1] < n:
            bounds.append((placed[-1], None))
    for a, b in bounds:
        out = []
        ks = range((a or 0) + 1, b if b is not None else n + 1)
        reach_a = _layers(st, st.at[a], free, len(ks)) if a is not None else None
        reach_b = _layers(st, st.at[b], free, len(ks)) if b is not None else None
        for k in ks:
            m = st.pos[k]
            allowed = m
            if reach_a is not None:
                allowed &= reach_a[min(k - a, len(reach_a) - 1)]
            if reach_b is not None:
                allowed &= reach_b[min(b - k, len(reach_b) - 1)]
            if allowed != m:
                out.append((k, m & ~allowed))
        if out:
            elims = [e for k, rem in out for e in _elims(st, k, rem)]
            what = (f"between {a} ({st.p.cell_name(st.at[a])}) and {b} ({st.p.cell_name(st.at[b])})"
                    if a is not None and b is not None else
                    f"after {a} ({st.p.cell_name(st.at[a])})" if a is not None else
                    f"before {b} ({st.p.cell_name(st.at[b])})")
            return HidatoStep("forced chain between givens", 3, [], elims,
                              f"forced chain between givens: the numbers {what} must stay within reach "
                              f"through open cells"), [], out
    return None


def _layers(st: _State, start: int, free: int, steps: int) -> list[int]:
    """Cells reachable from ``start`` through free cells in at most j moves, for j = 0..steps."""
    out = [1 << start]
    reach = 1 << start
    frontier = reach
    for _ in range(steps):
        frontier = st.neigh(frontier) & free & ~reach
        reach |= frontier
        out.append(reach)
        if not frontier:
            break
    return out


def _consistency(st: _State):
    n = st.n
    for k in range(1, n):
        a, b = st.pos[k], st.pos[k + 1]
        nb_ = b & st.neigh(a)
        if nb_ != b and st.at[k + 1] < 0:
            return HidatoStep("chain consistency", 4, [], _elims(st, k + 1, b & ~nb_),
                              f"chain consistency: {k + 1} must be next to a possible cell of {k}"), [], [(k + 1, b & ~nb_)]
        na = a & st.neigh(b)
        if na != a and st.at[k] < 0:
            return HidatoStep("chain consistency", 4, [], _elims(st, k, a & ~na),
                              f"chain consistency: {k} must be next to a possible cell of {k + 1}"), [], [(k, a & ~na)]
    return None


def _search_solution(st: _State, budget: list[int]):
    """Backtracking with the deduction rules as propagation; a solved state or None."""
    st = st.copy()
    while True:
        if st.broken():
            return None
        if st.solved():
            return st
        got = None
        for rule in (_singles, _next_to, _forced_chain, _consistency):
            got = rule(st)
            if got:
                break
        if not got:
            break
        _apply(st, got)
    # branch on the number with fewest cells
    k = min((k for k in range(1, st.n + 1) if st.at[k] < 0), key=lambda k: st.pos[k].bit_count())
    for c in _bits(st.pos[k]):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        s2 = st.copy()
        s2.place(k, c)
        out = _search_solution(s2, budget)
        if out is not None:
            return out
    return None


def _apply(st: _State, got) -> None:
    _, places, elims = got
    for k, rem in elims:
        st.pos[k] &= ~rem
    for k, c in places:
        st.place(k, c)


def hidato_candidates(puzzle: Hidato) -> list[tuple[int, tuple[int, ...]]]:
    """Every open cell with the numbers it may hold (after the givens' distance bounds), fewest first.

    Returns ``[(cell, numbers), ...]`` sorted by number of candidates, then cell index.
    """
    st = _State(puzzle)
    got = _forced_chain(st)
    while got:
        _apply(st, got)
        got = _forced_chain(st)
    out = []
    for c in range(st.n):
        if st.val[c]:
            continue
        ks = tuple(k for k in range(1, st.n + 1) if st.pos[k] >> c & 1)
        out.append((c, ks))
    out.sort(key=lambda x: (len(x[1]), x[0]))
    return out


def solve_hidato_logic(puzzle: Hidato, search: bool = True, max_guesses: int = 200000,
                       max_steps: int | None = None) -> HidatoLogicResult:
    """Solve a :class:`~gridsat.kinds.hidato.puzzle.Hidato` by deduction; rating = highest rule level used.

    Parameters
    ----------
    puzzle : Hidato
        A Hidato or Numbrix puzzle.
    search : bool
        When no rule applies, place one number from a backtracking solution (a ``search``
        step, level 5) and resume deduction; otherwise stop.
    max_guesses : int
        Guess budget of each backtracking search.
    max_steps : int, optional
        Stop after this many steps.

    Returns
    -------
    HidatoLogicResult
        The steps, the rating and whether the puzzle was solved.
    """
    st = _State(puzzle)
    steps: list[HidatoStep] = []
    reason = st.broken()
    used_search = False
    ambiguous = False
    rules = (_singles, _next_to, _forced_chain, _consistency)
    while reason is None and not st.solved():
        if max_steps is not None and len(steps) >= max_steps:
            break
        got = None
        for rule in rules:
            got = rule(st)
            if got:
                break
        if got is None:
            if not search:
                reason = "no rule applies"
                break
            sol = _search_solution(st, [max_guesses])
            if sol is None:
                reason = "no solution"
                break
            k = min((k for k in range(1, st.n + 1) if st.at[k] < 0), key=lambda k: st.pos[k].bit_count())
            c = sol.at[k]
            used_search = True
            other = st.copy()
            other.pos[k] &= ~(1 << c)
            alt = _search_solution(other, [max_guesses]) if other.pos[k] else None
            if alt is not None:
                ambiguous = True
                text = (f"search: no rule applies, and the puzzle has more than one solution: {k} is in "
                        f"{puzzle.cell_name(c)} in one and in {puzzle.cell_name(alt.at[k])} in another; "
                        f"taking {puzzle.cell_name(c)}")
            else:
                text = (f"search: no rule applies; backtracking over the {st.pos[k].bit_count()} cells "
                        f"of {k} puts it in {puzzle.cell_name(c)}")
            got = (HidatoStep("search", 5, [(puzzle.cell_name(c), k)], [], text), [(k, c)], [])
        steps.append(got[0])
        _apply(st, got)
        reason = st.broken()
    solved = reason is None and st.solved()
    check_hidato_run(puzzle, st.val, solved)  # a bug is raised, never returned as an answer
    rating = max((s.level for s in steps), default=0)
    return HidatoLogicResult(steps, rating, solved, used_search, list(st.val), None if solved else reason,
                             ambiguous)


def check_hidato_run(puzzle, values: Sequence[int], solved: bool) -> None:
    """Raise :class:`~gridsat.errors.LogicBugError` when a Hidato/Numbrix run's numbers break the rules.

    Solved runs go through :func:`gridsat.verifier.verify`; unfinished ones must keep the givens,
    place each number once, and put a placed number next to its placed neighbours in the path.
    """
    if solved:
        from ...verifier import verify

        problems = verify(puzzle, list(values))
        if problems:
            raise LogicBugError(f"the solved board fails the verifier: {problems[0]}")
        return
    cells = list(puzzle.cells)
    where: dict[int, int] = {}
    for i, v in enumerate(values):
        if v:
            if v in where:
                raise LogicBugError(f"{v} is placed twice ({puzzle.cell_name(where[v])} and {puzzle.cell_name(i)})")
            where[v] = i
    for i, gv in puzzle.givens.items():
        if values[i] != gv:
            raise LogicBugError(f"{puzzle.cell_name(i)} holds {values[i]} but the given is {gv}")
    king = puzzle.adjacency == "king"
    for k, i in where.items():
        j = where.get(k + 1)
        if j is None or (i in puzzle.givens and j in puzzle.givens):
            continue  # (givens that break the rules are the puzzle's fault, reported as the reason)
        (r1, c1), (r2, c2) = cells[i], cells[j]
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        if not (max(dr, dc) == 1 if king else dr + dc == 1):
            raise LogicBugError(f"{k} at {puzzle.cell_name(i)} and {k + 1} at {puzzle.cell_name(j)} do not touch")
