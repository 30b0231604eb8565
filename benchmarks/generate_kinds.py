"""Generator throughput of the eight newer kinds at their common sizes, whole process, uniqueness re-checked.

Usage: ``python benchmarks/generate_kinds.py [-n 100] [--seed 1] [--kinds killer,kakuro] [--repro 20]``

Per kind (and for killer also with ``--no-givens``), one ``gridsat generate KIND ... -n N --seed S``
process makes N puzzles (puzzle i from seed S + i), timed whole: start-up, the generator's own
uniqueness proofs (MiniSat on the kind's oracle encoding) and its final ``check``. The printed
lines are then read back and each puzzle is proved unique again by a second backend, CP-SAT on
the kind's CP-SAT encoding, whose solution must pass the verifier. A second process with ``-n --repro`` and the same
seed must print the first ``--repro`` lines byte for byte. Wall-clock and CPU (the child's
user + system) rates are printed with the load; the machine is shared, so CPU time is the
steadier figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import gridsat
from gridsat.formats import read_text

#: (label, kind, options of the common size) in the order of the table
CASES = [
    ("killer 9x9", "killer", ["--size", "9"]),
    ("killer 9x9 --no-givens", "killer", ["--size", "9", "--no-givens"]),
    ("kenken 6x6", "kenken", ["--size", "6"]),
    ("kakuro 12x12", "kakuro", ["--size", "12"]),
    ("skyscrapers 6x6", "skyscrapers", ["--size", "6"]),
    ("suguru 8x8", "suguru", ["--rows", "8"]),
    ("ripple 10x10", "ripple", ["--rows", "10"]),
    ("str8ts 9x9", "str8ts", ["--size", "9"]),
    ("samurai 21x21", "samurai", ["--layout", "samurai"]),
]


def _row(*cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _run(argv: list[str]) -> tuple[str, float, float]:
    """stdout, wall seconds and the child's CPU seconds of ``python -m gridsat.cli ARGV``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "gridsat.cli", *argv], capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"gridsat {' '.join(argv)} failed ({out.returncode}): {out.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out.stdout, wall, cpu


def _recheck(kind: str, lines: list[str]) -> tuple[int, int, list[int], float, str]:
    """``(unique, distinct, givens, seconds, note)``: the ``--json`` lines re-proved by CP-SAT."""
    unique, seen, givens, white = 0, set(), [], []
    t = time.perf_counter()
    for line in lines:
        obj = json.loads(line)
        entry = read_text(obj["puzzle"], kind=kind)[0]
        if entry.error is not None:
            raise SystemExit(f"{kind}: a generated line does not read back: {entry.error}")
        p = entry.puzzle
        res = gridsat.check(p, backend="cpsat")
        if res.status == "unique" and gridsat.verify(p, res.solution) == []:
            unique += 1
        seen.add(obj["puzzle"])
        givens.append(obj["givens"])
        if "white" in obj:
            white.append(obj["white"])
    note = (f"white cells {statistics.median(white):g} ({min(white)}-{max(white)})" if white
            else f"{sum(1 for g in givens if g)} with givens" if min(givens) == 0 else "")
    return unique, len(seen), givens, time.perf_counter() - t, note


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=100, help="puzzles per kind (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--kinds", help="comma-separated kinds to run (default: all)")
    ap.add_argument("--repro", type=int, default=20, help="lines a second process must repeat (default 20)")
    a = ap.parse_args(argv)
    wanted = set(a.kinds.split(",")) if a.kinds else None
    print(f"# gridsat generate, newer kinds  (cores: {os.cpu_count()}, load: {os.getloadavg()[0]:.1f}, "
          f"{a.n} puzzles each, seeds {a.seed}..{a.seed + a.n - 1})\n")
    print(_row("kind", "puzzles", "unique (CP-SAT)", "distinct", "wall s", "CPU s", "puzzles/s wall",
               "puzzles/s CPU", "givens median (min-max)", "note", f"same seed, first {a.repro} lines",
               "CP-SAT s", "load"))
    print(_row(*["---"] * 13))
    for label, kind, opts in CASES:
        if wanted is not None and kind not in wanted:
            continue
        common = ["generate", kind, *opts, "--seed", str(a.seed), "--no-progress"]
        out, wall, cpu = _run(common + ["-n", str(a.n), "--json"])
        lines = [x for x in out.splitlines() if x.strip()]
        unique, distinct, givens, recheck, note = _recheck(kind, lines)
        again, _, _ = _run(common + ["-n", str(min(a.repro, a.n)), "--json"])
        # the JSON lines carry each puzzle's time: compare everything else
        strip = [json.dumps({k: v for k, v in json.loads(x).items() if k != "time"}) for x in again.splitlines()]
        first = [json.dumps({k: v for k, v in json.loads(x).items() if k != "time"}) for x in lines[:len(strip)]]
        plain_a, _, _ = _run(common + ["-n", str(min(a.repro, a.n))])
        plain_b, _, _ = _run(common + ["-n", str(min(a.repro, a.n))])
        same = "yes" if strip == first and plain_a == plain_b else "NO"
        print(_row(label, len(lines), unique, distinct, f"{wall:.1f}", f"{cpu:.1f}", f"{len(lines) / wall:.1f}",
                   f"{len(lines) / cpu:.1f}", f"{statistics.median(givens):g} ({min(givens)}-{max(givens)})", note,
                   same, f"{recheck:.1f}", f"{os.getloadavg()[0]:.1f}"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
