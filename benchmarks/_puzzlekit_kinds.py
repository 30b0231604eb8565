"""puzzlekit driver of benchmarks/kinds.py: runs in the peer's own Python (one with puzzlekit).

Usage::

    PYTHON_WITH_PUZZLEKIT benchmarks/_puzzlekit_kinds.py TYPE FILE

``TYPE`` is puzzlekit's name of the kind (``killer_sudoku``, ``ken_ken``, ...); ``FILE`` holds
puzzles in janko.at's text format, each block starting at its ``rows cols`` header line and
blocks separated by blank lines (``#`` lines are skipped). For every puzzle it prints one line,
``STATUS ROW/ROW/...`` (cells separated by spaces, as puzzlekit's solution grid holds them), or
``STATUS -`` when puzzlekit gives no grid, then ``# time S``: its seconds after the imports
(parsing, model building and solving of every puzzle). ``--types`` prints the types this puzzlekit has.

The script imports nothing of gridsat and only the standard library besides puzzlekit.
"""

import sys
import time


def blocks(text):
    """The puzzle blocks of a janko.at file: runs of non-blank, non-comment lines."""
    out, cur = [], []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            if cur:
                out.append("\n".join(cur))
                cur = []
            continue
        cur.append(line.rstrip())
    if cur:
        out.append("\n".join(cur))
    return out


def main(argv):
    import puzzlekit
    from puzzlekit.solvers import get_solver_class

    if argv and argv[0] == "--types":
        import puzzlekit.parsers.registry as reg

        names = [n for n in dir(reg) if isinstance(getattr(reg, n), dict)]
        types = set()
        for n in names:
            types.update(k for k in getattr(reg, n) if isinstance(k, str))
        print(" ".join(sorted(t for t in types if _has(get_solver_class, t))))
        return 0
    kind, path = argv[:2]
    with open(path) as f:
        text = f.read()
    get_solver_class(kind)  # its module and OR-tools: imports, not solving
    t0 = time.perf_counter()
    for block in blocks(text):
        try:
            res = puzzlekit.solve(block, kind, solver_options={"num_search_workers": 1}
                                  if "--one-worker" in argv else None)
            status = res.solution_data.get("status", "Unknown")
            grid = res.solution_data.get("solution_grid")
            rows = getattr(grid, "matrix", None) if grid is not None else None
        except Exception as e:  # a puzzle puzzlekit cannot read: report it, go on
            print("error " + type(e).__name__)
            continue
        if not rows:
            print(status + " -")
        else:
            print(status + " " + "/".join(" ".join(str(v) for v in row) for row in rows))
    print(f"# time {time.perf_counter() - t0:.6f}")
    sys.stdout.flush()
    return 0


def _has(get_solver_class, t):
    try:
        get_solver_class(t)
        return True
    except Exception:
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
