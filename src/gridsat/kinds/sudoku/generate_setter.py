"""The setter's jobs on a Sudoku-family puzzle with any extra constraints.

* :func:`true_candidates`: every digit of every open cell that appears in some solution, with
  the number of solutions that put it there, counted up to a cap;
* :func:`redundant`: the givens and the extra constraints that can each be removed (one at a
  time) while the puzzle keeps its one solution;
* :func:`explain_ambiguity`: two solutions, the cells where they differ, and the given that
  leaves the fewest solutions (cuts the most).

One incremental python-sat solver serves a whole job. It holds the ``cnf-extended`` formula of
the bare board (cells, rows, columns, regions) and each extra constraint's own clauses (the
clauses ``cnf-extended`` takes from the constraint's type), each under a *selector* literal; the
givens are assumptions. Dropping a given is leaving out its assumption, dropping a constraint is
assuming its selector false: nothing is re-encoded and nothing the solver learnt is lost.

True candidates and counts share one set of solutions found so far, each blocked by a clause
under one activation literal. For each open cell and digit the solver is asked, under the
assumption "this cell holds this digit", for a solution not found yet, until the cap is reached
or there is none: every solution found counts at once for every digit it places, so a digit is
asked about only when the solutions already found do not settle it. When no digit reaches the
cap the solutions found are all of them.

Every solution reported passes the independent verifier (:func:`gridsat.verify`); each
redundant item is confirmed by :func:`gridsat.check` on the puzzle without it. The solver is
Glucose 4: python-sat can interrupt it at the time limit (its CaDiCaL cannot be interrupted).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from pysat.solvers import Solver

from ...api import check
from ...encoders import get_encoding
from ...errors import GridsatError
from ...limits.clocks import TimeLimitReached
from ...verifier import verify
from .puzzle import Sudoku

__all__ = ["SetterSolver", "TrueCandidates", "Redundant", "Ambiguity", "true_candidates", "redundant",
           "explain_ambiguity", "add_best_givens", "without_given", "without_constraint", "DEFAULT_CAP", "SOLVER"]

#: solutions counted per digit by default
DEFAULT_CAP = 10
#: the python-sat solver of the setter's jobs: one that python-sat can interrupt at a time limit
SOLVER = "glucose4"


class SetterSolver:
    """One incremental solver over a puzzle, its givens as assumptions and each extra constraint
    under a selector literal.

    Parameters
    ----------
    puzzle : Sudoku
        The puzzle (any size, boxes or a region map, any ``extra`` constraints).
    time_limit : float, optional
        Seconds for everything asked of this solver; past them a call raises
        :class:`~gridsat.limits.clocks.TimeLimitReached`.
    solver : str
        A python-sat solver that supports interrupts.
    """

    def __init__(self, puzzle: Sudoku, time_limit: float | None = None, solver: str = SOLVER) -> None:
        n = puzzle.n
        self.puzzle = puzzle
        self.n = n
        bare = Sudoku(n, None, regions=puzzle.regions, box=puzzle.box)
        model = get_encoding("cnf-extended", "sudoku").build(bare)
        self.top = int(model.nvars)
        self.solver = Solver(name=solver, bootstrap_with=model.clauses)
        self.selectors: list[int] = []
        for con in puzzle.extra:
            clauses = list(con.cnf(self.lit, alo=True, new_var=self.new_var))
            sel = self.new_var()
            for clause in clauses:
                self.solver.add_clause([int(x) for x in clause] + [-sel])
            self.selectors.append(sel)
        self.givens = {c: v for c, v in enumerate(puzzle.givens) if v}
        self.calls = 0
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self._limit = time_limit
        self._timer = None
        if time_limit is not None:
            self._timer = threading.Timer(time_limit, self.solver.interrupt)
            self._timer.daemon = True
            self._timer.start()

    def lit(self, cell: int, value: int) -> int:
        """The literal of "``cell`` holds ``value``"."""
        return cell * self.n + value

    def new_var(self) -> int:
        """A fresh variable."""
        self.top += 1
        return self.top

    def given_lits(self, without: int | None = None) -> list[int]:
        """The givens' literals (but the given of cell ``without``)."""
        return [self.lit(c, v) for c, v in self.givens.items() if c != without]

    def selector_lits(self, without: int | None = None) -> list[int]:
        """Every extra constraint switched on (constraint ``without``, an index of ``extra``, off)."""
        return [-s if k == without else s for k, s in enumerate(self.selectors)]

    def solve(self, assumptions: Sequence[int]) -> tuple[int, ...] | None:
        """The cell values of a model under ``assumptions``, or ``None`` when there is none."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise TimeLimitReached(f"time limit of {self._limit} s reached")
        self.calls += 1
        ok = self.solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        if ok is None:
            raise TimeLimitReached(f"time limit of {self._limit} s reached")
        if not ok:
            return None
        model = self.solver.get_model()
        n = self.n
        values = [0] * (n * n)
        for x in model[: n ** 3]:
            if x > 0:
                c, v = divmod(x - 1, n)
                values[c] = v + 1
        return tuple(values)

    def add_guarded(self, guard: int, clause: Sequence[int]) -> None:
        """Add ``clause``, in force when ``guard`` is assumed."""
        self.solver.add_clause([-guard, *clause])

    def close(self) -> None:
        """Stop the timer and free the solver."""
        if self._timer is not None:
            self._timer.cancel()
        self.solver.delete()

    def __enter__(self) -> "SetterSolver":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _verified(puzzle: Sudoku, values: Sequence[int]) -> tuple[int, ...]:
    problems = verify(puzzle, values)
    if problems:  # pragma: no cover - the encodings and the verifier disagree
        raise GridsatError(f"internal error: a solution fails the verifier: {problems[0]}")
    return tuple(values)


@dataclass
class TrueCandidates:
    """What :func:`true_candidates` found.

    Attributes
    ----------
    status : str
        ``unique``, ``ambiguous`` or ``impossible``.
    cap : int
        Solutions counted per digit at most.
    counts : dict
        Open cell -> {digit: solutions with that digit there, at most ``cap``}; digits of no
        solution are left out.
    solutions : list of tuple
        The solutions found, each verified (all of them when ``complete``).
    complete : bool
        Whether ``solutions`` is every solution (no digit reached the cap).
    calls : int
        Solver calls made.
    """

    status: str
    cap: int
    counts: dict = field(default_factory=dict)
    solutions: list = field(default_factory=list)
    complete: bool = True
    calls: int = 0

    def candidates(self, cell: int) -> list[int]:
        """The digits of some solution in ``cell`` (an open cell), ascending."""
        return sorted(self.counts.get(cell, {}))

    def to_dict(self, name=None) -> dict:
        """JSON-ready: status, the solutions found and whether they are all, and per open cell
        its digits with their counts (``capped`` lists the digits counted up to the cap)."""
        name = name or (lambda c: c)
        return {"status": self.status, "cap": self.cap, "solutions": len(self.solutions),
                "complete": self.complete,
                "candidates": [{"cell": name(c), "values": sorted(ds),
                                "counts": {str(d): k for d, k in sorted(ds.items())},
                                "capped": [d for d, k in sorted(ds.items()) if k >= self.cap]}
                               for c, ds in sorted(self.counts.items())]}


def _count_digits(s: SetterSolver, puzzle: Sudoku, cap: int, cells: Sequence[int]) -> TrueCandidates:
    """True candidates of ``cells`` with their counts up to ``cap``, on an open solver."""
    n = s.n
    base = s.given_lits() + s.selector_lits()
    blk = s.new_var()
    found: list[tuple[int, ...]] = []
    tally = [[0] * (n + 1) for _ in range(n * n)]

    def add(sol: tuple[int, ...]) -> None:
        found.append(_verified(puzzle, sol))
        for c, v in enumerate(sol):
            tally[c][v] += 1
        s.add_guarded(blk, [-s.lit(c, v) for c, v in enumerate(sol)])

    first = s.solve(base + [blk])
    if first is None:
        return TrueCandidates("impossible", cap, calls=s.calls, complete=True)
    add(first)
    complete = True
    for c in cells:
        for d in range(1, n + 1):
            while tally[c][d] < cap:
                sol = s.solve(base + [blk, s.lit(c, d)])
                if sol is None:
                    break
                add(sol)
            else:
                complete = False
    if not cells:  # a full grid: its one solution
        complete = True
    counts = {c: {d: min(tally[c][d], cap) for d in range(1, n + 1) if tally[c][d]} for c in cells}
    status = "unique" if len(found) == 1 else "ambiguous"
    return TrueCandidates(status, cap, counts, found, complete, s.calls)


def true_candidates(puzzle: Sudoku, *, cap: int = DEFAULT_CAP, time_limit: float | None = None) -> TrueCandidates:
    """Every digit of every open cell that appears in some solution, with solution counts.

    Parameters
    ----------
    puzzle : Sudoku
        Any Sudoku-family puzzle, with any extra constraints.
    cap : int
        Count the solutions of each digit up to this many (1: the true candidates alone).
    time_limit : float, optional
        Seconds for the whole job (past them: :class:`~gridsat.limits.clocks.TimeLimitReached`).

    Returns
    -------
    TrueCandidates
    """
    if cap < 1:
        raise GridsatError(f"the cap must be 1 or more, not {cap}")
    with SetterSolver(puzzle, time_limit) as s:
        cells = [c for c in range(puzzle.n ** 2) if not puzzle.givens[c]]
        return _count_digits(s, puzzle, cap, cells)


@dataclass
class Redundant:
    """What :func:`redundant` found.

    Attributes
    ----------
    status : str
        The puzzle's own status: ``unique`` (then the lists are filled), ``ambiguous`` or
        ``impossible``.
    solution : tuple
        The solution (``unique``), else the first found (``ambiguous``) or ``()``.
    givens : list of int
        The cells whose given can be removed, alone, with the puzzle staying unique.
    constraints : list of int
        The indices (into ``puzzle.extra``) of the constraints that can be removed likewise.
    witnesses : dict
        ``("given", cell)`` or ``("constraint", index)`` -> a second solution of the puzzle
        without that item (verified): why it is needed. With ``ambiguous``, ``("puzzle", -1)``
        holds the puzzle's own second solution.
    calls : int
        Solver calls made.
    """

    status: str
    solution: tuple = ()
    givens: list = field(default_factory=list)
    constraints: list = field(default_factory=list)
    witnesses: dict = field(default_factory=dict)
    calls: int = 0

    def to_dict(self, name=None, label=None) -> dict:
        """JSON-ready: the status, the redundant givens (cell names) and constraints (labels)."""
        name = name or (lambda c: c)
        label = label or (lambda k: k)
        return {"status": self.status, "givens": [name(c) for c in self.givens],
                "constraints": [label(k) for k in self.constraints], "calls": self.calls}


def without_given(puzzle: Sudoku, cell: int) -> Sudoku:
    """``puzzle`` with the given of ``cell`` removed."""
    g = list(puzzle.givens)
    g[cell] = 0
    return puzzle.with_givens(g)


def without_constraint(puzzle: Sudoku, index: int) -> Sudoku:
    """``puzzle`` with its extra constraint ``index`` removed."""
    extra = tuple(x for k, x in enumerate(puzzle.extra) if k != index)
    return Sudoku(puzzle.n, puzzle.givens, regions=puzzle.regions, box=puzzle.box, name=puzzle.name, extra=extra)


def redundant(puzzle: Sudoku, *, time_limit: float | None = None, confirm: bool = True) -> Redundant:
    """The givens and extra constraints that can each be removed while the puzzle stays unique.

    Each item is tried alone (removing two redundant items together may leave several
    solutions). One solver: a clause under an activation literal asks for a grid other than
    the solution; removing an item is leaving out its assumption (a given) or assuming its
    selector false (a constraint).

    Parameters
    ----------
    puzzle : Sudoku
        Any Sudoku-family puzzle, with any extra constraints.
    time_limit : float, optional
        Seconds for the whole job (past them: :class:`~gridsat.limits.clocks.TimeLimitReached`).
    confirm : bool
        Confirm each redundant item with :func:`gridsat.check` of the puzzle without it.

    Returns
    -------
    Redundant
    """
    t_end = None if time_limit is None else time.monotonic() + time_limit
    with SetterSolver(puzzle, time_limit) as s:
        sol = s.solve(s.given_lits() + s.selector_lits())
        if sol is None:
            return Redundant("impossible", calls=s.calls)
        sol = _verified(puzzle, sol)
        other = s.new_var()
        s.add_guarded(other, [-s.lit(c, v) for c, v in enumerate(sol)])
        second = s.solve(s.given_lits() + s.selector_lits() + [other])
        if second is not None:
            return Redundant("ambiguous", sol, witnesses={("puzzle", -1): _verified(puzzle, second)}, calls=s.calls)
        out = Redundant("unique", sol)
        for cell in sorted(s.givens):
            w = s.solve(s.given_lits(without=cell) + s.selector_lits() + [other])
            if w is None:
                out.givens.append(cell)
            else:
                out.witnesses[("given", cell)] = _verified(without_given(puzzle, cell), w)
        for k in range(len(s.selectors)):
            w = s.solve(s.given_lits() + s.selector_lits(without=k) + [other])
            if w is None:
                out.constraints.append(k)
            else:
                out.witnesses[("constraint", k)] = _verified(without_constraint(puzzle, k), w)
        out.calls = s.calls
    if confirm:
        reduced = ([without_given(puzzle, c) for c in out.givens]
                   + [without_constraint(puzzle, k) for k in out.constraints])
        for p in reduced:
            left = None if t_end is None else max(t_end - time.monotonic(), 0.001)
            res = check(p, time_limit=left)
            if res.status == "unknown" and t_end is not None:
                raise TimeLimitReached(f"time limit of {time_limit} s reached")
            if res.status != "unique" or tuple(res.solution) != sol:  # pragma: no cover
                raise GridsatError(f"internal error: a redundant item is not confirmed ({res.status})")
    return out


@dataclass
class Ambiguity:
    """What :func:`explain_ambiguity` found.

    Attributes
    ----------
    status : str
        ``ambiguous`` (then the rest is filled), ``unique`` or ``impossible``.
    first, second : tuple
        Two different solutions, each verified.
    differ : list of int
        The cells where they differ.
    best : (int, int) or None
        The (cell, digit) given that leaves the fewest solutions (at least one).
    left : int
        Solutions left with that given (at most ``cap``; 1: it makes the puzzle unique).
    solutions : int
        Solutions of the puzzle found (all of them when ``complete``).
    complete : bool
        Whether every solution was counted (no count reached the cap).
    cap : int
        The cap of the counts.
    """

    status: str
    first: tuple = ()
    second: tuple = ()
    differ: list = field(default_factory=list)
    best: "tuple[int, int] | None" = None
    left: int = 0
    solutions: int = 0
    complete: bool = True
    cap: int = DEFAULT_CAP

    def to_dict(self, name=None) -> dict:
        """JSON-ready: status, the two solutions, the differing cells and the best given."""
        name = name or (lambda c: c)
        d: dict = {"status": self.status}
        if self.status == "ambiguous":
            d.update(first=list(self.first), second=list(self.second), differ=[name(c) for c in self.differ],
                     best={"cell": name(self.best[0]), "value": self.best[1], "left": self.left,
                           "left_capped": self.left >= self.cap},
                     solutions=self.solutions, complete=self.complete, cap=self.cap)
        elif self.first:
            d["solution"] = list(self.first)
        return d


def explain_ambiguity(puzzle: Sudoku, *, cap: int = DEFAULT_CAP, time_limit: float | None = None) -> Ambiguity:
    """Two solutions of an ambiguous puzzle, where they differ, and the given that cuts the most.

    The given is the (open cell, digit) of some solution whose solutions, counted up to
    ``cap``, are fewest: placing it cuts every other solution. Ties go to cells where the two
    solutions differ, then to the first cell and digit.

    Parameters
    ----------
    puzzle : Sudoku
        Any Sudoku-family puzzle, with any extra constraints.
    cap : int
        Count solutions up to this many per digit (and so per given).
    time_limit : float, optional
        Seconds for the whole job (past them: :class:`~gridsat.limits.clocks.TimeLimitReached`).

    Returns
    -------
    Ambiguity
    """
    tc = true_candidates(puzzle, cap=max(cap, 2), time_limit=time_limit)
    if tc.status != "ambiguous":
        return Ambiguity(tc.status, first=tc.solutions[0] if tc.solutions else (), cap=tc.cap)
    first, second = tc.solutions[0], tc.solutions[1]
    differ = [c for c in range(len(first)) if first[c] != second[c]]
    inside = set(differ)
    best = min(((k, c not in inside, c, d) for c, ds in tc.counts.items() for d, k in ds.items()))
    return Ambiguity("ambiguous", first, second, differ, (best[2], best[3]), best[0], len(tc.solutions),
                     tc.complete, tc.cap)


def add_best_givens(puzzle: Sudoku, *, cap: int = DEFAULT_CAP,
                    time_limit: float | None = None) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
    """Givens that make ``puzzle`` unique, each the one that cuts the most solutions at its turn.

    Each round counts the solutions of every digit of the open cells where some solutions
    differ (up to ``cap``, on one solver for all rounds) and adds the digit with the fewest,
    ties to the first cell and digit. The choice rests on exact counts (below the cap) or on
    the cell order alone, so it does not depend on which solutions the solver happened to find.

    Returns
    -------
    (list of (cell, digit), tuple)
        The givens added, in order, and the solution of the puzzle with them.

    Raises
    ------
    PuzzleError
        The puzzle has no solution.
    """
    from ...errors import PuzzleError

    added: list[tuple[int, int]] = []
    with SetterSolver(puzzle, time_limit) as s:
        while True:
            g = list(puzzle.givens)
            for c, d in added:
                g[c] = d
            now = puzzle.with_givens(g)
            tc = _count_digits(s, now, cap, [c for c in range(puzzle.n ** 2) if not g[c]])
            if tc.status == "impossible":
                raise PuzzleError("the draft has no solution")
            if tc.status == "unique":
                return added, tc.solutions[0]
            k, c, d = min((k, c, d) for c, ds in tc.counts.items() if len(ds) > 1 for d, k in ds.items())
            added.append((c, d))
            s.givens[c] = d
