"""The package's import graph, read from the source (no module is imported).

Used by ``tests/test_structure.py``; ``python tests/structure.py`` prints the cycles and the
function-level imports.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "gridsat"


def module_name(path: Path) -> str:
    """``src/gridsat/a/b.py`` -> ``gridsat.a.b`` (``__init__`` names the package)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module of the package by name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(current: str, is_pkg: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = current.split(".")
    if not is_pkg:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, path: Path, *, function_level: bool) -> set[str]:
    """The package modules ``name`` imports: at module level, or only inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    known = modules()
    out: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, (ast.Import, ast.ImportFrom)) and inside == function_level:
                if isinstance(child, ast.Import):
                    targets = [a.name for a in child.names]
                else:
                    mod = _resolve(name, path.name == "__init__.py", child)
                    targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in child.names]
                for t in targets:
                    while t and t not in known:
                        t = t.rpartition(".")[0]
                    if t and t != name:
                        out.add(t)
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                continue
            visit(child, inside)

    visit(tree, False)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


@functools.lru_cache(maxsize=2)
def graph(function_level: bool = False) -> dict[str, set[str]]:
    """Module -> the package modules it imports (a package's ``__init__`` counts for its submodules'
    parents: importing ``a.b`` runs ``a`` first)."""
    g: dict[str, set[str]] = {}
    for name, path in modules().items():
        deps = imports(name, path, function_level=function_level)
        if function_level:
            deps |= imports(name, path, function_level=False)
        g[name] = deps
    return g


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10000)

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            strong(v)
    return out


#: the layers, bottom first: a module may import from its own layer and the layers below
LAYERS: list[set[str]] = [
    {"errors", "rendering", "limits", "boards"},
    {"result", "verifier", "puzzles", "constraints"},
    {"kinds"},
    {"encoders", "formats"},
    {"backends"},
    {"selection"},
    {"engine"},
    {"counting", "exports", "portfolio"},
    {"api"},
    {"generators", "examples"},
    {"experiments"},
    {"jobs"},
    {"web"},
    {"__init__"},
    {"cli"},
]

#: scripts kept inside the package that use it as a user does (``import gridsat``)
SCRIPTS = {"gridsat.examples._generate"}


#: a module inside a kind package (``gridsat/kinds/<kind>/``) takes the layer of its role, read
#: from the start of its file name: (prefix, the part whose layer it takes); the package's
#: ``__init__``, which assembles the kind's record from them all, sits above what it imports
KIND_ROLES: list[tuple[str, str]] = [
    ("choices", "kinds"),
    ("puzzle", "puzzles"),
    ("text", "puzzles"),
    ("verify", "verifier"),
    ("rules", "verifier"),
    ("encode", "encoders"),
    ("format", "formats"),
    ("read", "formats"),
    ("logic", "kinds"),
    ("backend", "backends"),
    ("generate", "generators"),
    ("draw", "rendering"),
    ("cli", "cli"),
]


def kind_package(module: str) -> str | None:
    """``gridsat.kinds.<kind>`` for a module of a kind package (or the package itself), else ``None``."""
    bits = module.split(".")
    if len(bits) >= 3 and bits[1] == "kinds" and (PACKAGE / "kinds" / bits[2]).is_dir():
        return ".".join(bits[:3])
    return None


def part(module: str) -> str:
    """The top-level part of the package a module belongs to (``__init__`` for ``gridsat``); a
    module of a kind package: the part of its role (:data:`KIND_ROLES`), ``kind`` for the
    package's ``__init__``."""
    bits = module.split(".")
    if kind_package(module) is not None:
        if len(bits) == 3:
            return "kind"
        for prefix, role in KIND_ROLES:
            if bits[3].startswith(prefix):
                return role
        raise KeyError(f"{module}: its file name starts with no role of KIND_ROLES")
    return bits[1] if len(bits) > 1 else "__init__"


def layer(module: str) -> int:
    """The layer index of a module (a kind package's ``__init__``: the highest layer it imports)."""
    p = part(module)
    if p == "kind":
        return max((layer(d) for d in graph(True)[module] if d != module), default=0)
    for i, names in enumerate(LAYERS):
        if p in names:
            return i
    raise KeyError(f"{module}: part {p!r} is in no layer")


def upward_imports() -> list[tuple[str, str]]:
    """Imports (at any level) from a module to a module of a higher layer."""
    out = []
    for name, deps in graph(True).items():
        if name in SCRIPTS:
            continue
        out += [(name, d) for d in sorted(deps) if layer(d) > layer(name)]
    return out


def missing_docstrings() -> list[str]:
    """Public modules, classes, functions and methods without a docstring (``name:line``)."""
    out = []
    for name, path in modules().items():
        if any(part.startswith("_") and part != "__init__" for part in path.relative_to(PACKAGE).with_suffix("").parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not ast.get_docstring(tree):
            out.append(f"{name}:1 (module)")

        def walk(node: ast.AST, prefix: str, in_class: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    public = not child.name.startswith("_")
                    if public and not ast.get_docstring(child):
                        out.append(f"{name}:{child.lineno} {prefix}{child.name}")
                    if isinstance(child, ast.ClassDef) and public:
                        walk(child, prefix + child.name + ".", True)

        walk(tree, "", False)
    return out


def layer_list() -> list[str]:
    """The layer list ``CONTRIBUTING.md`` states, one Markdown line per layer, bottom first.

    ``python tests/structure.py --layers`` prints it; ``tests/test_house_names.py`` checks that
    CONTRIBUTING says exactly this.
    """
    return [f"{i}. " + ", ".join(f"`{p}`" for p in sorted(names)) for i, names in enumerate(LAYERS)]


if __name__ == "__main__" and sys.argv[1:] == ["--layers"]:
    print("\n".join(layer_list()))
elif __name__ == "__main__":
    for level in (False, True):
        print("with function-level imports" if level else "module level")
        for c in cycles(graph(level)):
            print("  cycle:", " ".join(c))
