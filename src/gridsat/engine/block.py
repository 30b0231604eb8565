"""The engine's bulk entry: classic 9x9 puzzles as one byte buffer, a block at a time through the C core.

The commonest input of a bulk run (the 17-clue list, top1465, a generator's output) is
classic 9x9 puzzles, one per line: 81 symbols, ``1-9`` given and ``.``, ``0``, ``_`` or
``-`` empty. The entry is columnar: :meth:`Block.answer` poses up to :data:`BLOCK` puzzles,
their values end to end in one buffer, to the C core in one call; the answers come back as
columns (counts, flags and solutions as bytes, nodes and seconds as arrays) and pass the C
verifier (``gridsat._native.verify_block``, a file of its own that shares no code with the
searches) in one more call. One :class:`Result` per puzzle, in order, with the same
evidence as :func:`gridsat.engine.run`, is made only as the iteration reaches it.
:meth:`Block.run` takes plain lines (the command line's ``gridsat check FILE``), and
the front door's ``check_many`` and ``solve_many`` hand it their plain classic puzzles
(:mod:`gridsat.engine.columnar`).

Only the puzzles found unique (``check``) or solved (``solve``) are answered from the
block: their results are :class:`LineResult`, which make their puzzle, solution and stats
objects only when asked, and write their JSON directly (:meth:`LineResult.to_json`), so
that a bulk run pays for none of the package's puzzle, encoder or backend objects. Any other
puzzle (no solution, two solutions, clashing givens), and any puzzle whose answer the
verifier does not pass, is run again on its own by the general engine (the ``one``
callable, by default :func:`gridsat.engine.run`), which names what is wrong.

The puzzles of such lines are a kind's (its record's ``bulk_encoding``, ``bulk_puzzle`` and
``bulk_givens``, see :class:`gridsat.kinds.Kind`): their results name its encoding, and a
puzzle is made by the kind when one is asked for. This module imports only the board
tables; the kind packages load when a result's kind, encoding or puzzle is first asked for
(:func:`bulk_kind`), and the general engine when a puzzle first needs it.
"""

from __future__ import annotations

import importlib
import json
import time
from itertools import repeat
from typing import Callable, Iterator, Sequence

from ..errors import GridsatError, UnsupportedError
from ..result import _FIELDS, Result

__all__ = ["Block", "LineResult", "BLOCK", "SYMBOLS", "plain_symbols", "bulk_kind"]

#: puzzles per call of the C core
BLOCK = 1024
#: the symbols of a plain line: the empty marks, then 1-9
_EMPTY, _DIGITS = b".0_-", b"123456789"
#: every symbol of a plain line
SYMBOLS = _EMPTY + _DIGITS
#: bytes.translate table: a symbol -> its value (0 empty)
_VALUES = bytes.maketrans(_EMPTY + _DIGITS, bytes(len(_EMPTY)) + bytes(range(1, 10)))
#: bytes.translate table: a value 1-9 -> its digit
_TEXT = bytes.maketrans(bytes(range(1, 10)), _DIGITS)
#: a status by the C core's flag (1: the search was complete) for a puzzle with one verified solution
_STATUS = ("solved", "unique", "solved", "solved")
#: the box shape of the classic 9x9 board
_N, _BOX = 9, (3, 3)
_CELLS = _N * _N


def plain_symbols(line: bytes) -> bool:
    """Whether ``line`` is one puzzle of this entry: exactly 81 symbols ``1-9`` and ``.0_-``."""
    return len(line) == _CELLS and not line.translate(None, SYMBOLS)


#: the kind record of the lines (found on first use), and its encoding as JSON
_KIND: list = []


def bulk_kind():
    """The record of the kind whose puzzles the plain lines are: the kind with a
    ``bulk_encoding`` (every kind package is loaded the first time).

    Returns
    -------
    gridsat.kinds.Kind

    Raises
    ------
    UnsupportedError
        No kind has a bulk encoding.
    """
    if not _KIND:
        from ..kinds import KINDS

        kind = next((k for k in KINDS.values() if k.bulk_encoding and k.bulk_puzzle is not None), None)
        if kind is None:
            raise UnsupportedError("no puzzle kind takes plain 9x9 lines to the C core in blocks")
        _KIND[:] = [kind, json.dumps(kind.bulk_encoding)]
    return _KIND[0]


