"""Whole-process Hidato against puzzlekit on janko.at-style boards (``benchmarks/hidato.py --janko``).

Both sides run as fresh processes over the same file, alternating, ``rounds`` times:

* gridsat: ``gridsat check -k hidato -f hidato-janko FILE`` (the default backend: the
  compiled exact search up to 12x12), start-up, reading, solving, the uniqueness proof,
  verification and printing included;
* puzzlekit: ``benchmarks/_puzzlekit_kinds.py hidoku FILE`` in the peer's Python
  (``puzzlekit.solve(block, "hidoku")`` per puzzle: start-up, parsing, model and one solve;
  it proves nothing).

Timed processes may write ``.pyc`` files, as an installed package has them. Every gridsat
answer must be ``unique`` and every solution puzzlekit gives must match gridsat's.

``write_boards`` makes such a file: unique Hidato puzzles from ``gridsat generate hidato``
(carved to minimal, 1 and N kept), ``per_size`` of each size 6x6 to 10x10, in janko.at's
text format (a ``rows cols`` header, numbers and ``-``, single spaces).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from pathlib import Path

from kinds import child_env, gridsat_cli  # (the kinds benchmark's: the same processes)

HERE = Path(__file__).parent
DRIVER = HERE / "_puzzlekit_kinds.py"


def write_boards(path: Path, per_size: int, seed: int = 1) -> None:
    """Generated unique boards, ``per_size`` each of 6x6 .. 10x10, in janko.at's format."""
    out = []
    for n in range(6, 11):
        r = subprocess.run(gridsat_cli() + ["generate", "hidato", "--rows", str(n), "-n", str(per_size),
                                            "--seed", str(seed * 1000 + n), "-O", "hidato-janko", "--no-progress"],
                           capture_output=True, text=True, env=child_env(), check=True)
        out.extend(" ".join(line.split()) for line in r.stdout.splitlines())
    path.write_text("\n".join(out) + "\n")


def _timed(cmd: list[str]) -> tuple[float, float, str]:
    """(wall s, CPU s of the child, stdout) of one process."""
    before = os.times()
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=child_env())
    wall = time.perf_counter() - t
    after = os.times()
    if r.returncode not in (0, 1):
        raise SystemExit(f"{cmd[0]} failed ({r.returncode}): {r.stderr.strip()[-500:]}")
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    return wall, cpu, r.stdout


def run(path: Path, python: str | None, rounds: int) -> str:
    """The Markdown table of one whole-process comparison over ``path``."""
    g_cmd = gridsat_cli() + ["check", "-k", "hidato", "-f", "hidato-janko", str(path)]
    p_cmd = [python, str(DRIVER), "hidoku", str(path)] if python else None
    g, p = [], []
    g_out = p_out = ""
    for _ in range(rounds):  # alternating: the machine is shared
        w, c, g_out = _timed(g_cmd)
        g.append((w, c))
        if p_cmd:
            w, c, p_out = _timed(p_cmd)
            p.append((w, c))
    answers = [line.split(": ", 1)[1].split() for line in g_out.splitlines() if ": " in line]
    unique = sum(a[0] == "unique" for a in answers)
    lines = ["| solver | puzzles | answers | median wall s | median CPU s | wall ratio | CPU ratio |",
             "|---|---|---|---|---|---|---|"]
    gw, gc = statistics.median(x[0] for x in g), statistics.median(x[1] for x in g)
    lines.append(f"| gridsat check (default) | {len(answers)} | {unique} unique | {gw:.2f} | {gc:.2f} | | |")
    if p_cmd:
        rows = [line.split(" ", 1) + [""] for line in p_out.splitlines() if line and not line.startswith("#")]
        same = 0
        for a, (status, grid, *_) in zip(answers, rows):
            got = grid.replace("/", " ").split()
            same += status in ("Optimal", "Feasible") and got == a[1].replace("/", ",").split(",")
        pw, pc = statistics.median(x[0] for x in p), statistics.median(x[1] for x in p)
        lines.append(f"| puzzlekit 0.3.4 | {len(rows)} | {same} match gridsat | {pw:.2f} | {pc:.2f} "
                     f"| {pw / gw:.1f}x | {pc / gc:.1f}x |")
    return "\n".join(lines)
