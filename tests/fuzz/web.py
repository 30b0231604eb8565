"""The web campaign behind ``make fuzz``: ``python -m tests.fuzz.web --requests 20000``.

Starts ``gridsat serve`` on 127.0.0.1 (a free port, never another interface) and sends it
requests to every endpoint from a few concurrent clients, request i drawn from a
:class:`random.Random` seeded with the run's seed and i (so a run repeats): mutated puzzle
texts of the fuzzing corpus with options of the right and the wrong type (time limits,
limits, counts, seeds, formats, kinds, solutions of the right length with values out of
range or against a given), raw bodies
(random bytes, cut or deeply nested JSON, numbers of thousands of digits), unknown paths and
methods, job ids. Bounded: at most ``--clients`` requests in flight, short time limits.

The oracle counts:

* a **500** (any 5xx but a 503 for a full server), or a **job error** (a 502: a job raised
  in its worker);
* a **traceback** in the server's log;
* a **hang**: no answer within :data:`HANG` seconds, or a **dropped** connection;
* a **wrong accept**: a 2xx for input the command line refuses (a puzzle text its readers
  refuse, a stored solution the verifier refuses, a cell value outside the puzzle or against a
  given, a fraction where it takes an integer), or a solution answered that the verifier
  refuses.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

from gridsat.errors import GridsatError
from gridsat.formats import read_text
from gridsat.verifier import verify

from .corpus import seeds
from .mutations import apply_ops, random_ops, random_text_bytes

__all__ = ["Request", "draw", "judge", "run", "main", "HANG"]

#: seconds without an answer that count as a hang (the server's longest time limit is 2 s)
HANG = 60.0
#: endpoints that read a puzzle
PUZZLE = ("parse", "solve", "check", "count", "true-candidates", "candidates", "render", "convert", "rate", "hint",
          "add-random", "unique")
#: the setter's endpoints (a puzzle and a ``cap``; a kind without the job answers 400)
SETTER = ("setter-candidates", "redundant", "explain-ambiguity")
#: option name -> generators of plausible and hostile values
FORMATS = ("line", "grid", "vector", "json", "nonomino", "hidato", "hidato-haskell", "nope", "")
BACKENDS = ("native", "glucose4", "minicard", "cpsat", "nope", 5, None)


@dataclass
class Request:
    """One request: method, path, the JSON body (or raw bytes), and what the oracle needs."""

    method: str
    path: str
    body: object = None
    raw: bytes | None = None
    integer_fraction: bool = False
    solution_bad: bool = False
    notes: dict = field(default_factory=dict)


def _number(rng: random.Random, low: float, high: float, integer: bool):
    r = rng.random()
    if r < 0.7:
        return rng.randint(int(low), int(high)) if integer else round(rng.uniform(low, high), 3)
    return rng.choice([0, -1, -0.5, 2.5, 1e9, 10 ** 40, "1", "2.5", "x", "", [], {}, True, None, 1e-9, "1e3",
                       "   7 ", "nan", float(high) + 0.5, 10 ** 4000])


def _cells(puzzle) -> tuple[list[int], int]:
    """The puzzle's given per cell (0: open) and its largest value, as the page's board has them."""
    from gridsat.web.board import board_of

    board = board_of(puzzle)
    return board["givens"], int(board["max_value"])


def _solution(rng: random.Random, puzzle, truth):
    """A solution list for ``puzzle``: right, partial, off by one cell, out of range, or wrong length."""
    n = len(_cells(puzzle)[0])
    r = rng.random()
    if n == 0:
        return [], None
    if truth is not None and r < 0.3:
        return list(truth), False
    if truth is not None and r < 0.5:
        sol = list(truth)
        c = rng.randrange(n)
        sol[c] = sol[c] + rng.choice([1, -1, 50])
        return sol, True
    if r < 0.6:
        return [rng.choice([0, 1, -5, 10 ** 30, 99]) for _ in range(n)], True
    if r < 0.7:
        return [0] * rng.choice([0, n - 1, n + 1]), True
    return [0] * n, None  # empty: fine for render, not a solution for convert


def draw(rng: random.Random, pool) -> Request:
    """One request, drawn from the corpus ``pool`` (:func:`tests.fuzz.corpus.seeds`)."""
    r = rng.random()
    if r < 0.04:
        return Request("POST", "/api/" + rng.choice(PUZZLE), raw=random_text_bytes(rng).encode("utf-8", "replace"))
    if r < 0.06:
        depth = rng.choice([10, 1000, 100_000])
        return Request("POST", "/api/" + rng.choice(PUZZLE), raw=b'{"puzzle": ' + b"[" * depth + b"}")
    if r < 0.07:
        digits = rng.choice([400, 5000, 100_000])
        path, key = rng.choice([("check", b"time_limit"), ("count", b"limit"), ("generate", b"seed"),
                                ("generate", b"count"), ("setter-candidates", b"cap")])
        return Request("POST", f"/api/{path}",
                       raw=b'{"puzzle": "1...........4..1", "' + key + b'": 1' + b"0" * digits + b"}")
    if r < 0.075:  # a setter's endpoint: hostile raw bodies too
        path = rng.choice(SETTER)
        bodies = [random_text_bytes(rng).encode("utf-8", "replace"), b"[]", b"null", b'{"puzzle": 5}']
        if path != "redundant":  # (a cap out of range or of the wrong type)
            bodies.append(b'{"puzzle": "1...........4..1", "cap": '
                          + rng.choice([b"1e999", b"-1", b"0", b"1001", b"[]", b'"x"', b"2.5"]) + b"}")
        return Request("POST", "/api/" + path, raw=rng.choice(bodies))
    if r < 0.08:
        return Request(rng.choice(["GET", "DELETE", "PUT"]), rng.choice(
            ["/api/jobs/" + rng.choice(["j1-000000", "nope", "..", "%00", "j" * 300]), "/api/info", "/api/nope",
             "/", "/static/app.js", "/static/../app.py", "/api/check"]))
    if r < 0.13:
        body = {"kind": rng.choice(["sudoku", "jigsaw", "hidato", "numbrix", "nope", 3, ["sudoku"]]),
                "seed": _number(rng, 0, 10_000, True), "time_limit": _number(rng, 0.1, 1.0, False)}
        for key in rng.sample(["size", "rows", "cols", "symmetry", "shape", "count", "box", "minimal", "difficulty"],
                              rng.randint(0, 3)):
            body[key] = {"size": lambda: _number(rng, 4, 9, True), "rows": lambda: _number(rng, 3, 7, True),
                         "cols": lambda: _number(rng, 3, 7, True),
                         "symmetry": lambda: rng.choice(["none", "rot180", "x", 1]),
                         "shape": lambda: rng.choice(["diamond", "rectangle", "/etc/passwd"]),
                         "count": lambda: _number(rng, 1, 3, True), "box": lambda: rng.choice(["2x2", "2x3", "x", 7]),
                         "minimal": lambda: rng.choice([True, False, "yes"]),
                         "difficulty": lambda: rng.choice(["easy", "medium", "nope"])}[key]()
        return _note_integers(Request("POST", "/api/generate", body), body, ("seed", "size", "rows", "cols", "count"))
    if r < 0.135:
        body = {"time": rng.choice([0.5, 1, -1, "x", 1000]), "size": rng.choice([4, 9, 2.5, 99]),
                "seed": _number(rng, 0, 100, True)}
        return _note_integers(Request("POST", "/api/improve", body), body, ("size", "seed"))
    seed = rng.choice(pool)
    text = seed.text if rng.random() < 0.3 else apply_ops(seed.text, random_ops(rng))
    endpoint = rng.choice(PUZZLE + SETTER)
    body: dict = {"puzzle": text, "time_limit": _number(rng, 0.05, 1.0, False)}
    req = Request("POST", f"/api/{endpoint}", body)
    if rng.random() < 0.2:
        body["format"] = rng.choice(FORMATS + (seed.format,))
    if rng.random() < 0.1:
        body["kind"] = rng.choice(["sudoku", "hidato", "nope", 1])
    if rng.random() < 0.05:
        body["box"] = rng.choice(["2x2", "3x3", "9x1", "x", 0])
    if endpoint in ("solve", "check", "count") and rng.random() < 0.2:
        body["backend"] = rng.choice(BACKENDS)
    if endpoint in ("count", "true-candidates"):
        body["limit"] = _number(rng, 1, 50, True)
        _note_integers(req, body, ("limit",))
    if endpoint in ("setter-candidates", "explain-ambiguity") and rng.random() < 0.8:
        body["cap"] = _number(rng, 1, 20, True)
        _note_integers(req, body, ("cap",))
    if endpoint in ("add-random", "unique"):
        body["seed"] = _number(rng, 0, 1000, True)
        _note_integers(req, body, ("seed",))
    if endpoint == "convert":
        body["to"] = rng.choice(FORMATS)
    if endpoint in ("render", "convert") and rng.random() < 0.6:
        req.notes["wants_solution"] = True
    if rng.random() < 0.03:
        body["async"] = True
    return req


def _note_integers(req: Request, body: dict, keys) -> Request:
    for key in keys:
        v = body.get(key)
        if isinstance(v, float) and not v.is_integer() and v == v and abs(v) != float("inf"):
            req.integer_fraction = True
        if isinstance(v, str) and re.fullmatch(r"\s*[+-]?\d*\.\d*[1-9]\d*\s*", v):
            req.integer_fraction = True
    return req


def _reads(body: dict):
    """The puzzle the command line reads from the body's text (``None``: it refuses the text)."""
    text = body.get("puzzle")
    if not isinstance(text, str):
        return None
    opts = {k: body.get(k) or None for k in ("format", "kind", "box")}
    if any(v is not None and not isinstance(v, str) for v in opts.values()):
        return None
    try:
        entries = read_text(text, "<puzzle>", **opts)
    except (GridsatError, ValueError):
        return None
    if not entries or not entries[0].ok:
        return None
    return entries[0]