def _encoding_json() -> str:
    """The kind's bulk encoding as a JSON string."""
    bulk_kind()
    return _KIND[1]


def _puzzle(givens: bytes):
    """The 9x9 puzzle of ``givens`` (81 values, 0 empty), made by its kind without checks."""
    return bulk_kind().bulk_puzzle(givens)


class _Answers:
    """One block's answers from the C core, as columns (one entry per puzzle), shared by the
    results made from it: ``givens`` and ``sols`` (``stride`` bytes a puzzle, its first
    solution first) as bytes, ``flags`` as bytes, ``nodes`` and ``secs`` as arrays."""

    __slots__ = ("job", "givens", "flags", "nodes", "secs", "build", "build_json", "sols", "stride")

    def __init__(self, job: str, givens: bytes, flags, nodes, secs, build: float, sols: bytes = b"",
                 stride: int = _CELLS) -> None:
        self.job, self.givens, self.flags, self.nodes, self.secs, self.build = job, givens, flags, nodes, secs, build
        self.sols, self.stride = sols, stride
        self.build_json = repr(round(build, 6))  # (the same for every puzzle of the block)

    def digits(self, i: int) -> str:
        """Puzzle ``i``'s first solution as 81 digits."""
        at = i * self.stride
        return self.sols[at:at + _CELLS].translate(_TEXT).decode("ascii")


class _Shared:
    """A field of a :class:`LineResult` made from its block on first use, then the result's own
    (a non-data descriptor: setting the field, or its first use, stores it on the result)."""

    def __init__(self, make: Callable) -> None:
        self.make, self.__doc__ = make, make.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.make(obj)
        return value


class LineResult(Result):
    """A :class:`Result` of the bulk entry: a verified solution found by the C core.

    Its fields read the block's answers, and its ``puzzle``, ``solution``, ``solutions`` and
    ``stats`` objects are made on first use; any field may be set like any result's.
    :meth:`to_json` writes the record without making them, and :attr:`digits` is the
    solution as text.
    """

    __slots__ = ("_a", "_i", "status", "total_time")
    count = 1
    verified = True
    backend = "native"

    def __init__(self, answers: _Answers, i: int, status: str, total: float) -> None:
        self._a, self._i, self.status, self.total_time = answers, i, status, total

    @property
    def digits(self) -> str:
        """The verified solution as 81 digits (read from the block's answers)."""
        return self._a.digits(self._i)

    @_Shared
    def encoding(self) -> str:
        """The kind's bulk encoding (the C core's, see :func:`bulk_kind`)."""
        return bulk_kind().bulk_encoding

    @_Shared
    def job(self) -> str:
        """The job (``check`` or ``solve``)."""
        return self._a.job

    @_Shared
    def complete(self) -> bool:
        """Whether the search was complete (a ``unique`` answer)."""
        return self._a.flags[self._i] == 1

    @_Shared
    def build_time(self) -> float:
        """The board's build, the share of it charged to each puzzle."""
        return self._a.build

    @_Shared
    def solve_time(self) -> float:
        """The C core's seconds on this puzzle."""
        return self._a.secs[self._i]

    @_Shared
    def puzzle(self):
        """The puzzle, made from the line on first use."""
        return _puzzle(self._a.givens[self._i * _CELLS:(self._i + 1) * _CELLS])

    @_Shared
    def solution(self) -> tuple[int, ...]:
        """The verified solution."""
        at = self._i * self._a.stride
        return tuple(self._a.sols[at:at + _CELLS])

    @_Shared
    def solutions(self) -> list[tuple[int, ...]]:
        """The one solution found."""
        return [self.solution]

    @_Shared
    def stats(self) -> dict:
        """The C core's search figures."""
        return {"nodes": self._a.nodes[self._i]}

    def __reduce__(self):
        """Pickled as the plain :class:`Result` it reads as (the block's buffers stay here)."""
        return _plain, ({f: getattr(self, f) for f in _FIELDS},)

    def to_json(self, before: str = "", after: str = "") -> str:
        """:meth:`Result.to_json`, written directly while the result is as the C core left it."""
        if self.__dict__:
            return super().to_json(before, after)  # (a field set or made since: the general way)
        a, i = self._a, self._i
        return (f'{{{before}{", " if before else ""}"job": "{a.job}", "status": "{self.status}", '
                f'"solution": [{", ".join(self.digits)}], '
                f'"count": 1, "complete": {"true" if a.flags[i] == 1 else "false"}, "verified": true, '
                f'"backend": "native", "encoding": {_encoding_json()}, "time": {{"build": {a.build_json}, '
                f'"solve": {round(a.secs[i], 6)!r}, "total": {round(self.total_time, 6)!r}}}, '
                f'"stats": {{"nodes": {a.nodes[i]}}}{", " if after else ""}{after}}}')


