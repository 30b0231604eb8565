#!/usr/bin/env python3
"""Variant Sudoku benchmark: gridsat against the Interactive Sudoku Solver, puzzle by puzzle.

Usage::

    .venv/bin/python benchmarks/variants.py [PUZZLE.json ...] [--iss CHECKOUT] [--rounds 3]
        [--time-limit 30] [--no-process] [--encodings]

The collection is ``benchmarks/data/variants/*.json`` (f-puzzles JSON, made by
``benchmarks/_variants_gen.py``: killers, thermometers, little killers, arrows, renban, XV,
Kropki, sandwiches, pencil marks; 6x6, 9x9 and 16x16), or the files given. Every puzzle
is run as ``gridsat check`` does: one solution and a proof that it is the only one (or two
solutions). Per puzzle the table gives

* ``gs ms``: gridsat in this process (read the f-puzzles link, check, verify);
* ``gs proc``: ``gridsat check LINKFILE`` as a process of its own (start-up included, with
  Python's bytecode cached as an installed package has it: an untimed process writes it);
* ``peer ms``: the peer in its process, after a warm-up puzzle (parse, build, search for
  two solutions), as its driver ``benchmarks/iss_driver.mjs`` times it;
* ``peer proc``: that node process, start-up included;
* the answers: both solutions pass gridsat's verifier, equal the known answer, and both
  solvers agree on uniqueness.

``--iss PATH`` names a checkout of the Interactive Sudoku Solver (github.com/sigh/
Interactive-Sudoku-Solver); nothing is fetched or built. Without it (or without ``node``)
the peer's columns stay empty and the targets compare nothing. The runs alternate, round by
round (gridsat first in odd rounds, the peer first in even ones), and each cell of the
table is the median of the rounds. Run it under the shared lock on a shared machine.

``--encodings``: gridsat alone, each puzzle under every encoding choice of the rules it
uses (see :data:`CHOICES`), the same alternation and medians.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gridsat  # noqa: E402
from gridsat.backends import close_all  # noqa: E402
from gridsat.formats import read_text  # noqa: E402
from gridsat.verifier import verify  # noqa: E402

from _iss import Unsupported, to_iss  # noqa: E402
from _variants_gen import link  # noqa: E402

DATA = HERE / "data" / "variants"
DRIVER = HERE / "iss_driver.mjs"
WARMUP = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
#: the most any puzzle may take (the target), seconds
TARGET_MAX = 10.0


# ------------------------------------------------------------------------------ inputs
class Item:
    """One puzzle of the collection: its JSON, its link, its puzzle and its known answer."""

    def __init__(self, path: Path) -> None:
        obj = json.loads(path.read_text())
        self.name = obj.get("title") or path.stem
        self.answer = tuple(obj.pop("solution")) if "solution" in obj else None
        self.obj = obj
        self.link = link(obj)
        entry = read_text(self.link)[0]
        if entry.error is not None:
            raise SystemExit(f"{path}: {entry.error}")
        self.puzzle = entry.puzzle
        self.n = obj["size"]
        try:
            self.iss: str | None = to_iss(obj)
            self.iss_why = ""
        except Unsupported as e:
            self.iss, self.iss_why = None, f"the peer's text has no {e}"
        self.clues = sum(len(v) for k, v in obj.items() if isinstance(v, list) and k not in ("grid", "negative"))
        self.givens = sum(1 for row in obj["grid"] for c in row if c.get("given"))


def load(paths: list[str]) -> list[Item]:
    files = [Path(p) for p in paths] or sorted(DATA.glob("*.json"))
    return [Item(p) for p in files]


# ------------------------------------------------------------------------------ runners
def answer_ok(item: Item, solution) -> bool:
    """The solution passes gridsat's verifier and, when the answer is known, equals it."""
    if solution is None:
        return False
    sol = tuple(int(v) for v in solution)
    return not verify(item.puzzle, sol) and (item.answer is None or sol == item.answer)


def gridsat_in_process(item: Item, time_limit: float, **kw) -> dict:
    close_all()  # (cold: the formula is built for every run)
    t0 = time.perf_counter()
    p = read_text(item.link)[0].puzzle
    res = gridsat.check(p, time_limit=time_limit, **kw)
    ms = (time.perf_counter() - t0) * 1000
    sols = list(res.solutions or ([res.solution] if res.solution else []))
    return {"ms": ms, "status": res.status, "ok": bool(sols) and all(answer_ok(item, s) for s in sols[:1])
            and res.verified, "how": f"{res.backend}/{res.encoding}"}