def prepare(req: Request, rng: random.Random) -> None:
    """Add a solution to a render or convert request, now that the puzzle it reads is known."""
    if not req.notes.get("wants_solution") or not isinstance(req.body, dict):
        return
    entry = _reads(req.body)
    if entry is None:
        return
    truth = entry.solution
    givens, top = _cells(entry.puzzle)
    if truth is None and len(givens) <= 100:
        try:
            import gridsat

            res = gridsat.solve(entry.puzzle, time_limit=0.5)
            truth = res.solution if res.status == "solved" else None
        except Exception:  # noqa: BLE001 - no truth then
            truth = None
    sol, bad = _solution(rng, entry.puzzle, truth)
    req.body["solution"] = sol
    if req.path.endswith("convert"):
        req.solution_bad = bool(verify(entry.puzzle, sol)) if sol and len(sol) == len(givens) else True
    else:  # render: values within the puzzle and agreeing with its givens
        req.solution_bad = len(sol) != len(givens) or any(not 0 <= v <= top or (g and v and v != g)
                                                          for v, g in zip(sol, givens))


def judge(req: Request, status: int, data) -> list[tuple[str, str]]:
    """The oracle's findings for one answer: ``[(what, detail)]``."""
    found = []
    if status >= 500 and status != 503:
        found.append(("500" if status != 502 else "job error", f"{status} {str(data)[:160]}"))
    if not 200 <= status < 300 or req.method != "POST" or req.raw is not None:
        if req.raw is not None and 200 <= status < 300 and req.path != "/api/generate":
            found.append(("wrong accept", f"raw body accepted: {req.raw[:60]!r}"))
        return found
    body = req.body if isinstance(req.body, dict) else {}
    if req.integer_fraction:
        found.append(("wrong accept", f"a fraction taken as an integer: {json.dumps(body)[:160]}"))
    if req.solution_bad:
        found.append(("wrong accept", f"a solution the command line refuses: {json.dumps(body.get('solution'))[:120]}"))
    if "puzzle" in body or req.path.rsplit("/", 1)[-1] in PUZZLE + SETTER:
        entry = _reads(body)
        if entry is None and req.path != "/api/improve":
            text = str(body.get("puzzle"))[:80]
            found.append(("wrong accept", f"{req.path}: a text the command line refuses: {text!r}"))
        elif entry is not None and isinstance(data, dict) and data.get("status") in ("solved", "unique"):
            sol = data.get("solution")
            puzzle = entry.puzzle
            if req.path == "/api/unique":  # a new puzzle (givens dropped or added): the solution is its own
                box = data.get("box")
                made = _reads({"puzzle": data.get("puzzle"),
                               "box": f"{box[0]}x{box[1]}" if isinstance(box, list) and len(box) == 2 else None})
                puzzle = made.puzzle if made is not None else None
            if sol is not None and (puzzle is None or verify(puzzle, sol)):
                found.append(("wrong accept", f"{req.path}: an answer the verifier refuses"))
    return found


