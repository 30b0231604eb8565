"""The ``gapsat`` backend: Numbrix by the gap-colour SAT model with lazy cycle cuts.

The model (:mod:`gridsat.kinds.hidato.encode_gaps`) colours every open cell with the gap
between two givens it belongs to and picks the used board edges; its models are a path
through the givens in order plus, possibly, cycles of open cells. The backend solves it
incrementally with a python-sat solver (:data:`SOLVER`): each cycle of a model is cut
(some used edge leaves its cells; if a cell of it is in its gap, an edge of that gap
leaves them) and the solver runs again, until a model has no cycle. That model is a
solution; for a second one its used edges are blocked and the loop goes on. No model left
proves the count: *impossible* or *unique*.

It takes rook boards (Numbrix) with at least one given, of any size the search takes
(the model has a literal per cell and gap, not per cell and number); other boards (king
moves, no given) it hands to glucose4 on ``cnf-pos`` up to 1,600 cells. On the rook frontier
it decides the 40x40 and 50x50 boards with 20% givens in 1-5 s, which neither the
complete backends nor, on every seed, the search do; on the 10% boards its first model
takes longer than a time limit of 20 s (docs/benchmarks/hidato.md, *The gap-colour
model*). So the default race on rook boards of 400 cells or more runs it beside the
search (:mod:`gridsat.kinds.hidato.choices`).
"""

from __future__ import annotations

import threading
import time

from ...errors import UnsupportedError
from ...backends.base import Backend, Outcome, register_backend
from .choices import SAT_CELLS

__all__ = ["GapSatBackend", "solve_gaps", "SOLVER", "CARD", "DELEGATE", "DELEGATE_CELLS"]

#: the python-sat solver of the model (interruptible; CaDiCaL 1.5.3 did as well on the
#: frontier but python-sat cannot interrupt it at a time limit)
SOLVER = "glucose4"
#: the python-sat cardinality encoding of the gap sizes (totalizer and sorting networks
#: did no better on 16x16 and 20x20 boards with 10% givens)
CARD = "seqcounter"
#: the backend that answers the boards the model does not take (king moves, no given), on
#: ``cnf-pos``, and up to how many cells (that encoding's cap)
DELEGATE = "glucose4"
DELEGATE_CELLS = SAT_CELLS


#: clauses handed to the solver at a time (the time limit is checked between slices)
_SLICE = 20000


def solve_gaps(puzzle, solver: str = SOLVER, card: str = CARD, time_limit: float | None = None,
               limit: int | None = 1, strong: bool = True) -> dict:
    """Solve ``puzzle`` by the gap-colour model with lazy cycle cuts.

    Parameters
    ----------
    puzzle : Hidato
        A rook board with at least one given.
    solver : str
        A python-sat solver name.
    card : str
        The cardinality encoding (see :func:`gridsat.kinds.hidato.encode_gaps.build`).
    time_limit : float, optional
        Seconds for build and solving together (checked between rounds only with CaDiCaL,
        which python-sat cannot interrupt: run it in a child process killed at the limit).
    limit : int, optional
        Stop at this many solutions (None: all).
    strong : bool
        Cut each cycle by its per-cell gap clauses too (:func:`~gridsat.kinds.hidato.encode_gaps.cut`).

    Returns
    -------
    dict
        ``status`` (``solved``: solutions found and more may exist; ``complete``: every
        solution found, none or up to ``limit``; ``unknown``: none within the limit),
        ``solutions`` (numbers per cell), ``solution`` (the first or None), ``vars``,
        ``clauses``, ``build`` and ``solve`` seconds, ``rounds`` (solver calls) and
        ``cuts`` (cycles cut).
    """
    from pysat.solvers import Solver

    from .encode_gaps import BuildTimeout, block, build, cut, cycles, decode, used

    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    try:
        model = build(puzzle, card=card, deadline=deadline)
    except BuildTimeout:  # the limit holds while the model is built
        return {"status": "unknown", "solutions": [], "solution": None, "vars": 0, "clauses": 0, "rounds": 0,
                "cuts": 0, "solve": 0.0, "build": time.perf_counter() - t0}
    out = {"status": "unknown", "solutions": [], "solution": None, "vars": model.nvars,
           "clauses": len(model.clauses), "rounds": 0, "cuts": 0, "solve": 0.0}
    out["build"] = time.perf_counter() - t0
    if model.refuted:
        out["status"] = "complete"
        out["refuted"] = model.refuted
        return out
    t1 = time.perf_counter()
    with Solver(name=solver) as s:
        # the clauses go in by slices, so that the limit also holds while the solver takes them
        for k in range(0, len(model.clauses), _SLICE):
            if deadline is not None and time.perf_counter() > deadline:
                break
            s.append_formula(model.clauses[k:k + _SLICE])
        while True:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            timer = None
            if left is not None and not solver.startswith("cadical"):  # (CaDiCaL takes no interrupt)
                timer = threading.Timer(left, s.interrupt)
                timer.start()
            try:
                ok = s.solve_limited(expect_interrupt=True) if timer else s.solve()
            finally:
                if timer:
                    timer.cancel()
            out["rounds"] += 1
            if ok is None:
                break
            if timer:
                s.clear_interrupt()
            if not ok:
                out["status"] = "complete"
                break
            truth = {lit for lit in s.get_model() if lit > 0}
            adj = used(model, truth)
            found = cycles(model, adj)
            if found:
                for comp in found:
                    for clause in cut(model, comp, truth if strong else None):
                        s.add_clause(clause)
                out["cuts"] += len(found)
                continue
            out["solutions"].append(decode(model, adj, truth))
            out["status"] = "solved"
            if limit is not None and len(out["solutions"]) >= limit:
                break
            s.add_clause(block(model, adj))
    out["solution"] = out["solutions"][0] if out["solutions"] else None
    out["solve"] = time.perf_counter() - t1
    return out