def _process_env(tmp: Path) -> dict:
    """The environment of a ``gridsat check`` process: Python's bytecode cached (in ``tmp``), as
    an installed package has it (pip compiles it at install), even where the environment
    says not to write it (``PYTHONDONTWRITEBYTECODE``: then every process compiles gridsat's
    modules from source, a second or more on a loaded 2-core machine)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    return env


def gridsat_process(item: Item, time_limit: float, tmp: Path) -> dict:
    f = tmp / f"{item.name}.txt"
    f.write_text(item.link + "\n")
    env = _process_env(tmp)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "--time-limit", str(time_limit), str(f)],
                         capture_output=True, text=True, env=env, timeout=time_limit + 60)
    ms = (time.perf_counter() - t0) * 1000
    return {"ms": ms, "status": out.stdout.split(":", 1)[0] if out.stdout else f"rc {out.returncode}"}


def peer(item: Item, iss: Path, time_limit: float) -> dict:
    """One node process: a warm-up puzzle, then the item; its own timing and the wall time."""
    if item.iss is None:
        return {"ms": None, "proc": None, "status": "n/a", "ok": None, "why": item.iss_why}
    lines = [json.dumps({"name": "warm-up", "input": WARMUP}), json.dumps({"name": item.name, "input": item.iss})]
    t0 = time.perf_counter()
    try:
        out = subprocess.run(["node", str(DRIVER), str(iss)], input="\n".join(lines) + "\n", capture_output=True,
                             text=True, timeout=time_limit)
    except subprocess.TimeoutExpired:
        return {"ms": time_limit * 1000, "proc": time_limit * 1000, "status": "timeout", "ok": False, "why": ""}
    proc = (time.perf_counter() - t0) * 1000
    rows = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
    if len(rows) != 2 or rows[1].get("error"):
        why = rows[1].get("error") if len(rows) == 2 else out.stderr.strip().splitlines()[-1:]
        return {"ms": None, "proc": proc, "status": "error", "ok": False, "why": str(why)}
    r = rows[1]
    sols = r["solutions"]
    status = {0: "impossible", 1: "unique"}.get(len(sols), "ambiguous")
    return {"ms": r["ms"], "proc": proc, "status": status, "ok": bool(sols) and answer_ok(item, sols[0]), "why": ""}


# ------------------------------------------------------------------------------ the table
def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, w=9) -> str:
    return f"{'-':>{w}}" if x is None else f"{x:>{w}.1f}"


def run(items: list[Item], rounds: int, time_limit: float, iss: Path | None, process: bool) -> list[dict]:
    """Per puzzle: the medians over the rounds, and the answers of the last round."""
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        rows = []
        gridsat.check(read_text(WARMUP)[0].puzzle)  # (imports and first-call costs, untimed)
        if items:
            gridsat_in_process(items[0], time_limit)  # (the same for the rules' modules and encodings)
            if process:
                gridsat_process(items[0], time_limit, tmp)  # (writes the bytecode cache, untimed)
        for it in items:
            gs, gp, pr = [], [], []
            for r in range(rounds):
                order = ["g", "p"] if r % 2 == 0 else ["p", "g"]
                for who in order:
                    if who == "g":
                        gs.append(gridsat_in_process(it, time_limit))
                        if process:
                            gp.append(gridsat_process(it, time_limit, tmp))
                    elif iss is not None:
                        pr.append(peer(it, iss, time_limit))
            last_g, last_p = gs[-1], (pr[-1] if pr else None)
            agree = None
            if last_p is not None and last_p["ok"] is not None:
                agree = last_g["ok"] and last_p["ok"] and last_g["status"] == last_p["status"]
            rows.append({
                "name": it.name, "n": it.n, "givens": it.givens, "clues": it.clues,
                "gs": med([x["ms"] for x in gs]), "gs_proc": med([x["ms"] for x in gp]),
                "peer": med([x["ms"] for x in pr]), "peer_proc": med([x["proc"] for x in pr]),
                "status": last_g["status"], "peer_status": last_p["status"] if last_p else "-",
                "ok": last_g["ok"], "peer_ok": last_p["ok"] if last_p else None, "agree": agree,
                "how": last_g["how"], "why": last_p["why"] if last_p else "",
            })
            print(_line(rows[-1]), flush=True)
    return rows


HEAD = (f"{'puzzle':<17} {'n':>2} {'giv':>3} {'clue':>4} {'gs ms':>9} {'gs proc':>9} {'peer ms':>9} "
        f"{'peer proc':>9} {'ratio':>6}  {'gridsat':<10} {'peer':<10} agree")


def _line(r: dict) -> str:
    ratio = f"{r['gs'] / r['peer']:6.2f}" if r["gs"] and r["peer"] else f"{'-':>6}"
    agree = {True: "yes", False: "NO", None: "-"}[r["agree"]]
    if r["ok"] is False:
        agree += " (gridsat's answer wrong)"
    return (f"{r['name']:<17} {r['n']:>2} {r['givens']:>3} {r['clues']:>4} {fmt(r['gs'])} {fmt(r['gs_proc'])} "
            f"{fmt(r['peer'])} {fmt(r['peer_proc'])} {ratio}  {r['status']:<10} {r['peer_status']:<10} {agree}"
            + (f"  [{r['why']}]" if r["why"] else ""))


def summary(rows: list[dict]) -> list[str]:
    """Totals, medians, ratios and the targets (over the puzzles both solvers ran)."""
    both = [r for r in rows if r["gs"] is not None and r["peer"] is not None]
    out = []
    for label, key, pkey in (("in process", "gs", "peer"), ("whole process", "gs_proc", "peer_proc")):
        g = [r[key] for r in both if r[key] is not None and r[pkey] is not None]
        p = [r[pkey] for r in both if r[key] is not None and r[pkey] is not None]
        if not g:
            continue
        out.append(f"{label:<14} total ms: gridsat {sum(g):9.1f}  peer {sum(p):9.1f}  ratio {sum(g) / sum(p):5.2f}   "
                   f"median ms: gridsat {statistics.median(g):7.1f}  peer {statistics.median(p):7.1f}  "
                   f"ratio {statistics.median(g) / statistics.median(p):5.2f}")
    right = all(r["ok"] for r in rows) and all(r["agree"] is not False for r in rows)
    slowest = max((r["gs"] or 0) for r in rows)
    out.append(f"target every answer right: {'met' if right else 'NOT met'} "
               f"({sum(1 for r in rows if r['ok'])}/{len(rows)} gridsat answers verified, "
               f"{sum(1 for r in rows if r['agree'])} agreeing with the peer, "
               f"{sum(1 for r in rows if r['agree'] is None)} without a peer answer)")
    if both:
        g = [r["gs"] for r in both]
        p = [r["peer"] for r in both]
        out.append(f"target total below the peer's (in process): {'met' if sum(g) < sum(p) else 'NOT met'}")
        out.append(f"target median below the peer's (in process): "
                   f"{'met' if statistics.median(g) < statistics.median(p) else 'NOT met'}")
    out.append(f"target no puzzle over {TARGET_MAX:g} s: {'met' if slowest < TARGET_MAX * 1000 else 'NOT met'} "
               f"(slowest {slowest / 1000:.2f} s)")
    return out


# ------------------------------------------------------------------------------ encodings
def encodings(items: list[Item], rounds: int, time_limit: float) -> None:
    """gridsat alone, each puzzle under each encoding choice; medians of alternating rounds."""
    from _variants_enc import CHOICES, applies, use

    for it in items:
        names = [c for c in CHOICES if applies(c, it.puzzle)]
        times: dict[str, list[float]] = {c: [] for c in names}
        status: dict[str, str] = {}
        for r in range(rounds):
            for c in (names if r % 2 == 0 else names[::-1]):
                with use(c) as kw:
                    x = gridsat_in_process(it, time_limit, **kw)
                times[c].append(x["ms"])
                status[c] = x["status"] + ("" if x["ok"] or x["status"] != "unique" else " WRONG")
        cells = "  ".join(f"{c} {med(times[c]):8.1f}{'' if status[c] == 'unique' else ' ' + status[c]}"
                          for c in names)
        print(f"{it.name:<17} {cells}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzles", nargs="*", help="f-puzzles JSON files (default: the collection)")
    ap.add_argument("--iss", type=Path, help="a checkout of the Interactive Sudoku Solver")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30.0)
    ap.add_argument("--no-process", action="store_true", help="skip the whole-process column of gridsat")
    ap.add_argument("--encodings", action="store_true", help="gridsat's encoding choices side by side")
    ap.add_argument("--save", type=Path, help="append the rows to this JSON-lines file")
    ap.add_argument("--merge", type=Path, nargs="+", help="print the table and targets of saved rows, run nothing")
    args = ap.parse_args(argv)
    if args.merge:
        rows = [json.loads(x) for f in args.merge for x in f.read_text().splitlines() if x.strip()]
        print(HEAD)
        for r in rows:
            print(_line(r))
        for line in summary(rows):
            print(line)
        return 0
    items = load(args.puzzles)
    print(f"{len(items)} puzzles; load average {os.getloadavg()[0]:.2f} at the start")
    if args.encodings:
        encodings(items, args.rounds, args.time_limit)
        return 0
    iss = args.iss
    if iss is not None and (shutil.which("node") is None or not (iss / "js" / "solver").is_dir()):
        print(f"peer skipped: {'node is not installed' if shutil.which('node') is None else f'{iss} is not a checkout'}")
        iss = None
    elif iss is None:
        print("peer skipped: no --iss checkout given")
    print(HEAD)
    rows = run(items, args.rounds, args.time_limit, iss, not args.no_process)
    if args.save:
        with args.save.open("a") as f:
            f.writelines(json.dumps({**r, "load": os.getloadavg()[0]}) + "\n" for r in rows)
    for line in summary(rows):
        print(line)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
