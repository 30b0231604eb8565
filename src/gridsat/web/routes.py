"""The JSON API: one handler per endpoint, each reading its body with :mod:`.payload` and
running its job in the job pool's worker processes (:mod:`.jobs`), or in the server when the
job runs no engine.

* in the server: ``parse``, ``render``, ``convert`` (reading and writing text, bounded by the
  body and board limits);
* in a worker, answered when done (killed at the time limit, or when the client goes away):
  ``solve``, ``check``, ``count`` (up to :data:`ASYNC_COUNT`), ``true-candidates``,
  ``candidates``, ``rate``, ``hint``, ``generate`` (one puzzle), ``add-random``, ``unique``,
  and the setter's jobs ``setter-candidates``, ``redundant``, ``explain-ambiguity``;
* in a worker, answered at once with a job id (``GET``/``DELETE /api/jobs/ID``): ``improve``,
  ``generate`` with ``count`` above 1, ``count`` with a higher limit, and any job asked with
  ``"async": true``.

A full queue answers 429 with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from ..errors import GridsatError, ParseError
from ..kinds import KINDS, Kind, kind_of
from . import work
from .board import SETTER, board_of
from .jobs import Busy, Job, JobPool
from .payload import BadRequest, Limits, flag, load_puzzle, number, parse_body, shown, time_limit

__all__ = ["Api", "ASYNC_COUNT", "POOLED", "LOCAL"]

#: a count with a higher limit runs as a background job (answered with a job id)
ASYNC_COUNT = 10_000
#: jobs run in the server process (no engine: reading and writing text)
LOCAL = ("parse", "render", "convert")
#: jobs run in a worker
POOLED = ("solve", "check", "count", "true-candidates", "candidates", "rate", "hint", "generate", "add-random",
          "unique", "improve", "setter-candidates", "redundant", "explain-ambiguity")
#: the generator options a request may give, and how each is read
GENERATOR_OPTIONS = ("size", "box", "symmetry", "difficulty", "minimal", "target", "givens", "rows", "cols",
                     "shape", "density", "rotation", "flip")
#: the status answered to a client that went away before its answer (never seen by it)
GONE = 499


class ClientGone(Exception):
    """The client closed its connection before its answer was ready (its job is cancelled)."""


class Api:
    """The endpoints, sharing the limits and the (lazily started) job pool.

    Parameters
    ----------
    limits : Limits
        What one request may ask for, the queue's bound and each worker's memory.
    workers : int
        Worker processes of the job pool.
    """

    def __init__(self, limits: Limits, workers: int = 2) -> None:
        self.limits, self.workers = limits, workers
        self.local_lock = threading.Lock()  # the text jobs run one at a time in the server
        self._pool: JobPool | None = None
        self._pool_lock = threading.Lock()

    @property
    def pool(self) -> JobPool:
        """The job pool, started on first use."""
        with self._pool_lock:
            if self._pool is None:
                self._pool = JobPool(self.workers, max_queue=self.limits.max_queue, memory=self.limits.worker_memory)
            return self._pool

    def close(self) -> None:
        """Stop the job pool (kills running workers)."""
        if self._pool is not None:
            self._pool.shutdown()

    # ------------------------------------------------------------------ plumbing
    async def body(self, request: Request) -> dict:
        """The request's JSON object, read no further than the body limit."""
        size = request.headers.get("content-length")
        if size and size.isdigit() and len(size) < 20 and int(size) > self.limits.max_body:
            raise BadRequest(f"request body too large: {int(size):,} bytes; the limit is "
                             f"{self.limits.max_body:,}", status=413)
        chunks, total = [], 0
        async for chunk in request.stream():
            total += len(chunk)
            if total > self.limits.max_body:
                raise BadRequest(f"request body too large: more than {self.limits.max_body:,} bytes", status=413)
            chunks.append(chunk)
        return parse_body(b"".join(chunks), self.limits)

    def _local(self, fn: Callable[..., dict], *args, **kwargs) -> dict:
        with self.local_lock:
            return fn(*args, **kwargs)

    async def local(self, fn: Callable[..., dict], *args, **kwargs) -> dict:
        """Run a text job (no engine) in a thread of the server, one at a time."""
        return await run_in_threadpool(self._local, fn, *args, **kwargs)

    async def _wait(self, job: Job, request: Request) -> None:
        """Wait for the job's end; the client going away first cancels it (:class:`ClientGone`)."""
        loop = asyncio.get_running_loop()
        ended = loop.create_future()

        def wake() -> None:
            if not ended.done():
                ended.set_result(None)

        self.pool.on_done(job, lambda: loop.call_soon_threadsafe(wake))

        async def gone() -> None:
            while True:
                message = await request.receive()
                if message.get("type") == "http.disconnect":
                    return
                await asyncio.sleep(0.05)  # (a server that answers at once with anything else: no busy loop)

        watch = asyncio.ensure_future(gone())
        try:
            await asyncio.wait({ended, watch}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not watch.done():
                watch.cancel()
        if not ended.done():
            self.pool.cancel(job.id, "cancelled: the client went away")
            raise ClientGone()

    async def pooled(self, request: Request, name: str, kwargs: dict, limit: float, *, wait: bool = True,
                     progress: bool = False, expected: float = 0.0, loaded=None) -> JSONResponse:
        """Run a job in a worker: its answer (``wait``; with the board and format of ``loaded``),
        or its id at once (202)."""
        job = self.pool.submit(name, kwargs, limit, progress=progress, expected=expected, background=not wait)
        if not wait:
            return JSONResponse({"id": job.id, "state": job.state, "url": f"/api/jobs/{job.id}"}, status_code=202)
        await self._wait(job, request)
        if job.state == "done" or job.state == "timeout":
            return JSONResponse(_answer(job.result, loaded) if job.state == "done" else job.result)
        if job.user_error:
            return JSONResponse(BadRequest(job.error or "bad request").to_dict(), status_code=400)
        return JSONResponse({"status": "error", "error": job.error, "job": name}, status_code=502)


def _answer(d: dict, loaded=None, formats: bool = False) -> dict:
    if loaded is not None:
        d.setdefault("board", board_of(loaded.puzzle, formats))
        d.setdefault("format", loaded.format)
    return d


def _errors(handler):
    """Turn :class:`BadRequest` and the engine's refusals into 400-class JSON answers, a full
    queue into 429, and a client gone away into an answer nobody reads (no traceback)."""
    async def wrapped(api: Api, request: Request) -> JSONResponse:
        try:
            return await handler(api, request)
        except BadRequest as e:
            return JSONResponse(e.to_dict(), status_code=e.status)
        except ParseError as e:
            return JSONResponse(BadRequest.from_parse(e).to_dict(), status_code=400)
        except (GridsatError, ValueError) as e:
            return JSONResponse(BadRequest(str(e)).to_dict(), status_code=400)
        except Busy as e:
            return JSONResponse({"status": "error", "error": str(e), "retry_after": e.retry_after}, status_code=429,
                                headers={"Retry-After": str(e.retry_after)})
        except (ClientDisconnect, ClientGone):
            return Response(status_code=GONE)
        except MemoryError:
            return JSONResponse({"status": "error", "error": "out of memory"}, status_code=503)
    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


def _solver(body: dict) -> dict:
    out = {}
    for key in ("backend", "encoding"):
        value = body.get(key) or None
        if value is not None and not isinstance(value, str):
            raise BadRequest(f"{key}: expected a name, got {shown(value)}")
        out[key] = value
    return out


def kind_starts(kind: Kind) -> bool:
    """Whether ``kind`` has a generator that starts from a given grid (Sudoku's): ``improve``
    and ``unique`` then take its puzzles.

    Parameters
    ----------
    kind : Kind
        A kind record.

    Returns
    -------
    bool
    """
    return any("start" in inspect.signature(g.make.resolve()).parameters for g in kind.generators.values())


def _needs_start(puzzle, what: str, job: str) -> None:
    """A bad request unless the puzzle's kind starts from a given grid and has ``job`` (a field of
    its record: ``improve``, ``add_random``, ``from_partial``)."""
    kind = kind_of(puzzle)
    if not kind_starts(kind) or getattr(kind, job) is None:
        names = " and ".join(name for k in KINDS.values() if kind_starts(k) for name in k.generators)
        raise BadRequest(f"{what} works on puzzles whose generator starts from a grid ({names}), "
                         f"not {kind.variant(puzzle)}")


@_errors
async def parse(api: Api, request: Request) -> JSONResponse:
    """``POST /api/parse``: the board of a puzzle text (what the page draws) and its format."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    return JSONResponse(_answer({"job": "parse", "status": "read", "text": kind_of(loaded.puzzle).board_file(
        loaded.puzzle), "solution": list(loaded.solution) if loaded.solution else None}, loaded, formats=True))


async def _solver_job(api: Api, request: Request, job) -> JSONResponse:
    """Read the puzzle and run ``job`` (``solve`` or ``check``) with the body's backend,
    encoding and time limit, in a worker."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    limit = time_limit(body, api.limits)
    return await api.pooled(request, job, dict(puzzle=loaded.puzzle, time_limit=limit, **_solver(body)), limit,
                            loaded=loaded, wait=not flag(body, "async"))


@_errors
async def solve(api: Api, request: Request) -> JSONResponse:
    """``POST /api/solve``: one solution."""
    return await _solver_job(api, request, "solve")


@_errors
async def check(api: Api, request: Request) -> JSONResponse:
    """``POST /api/check``: unique, ambiguous (with the cells two solutions differ in) or impossible."""
    return await _solver_job(api, request, "check")


@_errors
async def count(api: Api, request: Request) -> JSONResponse:
    """``POST /api/count``: solutions up to ``limit`` (``solutions: true`` returns them)."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    limit = number(body, "limit", 1000, cast=int, low=1, high=api.limits.max_count)
    kwargs = dict(time_limit=time_limit(body, api.limits), limit=limit, solutions=flag(body, "solutions"),
                  **_solver(body))
    if limit > ASYNC_COUNT or flag(body, "async"):
        return await api.pooled(request, "count", dict(kwargs, puzzle=loaded.puzzle), kwargs["time_limit"],
                                wait=False, progress=True)
    return await api.pooled(request, "count", dict(kwargs, puzzle=loaded.puzzle), kwargs["time_limit"],
                            loaded=loaded)


@_errors
async def true_candidates(api: Api, request: Request) -> JSONResponse:
    """``POST /api/true-candidates``: per cell, the values some solution uses, and how many."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    limit = number(body, "limit", 1000, cast=int, low=1, high=ASYNC_COUNT)
    seconds = time_limit(body, api.limits)
    return await api.pooled(request, "true-candidates", {"puzzle": loaded.puzzle, "time_limit": seconds,
                                                         "limit": limit}, seconds, loaded=loaded,
                            wait=not flag(body, "async"))


@_errors
async def candidates(api: Api, request: Request) -> JSONResponse:
    """``POST /api/candidates``: every open cell's candidates, fewest first."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    return await api.pooled(request, "candidates", {"puzzle": loaded.puzzle}, time_limit(body, api.limits),
                            loaded=loaded, wait=not flag(body, "async"))


def _values(body: dict, key: str, loaded, *, full: bool) -> list[int] | None:
    """``body[key]``, one value per cell (0 for an empty cell), or the solution stored with the text.

    Every value is within the puzzle's range and agrees with the givens; ``full``: it must be a
    complete, correct solution, as the command line requires of a solution stored with a puzzle.
    """
    value = body.get(key)
    if value is None:
        return list(loaded.solution) if loaded.solution else None
    puzzle = loaded.puzzle
    board = board_of(puzzle)
    givens = board["givens"]  # per cell, 0 for an open one
    n = len(givens)
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                 for v in value):
        raise BadRequest(f"{key}: expected a list of {n} integers (0 for an empty cell)")
    top = int(board["max_value"])
    for c, (v, g) in enumerate(zip(value, givens)):
        if not 0 <= v <= top:
            shown = v if -10 ** 9 < v < 10 ** 9 else ("a huge number" if v > 0 else "a huge negative number")
            raise BadRequest(f"{key}: {shown} at {puzzle.cell_name(c)} is outside 0..{top}")
        if g and v and v != g:
            raise BadRequest(f"{key}: {v} at {puzzle.cell_name(c)} where the given is {g}")
    if full:
        from ..verifier import verify

        problems = verify(puzzle, value)
        if problems:
            raise BadRequest(f"{key}: the solution is wrong: {problems[0]}")
    return value


@_errors
async def render(api: Api, request: Request) -> JSONResponse:
    """``POST /api/render``: the SVG picture (``solution``: values to draw in blue)."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    path = body.get("path")
    d = await api.local(work.render, loaded.puzzle, solution=_values(body, "solution", loaded, full=False),
                        path=path if isinstance(path, bool) else None)
    return JSONResponse(_answer(d, loaded))


@_errors
async def convert(api: Api, request: Request) -> JSONResponse:
    """``POST /api/convert``: the puzzle written in format ``to``."""
    from ..formats import get_format

    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    to = body.get("to")
    if not isinstance(to, str) or not to:
        raise BadRequest("missing \"to\": the format to write (see /api/info)")
    to = get_format(to).name
    d = await api.local(work.convert, loaded.puzzle, to=to, solution=_values(body, "solution", loaded, full=True))
    return JSONResponse(_answer(d, loaded))


@_errors
async def rate(api: Api, request: Request) -> JSONResponse:
    """``POST /api/rate``: the logical rating (in a worker, killed at the time limit)."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    resp = await api.pooled(request, "rate", {"puzzle": loaded.puzzle}, time_limit(body, api.limits),
                            wait=not flag(body, "async"))
    return resp


@_errors
async def hint(api: Api, request: Request) -> JSONResponse:
    """``POST /api/hint``: the next logical step, its explanation and the cells it touches."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    return await api.pooled(request, "hint", {"puzzle": loaded.puzzle}, time_limit(body, api.limits),
                            wait=not flag(body, "async"))