def _plain(fields: dict) -> Result:
    """A plain :class:`Result` of ``fields`` (an unpickled :class:`LineResult`)."""
    return Result(**fields)


class Block:
    """The C core with the classic 9x9 board compiled, answering blocks of plain lines.

    Parameters
    ----------
    job : {"check", "solve"}
    core : module
        The C core (``gridsat._native``).
    geometry : object
        The board compiled for it.
    build : float
        Seconds of the board's build charged to each puzzle.
    counting : bool
        ``check`` only: the C core branches in its counting order (fewer branches on hard
        puzzles, the same counts and unique solutions), as the ``native`` backend's checks
        on this board do, so that a result's ``nodes`` are the general engine's. ``False``:
        the usual order, whose ``nodes`` differ from the engine's.
    """

    def __init__(self, job: str, core, geometry, build: float, counting: bool = True) -> None:
        if job not in ("check", "solve"):
            raise ValueError(f"job must be 'check' or 'solve', not {job!r}")
        self.job, self.core, self.geometry, self.build = job, core, geometry, build
        self.limit = 2 if job == "check" else 1
        self.order = 1 if counting and job == "check" else 0

    @classmethod
    def start(cls, job: str, puzzles: int = 1, counting: bool = True) -> "Block | None":
        """The entry with the board compiled, or ``None`` without the C core (``puzzles``: how
        many share the board's build time; ``counting``: see the class)."""
        try:
            core = importlib.import_module("gridsat._native")
        except ImportError:
            return None
        from ..boards import box_map, compile_geometry, unit_table, uses_pairs

        t0 = time.perf_counter()
        geometry = compile_geometry(_N, unit_table(_N, box_map(_N, *_BOX)), uses_pairs(_N, False))
        return cls(job, core, geometry, (time.perf_counter() - t0) / max(puzzles, 1), counting)

    def run(self, lines: Sequence[bytes], *, one: Callable | None = None, errors: str = "raise") -> Iterator:
        """The results of the job on ``lines`` (81 plain symbols each, see :func:`plain_symbols`), in order.

        Parameters
        ----------
        lines : sequence of bytes
            At most :data:`BLOCK` puzzles are posed to the C core in one call.
        one : callable, optional
            Runs a puzzle the block does not answer (signature of :func:`gridsat.engine.run`;
            default that function). It is called when the results before it have been taken.
        errors : {"raise", "return"}
            As for :func:`gridsat.engine.run_many`.

        Yields
        ------
        Result
            A :class:`LineResult` for each puzzle answered from the block; ``one``'s result
            (or error, with ``errors="return"``) for the others.
        """
        for start in range(0, len(lines), BLOCK):
            yield from self.answer(b"".join(lines[start:start + BLOCK]).translate(_VALUES), one=one, errors=errors)

    def answer(self, givens: bytes, puzzles: Sequence | None = None, *, one: Callable | None = None,
               errors: str = "raise") -> Iterator:
        """The results of the job on a block of puzzles given as one buffer, in order.

        The columnar form of the entry: ``givens`` holds the puzzles' 81 values (bytes, 0
        empty) end to end, and goes to the C core in one call; the answers come back as
        columns (counts, flags, solutions, nodes, seconds), pass the C verifier
        (``verify_block``, written apart from the searches) in one more call, and a
        :class:`LineResult` reading them is made for a puzzle only when the iteration
        reaches it.

        Parameters
        ----------
        givens : bytes
            ``81 * k`` values, at most :data:`BLOCK` puzzles.
        puzzles : sequence, optional
            The ``k`` puzzle objects of the buffer: the results name them (default: made from
            the buffer when asked for), and ``one`` is handed them.
        one, errors
            As for :meth:`run`.

        Yields
        ------
        Result
        """
        k = len(givens) // _CELLS
        if not k:
            return
        t0 = time.perf_counter()
        # (``counting``: the core's counting order, which needs fewer branches; only unique
        # answers are kept from it, whose one solution is the same in any order; the others
        # go to ``one``, the general engine, which asks a puzzle of two solutions again in the
        # usual order)
        counts, flags, sols, _, nodes, secs = self.core.batch(self.geometry, givens, self.limit, -1.0, self.limit,
                                                              True, True, 0, True, self.order)
        ok = self.core.verify_block(givens, sols, counts, self.limit)
        secs = memoryview(secs).cast("d")
        nodes = memoryview(nodes).cast("Q")
        share = (time.perf_counter() - t0 - sum(secs)) / k
        answers = _Answers(self.job, givens, flags, nodes, secs, self.build, sols, self.limit * _CELLS)
        build = self.build + share
        check = self.job == "check"
        ones = b"\x01" * k
        if counts == ones and ok == ones and (flags == ones or not check):
            # (every puzzle answered from the block, as most blocks are: the results made in
            # one pass, without a Python step a puzzle but the result's own)
            statuses = map(_STATUS.__getitem__, flags)
            totals = map(build.__add__, secs)
            if puzzles is None:
                yield from map(LineResult, repeat(answers, k), range(k), statuses, totals)
            else:
                yield from map(_PuzzleResult, repeat(answers, k), range(k), statuses, totals, puzzles)
            return
        for i in range(k):
            # the answers of this entry: unique (a complete search with one solution) or, for
            # solve, solved, with the solution passed by the verifier
            if counts[i] == 1 and ok[i] and (flags[i] == 1 or not check):
                status = "unique" if flags[i] == 1 else "solved"
                if puzzles is None:
                    yield LineResult(answers, i, status, build + secs[i])
                else:
                    yield _PuzzleResult(answers, i, status, build + secs[i], puzzles[i])
                continue
            try:
                yield self._one(givens[i * _CELLS:(i + 1) * _CELLS] if puzzles is None else puzzles[i], one)
            except GridsatError as exc:
                if errors == "raise":
                    raise
                yield exc

    def _one(self, puzzle, one: Callable | None) -> Result:
        """One puzzle (an object, or its 81 values as bytes) through the general engine."""
        if one is None:
            from .core import run as one
        if isinstance(puzzle, bytes):
            puzzle = _puzzle(puzzle)
        return one(puzzle, self.job, limit=self.limit, backend=None, encoding=None, time_limit=None, keep=2)


class _PuzzleResult(LineResult):
    """A :class:`LineResult` of a puzzle object the caller gave (:func:`gridsat.check_many`):
    it names that object, and writes its JSON the general way (which names the puzzle)."""

    __slots__ = ("puzzle",)

    def __init__(self, answers: _Answers, i: int, status: str, total: float, puzzle) -> None:
        self._a, self._i, self.status, self.total_time, self.puzzle = answers, i, status, total, puzzle

    def __repr__(self) -> str:
        """As a plain :class:`Result` shows itself (its class is an implementation detail)."""
        return "Result" + Result.__repr__(self)[len(type(self).__qualname__):]

    def __eq__(self, other: object) -> bool:
        """Equal to any :class:`Result` (plain or not) with equal fields."""
        if not isinstance(other, Result):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    __hash__ = None  # (as a plain Result's: equal by value, mutable)

    def to_json(self, before: str = "", after: str = "") -> str:
        """:meth:`Result.to_json`."""
        return Result.to_json(self, before, after)
