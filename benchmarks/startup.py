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

Usage::

    python benchmarks/startup.py [--repeat 10] [--markdown FILE]
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


def main(argv: list[str] | None = None) -> int:
    # the processes timed here run as an installed copy does, with its bytecode cached
    # (an environment that forbids writing it would time compiling the sources instead)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--markdown", help="also write the table as a Markdown page")
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
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text("# Start-up\n\nMeasured by `python benchmarks/startup.py`.\n\n" + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
