"""Every job has a clock: ``-t`` covers loading the backend and building the model, and the
commands of the logical solver and the generators take it too.

No test here asserts how long anything took: a slow step is made slower than the limit on
purpose (a sleep far past it), or the work is bounded by a time limit far below what it
needs and the test only checks that it answered, with a generous guard against a hang.
"""

from __future__ import annotations

import json
import sys
import time

from gridsat.cli import main

CLI = [sys.executable, "-m", "gridsat.cli"]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_loading_the_backend_counts_against_the_first_puzzles_limit(tmp_path, capsys, monkeypatch):
    import gridsat.backends as backends

    real, calls = backends.get_backend, []

    def slow(name):  # a backend whose loading (an import, the first time) outlasts the limit
        if not calls:
            time.sleep(0.6)
        calls.append(name)
        return real(name)
    monkeypatch.setattr(backends, "get_backend", slow)
    board = tmp_path / "two.txt"
    board.write_text("1...........4..1\n" * 2)
    code, out, err = run(["solve", "-t", "0.5", "-b", "glucose4", "--json", str(board)], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["status"] == "unknown" and "time limit of 0.5 s reached while loading the backend" in first["reason"]
    assert second["status"] == "solved"  # the limit is per puzzle: the next one has its own
    assert code == 1
