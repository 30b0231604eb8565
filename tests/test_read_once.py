"""Each input is read once and each puzzle parsed once; the defaults are chosen once a job.

A run of ``gridsat check``/``solve``/``count`` goes in a child process with an audit hook
(:func:`sys.addaudithook`) that counts the ``open`` events of the input file, and a
profile hook that counts the calls of the functions that choose (``default_choice``) and
look up (``kind_of``); every format's reader is wrapped to count the puzzles it reads.
These are counts of operations, not times. The web API's reading is counted in this process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import gridsat
from gridsat.examples import example_text

#: the child: run the command line on one file, print what was counted as JSON on stderr's last line
CHILD = r"""
import json, os, sys
target = os.path.realpath(sys.argv[1])
counts = {"open": 0, "parsed": 0, "default_choice": 0, "kind_of": 0}

def audit(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)) and os.path.realpath(os.fsdecode(args[0])) == target:
        counts["open"] += 1

sys.addaudithook(audit)
from gridsat import kinds, selection
from gridsat.formats.base import FORMATS
import gridsat.formats  # (every format registered)

def counted(read):
    def read_counted(*a, **k):
        entries = read(*a, **k)
        counts["parsed"] += sum(1 for e in entries if e.ok)
        return entries
    return read_counted

for fmt in FORMATS.values():
    object.__setattr__(fmt, "read", counted(fmt.read))
codes = {selection.default_choice.__code__: "default_choice", kinds.kind_of.__code__: "kind_of"}

def profile(frame, event, arg):
    if event == "call" and frame.f_code in codes:
        counts[codes[frame.f_code]] += 1

sys.setprofile(profile)
from gridsat.cli import main
try:
    code = main(sys.argv[2:] + [sys.argv[1]])
except SystemExit as e:
    code = e.code
sys.setprofile(None)
print(json.dumps(dict(counts, code=code)), file=sys.stderr)
"""

#: classic 9x9 lines (the first of top1465, and it again with a given less) and a 4x4 line: the
#: 4x4 keeps the file off the bulk route of plain 9x9 lines, which reads it first
MULTI = ("# three puzzles\n"
         "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
         "\n"
         "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.......1\n"
         "1...........4..1\n")


def _counts(path: Path, job: str, *more: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(Path(gridsat.__file__).parents[1]))
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), job, "-q", *more], env=env, capture_output=True,
                          text=True, timeout=300)
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("once")
    multi, hidato, plain = d / "multi.txt", d / "hidato.txt", d / "plain.txt"
    multi.write_text(MULTI)
    hidato.write_text(example_text("hidato-8x8"))
    plain.write_text(MULTI.splitlines()[1] + "\n" + MULTI.splitlines()[1] + "\n")  # (unique: the route answers)
    return {"multi": (multi, 3), "hidato": (hidato, 1), "plain": (plain, 2)}


@pytest.mark.parametrize("job", ["check", "solve", "count"])
@pytest.mark.parametrize("name", ["multi", "hidato"])
def test_one_open_one_parse_one_choice(files, job, name):
    path, puzzles = files[name]
    got = _counts(path, job)
    assert got["code"] in (0, 1), got
    assert got["open"] == 1, got
    assert got["parsed"] == puzzles, got
    # the defaults are chosen once a job at most (puzzles of one shape posed together share one)
    assert 1 <= got["default_choice"] <= puzzles, got
    assert got["kind_of"] <= 5 * puzzles, got


@pytest.mark.parametrize("job", ["check", "solve"])
def test_the_bulk_route_opens_its_file_once(files, job):
    path, _ = files["plain"]
    got = _counts(path, job)
    assert got["code"] == 0 and got["open"] == 1, got
    assert got["parsed"] == 0 and got["default_choice"] == 0, got  # (the C core's route: no reader, no choice)


@pytest.mark.parametrize("name", ["multi", "hidato"])
def test_the_job_runner_opens_its_file_once(files, name):
    """``--jobs``: the process that sends the tasks opens the file once, whether its lines
    go to the workers unread (a one-line format) or it is read here as a whole."""
    path, _ = files[name]
    got = _counts(path, "check", "--jobs", "1")
    assert got["code"] in (0, 1) and got["open"] == 1, got


def test_the_web_reads_a_puzzle_once():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from gridsat.formats.base import FORMATS

    parsed: list = []
    readers = {fmt: fmt.read for fmt in FORMATS.values()}
    for fmt, read in readers.items():
        def read_counted(*a, _read=read, **k):
            entries = _read(*a, **k)
            parsed.extend(e for e in entries if e.ok)
            return entries
        object.__setattr__(fmt, "read", read_counted)  # (a frozen record: put back below)
    try:
        _post_each(parsed)
    finally:
        for fmt, read in readers.items():
            object.__setattr__(fmt, "read", read)


def _post_each(parsed: list) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from gridsat.web import create_app
        from gridsat.web.payload import Limits

        with TestClient(create_app(Limits(max_time=30), workers=1)) as client:
            for name in ("hidato-8x8", "sudoku-9x9"):
                for endpoint in ("/api/parse", "/api/check"):
                    parsed.clear()
                    r = client.post(endpoint, json={"puzzle": example_text(name)})
                    assert r.status_code == 200, r.text
                    assert len(parsed) == 1, (name, endpoint, len(parsed))
