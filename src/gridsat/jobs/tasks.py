"""The task functions of the batch commands.

A :class:`~gridsat.jobs.items.Task` is an id and a payload (:mod:`gridsat.jobs.items`). The id is stable (a file and line, a seed, a layout
index), so a task's shard, its place in a resumed output file and its result are the same
whatever runs it. A task function takes the payload and returns a JSON-ready dict: the
record of the task (the runner adds the ``id``). The functions here are small picklable
objects, so that workers in other processes or on other machines can run them:

* :class:`PuzzleJob`: ``solve``, ``check`` or ``count`` one puzzle (a
  :class:`~gridsat.jobs.items.PuzzleItem`; :class:`~gridsat.jobs.items.Reading` wraps it,
  or :class:`RateJob`, for lines still to be read and entries that could not be);
* :class:`GenerateJob`: one generated puzzle per seed;
* :class:`RateJob`: the logical solver's rating (or the kit's figures) of one puzzle;
* :class:`BenchJob`: one bench run, a puzzle under one configuration.

:class:`WithText` wraps any of them to add the text a command prints for the task. A kind's
own commands keep their task functions in its package (the Sudoku kind's ``count --layouts``
and ``generate improve``: :mod:`gridsat.kinds.sudoku.cli_layouts`,
:mod:`gridsat.kinds.sudoku.cli_improve`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .items import PuzzleItem

__all__ = ["PuzzleJob", "GenerateJob", "RateJob", "BenchJob", "WithText"]


@dataclass
class PuzzleJob:
    """``solve``, ``check`` or ``count`` one puzzle; the record is the CLI's ``--json`` record.

    Attributes
    ----------
    job : str
        ``solve``, ``check`` or ``count``.
    limit : int or None
        ``count``: stop at this many solutions.
    backend, encoding : str or None
        By name (``None``: the kind's default).
    time_limit : float or None
        Seconds per puzzle.
    method : str
        The counting method's name; ``method_options`` are its options.
    race : list of (str, str) or None
        Backend/encoding pairs to race (``[]``: the kind's default pairs).
    listing : bool
        Keep every solution found (``count --solutions``).
    capped : bool
        ``limit`` is the default cap of an unlimited count.
    """

    job: str
    limit: int | None = None
    backend: str | None = None
    encoding: str | None = None
    time_limit: float | None = None
    method: str = "enum"
    method_options: dict = field(default_factory=dict)
    race: list | None = None
    listing: bool = False
    capped: bool = False

    def result(self, item: PuzzleItem):
        """The :class:`~gridsat.result.Result` of the job on ``item.puzzle``."""
        from .. import api

        if self.race is not None:
            from ..portfolio import race

            return race(item.puzzle, self.job, self.race or None, limit=self.limit, time_limit=self.time_limit)
        if self.job == "count":
            from ..counting import get_method

            return api.count(item.puzzle, self.limit, method=get_method(self.method, **self.method_options),
                             backend=self.backend, encoding=self.encoding, time_limit=self.time_limit,
                             keep=None if self.listing else 2)
        return api.run(item.puzzle, self.job, limit=(1 if self.job == "solve" else 2), backend=self.backend,
                       encoding=self.encoding, time_limit=self.time_limit)

    def results(self, items: list) -> "list | None":
        """The results of the job on many puzzles at once, each a
        :class:`~gridsat.result.Result` or the error it raised, through
        :func:`gridsat.api.check_many` / ``solve_many`` (the ``native`` core poses a chunk of
        classic or jigsaw Sudoku in one call; each puzzle's status rests on the same evidence);
        ``None`` for a job that runs one puzzle at a time (``count``, a race)."""
        if self.race is not None or self.job not in ("solve", "check"):
            return None
        from .. import api

        many = api.check_many if self.job == "check" else api.solve_many
        return list(many([x.puzzle for x in items], backend=self.backend, encoding=self.encoding,
                         time_limit=self.time_limit, errors="return"))

    def many(self, items: list) -> "list | None":
        """The records of the job on ``items`` (see :meth:`results`), an error in place of a
        puzzle that failed; ``None``: run them one at a time."""
        got = self.results(items)
        return None if got is None else [r if isinstance(r, BaseException) else self.record(x, r)
                                         for x, r in zip(items, got)]

    def record(self, item: PuzzleItem, res) -> dict:
        """The JSON record of ``res``: where the puzzle was read, and the result."""
        obj = {"file": item.file, "line": item.line, "name": item.name, "kind": res.puzzle.kind}
        obj.update(res.to_dict())
        obj["name"] = item.name
        if self.listing:
            obj["solutions"] = [list(s) for s in res.solutions]
        if self.job == "count" and self.limit is not None:
            obj["limit"] = self.limit
            obj["default_cap"] = self.capped
        if res.stats.get("interrupted"):
            obj["interrupted"] = True
        obj["format"] = item.format
        return obj

    def __call__(self, item: PuzzleItem) -> dict:
        """The record of the job on ``item``."""
        return self.record(item, self.result(item))


@dataclass
class GenerateJob:
    """One puzzle of generator ``kind`` from a seed; the record is ``Generated.to_dict()``."""

    kind: str
    options: dict = field(default_factory=dict)

    def result(self, seed: int):
        """The :class:`~gridsat.generators.Generated` puzzle of ``seed``."""
        from ..generators import generate

        return generate(self.kind, seed=seed, **self.options)

    def record(self, seed: int, g) -> dict:
        """The JSON record of ``g``."""
        return g.to_dict()

    def __call__(self, seed: int) -> dict:
        """The record of the puzzle of ``seed``."""
        return self.record(seed, self.result(seed))


@dataclass
class RateJob:
    """The rating of one puzzle (``kit``: the Clojure kit's figures instead)."""

    uniqueness: bool = False
    extra: tuple = ()
    search: bool = True
    figures: bool = True
    kit: bool = False

    def result(self, item: PuzzleItem) -> tuple[dict, str, bool]:
        """``(record, text, solved)`` for ``item.puzzle``."""
        from ..kinds import kind_of, kit_figures

        if self.kit:
            f = kit_figures(item.puzzle)
            return {"kit": f.to_dict()}, f.text(), f.solutions >= 1
        return kind_of(item.puzzle).rate(item.puzzle, figures=self.figures, uniqueness=self.uniqueness,
                                         extra=tuple(self.extra), search=self.search)

    def record(self, item: PuzzleItem, got: tuple[dict, str, bool]) -> dict:
        """The JSON record: the rating, where the puzzle was read, and whether it was solved."""
        d = dict(got[0])
        d["where"] = item.where
        d.setdefault("solved", bool(got[2]))
        return d

    def __call__(self, item: PuzzleItem) -> dict:
        """The record of ``item``."""
        return self.record(item, self.result(item))


@dataclass
class BenchJob:
    """One bench run: a puzzle (an :class:`~gridsat.experiments.Instance`) under one configuration.

    The payload is ``(index, instance, config)``; the record is the bench row.
    """

    job: str = "check"
    time_limit: float | None = 10.0
    limit: int | None = None
    cold: bool = True

    def result(self, payload: tuple) -> dict:
        """The bench row of the run."""
        from ..experiments.timed_runs import _run_one

        i, inst, cfg = payload
        return _run_one(i, inst, cfg, job=self.job, time_limit=self.time_limit, limit=self.limit, cold=self.cold)

    def record(self, payload: tuple, row: dict) -> dict:
        """The row itself."""
        return row

    def __call__(self, payload: tuple) -> dict:
        """The bench row of the run."""
        return self.result(payload)


@dataclass
class WithText:
    """A task function whose record also holds what a command prints for the task.

    ``render(payload, result)`` returns ``(out, err)``: the text for standard output and
    the text for standard error (either may be empty); they go in the record as ``text``
    and ``note``.
    """

    job: Any
    render: Callable[[Any, Any], tuple[str, str]]

    def __call__(self, payload: Any) -> dict:
        """The job's record with ``text`` and ``note``."""
        return self._with_text(payload, self.job.result(payload))

    def many(self, payloads: list) -> "list | None":
        """The records of many payloads at once, when the job has ``results`` for many
        (errors in place of the payloads that failed); ``None``: one at a time."""
        results = getattr(self.job, "results", None)
        got = results(payloads) if results is not None else None
        return None if got is None else [r if isinstance(r, BaseException) else self._with_text(p, r)
                                         for p, r in zip(payloads, got)]

    def _with_text(self, payload: Any, res: Any) -> dict:
        rec = self.job.record(payload, res)
        out, err = self.render(payload, res)
        if out:
            rec["text"] = out
        if err:
            rec["note"] = err
        return rec
