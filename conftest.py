"""Collect the doctests of the package: ``pytest tests src/gridsat`` runs them.

Every module under ``src/gridsat`` is collected as a doctest module (the examples in the
docstrings), with or without ``--doctest-modules`` on the command line; test files are not
affected. A module that imports an optional package at import time is left out when that
package is not installed.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule

SRC = Path(__file__).resolve().parent / "src" / "gridsat"

#: module (relative to src/gridsat) -> the optional package it imports at import time
OPTIONAL = {
    "experiments/_figure.py": "matplotlib",
}


def _missing(path: Path) -> str | None:
    rel = path.relative_to(SRC).as_posix()
    package = OPTIONAL.get(rel)
    if package is not None and importlib.util.find_spec(package) is None:
        return package
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".py" or SRC not in file_path.parents or file_path.name == "__main__.py":
        return None
    if parent.config.option.doctestmodules or _missing(file_path):
        return None  # --doctest-modules collects it already, or it cannot be imported here
    return DoctestModule.from_parent(parent, path=file_path)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config):
    if collection_path.suffix == ".py" and SRC in collection_path.parents and _missing(collection_path):
        return True
    return None
