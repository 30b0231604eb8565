"""Names defined once in the house: the exit codes, and the layer list CONTRIBUTING states."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import structure

ROOT = Path(__file__).resolve().parents[1]
EXIT_CODES = structure.PACKAGE / "cli" / "exitcodes.py"


def _exit_code_assignments(path: Path) -> list[str]:
    """``file:line name`` for every module-level assignment to an ``EXIT_*`` name in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            out += [f"{path.relative_to(ROOT)}:{node.lineno} {n.id}" for n in names
                    if isinstance(n, ast.Name) and n.id.startswith("EXIT_")]
    return out


def test_exit_codes_are_defined_once():
    found = [hit for path in sorted(structure.PACKAGE.rglob("*.py")) if path != EXIT_CODES
             for hit in _exit_code_assignments(path)]
    assert not found, f"exit codes are defined in gridsat.cli.exitcodes only: {found}"
    assert len(_exit_code_assignments(EXIT_CODES)) == 5
