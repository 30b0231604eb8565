"""Measure the gap-colour SAT model of Numbrix with lazy cycle cuts (the ``gapsat`` backend).

For each board (a frontier set name such as ``c40-rook``, or a file of boards in the
hidato format): the formula's size, the seconds to build it and to solve (all rounds), the
number of solver calls (rounds) and of cycle cuts. Every board runs in a child process
killed at the time limit (CaDiCaL cannot be interrupted), and every answer is verified with
``gridsat.verifier``::

    python benchmarks/hidato_gapsat.py c40-rook c50-rook --only d10,d20 --time-limit 30
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gridsat.kinds.hidato.backend_gapsat import CARD, SOLVER, solve_gaps  # noqa: E402

from gridsat.formats import read_text  # noqa: E402
from gridsat.verifier import verify  # noqa: E402

DATA = Path(__file__).parent / "data"
SETS = {"c40-rook": "hidato_c40_rook.txt", "c50-rook": "hidato_c50_rook.txt"}


def boards(spec: str) -> list:
    """The boards of a frontier set name or of a file."""
    path = DATA / SETS[spec] if spec in SETS else Path(spec)
    return [e.puzzle for e in read_text(path.read_text(), format="hidato")]


def _child(p, solver: str, card: str, time_limit: float, strong: bool, box) -> None:
    r = solve_gaps(p, solver=solver, card=card, time_limit=time_limit, strong=strong)
    if r.get("solution") is not None:
        errs = verify(p, r["solution"])
        r["status"] = "solved" if not errs else f"WRONG: {errs[0]}"
    elif r["status"] == "complete":
        r["status"] = "impossible"
    r.pop("solution", None)
    r.pop("solutions", None)
    box.put(r)


def run(p, solver: str, card: str, time_limit: float, strong: bool = True) -> dict:
    """One board in a child process killed ``time_limit`` + 2 s after it starts."""
    ctx = multiprocessing.get_context("fork")
    box = ctx.Queue()
    t0 = time.perf_counter()
    proc = ctx.Process(target=_child, args=(p, solver, card, time_limit, strong, box))
    proc.start()
    try:
        r = box.get(timeout=time_limit + 2.0)
    except Exception:  # (queue.Empty: killed at the limit)
        r = {"status": "unknown (killed)", "vars": "", "clauses": "", "build": float("nan"),
             "solve": float("nan"), "rounds": "", "cuts": ""}
    proc.kill()
    proc.join()
    r["wall"] = time.perf_counter() - t0
    return r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", help="frontier set names (c40-rook, c50-rook) or board files")
    ap.add_argument("--only", default="", help="comma-separated name parts a board must hold (e.g. d10,d20)")
    ap.add_argument("--time-limit", type=float, default=30.0)
    ap.add_argument("--solver", default=SOLVER, help="a python-sat solver (default %(default)s)")
    ap.add_argument("--card", default=CARD, help="a python-sat EncType for the gap sizes (default %(default)s)")
    ap.add_argument("--weak", action="store_true", help="cut a cycle by one clause only (no per-cell gap cuts)")
    args = ap.parse_args(argv)
    print(f"# load average {os.getloadavg()[0]:.1f} at start; solver {args.solver}, cardinality {args.card}, "
          f"limit {args.time_limit:g} s")
    print("| board | vars | clauses | build s | solve s | rounds | cuts | status |")
    print("|---|---|---|---|---|---|---|---|")
    for spec in args.sets:
        for p in boards(spec):
            if args.only and not any(k in (p.name or "") for k in args.only.split(",")):
                continue
            if not p.givens:
                continue
            r = run(p, args.solver, args.card, args.time_limit, not args.weak)
            print(f"| {p.name} | {r['vars']} | {r['clauses']} | {r['build']:.2f} | {r['solve']:.2f} | "
                  f"{r['rounds']} | {r['cuts']} | {r['status']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
