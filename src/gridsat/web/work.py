"""The workbench's jobs as plain functions: a puzzle and options in, a JSON-ready dict out.

They run in the server process (the quick ones, each with its time limit) or in a worker
process of :mod:`gridsat.web.jobs` (the long ones, and those without a time limit of their
own), so they take and return only picklable values. Each answer of a solver job is
:meth:`gridsat.Result.to_dict` plus what the job adds (``board``, ``differ``, ...).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from .. import api
from ..kinds import kind_of
from .board import SETTER, board_of, solution_positions, step_cells

__all__ = ["solve", "check", "count", "true_candidates", "rate", "hint", "candidates", "render", "convert",
           "generate", "improve", "add_random", "make_unique", "setter_candidates", "redundant",
           "explain_ambiguity", "JOBS"]

Progress = Callable[[dict], None]


def _result(res, puzzle, *, solutions: bool = False) -> dict[str, Any]:
    d = res.to_dict()
    d["describe"] = kind_of(puzzle).describe(puzzle)
    if solutions:
        d["solutions"] = [list(s) for s in res.solutions]
    return d


def solve(puzzle: Any, *, time_limit: float, backend: str | None = None, encoding: str | None = None) -> dict:
    """One solution (:func:`gridsat.solve`)."""
    return _result(api.solve(puzzle, backend=backend, encoding=encoding, time_limit=time_limit), puzzle)


def check(puzzle: Any, *, time_limit: float, backend: str | None = None, encoding: str | None = None) -> dict:
    """Uniqueness (:func:`gridsat.check`); an ambiguous puzzle adds both solutions found and
    ``differ``, the cells where they differ."""
    res = api.check(puzzle, backend=backend, encoding=encoding, time_limit=time_limit)
    d = _result(res, puzzle)
    if res.status == "ambiguous":
        d["solutions"] = [list(s) for s in res.solutions[:2]]
        d["differ"] = solution_positions(puzzle, res.solutions)
    return d


def count(puzzle: Any, *, time_limit: float, limit: int, solutions: bool = False, backend: str | None = None,
          encoding: str | None = None, progress: Progress | None = None) -> dict:
    """Count solutions up to ``limit`` (:func:`gridsat.count`); ``solutions`` returns them all."""
    hook = None if progress is None else (lambda n, t: progress({"count": n, "seconds": round(t, 3)}))
    res = api.count(puzzle, limit, backend=backend, encoding=encoding, time_limit=time_limit,
                    keep=None if solutions else 0, progress=hook)
    return _result(res, puzzle, solutions=solutions)


def true_candidates(puzzle: Any, *, time_limit: float, limit: int, progress: Progress | None = None) -> dict:
    """The values that appear in at least one solution, per cell, with how many solutions use them.

    Counts up to ``limit`` solutions; ``complete`` says whether that was all of them.
    """
    res = api.count(puzzle, limit, time_limit=time_limit, keep=None)
    d = _result(res, puzzle)
    cells: dict[int, dict[int, int]] = {}
    for sol in res.solutions:
        for c, v in enumerate(sol):
            cells.setdefault(c, {})
            cells[c][v] = cells[c].get(v, 0) + 1
    d["solutions_seen"] = len(res.solutions)
    d["true_candidates"] = [{"cell": c, "values": {str(v): n for v, n in sorted(vs.items())}}
                            for c, vs in sorted(cells.items())]
    return d


def rate(puzzle: Any) -> dict:
    """The logical rating (the kind record's ``rate``: SE scale for Sudoku, rule level for Hidato)."""
    t0 = time.perf_counter()
    d, text, solved = kind_of(puzzle).rate(puzzle, figures=True)
    return {"job": "rate", "status": "rated" if solved else "not solved", "rating": d, "text": text,
            "time": {"total": round(time.perf_counter() - t0, 6)}}


def hint(puzzle: Any) -> dict:
    """The next logical step with its explanation and the cells it touches (``step`` null:
    solved, or no step applies; status ``impossible`` and no step on a grid with no solution,
    where a step would only lead further astray)."""
    t0 = time.perf_counter()
    none = api.count(puzzle, 1, time_limit=5, keep=0)  # (one pair, no race: a hint stays quick)
    if none.count == 0 and none.complete:
        return {"job": "hint", "status": "impossible", "step": None, "text": "no step: the grid has no solution",
                "time": {"total": round(time.perf_counter() - t0, 6)}}
    step = kind_of(puzzle).hint(puzzle)
    d: dict[str, Any] = {"job": "hint", "status": "hint" if step else "none", "step": None,
                         "text": str(step) if step else "no step: the puzzle is solved or has no solution"}
    if step is not None:
        d["step"] = step.to_dict()
        d["cells"] = step_cells(puzzle, d["step"])
    d["time"] = {"total": round(time.perf_counter() - t0, 6)}
    return d


def candidates(puzzle: Any) -> dict:
    """Every open cell's candidates, fewest first (the kit's hints list)."""
    t0 = time.perf_counter()
    cs = kind_of(puzzle).candidates(puzzle)
    return {"job": "candidates", "status": "listed",
            "candidates": [{"cell": c, "name": puzzle.cell_name(c), "values": list(vs)} for c, vs in cs],
            "time": {"total": round(time.perf_counter() - t0, 6)}}


def render(puzzle: Any, *, solution: Sequence[int] | None = None, path: bool | None = None) -> dict:
    """The SVG picture ``gridsat render`` draws."""
    from ..rendering import render_svg

    return {"job": "render", "status": "rendered", "svg": render_svg(puzzle, solution, path=path)}


def convert(puzzle: Any, *, to: str, solution: Sequence[int] | None = None) -> dict:
    """The puzzle written in text format ``to`` (a :class:`gridsat.ParseError` when it cannot hold it)."""
    from ..formats import write_or_refuse

    text = write_or_refuse(puzzle, to, solution)
    return {"job": "convert", "status": "converted", "format": to, "text": text}


def _generated(g) -> dict:
    from ..kinds import kind_of as _kind

    d = g.to_dict()
    d["board"] = board_of(g.puzzle, True)
    d["solution"] = list(g.solution)
    d["text"] = _kind(g.puzzle).board_file(g.puzzle)
    return d


def generate(name: str, options: dict, *, count: int = 1, progress: Progress | None = None) -> dict:
    """``count`` puzzles from generator ``name`` (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``)
    with ``options`` (see :func:`gridsat.generators.generate`), reported one by one to ``progress``."""
    from ..generators import generate as make, new_seed

    t0 = time.perf_counter()
    seed = options.pop("seed", None)
    seed = new_seed() if seed is None else seed
    out = []
    for i in range(count):
        out.append(_generated(make(name, seed=seed + i, **options)))
        if progress is not None:
            progress({"done": i + 1, "total": count, "last": out[-1]})
    return {"job": "generate", "status": "generated", "seed": seed, "puzzles": out,
            "time": {"total": round(time.perf_counter() - t0, 6)}}


def improve(start: Any, *, size: int, box, budget: float, workers: int, seed: int | None, kind: str | None = None,
            progress: Progress | None = None) -> dict:
    """The improve search (the record's ``improve``, e.g.
    :func:`gridsat.kinds.sudoku.generate_improve.improve`) for ``budget`` seconds: of ``start``'s
    kind, else of kind ``kind``, else of the first kind listed that has one."""
    from ..kinds import KINDS, get_kind

    if start is not None:
        run = kind_of(start).improve
    elif kind is not None:
        run = get_kind(kind).improve
    else:
        run = next(k.improve for k in KINDS.values() if k.improve is not None)
    res = run(start=start, size=size, box=box, time_budget=budget, jobs=workers, seed=seed)
    d = res.to_dict()
    d.update(job="improve", status="improved", board=board_of(res.puzzle, True), solution=list(res.solution),
             text=kind_of(res.puzzle).board_file(res.puzzle))
    return d


def add_random(puzzle: Any, *, seed: int | None = None) -> dict:
    """The puzzle with one more given: a random value that clashes with nothing in its units
    (its kind's ``add_random``)."""
    out = kind_of(puzzle).add_random(puzzle, 1, seed=seed)
    added = [c for c, (a, b) in enumerate(zip(puzzle.givens, out.givens)) if a != b]
    return {"job": "add-random", "status": "added" if added else "full", "added": added,
            "board": board_of(out, True), "text": kind_of(out).board_file(out)}


def make_unique(puzzle: Any, *, seed: int | None = None) -> dict:
    """A unique puzzle consistent with the current grid (clashing givens dropped, givens added;
    its kind's ``from_partial``)."""
    return _generated(kind_of(puzzle).from_partial(puzzle, seed=seed)) | {"job": "unique", "status": "unique"}


def _timed(job: str, fn: Callable[[], dict]) -> dict:
    from ..limits.clocks import TimeLimitReached

    t0 = time.perf_counter()
    try:
        d = fn()
    except TimeLimitReached:
        d = {"status": "unknown", "reason": "the time limit was reached"}
    d["job"] = job
    d["time"] = {"total": round(time.perf_counter() - t0, 6)}
    return d


def setter_candidates(puzzle: Any, *, time_limit: float, cap: int) -> dict:
    """True candidates with counts (the kind record's ``true_candidates``): per open cell, each
    digit of some solution with the solutions that put it there, counted up to ``cap``.

    ``true_candidates`` holds ``{"cell", "name", "values": {digit: count}}`` per open cell (the
    shape of :func:`true_candidates`); a count of 1 is a digit that, given, leaves one solution.
    """
    def go() -> dict:
        res = api.true_candidates(puzzle, cap=cap, time_limit=time_limit)
        d = res.to_dict()
        d["solutions_seen"] = d.pop("solutions")
        d["true_candidates"] = [{"cell": c["cell"], "name": puzzle.cell_name(c["cell"]), "values": c["counts"]}
                                for c in d.pop("candidates")]
        return d
    return _timed("setter-candidates", go)


def redundant(puzzle: Any, *, time_limit: float) -> dict:
    """The givens (cells) and extra constraints (indices, with ``labels`` and the cells each reads,
    ``constraint_cells``) that can each be removed while the puzzle stays unique (the kind
    record's ``redundant``)."""
    def go() -> dict:
        res = api.redundant(puzzle, time_limit=time_limit)
        d = res.to_dict()
        d["names"] = [puzzle.cell_name(c) for c in res.givens]
        d["labels"] = [puzzle.extra[k].describe() for k in res.constraints]
        d["constraint_cells"] = [list(puzzle.extra[k].cells()) for k in res.constraints]
        return d
    return _timed("redundant", go)


def explain_ambiguity(puzzle: Any, *, time_limit: float, cap: int) -> dict:
    """Two solutions, the cells where they differ and the given that cuts the most solutions
    (the kind record's ``explain_ambiguity``); ``best`` adds the cell's ``name``."""
    def go() -> dict:
        res = api.explain_ambiguity(puzzle, cap=cap, time_limit=time_limit)
        d = res.to_dict()
        if d.get("best"):
            d["best"]["name"] = puzzle.cell_name(d["best"]["cell"])
        return d
    return _timed("explain-ambiguity", go)


#: job name -> function, for the worker processes
JOBS: dict[str, Callable[..., dict]] = {
    "solve": solve, "check": check, "count": count, "true-candidates": true_candidates, "rate": rate,
    "hint": hint, "candidates": candidates, "render": render, "convert": convert, "generate": generate,
    "improve": improve, "add-random": add_random, "unique": make_unique,
    "setter-candidates": setter_candidates, "redundant": redundant, "explain-ambiguity": explain_ambiguity,
}
