"""Large-neighbourhood search over a relaxation (target ``"lns"``): finds solutions, proves nothing.

The encoding (``hidato-jumps``) supplies a relaxation whose states are always complete
placements and whose violations ("jumps") are counted; a state without violations is a
solution. The loop: pick a violation at random, free the numbers of a neighbourhood around
it, re-solve that small problem exactly with CP-SAT (one worker, a few seconds, hinted with
the current state) minimising the violations that touch it, keep the result unless it is
worse. After ``stall`` steps without progress the neighbourhoods grow (up to ``max_scale``),
and shrink again on progress.

This is for the large sparse boards that complete solvers do not finish (see the README,
Hidato case c). It needs a time limit, since it never proves that no solution exists; for
``check`` and ``count`` it returns the one solution it found as an incomplete answer.
"""

from __future__ import annotations

import random
import time

from ortools.sat.python import cp_model

from ...errors import UnsupportedError
from ...backends.base import Backend, Outcome, register_backend

__all__ = ["LnsBackend"]


class LnsBackend(Backend):
    """Local search by CP-SAT-solved neighbourhoods on a ``lns`` encoding."""

    name = "lns"
    target = "lns"
    supports = frozenset({"solve", "time_limit", "stats"})

    def __init__(self, seed: int = 0, sub_time: float = 3.0, stall: int = 20, max_scale: int = 8) -> None:
        self.seed, self.sub_time, self.stall, self.max_scale = seed, sub_time, stall, max_scale

    def run(self, puzzle, encoding, *, limit: int | None = 1, time_limit: float | None = None,
            keep: int = 2) -> Outcome:
        """Search for one solution by large-neighbourhood search (needs ``time_limit``; proves nothing)."""
        if time_limit is None:
            raise UnsupportedError("the lns backend needs a time limit: local search cannot prove "
                                   "that no solution exists")
        t0 = time.perf_counter()
        deadline = t0 + time_limit
        model = encoding.build(puzzle)
        out = Outcome(build_time=time.perf_counter() - t0)
        rng = random.Random(self.seed)
        pos = model.initial(rng) if model.feasible else None
        if pos is None:  # no placement of the numbers on distinct cells of their domains
            out.complete = True
            out.solve_time = time.perf_counter() - t0 - out.build_time
            return out
        jumps = model.jumps(pos)
        first = len(jumps)
        jumps, steps = self._search(model, pos, jumps, rng, deadline)
        out.solve_time = time.perf_counter() - t0 - out.build_time
        out.stats = {"steps": steps, "first_jumps": first, "jumps_left": len(jumps)}
        if jumps:
            out.timed_out = True
            return out
        out.solutions = [model.solution(pos)]
        out.count = 1
        return out

    def _search(self, model, pos: list[int], jumps: list[int], rng: random.Random, deadline: float):
        """Improve ``pos`` in place until no jump is left or the deadline; returns (jumps, steps)."""
        steps = scale = stall = 0
        while jumps and time.perf_counter() < deadline:
            steps += 1
            k = rng.choice(jumps)
            nums = model.neighbourhood(pos, k, rng, scale)
            before = model.local_jumps(pos, nums)
            sub, read = model.submodel(pos, nums)
            solver = cp_model.CpSolver()
            solver.parameters.max_time_in_seconds = max(0.05, min(self.sub_time, deadline - time.perf_counter()))
            solver.parameters.num_workers = 1
            # (CP-SAT's own SIGINT handler is unsafe, see cpsat_backend.solve_stoppable: a
            # sub-solve is short, and Ctrl-C raises KeyboardInterrupt when it returns)
            solver.parameters.catch_sigint_signal = False
            solver.parameters.random_seed = rng.randint(0, 10**6)
            if solver.Solve(sub) not in (cp_model.OPTIMAL, cp_model.FEASIBLE) or solver.ObjectiveValue() > before:
                stall += 1
            else:
                for kk, c in read(solver).items():
                    pos[kk] = c
                now = model.jumps(pos)
                if len(now) < len(jumps):
                    stall, scale = 0, max(0, scale - 1)
                else:
                    stall += 1
                jumps = now
            if stall >= self.stall:
                stall, scale = 0, min(scale + 1, self.max_scale)
        return jumps, steps


register_backend("lns", LnsBackend)
