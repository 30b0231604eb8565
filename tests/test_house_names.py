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


CONTRIBUTING = ROOT / "CONTRIBUTING.md"
ARCHITECTURE = ROOT / "docs" / "explain" / "architecture.md"


def contributing_layers(text: str) -> list[str]:
    """The lines of CONTRIBUTING's layer list (between its ``layers: start``/``end`` markers)."""
    m = re.search(r"<!-- layers: start -->\n(.*?)\n<!-- layers: end -->", text, re.S)
    assert m, "CONTRIBUTING.md has no layer list between <!-- layers: start --> and <!-- layers: end -->"
    return m.group(1).splitlines()


def test_contributing_states_the_enforced_layers():
    stated = contributing_layers(CONTRIBUTING.read_text(encoding="utf-8"))
    assert stated == structure.layer_list(), (
        "CONTRIBUTING.md's layer list differs from LAYERS in tests/structure.py; "
        "`python tests/structure.py --layers` prints the list to paste")


def picture_layers(text: str) -> dict[int, set[str]]:
    """The rows of the layer picture in architecture.md: layer number -> its parts."""
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block, "architecture.md has no ```text picture of the layers"
    rows: dict[int, set[str]] = {}
    for line in block.group(1).splitlines():
        m = re.match(r"\s*(\d+)\s{2,}(\S+(?: · \S+)*)", line)
        if m:
            rows[int(m.group(1))] = set(m.group(2).split(" · "))
    return rows


def test_the_architecture_picture_shows_the_enforced_layers():
    assert picture_layers(ARCHITECTURE.read_text(encoding="utf-8")) == dict(enumerate(structure.LAYERS))