async def _campaign(url: str, requests: int, seed: int, clients: int, progress) -> tuple[Counter, dict, int]:
    import httpx

    pool = seeds()
    counts: Counter = Counter()
    first: dict[str, tuple[str, Request]] = {}
    drawn = [0]
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=HANG, limits=limits, trust_env=False) as client:
        async def one_client() -> None:
            while drawn[0] < requests:
                drawn[0] += 1
                rng = random.Random(f"{seed}-{drawn[0]}")  # request i is the same in every run
                req = draw(rng, pool)
                prepare(req, rng)
                try:
                    if req.raw is not None:
                        r = await client.request(req.method, req.path, content=req.raw,
                                                 headers={"content-type": "application/json"})
                    elif req.method == "POST":
                        r = await client.post(req.path, json=req.body)
                    else:
                        r = await client.request(req.method, req.path)
                except httpx.TimeoutException:
                    counts["hang"] += 1
                    first.setdefault("hang", (f"no answer in {HANG:.0f} s", req))
                    continue
                except httpx.TransportError as e:
                    counts["dropped"] += 1
                    first.setdefault(f"dropped: {type(e).__name__}", (f"the connection broke: {e!r}", req))
                    continue
                counts[r.status_code] += 1
                try:
                    data = r.json()
                except ValueError:
                    data = r.text[:200]
                if r.status_code == 202 and isinstance(data, dict) and "id" in data:
                    await client.delete(f"/api/jobs/{data['id']}")
                for what, detail in judge(req, r.status_code, data):
                    counts[what] += 1
                    key = f"{what}: {detail[:60]}"
                    if key not in first:
                        first[key] = (detail, req)
                        print(f"[{drawn[0]}] {what}: {detail}", file=sys.stderr, flush=True)
                if progress and drawn[0] % 2000 == 0:
                    progress(drawn[0], counts)

        await asyncio.gather(*(one_client() for _ in range(clients)))
    return counts, first, drawn[0]