def generator_takes(name: str) -> set[str]:
    """The keyword options generator ``name`` takes (one that passes ``**options`` on takes
    those of the other generators of its kind too, e.g. Numbrix those of Hidato)."""
    for kind in KINDS.values():
        if name in kind.generators:
            params = inspect.signature(kind.generators[name].make.resolve()).parameters
            takes = {p for p, v in params.items() if v.kind is not v.VAR_KEYWORD}
            if any(v.kind is v.VAR_KEYWORD for v in params.values()):
                for gen in kind.generators.values():
                    takes |= set(inspect.signature(gen.make.resolve()).parameters)
            return takes
    return set()


def generator_options(body: dict, name: str, limits: Limits) -> dict:
    """The keyword options of generator ``name`` from a request (only those it takes)."""
    from ..formats.common import parse_box
    from ..generators import NAMES
    from ..generators.shapes import list_shapes

    if not isinstance(name, str) or name not in NAMES:
        raise BadRequest(f"kind: no generator {shown(name)}; known: {', '.join(NAMES)}")
    takes = generator_takes(name)
    opts: dict[str, Any] = {}
    side = int(limits.max_cells ** 0.5)
    for key in GENERATOR_OPTIONS:
        if body.get(key) in (None, ""):
            continue
        if key not in takes:
            raise BadRequest(f"{key}: the {name} generator takes no such option")
        value = body[key]
        if key in ("size", "rows", "cols"):
            value = number(body, key, None, cast=int, low=3 if key != "size" else 4, high=min(25, side))
        elif key in ("target", "givens", "rotation"):
            value = number(body, key, None, cast=int, low=0, high=limits.max_cells)
        elif key == "density":
            value = number(body, key, None, low=0, high=1)
        elif key in ("minimal", "flip"):
            value = flag(body, key)
        elif key == "box":
            try:
                value = parse_box(str(value))
            except ParseError as e:
                raise BadRequest(f"box: {e.message}") from None
        elif key == "shape":
            if value not in list_shapes():
                raise BadRequest(f"shape: no shape {shown(value)}; known: {', '.join(list_shapes())}")
        elif not isinstance(value, str):
            raise BadRequest(f"{key}: expected a string, got {shown(value)}")
        opts[key] = value
    if "score" in takes:
        opts["score"] = False
    seed = number(body, "seed", None, cast=int, low=0, high=2 ** 31)
    if seed is not None:
        opts["seed"] = seed
    return opts


