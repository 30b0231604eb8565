"""benchmarks/kinds.py: the kinds' benchmark runs on a tiny generated collection without its peer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "kinds.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600)


def _rows(out: str) -> dict[str, list[str]]:
    """The table's rows by kind: its cells after the kind's."""
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] not in ("kind", "---"):
            rows[cells[0]] = cells[1:]
    return rows


@pytest.mark.parametrize("peer", [None, sys.executable], ids=["no-peer", "python-without-puzzlekit"])
def test_kinds_benchmark_prints_its_table_without_puzzlekit(tmp_path, peer):
    """Two generated puzzles of two kinds: every gridsat answer matches the reference (CP-SAT's
    answer, written with the collection); the peer's columns say why they are empty."""
    args = ["--generate", "2", "--kinds", "kenken,skyscrapers", "--repeat", "1", "--cache", str(tmp_path)]
    if peer:
        args += ["--puzzlekit-python", peer]
    r = _run(*args)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = _rows(r.stdout)
    assert set(rows) == {"kenken", "skyscrapers"}, r.stdout
    for kind, cells in rows.items():
        assert cells[:3] == ["2", "2/2", "no peer"], (kind, cells)
        assert float(cells[3]) > 0 and float(cells[6]) > 0 and float(cells[9]) > 0  # wall, CPU, in process
    assert ("no puzzlekit in" in r.stdout) == bool(peer)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kenken-n2-s1.txt", "skyscrapers-n2-s1.txt"]


def test_kinds_benchmark_counts_a_published_solution_that_differs(tmp_path):
    """A janko.at file given by path: the solution after ``## solution`` is the reference, and
    an answer that differs from it is not counted as matching."""
    gen = tmp_path / "gen"
    assert _run("--generate", "1", "--kinds", "kenken", "--repeat", "1", "--cache", str(gen)).returncode == 0
    text = (gen / "kenken-n1-s1.txt").read_text()
    head, _, sol = text.partition("## solution")
    lines = sol.strip().splitlines()
    first = lines[2].split()  # the first row of the board: swap its first two digits
    lines[2] = " ".join([first[1], first[0]] + first[2:])
    (tmp_path / "kenken.txt").write_text(head + "## solution\n" + "\n".join(lines[1:]) + "\n")
    r = _run("--janko", str(tmp_path), "--kinds", "kenken", "--repeat", "1")
    assert r.returncode == 0, r.stderr[-2000:]
    assert _rows(r.stdout)["kenken"][:2] == ["1", "0/1"]
    (tmp_path / "kenken.txt").write_text(text)
    r = _run("--janko", str(tmp_path / "kenken.txt"), "--kinds", "kenken", "--repeat", "1")
    assert _rows(r.stdout)["kenken"][:2] == ["1", "1/1"]
