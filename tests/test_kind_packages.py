"""A kind is a package: what belongs to a kind lives in ``gridsat/kinds/<kind>/``, the rest of
the house names no kind, no import is named by a string across a layer, and ``import gridsat``
loads no kind package."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

import structure



def _kind_words() -> tuple[str, ...]:
    """Every kind's name, aliases and puzzle class name (matched in any case)."""
    from gridsat.kinds import KINDS

    return tuple(sorted({w.lower() for k in KINDS.values() for w in (k.name, *k.aliases, k.puzzle_class.__name__)}))


#: the kind names (and aliases) and the puzzle classes' names, as the code may spell them
KIND_WORDS = _kind_words()

def _docstrings(tree: ast.AST) -> set[int]:
    """``id()`` of the string constants that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _code_words(tree: ast.AST) -> list[str]:
    """The identifiers and the non-docstring string literals of a module's code."""
    skip = _docstrings(tree)
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, ast.arg):
            words.append(node.arg)
        elif isinstance(node, ast.keyword) and node.arg:
            words.append(node.arg)
        elif isinstance(node, ast.alias):
            words += [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.append(node.module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words.append(node.value)
    return words


def _vocabulary_words() -> "re.Pattern":
    """The constraint types' names and class names (``killercage``, ``KillerCage``): words of
    the constraint vocabulary, not kind names, whatever kind name one of them contains."""
    from gridsat.constraints import get_constraint, list_constraints

    names = {w for t in list_constraints() for w in (t, get_constraint(t).__name__)}
    return re.compile("|".join(sorted(map(re.escape, names), key=len, reverse=True)), re.IGNORECASE)


#: string literals that are a word of an outside format and happen to equal a kind's name,
#: each with the module that reads it and what the word means there (exact literals only)
FORMAT_WORDS: dict[tuple[str, str], str] = {
    ("gridsat.kinds.sudoku.format_scl", "killer"): "SudokuPad's style name of a cage with a sum",
}


def kind_name_mentions(words: tuple[str, ...] = KIND_WORDS) -> dict[str, int]:
    """Module -> how many of its identifiers and string literals name a kind, for every module
    outside the kind packages (a kind package may name only its own kind); the constraint
    vocabulary's type names are left out first (:func:`_vocabulary_words`)."""
    from gridsat.kinds import get_kind

    pattern = re.compile("|".join(words), re.IGNORECASE)
    vocabulary = _vocabulary_words()
    out: dict[str, int] = {}
    for name, path in structure.modules().items():
        pkg = structure.kind_package(name)
        mine: set[str] = set()
        if pkg is not None:  # its own kind's names and aliases are at home here
            kind = get_kind(pkg.rpartition(".")[2])
            mine = {kind.name, *kind.aliases, kind.puzzle_class.__name__.lower()}
        tree = ast.parse(path.read_text(encoding="utf-8"))
        n = sum(1 for w in _code_words(tree) if (name, w) not in FORMAT_WORDS
                for m in pattern.finditer(vocabulary.sub(" ", w)) if m.group(0).lower() not in mine)
        if n:
            out[name] = n
    return out


def test_kind_names_live_in_their_kind_packages():
    """No module outside the kind packages names a kind in its code (identifiers and string
    literals), and a kind package names no other kind."""
    assert kind_name_mentions() == {}, "kind names outside their kind package (module: how many)"


def test_the_kind_name_check_fails_on_a_kind_name_outside_its_package(tmp_path, monkeypatch):
    """A module of the house that names a kind is found (the check is not vacuous)."""
    bad = tmp_path / "named.py"
    bad.write_text('FORMAT = "jigsaw-line"\n', encoding="utf-8")
    monkeypatch.setattr(structure, "modules", lambda: {"gridsat.named": bad})
    assert kind_name_mentions() == {"gridsat.named": 1}


def test_the_kind_name_check_sees_a_kind_name():
    """The scan counts identifiers and string literals, not comments or docstrings."""
    assert {"sudoku", "classic", "jigsaw", "nonomino", "hidato", "numbrix", "hidoku"} <= set(KIND_WORDS)
    tree = ast.parse('"""a sudoku"""\n# a hidato\nfrom x import generate_sudoku\nk = "numbrix"\n'
                     'def f(jigsaw):\n    """classic"""\n    return Hidato.numbrix(jigsaw)\n')
    hits = [w for w in _code_words(tree) if re.search("|".join(KIND_WORDS), w, re.IGNORECASE)]
    assert sorted(hits) == ["Hidato", "generate_sudoku", "jigsaw", "jigsaw", "numbrix", "numbrix"]


# -------------------------------------------------------------- imports named by strings

#: a string that names a module of the package: ``gridsat.a.b``, ``gridsat.a.b:attr`` or a
#: ``Ref``-like ``a.b:attr``
_MODULE_STRING = re.compile(r"^(?:gridsat(?:\.\w+)+(?::\w+)?|\w+(?:\.\w+)+:\w+)$")
_IMPORTERS = {"import_module", "__import__"}


def _own_package(arg: ast.expr) -> bool:
    """``f"{__name__}.{x}"`` / ``f"{__package__}.{x}"``: a module of the caller's own package."""
    return (isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.FormattedValue)
            and isinstance(arg.values[0].value, ast.Name) and arg.values[0].value.id in ("__name__", "__package__"))


def _compiled(target: str) -> bool:
    """Whether ``gridsat.x`` is a compiled extension module (built by ``setup.py``)."""
    setup = structure.SRC.parent / "setup.py"
    return setup.exists() and f'"{target}"' in setup.read_text(encoding="utf-8")


def string_named_imports() -> list[str]:
    """Places where a string names a module of another layer, or an import takes a literal
    name this test cannot follow (``module:line: what``)."""
    modules = structure.modules()
    out = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                text = node.value
                if _MODULE_STRING.match(text):
                    target = text.partition(":")[0]
                    if target not in modules and _compiled(target):
                        continue  # a compiled module (gridsat._native): no layer of its own
                    if target not in modules or structure.layer(target) != structure.layer(name):
                        out.append(f"{name}:{node.lineno}: {text!r}")
            elif isinstance(node, ast.Call):
                fn = node.func
                called = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
                if called not in _IMPORTERS or not node.args:
                    continue
                arg = node.args[0]
                relative_to_self = (len(node.args) > 1 and isinstance(node.args[1], ast.Name)
                                    and node.args[1].id in ("__name__", "__package__"))
                if _own_package(arg) or relative_to_self:
                    continue  # a module of its own package (a lazy table, a command, a submodule asked for)
                # (a literal name is a string constant, checked above)
                if isinstance(arg, ast.JoinedStr):
                    out.append(f"{name}:{node.lineno}: {called}(f-string)")
    return sorted(out)


def test_no_string_named_import_crosses_a_layer():
    assert string_named_imports() == []


def test_the_string_import_check_sees_a_ref(tmp_path, monkeypatch):
    """A ``Ref("module:attr")``-style string pointing at another layer is reported."""
    pkg = tmp_path / "gridsat"
    (pkg / "kinds").mkdir(parents=True)
    (pkg / "cli").mkdir()
    for f in ("__init__.py", "kinds/__init__.py", "cli/__init__.py", "cli/generate_x.py"):
        (pkg / f).write_text('"""x"""\n', encoding="utf-8")
    (pkg / "kinds" / "rec.py").write_text('"""x"""\nmake = Ref("gridsat.cli.generate_x:values")\n'
                                           'import importlib\nimportlib.import_module("gridsat.cli")\n',
                                           encoding="utf-8")
    monkeypatch.setattr(structure, "SRC", tmp_path)
    monkeypatch.setattr(structure, "PACKAGE", pkg)
    structure.modules.cache_clear()
    structure.graph.cache_clear()
    try:
        found = string_named_imports()
    finally:
        structure.modules.cache_clear()
        structure.graph.cache_clear()
    assert found == ["gridsat.kinds.rec:2: 'gridsat.cli.generate_x:values'",
                     "gridsat.kinds.rec:4: 'gridsat.cli'"]


# -------------------------------------------------------------- start-up


def test_import_gridsat_loads_no_kind_package():
    code = "import sys, gridsat; print(sorted(m for m in sys.modules if m.startswith('gridsat.kinds')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_puzzle_class_comes_through_the_kind_registry():
    """``gridsat.Sudoku`` loads the kind packages (found under ``gridsat/kinds/``), no table of names."""
    code = ("import sys, gridsat; cls = gridsat.Hidato; "
            "print(cls.__module__, sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('gridsat.kinds.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "gridsat.kinds.hidato.puzzle"


def test_the_public_names_come_from_the_kind_records():
    """``gridsat.__all__`` is every kind's puzzle class (listing order) then the other public
    names; ``from gridsat import *`` brings them, and ``import gridsat`` alone loads no kind."""
    code = ("import sys, gridsat; print(sorted(m for m in sys.modules if m.startswith('gridsat.kinds')))\n"
            "names = list(gridsat.__all__); ns = {}; exec('from gridsat import *', ns)\n"
            "print(names[:2], sorted(set(names) - set(ns)), ns['Hidato'].__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["[]", "['Sudoku', 'Hidato'] [] gridsat.kinds.hidato.puzzle"]


def test_a_kind_backend_imported_before_the_registry_is_read_stays_registered():
    """Importing a kind's backend module first (as a test or a plug-in may) registers the
    backend; the registry's later look-up of the kinds' backends keeps it."""
    code = ("import gridsat.kinds.sudoku.backend_native, gridsat; gridsat.list_backends(); "
            "print(gridsat.get_backend('native').name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "native"


def test_a_puzzle_class_imported_alone_brings_its_verifier_rules():
    """A kind's package loads its verifier rules (``rules.py``): with only the puzzle class
    imported, a right answer passes and a wrong one is named, for every built-in kind."""
    code = ("from gridsat.kinds.hidato.puzzle import Hidato\n"
            "from gridsat.kinds.sudoku.puzzle import Sudoku\n"
            "import gridsat\n"
            "h = Hidato(2, 2, givens={(0, 0): 1})\n"
            "s = Sudoku(4, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0])\n"
            "print(gridsat.verify(h, [1, 2, 4, 3]), gridsat.verify(h, [1, 2, 2, 3])[0])\n"
            "print(gridsat.verify(s, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]),\n"
            "      gridsat.verify(s, [1] * 16)[0])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["[] 2 is placed twice (cells 1 and 2)",
                                       "[] solution has 1 at r1c2 where the given is 2"]