def _first_generator() -> str:
    """The generator of a request that names none: the first one listed."""
    from ..generators import NAMES

    return NAMES[0]


@_errors
async def generate(api: Api, request: Request) -> JSONResponse:
    """``POST /api/generate``: puzzles by ``kind`` (generator), size, shape, symmetry, difficulty, seed;
    ``count`` above 1 runs as a job."""
    body = await api.body(request)
    name = body.get("kind") or _first_generator()
    opts = generator_options(body, name, api.limits)
    n = number(body, "count", 1, cast=int, low=1, high=100)
    limit = time_limit(body, api.limits)
    kwargs = {"name": name, "options": opts, "count": n}
    return await api.pooled(request, "generate", kwargs, limit, wait=n == 1 and not flag(body, "async"), progress=True)


@_errors
async def improve(api: Api, request: Request) -> JSONResponse:
    """``POST /api/improve``: search for a harder Sudoku for ``time`` seconds with ``workers``
    processes (from ``puzzle`` when given); always a job."""
    from ..formats.common import parse_box

    body = await api.body(request)
    start = None
    if body.get("puzzle"):
        start = load_puzzle(body, api.limits).puzzle
        _needs_start(start, "improve", "improve")
    budget = number(body, "time", 5.0, low=0.5, high=api.limits.max_time)
    workers = number(body, "workers", 1, cast=int, low=1, high=api.limits.max_workers)
    size = number(body, "size", 9, cast=int, low=4, high=16)
    try:
        box = parse_box(body["box"]) if body.get("box") else None
    except ParseError as e:
        raise BadRequest(f"box: {e.message}") from None
    seed = number(body, "seed", None, cast=int, low=0, high=2 ** 31)
    kwargs = {"start": start, "size": size, "box": box, "budget": budget, "workers": workers, "seed": seed}
    return await api.pooled(request, "improve", kwargs, budget + 20, wait=False, progress=True, expected=budget + 0.5)


