"""The batch loop of ``solve``, ``count`` and ``check``: run the job on every puzzle read, print
each answer as soon as it is known (a status line and board, a batch line, a JSON record, or
the puzzle and its solutions in ``--output-format``).

``count`` with neither ``--limit`` nor ``--time-limit`` stops at
:data:`~gridsat.cli.options.DEFAULT_COUNT_CAP` solutions and says so; a long count reports
its progress on standard error; Ctrl-C prints the count so far, marked incomplete, and
exits 130.
"""

from __future__ import annotations

import json
import sys
import time

from ..engine import CHUNK
from ..errors import GridsatError, ParseError
from ..kinds import kind_of
from ..result import Result
from .inputs import ReadStopped, iter_entries
from .options import DEFAULT_COUNT_CAP
from .outputs import fail, write_puzzle
from .exitcodes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

__all__ = ["run_batch", "Settings"]


# ---------------------------------------------------------------------- the batch
def _good(job: str, res, limit: int | None) -> bool:
    if job == "solve":
        return res.status in ("solved", "unique")
    if job == "check":
        return res.status == "unique"
    return res.complete or res.approximate or (limit is not None and (res.count or 0) >= limit)


def _count_interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is a count stopped by Ctrl-C (:class:`~gridsat.counting.CountInterrupted`),
    told without importing the counting engines (a count that raised it has loaded them)."""
    base = sys.modules.get(__name__.rsplit(".", 2)[0] + ".counting.base")
    return base is not None and isinstance(exc, base.CountInterrupted)


class _Out:
    """Where answers go: each line flushed at once, or (``buffered``) at the end of a chunk
    of puzzles answered together (see :meth:`Settings.run_many`)."""

    buffered = False


def _emit(line: str, stream=None) -> None:
    print(line, file=stream or sys.stdout, flush=not _Out.buffered)


def _flush() -> None:
    sys.stdout.flush()
    sys.stderr.flush()


def _error_obj(entry, err: ParseError) -> dict:
    return {"file": err.file or entry.file, "line": err.line if err.line is not None else entry.line,
            "col": err.col, "name": entry.name, "status": "error", "error": err.message}


def _plural(n: int) -> str:
    return f"{n} solution{'s' if n != 1 else ''}"


def _status_text(job: str, res, limit: int | None, capped: bool = False) -> str:
    if job == "count":
        if res.approximate:
            return f"about {res.count} solutions"
        if res.complete:
            return _plural(res.count)
        if res.stats.get("interrupted"):
            return f"at least {_plural(res.count)} (interrupted)" if res.count else "count unknown (interrupted)"
        if res.count:
            reached = limit is not None and res.count >= limit
            note = " (default cap; use --limit N or --time-limit)" if reached and capped else \
                " (limit reached)" if reached else ""
            return f"at least {_plural(res.count)}{note}"
        return "count unknown"
    return res.status


class Settings:
    """The settings of one ``solve``/``count``/``check`` run, checked before any puzzle is read."""

    def __init__(self, args, job: str):
        from ..backends import get_backend
        from ..encoders import list_encodings
        from ..formats.common import parse_box

        self.args, self.job = args, job
        t0 = time.perf_counter()
        if args.box is not None:
            parse_box(args.box)
        if args.format is not None:
            from ..formats import get_format

            get_format(args.format)
        self.backend = get_backend(args.backend) if args.backend else None

        def check_encoding(name: str | None) -> None:
            if not name:
                return
            known = {e.name for e in list_encodings()}  # (loads the encoders only when a name is given)
            if name not in known:
                raise ParseError(f"no encoding {name!r}; known: {', '.join(sorted(known))}")

        check_encoding(args.encoding)
        if args.time_limit is not None and args.time_limit <= 0:
            raise ParseError("--time-limit must be positive")
        self.race = None
        method = getattr(args, "count_method", None)
        if getattr(args, "race", None) is not None:
            from ..portfolio import parse_configs

            if args.backend or args.encoding:
                raise ParseError("--race takes its own backend:encoding pairs; drop --backend/--encoding")
            if getattr(method, "name", "enum") != "enum":
                raise ParseError("--race enumerates; it does not combine with --method")
            self.race = parse_configs(args.race) if args.race else []
            for b, e in self.race:
                if b != "default":
                    get_backend(b)
                check_encoding(None if e == "default" else e)
        self.limit = getattr(args, "limit", None)
        if self.limit is not None and self.limit < 1:
            raise ParseError("--limit must be at least 1")
        self.capped = (job == "count" and self.limit is None and args.time_limit is None
                       and getattr(method, "enumerates", True))
        if self.capped:
            self.limit = DEFAULT_COUNT_CAP
        self.listing = bool(getattr(args, "solutions", False))
        #: seconds spent loading the backends named (importing OR-tools takes most of a
        #: second): the first puzzle's time limit covers them, as it does a default backend's load
        self.setup = time.perf_counter() - t0
        self.out = getattr(args, "output_format", None)
        if self.out and args.json:
            raise ParseError("--json and --output-format do not combine; use --output-format json")

    def run(self, puzzle, where: str):
        """The result of the job on ``puzzle``, under its own time limit (the first puzzle's
        less the backend's load); a count stopped by Ctrl-C raises CountInterrupted."""
        from .. import api

        args = self.args
        tl = args.time_limit
        setup, self.setup = self.setup, 0.0
        # (a load past the limit leaves the job a moment: it answers unknown, named)
        left = None if tl is None else max(tl - setup, 1e-6)
        if self.race is not None:
            from ..portfolio import race

            res = race(puzzle, self.job, self.race or None, limit=self.limit, time_limit=left)
        elif self.job == "count":
            res = api.count(puzzle, self.limit, method=getattr(args, "count_method", "enum"),
                            backend=self.backend, encoding=args.encoding, time_limit=left,
                            keep=None if self.listing else 2, progress=self._progress(where))
        else:
            res = api.run(puzzle, self.job, limit=(1 if self.job == "solve" else 2),
                          backend=self.backend, encoding=self.args.encoding, time_limit=left)
        return self._name_limit(res, left)

    def _name_limit(self, res, left: float | None):
        """``res`` with a reason that names ``left``, the time the job saw after reading, naming
        the limit the user gave instead."""
        tl = self.args.time_limit
        if left is not None and left != tl and isinstance(res, Result) and res.reason \
                and f"time limit of {left} s" in res.reason:
            res.reason = res.reason.replace(f"time limit of {left} s", f"time limit of {tl} s")
        return res

    @property
    def batches(self) -> bool:
        """Whether puzzles may be answered a chunk at a time (:meth:`run_many`): ``solve`` and
        ``check`` without ``--race``."""
        return self.job in ("solve", "check") and self.race is None

    def run_many(self, puzzles: list) -> list:
        """The results (or errors) of the job on ``puzzles`` through :func:`gridsat.api.check_many`
        / ``solve_many`` (one call of the native core for many puzzles), each under its own
        time limit (the first chunk's less the backend's load)."""
        from .. import api

        tl = self.args.time_limit
        left = None if tl is None else tl - self.setup
        if left is not None and left <= 0:
            return [self.run(p, "") for p in puzzles]
        self.setup = 0.0
        many = api.check_many if self.job == "check" else api.solve_many
        results = many(puzzles, backend=self.backend, encoding=self.args.encoding,
                       time_limit=left, errors="return")
        return [self._name_limit(res, left) for res in results]

    def _progress(self, where: str):
        if self.args.quiet:
            return None

        def show(n: int, seconds: float) -> None:
            print(f"{where}: counting: at least {n:,} solutions so far ({seconds:.1f} s)",
                  file=sys.stderr, flush=True)
        return show

    def texts(self, res) -> list[str]:
        """What ``--output-format`` writes for ``res``: the puzzle with its solution(s)."""
        p = res.puzzle
        if self.listing:
            return [write_puzzle(p, self.out, s) for s in res.solutions]
        shown = res.solution if res.status in ("solved", "unique") or self.job == "count" else None
        return [write_puzzle(p, self.out, shown)]


def run_batch(args, job: str, kept: "dict[str, bytes] | None" = None) -> int:
    """Load every input, run ``job`` on each puzzle, print each result as soon as it is known
    (``kept``: files already read, path -> bytes, read from there rather than opened again)."""
    # reading is bounded by size (formats.stream: a line, a text read whole), not by the time
    # limit, which is each puzzle's own: every puzzle gets all of it, whatever reading took
    files = list(getattr(args, "files", None) or [])
    try:
        settings = Settings(args, job)
        entries = iter_entries(args, kept)
        first = next(entries, None)
        second = next(entries, None) if first is not None else None
    except ReadStopped as e:
        _emit(json.dumps(e.record())) if args.json else _emit(str(e), sys.stderr)
        return EXIT_FAILED
    except GridsatError as e:
        return fail(e)
    if first is None:
        return fail(ParseError("empty input: no puzzle found"))
    single = second is None
    if single and not first.ok:
        return fail(first.error)

    def all_entries():
        yield first
        if second is not None:
            yield second
        while True:
            try:
                got = next(entries, None)
            except ReadStopped as e:  # what was read before is answered; the rest is reported
                yield e
                return
            if got is None:
                return
            yield got

    answer = Answer(args, job, settings, single)

    # read from files, puzzles are answered a chunk at a time (standard input streams: one by one)
    chunked = settings.batches and not single and "-" not in files
    try:
        # (as many as the engine poses to the core in one call)
        for chunk in (_chunks(all_entries(), CHUNK) if chunked else ([item] for item in all_entries())):
            done: dict[int, object] = {}
            if chunked:
                ready = [k for k, e in enumerate(chunk) if not isinstance(e, ReadStopped) and e.ok and answer.fits(e)]
                results = settings.run_many([chunk[k].puzzle for k in ready]) if ready else []
                done = dict(zip(ready, results))
                _Out.buffered = True
            for k, entry in enumerate(chunk):
                if chunked and k not in done and not isinstance(entry, ReadStopped) and entry.ok:
                    answer.loaded += 1  # (refused by its output format above)
                    continue
                if not answer(entry, done.get(k)):
                    return answer.code
            _flush()
    finally:
        _Out.buffered = False
        _flush()
    return answer.code if answer.loaded else EXIT_USAGE


class Answer:
    """Answers entries as the batch loop does, one line (or JSON record) each: a puzzle's
    result, a read error, or a job's error; keeps the exit code and the puzzles loaded.

    ``single``: the run's only entry (a job's error goes to standard error then).
    """

    def __init__(self, args, job: str, settings: Settings, single: bool = False) -> None:
        self.args, self.job, self.settings, self.single = args, job, settings, single
        self.status_stream = sys.stderr if settings.out else sys.stdout
        self.code, self.loaded = EXIT_OK, 0

    def fits(self, entry) -> bool:
        """Whether the output format can hold the entry's puzzle (else say so)."""
        from ..formats import get_format

        out = self.settings.out
        if out and get_format(out).kind not in (entry.puzzle.kind, "*"):
            where = f"{entry.file or '<input>'}:{entry.line}"
            _emit(f"{where}: error: format {out} holds {get_format(out).kind} puzzles, "
                  f"not {entry.puzzle.kind}", sys.stderr)
            self.code = EXIT_USAGE
            return False
        return True

    def __call__(self, entry, done=None) -> bool:
        """Report one entry (``done``: its result or error, already computed); False to stop."""
        args, settings = self.args, self.settings
        if isinstance(entry, ReadStopped):
            _emit(json.dumps(entry.record())) if args.json else _emit(str(entry), sys.stderr)
            self.code = max(self.code, EXIT_FAILED)
            return False
        if not entry.ok:
            self.code = max(self.code, EXIT_FAILED)
            if args.json:
                _emit(json.dumps(_error_obj(entry, entry.error)))
            else:
                _emit(entry.error.error_line(), self.status_stream)
            return True
        self.loaded += 1
        puzzle = entry.puzzle
        where = f"{entry.file or '<input>'}:{entry.line}"
        if done is None and not self.fits(entry):
            return True
        interrupted = False
        try:
            if isinstance(done, Exception):
                raise done
            res = done if done is not None else settings.run(puzzle, where)
        except KeyboardInterrupt as exc:
            if not _count_interrupted(exc):
                raise
            res, interrupted = exc.result, True
            res.puzzle = res.puzzle if res.puzzle is not None else puzzle
        except GridsatError as exc:
            self.code = max(self.code, EXIT_FAILED)
            err = ParseError(str(exc), entry.file, entry.line)
            if args.json:
                _emit(json.dumps(_error_obj(entry, err)))
            elif self.single:
                print(f"{where}: error: {exc}", file=sys.stderr, flush=True)
            else:
                _emit(f"{where}: error: {exc}", self.status_stream)
            return True
        if not _good(self.job, res, settings.limit):
            self.code = max(self.code, EXIT_FAILED)
        try:
            _report(settings, entry, res, self.single, where, self.status_stream)
        except ParseError as exc:  # the output format cannot hold this puzzle
            _emit(f"{where}: error: {exc.message}", sys.stderr)
            self.code = EXIT_USAGE
        if interrupted:
            print("gridsat: interrupted", file=sys.stderr, flush=True)
            self.code = EXIT_INTERRUPTED
            return False
        return True


def _chunks(items, size: int):
    """Lists of up to ``size`` items; a :class:`ReadStopped` ends its list and the run."""
    chunk: list = []
    for item in items:
        chunk.append(item)
        if isinstance(item, ReadStopped) or len(chunk) >= size:
            yield chunk
            if isinstance(item, ReadStopped):
                return
            chunk = []
    if chunk:
        yield chunk


def _report(settings: Settings, entry, res, single: bool, where: str, status_stream) -> None:
    """Print one result: a JSON record, a status line (and board), or a batch line; and the
    ``--output-format`` texts."""
    args, job = settings.args, settings.job
    texts = settings.texts(res) if settings.out else []  # (raises before anything is printed)
    if args.json:
        d = res.to_dict()
        obj = {"file": entry.file, "line": entry.line, "name": entry.name, "kind": res.puzzle.kind}
        obj.update(d)
        obj["name"] = entry.name
        if settings.listing:
            obj["solutions"] = [list(s) for s in res.solutions]
        if job == "count" and settings.limit is not None:
            obj["limit"] = settings.limit
            obj["default_cap"] = settings.capped
        if res.stats.get("interrupted"):
            obj["interrupted"] = True
        obj["format"] = entry.format
        _emit(json.dumps(obj))
    elif single:
        if not (args.quiet and settings.out):
            _print_single(settings, res, entry.format, status_stream)
    else:
        _emit(_batch_line(where, job, res, settings), status_stream)
        if settings.listing and not settings.out:
            line = kind_of(res.puzzle).solution_line
            for i, s in enumerate(res.solutions, 1):
                _emit(f"{where}: solution {i}: {line(res.puzzle, s)}")
    for text in texts:
        sys.stdout.write(text)
    if texts and not _Out.buffered:
        sys.stdout.flush()


def _batch_line(where: str, job: str, res, settings: Settings) -> str:
    parts = [f"{where}: {res.status}"]
    if job == "count":
        parts.append(f"count={'~' if res.approximate else ''}{res.count}{'' if res.complete or res.approximate else '+'}")
        if res.method not in ("", "enum"):
            parts.append(f"method={res.method}")
        if settings.capped and not res.complete and (res.count or 0) >= settings.limit:
            parts.append("(default cap)")
        if res.stats.get("interrupted"):
            parts.append("(interrupted)")
    if settings.out or settings.listing:
        pass  # the solutions follow (in the output format, or one line each)
    elif res.solution is not None and res.status in ("solved", "unique") or (job == "count" and res.solution is not None
                                                                            and res.count == 1):
        parts.append(kind_of(res.puzzle).solution_line(res.puzzle, res.solution))
    elif res.reason and res.reason != "interrupted":
        parts.append(f"({res.reason})")
    parts.append(f"{res.total_time:.3f}s")
    name = getattr(res.puzzle, "name", None)
    if name:
        parts.append(f"# {name}")
    return " ".join(parts)


def _print_single(settings: Settings, res, fmt: str | None, stream) -> None:
    args, job, limit = settings.args, settings.job, settings.limit
    who = f"{res.backend}/{res.encoding}" if res.method in ("", "enum") else f"method {res.method}, {res.encoding}"
    read = f"{fmt} format, " if fmt else ""
    who = "" if who == "/" else f"{who}, "  # (no job ran: the time limit passed while reading)
    info = f"[{read}{who}{res.total_time:.3f} s{', verified' if res.verified else ''}]"
    head = _status_text(job, res, limit, settings.capped)
    if job == "count" and res.status in ("unique", "ambiguous", "impossible"):
        head = f"{res.status}: {head}"
    name = getattr(res.puzzle, "name", None)
    named = f", {json.dumps(name)}" if name else ""
    _emit(f"{head}: {kind_of(res.puzzle).describe(res.puzzle)}{named} {info}", stream)
    if res.reason and res.reason != "interrupted" and (res.status in ("impossible", "unknown") or res.approximate):
        _emit(f"reason: {res.reason}", stream)
    if "race" in res.stats:
        _emit("race: " + ", ".join(f"{k} {v}" for k, v in res.stats["race"].items()), stream)
    if res.status == "ambiguous" and len(res.solutions) >= 2 and hasattr(res.puzzle, "cell_name"):
        a, b = res.solutions[0], res.solutions[1]
        diff = [res.puzzle.cell_name(i) for i, (x, y) in enumerate(zip(a, b)) if x != y]
        more = f" ... ({len(diff)} cells)" if len(diff) > 12 else ""
        _emit(f"two solutions differ at {' '.join(diff[:12])}{more}", stream)
    if args.quiet or settings.out:
        return
    board = kind_of(res.puzzle).board
    if settings.listing:
        for i, s in enumerate(res.solutions, 1):
            _emit(("\n" if i > 1 else "") + f"solution {i}:\n" + board(res.puzzle, s, numbers=args.numbers or None))
    elif res.solution is not None and (res.status in ("solved", "unique") or job == "count"):
        _emit(board(res.puzzle, res.solution, numbers=args.numbers or None))
