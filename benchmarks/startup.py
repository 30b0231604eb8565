"""Start-up: what a user waits for before gridsat does any work.

Rows (each the best of ``--repeat`` runs, in the same run, on this machine):

* ``import gridsat``: the package's own cumulative figure from ``python -X importtime``
  (the target is 0.12 s), and the whole ``python -c "import gridsat"`` process;
* ``gridsat --version``: the command line's start-up;
* ``gridsat check`` on one 9x9 Sudoku: start-up plus one uniqueness check;
* ``python -c pass``: the interpreter alone, for reference;
* ``qqwing --solve --count-solutions`` on the same puzzle, when QQWing is installed.

It also lists which heavy libraries ``import gridsat`` and a 9x9 check load (none, and
python-sat/NumPy only, are expected).

The second table (``--jobs``, on by default) times whole ``gridsat check`` processes on a
file of one puzzle, as the kinds' benchmarks run them: a Sudoku line file, and a KenKen,
Kakuro and Hidato file made by ``gridsat generate`` (``--kind K --json``; the Hidato one in
``hidato-janko`` with ``-k hidato -f hidato-janko``). Each row gives the median and the best
of ``--repeat`` runs, wall and CPU (user + system) time, the CPU time being the steadier
figure on a busy machine. With ``--compare SRC`` the same commands run with
``PYTHONPATH=SRC`` too (another checkout's ``src``, e.g. before a change), alternating with
this one in the same run, and the table puts the two side by side.

Usage::

    python benchmarks/startup.py [--repeat 10] [--markdown FILE] [--compare SRC] [--no-jobs]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
HEAVY = ("ortools", "pandas", "minizinc", "matplotlib", "networkx", "numpy", "pysat")


def wall(cmd: list[str], stdin: str | None = None) -> float:
    """Seconds of wall time of one process."""
    t0 = time.perf_counter()
    subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False)
    return time.perf_counter() - t0


def importtime(python: str) -> float:
    """The cumulative ``gridsat`` figure of ``-X importtime``, in seconds."""
    out = subprocess.run([python, "-X", "importtime", "-c", "import gridsat"], capture_output=True, text=True)
    for line in out.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| gridsat$", line)
        if m:
            return int(m.group(1)) / 1e6
    raise RuntimeError("no gridsat line in the importtime output:\n" + out.stderr[-500:])


def loaded(python: str, code: str) -> str:
    """Which of the heavy libraries are in ``sys.modules`` after ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules) or '-')"
    return subprocess.run([python, "-c", probe], capture_output=True, text=True).stdout.strip()


def timed(cmd: list[str], env: "dict | None" = None) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = 0  # (reaped above)
    return wall, usage.ru_utime + usage.ru_stime


def job_files(gridsat: str, folder: str) -> list[tuple[str, list[str]]]:
    """The start-up rows of the kinds' benchmarks: (label, arguments after ``gridsat``), their
    one-puzzle files written into ``folder`` (by ``gridsat generate``, seed 1)."""
    rows = []
    line = os.path.join(folder, "sudoku.txt")
    Path(line).write_text(PUZZLE + "\n")
    rows.append(("check FILE, one Sudoku line", ["check", line]))
    for kind, gen, args in (("kenken", [], ["--kind", "kenken", "--json"]),
                            ("kakuro", [], ["--kind", "kakuro", "--json"]),
                            ("hidato", ["--output-format", "hidato-janko"], ["-k", "hidato", "-f", "hidato-janko"])):
        path = os.path.join(folder, f"{kind}.txt")
        out = subprocess.run([gridsat, "generate", kind, "-n", "1", "--seed", "1", *gen], capture_output=True,
                             text=True, check=True)
        Path(path).write_text(out.stdout)
        rows.append((f"check {' '.join(args)} FILE, one {kind}", ["check", *args, path]))
    return rows


def job_table(gridsat: str, repeat: int, compare: "str | None") -> list[str]:
    """The start-up table of whole ``gridsat check`` processes (see the module's docstring)."""
    from statistics import median

    sides = [("this", None)]
    if compare:
        env = dict(os.environ, PYTHONPATH=compare)
        sides.append(("compare", env))
    with tempfile.TemporaryDirectory() as folder:
        rows = job_files(gridsat, folder)
        got = {(label, side): [] for label, _ in rows for side, _ in sides}
        for _ in range(repeat):
            for label, args in rows:
                for side, env in sides:  # (alternating: both sides see the same load)
                    got[label, side].append(timed([gridsat, *args], env))
    head = "| command | " + " | ".join(
        f"{side} wall median | {side} wall best | {side} CPU median" for side, _ in sides) + " |"
    lines = ["", f"whole `gridsat` processes, {repeat} runs each" + (f" (compare: PYTHONPATH={compare})" if compare else ""),
             "", head, "|---|" + "---|" * (3 * len(sides))]
    for label, _ in rows:
        cells = []
        for side, _ in sides:
            runs = got[label, side]
            cells += [f"{median(w for w, _ in runs):.3f}", f"{min(w for w, _ in runs):.3f}",
                      f"{median(c for _, c in runs):.3f}"]
        lines.append(f"| `gridsat {label}` | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    # the processes timed here run as an installed copy does, with its bytecode cached
    # (an environment that forbids writing it would time compiling the sources instead)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--markdown", help="also write the table as a Markdown page")
    ap.add_argument("--compare", metavar="SRC", help="also time the jobs with PYTHONPATH=SRC (another checkout)")
    ap.add_argument("--no-jobs", dest="jobs", action="store_false", help="leave out the table of check jobs")
    args = ap.parse_args(argv)
    python = sys.executable
    gridsat = shutil.which("gridsat", path=str(Path(python).parent)) or "gridsat"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(PUZZLE + "\n")
        puzzle_file = f.name
    rows: list[tuple[str, float]] = []

    def best(label: str, fn) -> None:
        rows.append((label, min(fn() for _ in range(args.repeat))))

    best("import gridsat (-X importtime, the package)", lambda: importtime(python))
    best("python -c 'import gridsat' (process)", lambda: wall([python, "-c", "import gridsat"]))
    best("gridsat --version (process)", lambda: wall([gridsat, "--version"]))
    best("gridsat check, one 9x9 (process)", lambda: wall([gridsat, "check", puzzle_file]))
    best("python -c pass (process)", lambda: wall([python, "-c", "pass"]))
    qq = shutil.which("qqwing")
    if qq:
        best("qqwing --solve --count-solutions, one 9x9 (process)",
             lambda: wall([qq, "--solve", "--count-solutions"], stdin=PUZZLE + "\n"))
    os.unlink(puzzle_file)
    load = os.getloadavg()
    lines = [f"load average {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f} ({os.cpu_count()} CPUs), "
             f"best of {args.repeat}", "", "| what | seconds |", "|---|---|"]
    lines += [f"| {label} | {t:.3f} |" for label, t in rows]
    lines += ["", f"libraries loaded by `import gridsat`: {loaded(python, 'import gridsat')}",
              "libraries loaded by a 9x9 check: "
              + loaded(python, f"import gridsat; gridsat.check(gridsat.Sudoku.classic([int(c) for c in '{PUZZLE}']))")]
    if args.jobs:
        lines += job_table(gridsat, args.repeat, args.compare)
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text("# Start-up\n\nMeasured by `python benchmarks/startup.py`.\n\n" + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