@_errors
async def add_random(api: Api, request: Request) -> JSONResponse:
    """``POST /api/add-random``: one more given, a random value that clashes with nothing."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    _needs_start(loaded.puzzle, "add a random value", "add_random")
    seed = number(body, "seed", None, cast=int, low=0, high=2 ** 31)
    return await api.pooled(request, "add-random", {"puzzle": loaded.puzzle, "seed": seed},
                            time_limit(body, api.limits))


@_errors
async def unique(api: Api, request: Request) -> JSONResponse:
    """``POST /api/unique``: a unique puzzle consistent with the current grid."""
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    _needs_start(loaded.puzzle, "make unique", "from_partial")
    seed = number(body, "seed", None, cast=int, low=0, high=2 ** 31)
    return await api.pooled(request, "unique", {"puzzle": loaded.puzzle, "seed": seed}, time_limit(body, api.limits))


@_errors
async def setter(api: Api, request: Request) -> JSONResponse:
    """``POST /api/setter-candidates``, ``/api/redundant``, ``/api/explain-ambiguity``: the
    setter's jobs of the puzzle's kind record (``cap``: solutions counted per digit, 1..1000);
    a kind without the job is a bad request that says so."""
    job = request.url.path.rsplit("/", 1)[-1]
    body = await api.body(request)
    loaded = load_puzzle(body, api.limits)
    kind = kind_of(loaded.puzzle)
    if getattr(kind, SETTER[job]) is None:
        raise BadRequest(f"{job.replace('-', ' ')} is not available for {kind.variant(loaded.puzzle)} puzzles")
    seconds = time_limit(body, api.limits)
    kwargs: dict[str, Any] = {"puzzle": loaded.puzzle, "time_limit": seconds}
    if job != "redundant":
        kwargs["cap"] = number(body, "cap", 10, cast=int, low=1, high=1000)
    return await api.pooled(request, job, kwargs, seconds, loaded=loaded, wait=not flag(body, "async"))


async def job_get(api: Api, request: Request) -> JSONResponse:
    """``GET /api/jobs/ID``: the job's state, progress and, when done, its answer."""
    job = api.pool.get(request.path_params["id"])
    if job is None:
        return JSONResponse({"status": "error", "error": "no such job"}, status_code=404)
    return JSONResponse(job.to_dict())


async def job_delete(api: Api, request: Request) -> JSONResponse:
    """``DELETE /api/jobs/ID``: cancel the job (its worker is killed)."""
    job = api.pool.cancel(request.path_params["id"])
    if job is None:
        return JSONResponse({"status": "error", "error": "no such job"}, status_code=404)
    return JSONResponse(job.to_dict())


#: path -> handler of the POST endpoints
POSTS = {"parse": parse, "solve": solve, "check": check, "count": count, "true-candidates": true_candidates,
         "candidates": candidates, "render": render, "convert": convert, "rate": rate, "hint": hint,
         "generate": generate, "improve": improve, "add-random": add_random, "unique": unique,
         "setter-candidates": setter, "redundant": setter, "explain-ambiguity": setter}