class GapSatBackend(Backend):
    """Numbrix by the gap-colour SAT model with lazy cycle cuts (see the module docstring).

    Parameters
    ----------
    solver : str
        The python-sat solver (default :data:`SOLVER`).
    card : str
        The cardinality encoding of the gap sizes (default :data:`CARD`).
    """

    name = "gapsat"
    target = "search"
    supports = frozenset({"solve", "count", "time_limit", "stats"})

    def __init__(self, solver: str = SOLVER, card: str = CARD) -> None:
        self.solver = solver
        self.card = card

    def unavailable(self) -> str | None:
        """Why python-sat cannot run here, or None."""
        try:
            import pysat.solvers  # noqa: F401
        except ImportError as exc:  # pragma: no cover - python-sat is a dependency
            return f"python-sat is not installed ({exc})"
        return None

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Solve (or count up to ``limit``) by the gap-colour model; see the module docstring."""
        if encoding.target != "search":
            raise UnsupportedError(f"backend {self.name} takes search encodings, not {encoding.target} ({encoding.name})")
        if puzzle.adjacency != "rook" or not puzzle.givens:
            return self._delegate(puzzle, limit, time_limit, keep)
        r = solve_gaps(puzzle, self.solver, self.card, time_limit, limit)
        out = Outcome(build_time=r["build"], solve_time=r["solve"])
        out.stats = {k: r[k] for k in ("vars", "clauses", "rounds", "cuts")}
        if "refuted" in r:
            out.stats["refuted"] = r["refuted"]
        sols = [tuple(x) for x in r["solutions"]]
        out.count = len(sols)
        out.solutions = sols[:max(keep, 0)] if keep is not None else sols
        out.complete = r["status"] == "complete"
        out.timed_out = r["status"] == "unknown"
        return out


    def _delegate(self, puzzle, limit, time_limit, keep) -> Outcome:
        """A board the model does not take (king moves, no given): glucose4 on ``cnf-pos``, up
        to that encoding's cap (:data:`DELEGATE_CELLS`), its memory estimate checked first
        (:class:`~gridsat.limits.TooLarge` over the budget, as for any prover)."""
        if len(puzzle.cells) > DELEGATE_CELLS:
            raise UnsupportedError(f"backend {self.name} takes rook boards (Numbrix) with at least one given; "
                                   f"others up to {DELEGATE_CELLS} cells")
        from ...backends.base import get_backend, prove_with_known
        from ...encoders import get_encoding

        return prove_with_known(get_backend(DELEGATE), get_encoding("cnf-pos", "hidato"), puzzle, [], limit=limit,
                                time_limit=time_limit, keep=keep, stats={"delegated": f"{DELEGATE}/cnf-pos"})


register_backend("gapsat", GapSatBackend)