def start_server(log, *extra: str) -> tuple[subprocess.Popen, str]:
    """``gridsat serve`` on a free port of 127.0.0.1, its log to ``log``; the process and its address."""
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--max-time", "2", *extra], stdout=subprocess.PIPE, stderr=log, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, found.group(0)


def run(requests: int, seed: int = 0, clients: int = 4, progress=None) -> dict:
    """Run the campaign against a fresh server; the figures (``requests``, ``500``, ``job error``,
    ``traceback``, ``hang``, ``wrong accept``, ``statuses``, ``seconds``, ``first``)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        proc, url = start_server(log)
        t0 = time.monotonic()
        try:
            counts, first, sent = asyncio.run(_campaign(url, requests, seed, clients, progress))
        finally:
            took = time.monotonic() - t0
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.seek(0)
        text = log.read()
    tracebacks = text.count("Traceback")
    return {"requests": sent, "500": counts["500"], "job error": counts["job error"], "traceback": tracebacks,
            "hang": counts["hang"], "dropped": counts["dropped"], "wrong accept": counts["wrong accept"],
            "seconds": round(took, 1),
            "statuses": {k: v for k, v in sorted(counts.items(), key=str) if isinstance(k, int)},
            "first": {k: (d, f"{r.method} {r.path} {json.dumps(r.body)[:300] if r.body is not None else r.raw[:100]!r}")
                      for k, (d, r) in first.items()}, "log": text[-3000:] if tracebacks else ""}


def main(argv: list[str] | None = None) -> int:
    """Run the web campaign; exit 1 when anything was found."""
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.web", description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=20_000, help="requests to send (default 20000)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--clients", type=int, default=4, help="requests in flight at once (default 4)")
    args = ap.parse_args(argv)

    def progress(n, counts):
        print(f"... {n} requests, {sum(counts[k] for k in ('500', 'job error', 'hang', 'wrong accept'))} failures",
              file=sys.stderr, flush=True)

    fig = run(args.requests, args.seed, args.clients, progress)
    print(f"web requests: {fig['requests']} (seed {args.seed}, {args.clients} clients) in {fig['seconds']:.0f} s; "
          f"statuses: {', '.join(f'{k}: {v}' for k, v in fig['statuses'].items())}")
    print(f"500s: {fig['500']}, job errors: {fig['job error']}, tracebacks in the log: {fig['traceback']}, "
          f"hangs over {HANG:.0f} s: {fig['hang']}, dropped connections: {fig['dropped']}, "
          f"wrong accepts: {fig['wrong accept']}")
    for key, (detail, req) in fig["first"].items():
        print(f"\n{key}\n  {detail}\n  request: {req}")
    if fig["log"]:
        print(f"\nthe server's log ends:\n{fig['log']}")
    bad = fig["500"] + fig["job error"] + fig["traceback"] + fig["hang"] + fig["dropped"] + fig["wrong accept"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
