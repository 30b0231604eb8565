"""The C sources (the native core, the path search, the finite-domain kernel and the logical
solver's filter): every header compiles on its own
(it includes what it uses, so no header leans on names of the file that includes it), the
``#include`` graph has no cycle, and the build lists every header it depends on."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NATIVE = ROOT / "src" / "gridsat" / "native"
#: every directory of C sources (each extension's files sit in one of them)
DIRS = [NATIVE, ROOT / "src" / "gridsat" / "kinds" / "sudoku" / "logic" / "native"]
HEADERS = sorted(p for d in DIRS for p in d.glob("*.h"))
SOURCES = sorted(p for d in DIRS for p in d.glob("*.c"))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def includes(path: Path) -> list[str]:
    """The local files ``path`` includes (``#include "..."``), in order."""
    return INCLUDE.findall(path.read_text(encoding="utf-8"))


def include_cycle(graph: dict[str, list[str]]) -> list[str]:
    """One cycle of ``graph`` (file -> the files it includes) as a path, or ``[]``."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(v: str) -> list[str]:
        state[v] = 1
        path.append(v)
        for w in graph.get(v, []):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        path.pop()
        state[v] = 2
        return []

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return []


def test_the_include_graph_has_no_cycle():
    for d in DIRS:
        files = sorted(d.glob("*.h")) + sorted(d.glob("*.c"))
        graph = {p.name: includes(p) for p in files}
        for name, targets in graph.items():
            missing = [t for t in targets if not (d / t).exists()]
            assert not missing, f"{name} includes missing {missing}"
        assert include_cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert include_cycle({"a.h": ["b.h"], "b.h": ["c.h"], "c.h": ["a.h"]}) == ["a.h", "b.h", "c.h", "a.h"]
    assert include_cycle({"a.c": ["a.h", "b.h"], "b.h": ["a.h"], "a.h": []}) == []


@pytest.mark.parametrize("header", HEADERS, ids=[h.name for h in HEADERS])
def test_each_header_compiles_on_its_own(header):
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler")
    python_h = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not python_h.exists():
        pytest.skip("no Python.h (the extensions cannot be built here either)")
    cmd = [cc, "-fsyntax-only", "-std=c99", "-Werror=implicit-function-declaration", "-x", "c",
           f"-I{header.parent}", f"-I{python_h.parent}", str(header)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"{header.name} does not compile on its own:\n{r.stderr}"


def _depends() -> set[str]:
    """The file names setup.py lists as the extensions' sources and dependencies."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith(("_SOURCES", "_DEPENDS"))
                                                for t in node.targets):
            names |= {Path(e.value).name for e in node.value.elts if isinstance(e, ast.Constant)}
    return names


def test_the_build_lists_every_native_file():
    assert {p.name for p in HEADERS + SOURCES} <= _depends()
