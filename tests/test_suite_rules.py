"""Rules for the suite itself: it must pass on shared, loaded machines.

No test asserts on wall time: a wall-clock bound that holds on an idle machine fails when the
other core is busy. A test that shows a limit holds bounds CPU time (``cpu.cpu``) or counts
instead; speed belongs to ``benchmarks/``. A generous ``timeout=`` that only guards against a
hang is not an assertion and stays.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: calls that read the wall clock
WALL = {"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns"}


def _wall_names(tree: ast.AST) -> set[str]:
    """Names assigned from a wall-clock reading (``t0 = time.perf_counter()``, ``took = ... - t0``)."""
    names: set[str] = set()
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _reads_wall(node.value, names):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id not in names:
                        names.add(target.id)
                        changed = True
    return names


def _reads_wall(node: ast.AST, names: set[str]) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in WALL \
                and isinstance(sub.func.value, ast.Name) and sub.func.value.id == "time":
            return True
        if isinstance(sub, ast.Name) and sub.id in names:
            return True
    return False


def wall_clock_asserts(source: str) -> list[int]:
    """Line numbers of the ``assert`` statements that compare a wall-clock reading."""
    tree = ast.parse(source)
    names = _wall_names(tree)
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Assert) and any(isinstance(c, ast.Compare) and _reads_wall(c, names)
                                                    for c in ast.walk(node.test))]


def test_the_rule_finds_a_wall_clock_assert():
    code = ("import time\nt0 = time.perf_counter()\nwork()\ntook = time.perf_counter() - t0\n"
            "assert took < 1.0\nassert time.monotonic() - t0 < 2\nassert result < 1.0\n")
    assert wall_clock_asserts(code) == [5, 6]


def test_no_test_asserts_on_wall_time():
    found = [f"{path.relative_to(TESTS)}:{line}" for path in sorted(TESTS.rglob("*.py"))
             for line in wall_clock_asserts(path.read_text(encoding="utf-8"))]
    assert not found, "wall-clock asserts (bound CPU time with cpu.cpu, or counts, instead): " + ", ".join(found)
