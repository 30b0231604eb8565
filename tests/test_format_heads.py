"""The kinds' head manifests (``kinds/<kind>/format_head.py``, read by
:mod:`gridsat.formats.heads`): detection leaves a kind's formats unimported only when none of
them could claim the text, so the format it tells is the one it tells with every kind loaded;
and a Sudoku line file read through the command line's reader loads no other kind's formats."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gridsat.formats import FORMATS, detect_format, list_formats
from gridsat.formats.detect import _head
from gridsat.formats.heads import digit_lines, excluded, manifests
from gridsat.kinds import KINDS, get_kind

from fuzz.corpus import seeds

SRC = Path(__file__).resolve().parents[1] / "src"
PUZZLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def _digit_texts(n: int = 600, seed: int = 7) -> list[str]:
    """Texts of plain digit lines of many shapes: lines of 1 to 100 digits and dots, square
    lengths, grids, nonomino-like pairs, blank lines between."""
    rng = random.Random(seed)
    out = [PUZZLE + "\n", PUZZLE + "\n" + PUZZLE + "\n", "\n".join(PUZZLE[i:i + 9] for i in range(0, 81, 9)) + "\n",
           "1.3.\n..1.\n.1..\n4..1\n", "12\n", "11\n12\n21\n22\n", "0\n", ".\n", "1234\n\n5678\n",
           "".join(PUZZLE[:64]) * 2 + "\n", "\n".join([(PUZZLE * 2)[:64]] * 64) + "\n"]
    for _ in range(n):
        width = rng.choice([1, 2, 3, 4, 9, 16, 25, 36, 49, 63, 64, 65, 81, rng.randint(1, 100)])
        rows = rng.choice([1, 1, 2, 3, 4, 9, width if width <= 16 else 1, rng.randint(1, 20)])
        alphabet = rng.choice(["0123456789", "0123456789.", "0.", "1234", "123456789", "19"])
        lines = ["".join(rng.choice(alphabet) for _ in range(width)) for _ in range(rows)]
        if rng.random() < 0.2:
            lines.insert(rng.randrange(len(lines) + 1), "")
        out.append("\n".join(lines) + rng.choice(["\n", "", "\r\n", "\n\n"]))
    return out


def _texts() -> list[str]:
    """The fuzzing corpus (every sample and example in every format), each text's first line
    alone, and the digit-line texts."""
    texts = [s.text for s in seeds()]
    texts += [t.split("\n", 1)[0] + "\n" for t in texts]
    return texts + _digit_texts()


def _module_of(fmt) -> str:
    return fmt.sniff.__module__.rpartition(".")[2]


def test_digit_lines():
    assert digit_lines(PUZZLE + "\n\n" + PUZZLE.replace("0", ".") + "\r\n")
    for text in ("", "\n\n", "9 9\n", "# 123\n123\n", "123|456\n", "12a\n", "[1 2]\n", "1,2/3,4\n", "-12\n"):
        assert not digit_lines(text), text


def test_every_kind_package_has_a_manifest():
    """Every kind package says what detection may leave out (a kind without one is always
    imported: correct, but every command line then pays for it)."""
    found = manifests()
    assert set(found) >= set(KINDS) and all(found[name] is not None for name in KINDS)


def test_a_manifest_rules_out_only_texts_its_kind_cannot_claim():
    """For every text of the corpus: no format of a kind its manifest rules out sniffs the
    text, the kind guesses no format for it (early or late), and of a kind whose manifest names
    the modules that may claim it, no format of another module sniffs it."""
    kinds = list(KINDS.values())
    fmts = list_formats()
    wrong = []
    for text in _texts():
        head = _head(text)
        out = excluded(head)
        for f in fmts:
            if f.kind == "*" or not f.sniff(head):
                continue
            m = manifests().get(f.kind)
            named = getattr(m, "modules", lambda h: None)(head)
            if f.kind in out or (named is not None and _module_of(f) not in named):
                wrong.append((f.name, head[:60]))
        for k in kinds:
            if k.name in out and k.guess_format is not None:
                for early in (True, False):
                    if k.guess_format(head, early=early):
                        wrong.append((f"{k.name} guess (early={early})", head[:60]))
    assert wrong == []


def test_the_manifests_leave_out_every_other_kind_for_a_digit_line():
    """The point of them: a file of Sudoku lines needs no other kind's formats."""
    line = get_kind(detect_format(PUZZLE + "\n").kind)
    assert excluded(PUZZLE + "\n") == {k for k in KINDS if k != line.name}


