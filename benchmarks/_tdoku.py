"""tdoku beside gridsat in benchmarks/sudoku.py (``--tdoku PATH``).

tdoku (t-dillon/tdoku, C++ with SIMD) is the published ceiling of 9x9 checking. The
benchmark builds nothing: PATH is a driver built by hand from benchmarks/tdoku_check.c
against a tdoku checkout (see that file's header), which prints the wall time of its
solving loop alone, so that its row and gridsat's in-process rows time the same work.
"""

from __future__ import annotations

import subprocess

#: the name of tdoku's row (the ``vs tdoku`` column finds it by this prefix)
TDOKU = "tdoku"


def tdoku_batch(exe: str, path: str, limit: int) -> tuple[tuple[float, float], str]:
    """(wall s, CPU s) of tdoku's solving loop over the file, as its driver reports it
    (benchmarks/tdoku_check.c: ``puzzles N seconds T cpu U count0 A count1 B count2 C guesses G isa I``),
    and a note of its counts, its build's vector instructions and its guesses a puzzle."""
    out = subprocess.run([exe, path, str(limit)], capture_output=True, text=True, check=True).stdout.split()
    got = dict(zip(out[::2], out[1::2]))
    sec = float(got["seconds"])
    cpu = float(got.get("cpu", sec))
    note = ", ".join(f"count {k[-1]}: {got[k]}" for k in ("count0", "count1", "count2") if got.get(k, "0") != "0")
    if "isa" in got:
        note += f", {got['isa']} build"
    if "guesses" in got and int(got.get("puzzles", 0)):
        note += f", {int(got['guesses']) / int(got['puzzles']):.1f} guesses a puzzle"
    return (sec, cpu), note


def tdoku_targets(rows) -> None:
    """The ratios to tdoku the check tables are held to."""
    td = next((r for r in rows if r[0].startswith(TDOKU)), None)
    if td is None:
        return
    for prefix, target in (("gridsat.check_many", 0.5), ("native batch (", 1.0), ("native batch, counting", 1.0)):
        row = next((r for r in rows if r[0].startswith(prefix)), None)
        if row is not None:
            ratio = td[2][0] / row[2][0]
            cpu = td[2][1] / max(row[2][1], 1e-12)
            print(f"- {row[0]} vs tdoku: {ratio:.2f}x tdoku's rate, wall ({cpu:.2f}x by CPU time; "
                  f"target >= {target}x: {'met' if ratio >= target else 'missed'})")
