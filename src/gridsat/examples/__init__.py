"""Bundled example puzzles: every file in this folder is an example named after its stem.

>>> "sudoku-9x9" in [name for name, _ in list_examples()]
True
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import ParseError

__all__ = ["EXAMPLES_DIR", "list_examples", "example_path", "example_text", "load_example"]

EXAMPLES_DIR = Path(__file__).resolve().parent
_SKIP = {"__init__.py", "_generate.py"}


def _files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(EXAMPLES_DIR.iterdir())
            if p.is_file() and p.name not in _SKIP and not p.name.startswith((".", "_")) and p.suffix != ".pyc"}


def _description(path: Path) -> str:
    for raw in path.read_text(encoding="utf-8").splitlines()[:5]:
        m = re.match(r"\s*[#;]+\s*(?:name:\s*)?(.*\S)", raw)
        if m:
            return m.group(1)
        m = re.search(r'"name"\s*:\s*"([^"]*)"', raw)
        if m:
            return m.group(1)
    return ""


def list_examples() -> list[tuple[str, str]]:
    """``(name, description)`` of every bundled example, sorted by name."""
    return [(name, _description(p)) for name, p in _files().items()]


def example_path(name: str) -> Path:
    """The file of example ``name``; a :class:`ParseError` lists the known names."""
    files = _files()
    if name not in files:
        raise ParseError(f"no example {name!r}; known: {', '.join(files)}")
    return files[name]


def example_text(name: str) -> str:
    """The text of the bundled example ``name``."""
    return example_path(name).read_text(encoding="utf-8")


def load_example(name: str):
    """The first puzzle of example ``name``."""
    from ..formats import read_text

    entries = read_text(example_text(name), f"example:{name}")
    if not entries[0].ok:
        raise entries[0].error
    return entries[0].puzzle