_PROBE = textwrap.dedent("""
    import argparse, json, sys
    from gridsat.cli.inputs import iter_entries
    fmt, kind = (sys.argv[2:4] + [None, None])[:2]
    args = argparse.Namespace(format=fmt, kind=kind, box=None, files=[sys.argv[1]], example=[])
    entries = list(iter_entries(args))
    print(json.dumps({"entries": [[e.ok, e.format, e.puzzle.kind if e.ok else str(e.error)] for e in entries],
                      "modules": sorted(m for m in sys.modules if m.startswith("gridsat."))}))
""")


def _probe(path: Path, *options: str) -> dict:
    """What the command line's reader reads of ``path`` in a fresh process (``options``: the
    format and the kind named), and the modules it loaded."""
    out = subprocess.run([sys.executable, "-c", _PROBE, str(path), *options], capture_output=True, text=True,
                         timeout=120,
                         env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _kind_package(kind) -> str:
    return kind.puzzle_class.__module__.rpartition(".")[0]


def test_a_sudoku_line_file_loads_no_other_kinds_formats(tmp_path):
    """Read through the command line's reader, a file of one-line puzzles of the default
    kind imports no other kind's package or format modules, and only the format modules of
    its own kind that may read such lines."""
    kind = get_kind(detect_format(PUZZLE + "\n").kind)
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n" + PUZZLE + "\n")
    got = _probe(path)
    assert got["entries"] == [[True, "line", kind.name]] * 2
    others = [_kind_package(k) for k in KINDS.values() if k.name != kind.name]
    assert [m for m in got["modules"] if any(m == p or m.startswith(p + ".") for p in others)] == []
    own = {f.sniff.__module__ for f in list_formats(kind.name) if f.kind == kind.name}
    assert 0 < len(own & set(got["modules"])) < len(own)


def test_a_format_named_with_its_kind_loads_that_kind_alone(tmp_path):
    """``--kind K --format K-...``: the format is found in its own kind's package, and no
    other kind package is imported (not for the lookup, not for reading)."""
    seed = next(s for s in seeds() if s.format.startswith(s.kind + "-") and s.kind != detect_format(PUZZLE).kind)
    path = tmp_path / "k.txt"
    path.write_text(seed.text)
    got = _probe(path, seed.format, seed.kind)
    assert got["entries"] and all(ok and fmt == seed.format for ok, fmt, _ in got["entries"])
    others = [_kind_package(k) for k in KINDS.values() if k.name != seed.kind]
    assert [m for m in got["modules"] if any(m == p or m.startswith(p + ".") for p in others)] == []


@pytest.mark.parametrize("pick", ["line-2", "grid", "nonomino", "bad-line", "json", "other"])
def test_a_fresh_process_tells_the_format_every_kind_would(tmp_path, pick):
    """Detection in a fresh process (manifests narrowing what is imported) reads a file as a
    process that has every kind loaded does: the same entries, formats and errors."""
    other = next(s for s in seeds() if s.kind != get_kind(detect_format(PUZZLE + "\n").kind).name
                 and s.format != "json")
    texts = {"line-2": PUZZLE + "\n" + PUZZLE[:80] + "\n",
             "grid": "\n".join(PUZZLE[i:i + 9] for i in range(0, 81, 9)) + "\n",
             "nonomino": "11\n12\n21\n22\n",
             "bad-line": PUZZLE[:79] + "\n",
             "json": next(s.text for s in seeds() if s.format == "json"),
             "other": other.text}
    path = tmp_path / "t.txt"
    path.write_text(texts[pick])
    fresh = _probe(path)["entries"]
    loaded = _probe_loaded(path)
    assert fresh == loaded


def _probe_loaded(path: Path) -> list:
    """:func:`_probe`'s entries in a process that loaded every kind's formats first."""
    code = "from gridsat.formats import FORMATS; len(FORMATS)\n" + _PROBE
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["entries"]


def test_kind_packages_that_cannot_be_listed_leave_detection_to_every_kind(monkeypatch):
    """Installed where the kind packages are no folders (a zip), no kind is left out."""
    from gridsat.formats import heads

    monkeypatch.setattr(heads, "_kind_dirs", lambda: [])
    assert heads.weigh(PUZZLE + "\n", FORMATS) is None
    assert detect_format(PUZZLE + "\n").name == "line"
