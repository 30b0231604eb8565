"""The shape of the package: no import cycles, layers that only point down, small modules,
kind branches only in the kind records, and a light ``import gridsat``."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import structure

HEAVY = ("ortools", "pandas", "minizinc", "matplotlib", "networkx")


def test_no_import_cycle_in_the_source():
    """Module-level and function-level imports together form no cycle."""
    assert structure.cycles(structure.graph(function_level=True)) == []


def test_no_import_points_up_a_layer():
    assert structure.upward_imports() == []


def test_every_part_has_a_layer():
    for name in structure.modules():
        structure.layer(name)


def test_modules_are_at_most_600_lines():
    long = {name: n for name, path in structure.modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def test_c_sources_are_at_most_600_lines():
    src = Path(structure.__file__).resolve().parents[1] / "src" / "gridsat"
    sources = sorted(p for d in (src / "native", src / "kinds" / "sudoku" / "logic" / "native")
                     for p in d.glob("*.[ch]"))
    assert len({p.parent for p in sources}) == 2
    long = {p.name: n for p in sources if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def _kind_branch() -> re.Pattern:
    """Code that compares something with a kind's name or alias (``kind == "sudoku"``,
    ``puzzle.kind in ("hidato", ...)``)."""
    from gridsat.kinds import KINDS

    names = "|".join(sorted({n for k in KINDS.values() for n in (k.name,) + k.aliases}))
    word = rf"""["'](?:{names})["']"""
    return re.compile(rf"(?:==|!=)\s*{word}|{word}\s*(?:==|!=)|\bin\s*[(\[{{][^)\]}}]*{word}")


def test_kind_branches_live_in_the_kind_records():
    pattern = _kind_branch()
    found = []
    for name, path in structure.modules().items():
        if structure.part(name) == "kinds":
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line.split("#")[0]):
                found.append(f"{name}:{i}: {line.strip()}")
    assert found == []


RUNTIME_CYCLES = textwrap.dedent("""
    import builtins, importlib, importlib.util, pkgutil, sys
    loading = []          # modules of the package being executed, innermost last
    cycles = set()
    real_import = builtins.__import__

    def spy(name, globals=None, locals=None, fromlist=(), level=0):
        pkg = (globals or {}).get("__package__") or ""
        full = importlib.util.resolve_name("." * level + name, pkg) if level else name
        for target in [full] + [full + "." + f for f in (fromlist or ()) if isinstance(f, str)]:
            me = loading[-1] if loading else ""
            ancestor = me.startswith(target + ".")  # a package is loading while its module runs
            if target.startswith("gridsat") and target in loading and target != me and not ancestor:
                cycles.add((me, target))
        return real_import(name, globals, locals, fromlist, level)

    class Watch:
        def find_spec(self, name, path=None, target=None):
            if not name.startswith("gridsat"):
                return None
            sys.meta_path.remove(self)
            try:
                spec = importlib.util.find_spec(name)
            finally:
                sys.meta_path.insert(0, self)
            if spec is None or spec.loader is None:
                return spec
            run = spec.loader.exec_module
            def exec_module(module, run=run, name=name):
                loading.append(name)
                try:
                    run(module)
                finally:
                    loading.pop()
            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, Watch())
    builtins.__import__ = spy
    import gridsat
    skip = {"gridsat.examples._generate", "gridsat.cli.__main__", "gridsat.__main__"}
    for info in pkgutil.walk_packages(gridsat.__path__, "gridsat."):
        if info.name in skip:
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:
            pass  # an optional dependency is missing here
    print(sorted(cycles))
""")


def test_no_import_cycle_at_run_time():
    """Importing every module, no module asks for one that is still being executed."""
    out = subprocess.run([sys.executable, "-c", RUNTIME_CYCLES], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


IMPORT_ALL = textwrap.dedent("""
    import importlib, pkgutil, gridsat
    skip = {"gridsat.examples._generate", "gridsat.cli.__main__", "gridsat.__main__"}
    for info in pkgutil.walk_packages(gridsat.__path__, "gridsat."):
        if info.name not in skip:
            try:
                importlib.import_module(info.name)
            except ImportError:
                pass  # an optional dependency is missing here
""")


def _import_tree(code: str = "import gridsat") -> list[tuple[int, str, int]]:
    """``python -X importtime -c CODE``: (depth, module, cumulative microseconds) per line."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                         capture_output=True, text=True, timeout=120)
    rows = []
    for line in out.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((len(m.group(3)) // 2, m.group(4), int(m.group(2))))
    return rows


def test_importtime_shows_no_heavy_library():
    names = [name for _, name, _ in _import_tree()]
    assert "gridsat" in names
    assert not [n for n in names if n.split(".")[0] in HEAVY]


def test_importtime_tree_points_down_the_layers():
    """In the ``-X importtime`` tree of importing every module, each gridsat module is first
    imported by a module of its own layer or one above (a child line belongs to the next
    line with a smaller depth)."""
    rows = _import_tree(IMPORT_ALL)
    assert sum(name.startswith("gridsat.") for _, name, _ in rows) > 50
    up = []
    for i, (depth, name, _) in enumerate(rows):
        if not name.startswith("gridsat.") or name in structure.SCRIPTS:
            continue
        parent = next((n for d, n, _ in rows[i + 1:] if d < depth), None)
        if parent and parent.startswith("gridsat") and parent not in structure.SCRIPTS:
            if structure.layer(parent) < structure.layer(name):
                up.append(f"{parent} -> {name}")
    assert up == []


def test_import_gridsat_leaves_heavy_libraries_unloaded():
    code = "import sys, gridsat; print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in %r)))" % (HEAVY,)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


def test_a_9x9_check_loads_no_ortools():
    code = ("import sys, gridsat; p = gridsat.Sudoku.classic([int(c) for c in "
            "'003020600900305001001806400008102900700000008006708200002609500800203009005010300']); "
            "assert gridsat.check(p).status == 'unique'; print('ortools' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.slow
def test_import_gridsat_is_fast():
    """A loose bound for a shared machine (the target, 0.12 s, is measured in benchmarks/startup.py)."""
    best = min(next(us for _, name, us in _import_tree() if name == "gridsat") for _ in range(3))
    assert best < 400_000


def test_every_public_function_has_a_docstring():
    assert structure.missing_docstrings() == []


def test_a_check_from_the_command_line_loads_its_own_command_only(tmp_path):
    """``gridsat check FILE`` imports the check command and what it needs: not the other
    commands, nor the drawing code, pathlib or urllib (each costs start-up time)."""
    path = tmp_path / "p.txt"
    path.write_text("003020600900305001001806400008102900700000008006708200002609500800203009005010300\n")
    code = ("import sys, io, contextlib; from gridsat.cli import main, COMMANDS\n"
            "with contextlib.redirect_stdout(io.StringIO()): code = main(['check', sys.argv[1]])\n"
            "mods = set(sys.modules)\n"
            "print(code, sorted(m for m in set(COMMANDS.values()) if 'gridsat.cli.' + m in mods),\n"
            "      sorted(m for m in ('gridsat.rendering', 'html.entities', 'pathlib', 'urllib.parse') if m in mods))")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "0 ['check'] []"
