"""The kinds' head manifests: which kinds' formats may claim a text, told before any kind
package is imported.

Detection (:func:`gridsat.formats.detect.detect_format`) weighs every format of every kind,
and a kind's formats register only when its package and its format modules are imported,
which costs far more than telling the one file a command line names. So each kind package
may hold a module ``format_head.py`` that imports nothing of its own package and answers one
question::

    def claims(head: str) -> bool:
        '''False only when none of the kind's formats sniffs ``head`` and the kind's
        ``guess_format`` guesses no format for it (early or late).'''

This module reads those files without importing the kind packages (each file is loaded
alone, by its path), and :func:`excluded` names the kinds whose manifest rules a text out.
Detection then imports the other kinds only, decides as it always does, and falls back to
every kind when the decision could depend on the kinds left out (no format claims the text:
the error lists every format). A kind without a manifest is never left out.

A manifest may only ever say less than its formats: ``claims`` must be a necessary condition
of the kind's sniffs and guesses. The shapes of text the manifests test are defined here, once
(:func:`digit_lines`); ``tests/test_format_heads.py`` checks each manifest against its kind's
formats on the test suite's texts.
"""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType
from typing import Any

__all__ = ["digit_lines", "excluded", "weigh", "manifests", "kind_packages", "MANIFEST"]

#: the file name of a kind's head manifest, in its package
MANIFEST = "format_head.py"
_DIGIT_LINE_CHARS = frozenset("0123456789.")
#: kind package name -> its manifest module (``None``: the package has none)
_LOADED: dict[str, "ModuleType | None"] = {}


def digit_lines(head: str) -> bool:
    """Whether every line of ``head`` is blank or one run of digits and dots (``003020600...``),
    with at least one such run: no spaces inside a line, no comment, no letter, no other sign.

    >>> digit_lines("003020600900305001\\n\\n"), digit_lines("9 9\\n"), digit_lines("# 12\\n12\\n")
    (True, False, False)
    """
    seen = False
    for line in head.split("\n"):
        s = line.strip(" \t\r")
        if not s:
            continue
        if not _DIGIT_LINE_CHARS.issuperset(s):
            return False
        seen = True
    return seen


def _kinds_package() -> str:
    from .. import kinds

    return kinds.__name__


_DIRS: list[tuple[str, str]] = []


def _kind_dirs() -> list[tuple[str, str]]:
    """``(package name, folder)`` of every kind package under ``gridsat/kinds/`` (read once)."""
    from .. import kinds

    if _DIRS:
        return _DIRS
    out = _DIRS
    for base in kinds.__path__:
        try:
            names = sorted(os.listdir(base))
        except OSError:  # (not a folder, e.g. a zip: :func:`weigh` then leaves detection to every kind)
            out.clear()
            return out
        for name in names:
            folder = os.path.join(base, name)
            if name.isidentifier() and os.path.isfile(os.path.join(folder, "__init__.py")):
                out.append((name, folder))
    return out


def _load(name: str, folder: str) -> "ModuleType | None":
    """The manifest in ``folder`` (loaded alone, not through its package), or ``None``."""
    if name in _LOADED:
        return _LOADED[name]
    path = os.path.join(folder, MANIFEST)
    module = None
    if os.path.isfile(path):
        # (its own name, so that its imports resolve as in place; it is not put in sys.modules)
        spec = importlib.util.spec_from_file_location(f"{_kinds_package()}.{name}.{MANIFEST[:-3]}", path)
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
    _LOADED[name] = module
    return module


def kind_packages() -> list[str]:
    """The names of the kind packages under ``gridsat/kinds/`` (none is imported)."""
    return [name for name, _ in _kind_dirs()]


def manifests() -> dict[str, "ModuleType | None"]:
    """Kind package name -> its manifest (``None``: it has none), for every kind package."""
    return {name: _load(name, folder) for name, folder in _kind_dirs()}


def excluded(head: str) -> set[str]:
    """The kind packages whose manifest says that none of their formats claims ``head`` (the
    part of a text detection tells its format from)."""
    return {name for name, m in manifests().items() if m is not None and not m.claims(head)}


def weigh(head: str, table: Any) -> "set[str] | None":
    """Register in ``table`` (the format registry, a :class:`~gridsat.kinds.base.Filled`) the
    formats detection weighs for ``head``, and name the kinds left out.

    Every kind's formats but those of the kinds :func:`excluded` names (which are returned);
    of a kind whose manifest's ``load(head)`` imports the modules of the formats that may
    claim ``head`` (and returns True), only those modules; every other kind's package and
    format modules are imported (:meth:`~gridsat.kinds.base.Filled.fill_kind`), and so are
    the formats of kinds registered from outside ``gridsat/kinds/``. ``None`` (nothing done)
    when the kind packages cannot be listed.
    """
    from ..kinds.base import registered

    if not _kind_dirs():
        return None  # (the kind packages cannot be listed, e.g. from a zip: detection asks every kind)
    out, some = set(), set()
    for name, m in manifests().items():
        if m is not None and not m.claims(head):
            out.add(name)
        elif m is not None and getattr(m, "load", None) is not None and m.load(head):
            some.add(name)
        else:
            table.fill_kind(name)
    for kind in registered():
        if kind.name not in out and kind.name not in some:
            table.fill_kind(kind.name)
    return out
