"""Race several backend/encoding pairs on one puzzle, one process each; the first answer wins.

Different encodings and solvers fail on different hard instances (on the Hidato frontier set
``glucose4``/``cnf-pos`` and ``cpsat``/``cpsat-bool`` each solve boards the other does not),
and the machines have two cores, so running two configurations side by side costs no extra
wall time. :func:`race` forks one child per configuration; each runs the ordinary front door
(:func:`gridsat.api.run`: build, solve, verify) and sends back its :class:`~gridsat.Result`.
The first *decisive* result (any status but ``unknown``) wins and the other children are
killed. The winner's solutions are verified again in the parent.

No process of a race outlives it: each child dies with the process that started the race
(:func:`gridsat.limits.die_with_parent`), and so does a child's own child (the build that
:func:`gridsat.limits.run_in_child` forks under a time limit), so a loser killed after the
winner answered takes its build with it, and the job's output closes with the answer.
"""

from __future__ import annotations

import os
import re
import signal
import time
from typing import Sequence

from .engine import VerificationError, run
from .errors import GridsatError, UnsupportedError
from .kinds import kind_of
from .limits.child import die_with_parent
from .result import Result
from .selection import default_choice
from .verifier import verify

__all__ = ["race", "parse_configs", "MARGIN"]

#: seconds of the time limit kept back from each child for forking it and reading its result
MARGIN = 0.1


def parse_configs(text: str) -> list[tuple[str, str]]:
    """``"glucose4:cnf-pos,cpsat:cpsat-bool"`` -> pairs; a bare name is a backend with its default encoding."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        b, _, e = part.partition(":")
        out.append((b.strip(), e.strip() or "default"))
    if not out:
        raise UnsupportedError("no configurations to race")
    return out


def _child(conn, parent, puzzle, job, limit, backend, encoding, time_limit) -> None:
    die_with_parent(parent)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and kills us
        res = run(puzzle, job, limit=limit, backend=backend, encoding=encoding, time_limit=time_limit)
        res.puzzle = None  # the parent has it
        conn.send(("ok", res))
    except BaseException as exc:  # report every failure to the parent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _late(conn) -> str:
    """What a child that finished after the winner had sent, for the race's report."""
    try:
        if conn is not None and conn.poll(0):
            tag, value = conn.recv()
            return f"error: {value}" if tag == "error" else f"{value.status} {value.total_time:.2f} s (after the winner)"
    except (EOFError, OSError):
        pass
    return "not read (another answered first)"


def race(puzzle, job: str = "solve", configs: "Sequence[tuple[str, str]] | str | None" = None, *,
         limit: int | None = None, time_limit: float | None = None) -> Result:
    """Run ``job`` with every configuration at once; return the first decisive result.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    job : {"solve", "check", "count"}
    configs : list of (backend, encoding), or "b:e,b:e", optional
        ``"default"`` (or a bare backend name) leaves the choice to the front door: the kind's
        default pair, or the backend's own default encoding. Default: the kind record's ``race``.
    limit : int, optional
        For ``count``: stop at this many solutions (default: all). ``solve`` uses 1, ``check`` 2.
    time_limit : float, optional
        Seconds for the whole race; every child gets the same limit.

    Returns
    -------
    Result
        The winner's result (``backend``/``encoding`` name the winner). ``stats["race"]``
        maps every configuration to what it reported (``status``, seconds), ``stopped`` when
        it was killed after the winner, or its error. When no child is decisive, the
        result of one with a solution (else the first) is returned, status ``unknown``.
    """
    if isinstance(configs, str):
        configs = parse_configs(configs)
    kind = kind_of(puzzle)
    pairs = list(configs or kind.race)
    defaults = default_choice(puzzle).pair
    if job not in ("solve", "check", "count"):
        raise UnsupportedError(f"race runs solve, check or count, not {job!r}")
    lim = {"solve": 1, "check": 2}.get(job, limit)
    t0 = time.perf_counter()
    import multiprocessing  # (loaded with the first race, not with import gridsat)
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    procs, conns = {}, {}
    for b, e in pairs:
        if b == "default" and e == "default":
            b, e = defaults
        # a backend alone takes the encoding the front door picks for it (its target's default)
        name = f"{b}/{e}" if e != "default" else b
        backend, encoding = (None if b == "default" else b), (None if e == "default" else e)
        recv, send = ctx.Pipe(duplex=False)
        # each child stops a little before the limit: forking and sending the result back take time too
        left = None if time_limit is None else max(time_limit - (time.perf_counter() - t0) - MARGIN, 0.01)
        p = ctx.Process(target=_child, args=(send, os.getpid(), puzzle, job, lim, backend, encoding, left), daemon=True)
        p.start()
        send.close()
        procs[name], conns[recv] = p, name
    report: dict[str, str] = {}
    results: list[Result] = []
    winner: Result | None = None
    deadline = None if time_limit is None else t0 + time_limit + 5.0  # children stop themselves
    try:
        while conns and winner is None:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            ready = wait(list(conns), timeout=left)
            if not ready:
                break
            for conn in ready:
                name = conns.pop(conn)
                try:
                    tag, value = conn.recv()
                except EOFError:
                    procs[name].join(1)
                    report[name] = f"died (exit code {procs[name].exitcode})"
                    continue
                finally:
                    conn.close()
                if tag == "error":
                    report[name] = f"error: {value}"
                    continue
                value.puzzle = puzzle
                report[name] = f"{value.status} {value.total_time:.2f} s"
                results.append(value)
                if value.status != "unknown" and winner is None:
                    winner = value
    finally:
        for name, p in procs.items():
            if p.is_alive():
                p.kill()
                report.setdefault(name, "stopped")
            elif name not in report:  # it had finished too, but the winner was read first
                report[name] = _late(next((c for c, n in conns.items() if n == name), None))
            p.join()
        for conn in conns:
            conn.close()
    if winner is None:
        if not results:
            errors = "; ".join(f"{k}: {v}" for k, v in report.items())
            if all(v.startswith(("error", "died")) for v in report.values()):
                raise GridsatError(f"every configuration failed: {errors}")
            winner = Result(job=job, status="unknown", puzzle=puzzle, backend="race", encoding="",
                            reason=f"no answer within {time_limit} s")
        else:
            winner = next((r for r in results if r.solution is not None), results[0])
    for sol in winner.solutions:
        problems = verify(puzzle, sol)
        if problems:
            raise VerificationError(f"{winner.backend}/{winner.encoding} returned a wrong solution: "
                                    f"{'; '.join(problems[:3])}")
    if winner.reason and time_limit is not None:  # a child saw the limit less MARGIN: name the user's
        winner.reason = re.sub(r"time limit of [0-9.e-]+ s", f"time limit of {time_limit} s", winner.reason)
    winner.stats = dict(winner.stats, race=report)
    winner.total_time = time.perf_counter() - t0
    return winner

