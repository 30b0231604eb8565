"""The batch runner's options on the commands: interrupted then resumed equals uninterrupted,
shards 1/3 + 2/3 + 3/3 equal the unsharded run, Dask gives the local runner's results, and
bad options are one error line with exit 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("loky")

from gridsat.cli import main  # noqa: E402
from gridsat.jobs import read_records  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TIMES = ("time", "total_time", "build_time", "solve_time", "stats")


def answers(records) -> dict:
    """id -> the record without its timings."""
    return {r["id"]: {k: v for k, v in r.items() if k not in TIMES} for r in records}


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory) -> Path:
    """60 generated 9x9 puzzles and one bad line."""
    path = tmp_path_factory.mktemp("jobs") / "p.txt"
    code = main(["generate", "sudoku", "-n", "60", "--seed", "5", "--jobs", "2", "--out", str(path) + ".jsonl"])
    assert code == 0
    lines = [r["puzzle"] for r in sorted(read_records(str(path) + ".jsonl"), key=lambda r: r["seed"])]
    path.write_text("\n".join(lines[:30] + ["12x"] + lines[30:]) + "\n")
    return path


def test_shards_together_equal_the_unsharded_run(puzzles, capsys):
    assert main(["check", str(puzzles), "--jobs", "2", "--json"]) == 1  # (the bad line)
    whole = answers(json_lines(capsys.readouterr().out))
    assert len(whole) == 61 and whole[f"{puzzles}:31"]["status"] == "error"
    assert "31:1: error:" in whole[f"{puzzles}:31"]["error"]
    parts = {}
    for k in (1, 2, 3):
        main(["check", str(puzzles), "--shard", f"{k}/3", "--json"])
        got = answers(json_lines(capsys.readouterr().out))
        assert not set(got) & set(parts)
        parts.update(got)
    assert parts == whole


def test_text_lines_match_the_plain_batch(puzzles, capsys):
    main(["check", str(puzzles)])
    plain = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    main(["check", str(puzzles), "--jobs", "2"])
    ran = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    assert ran == plain


def _gridsat(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gridsat.cli", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_stopped_then_resumed_equals_an_uninterrupted_run(tmp_path, sig, code):
    argv = ["generate", "sudoku", "--size", "6", "-n", "250", "--seed", "11", "--jobs", "2", "--json"]
    whole = tmp_path / "whole.jsonl"
    assert subprocess.run([sys.executable, "-m", "gridsat.cli", *argv, "--out", str(whole)], cwd=ROOT,
                          timeout=300).returncode == 0
    out = tmp_path / "out.jsonl"
    proc = _gridsat(*argv, "--out", str(out))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 60):
        time.sleep(0.05)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert "--resume" in err
    first = len(list(read_records(out)))
    assert 60 <= first < 250
    again = subprocess.run([sys.executable, "-m", "gridsat.cli", *argv, "--out", str(out), "--resume"], cwd=ROOT,
                           timeout=300, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    recs = list(read_records(out))
    assert len(recs) == 250 == len({r["id"] for r in recs})
    assert answers(recs) == answers(read_records(whole))


def test_dask_local_cluster_gives_the_local_results(puzzles, capsys):
    distributed = pytest.importorskip("distributed")
    from gridsat.jobs import Task, run
    from gridsat.jobs.tasks import PuzzleItem, PuzzleJob
    from gridsat.formats import read_file

    items = [Task(f"{e.file}:{e.line}", PuzzleItem(e.file, e.line, e.name, e.format, e.puzzle))
             for e in read_file(str(puzzles)) if e.ok][:20]
    local = answers(run(items, PuzzleJob("check"), jobs=2))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = answers(run(items, PuzzleJob("check"), executor=client))
        assert client.status == "running"  # the caller's client is left open
    assert remote == local and len(local) == 20


def test_dask_executor_on_the_command_line(puzzles, capsys):
    pytest.importorskip("distributed")
    from gridsat.jobs import shard_of

    code = 1 if shard_of(f"{puzzles}:31", 6) == 1 else 0  # (the bad line)
    assert main(["check", str(puzzles), "--executor", "dask", "--jobs", "2", "--json", "--shard", "1/6"]) == code
    got = answers(json_lines(capsys.readouterr().out))
    main(["check", str(puzzles), "--json", "--shard", "1/6"])
    assert got == answers(json_lines(capsys.readouterr().out))


@pytest.mark.parametrize("argv, words", [
    (["check", "--shard", "4/3"], "--shard"),
    (["check", "--shard", "one"], "--shard"),
    (["generate", "sudoku", "--shard", "x"], "--shard"),
    (["check", "--scheduler", "tcp://localhost:1"], "--scheduler goes with --executor dask"),
    (["check", "--resume"], "--resume needs --out"),
    (["check", "--out", "/no/such/folder/x.jsonl"], "no such folder"),
    (["count", "--jobs", "2", "--output-format", "line"], "--output-format"),
], ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_bad_runner_options_are_one_error_line(capsys, argv, words):
    code = main([*argv, "--example", "sudoku-4x4"] if argv[0] != "generate" else argv)
    _, err = capsys.readouterr()
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_bad_scheduler_address_is_one_error_line(capsys):
    pytest.importorskip("distributed")
    code = main(["check", "--example", "sudoku-4x4", "--executor", "dask", "--scheduler", "nonsense"])
    _, err = capsys.readouterr()
    assert code == 2 and "--scheduler" in err and len(err.strip().splitlines()) == 1, err


def test_dask_missing_is_one_error_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code = main(["check", "--example", "sudoku-4x4", "--executor", "dask"])
    _, err = capsys.readouterr()
    assert code == 2 and "gridsat[dask]" in err and len(err.strip().splitlines()) == 1, err


def test_generate_through_the_runner_prints_what_one_process_prints(capsys):
    main(["generate", "sudoku", "--size", "4", "-n", "12", "--seed", "3"])
    one = capsys.readouterr().out
    main(["generate", "sudoku", "--size", "4", "-n", "12", "--seed", "3", "--jobs", "2"])
    assert capsys.readouterr().out == one


def test_rate_and_bench_through_the_runner(puzzles, capsys, tmp_path):
    from gridsat.jobs import shard_of

    bad_here = shard_of(f"{puzzles}:31", 4) == 1  # (the bad line)
    assert main(["rate", str(puzzles), "--no-figures", "--jobs", "2", "--shard", "1/4"]) == (1 if bad_here else 0)
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith(f"{puzzles}:") for line in lines)
    out = tmp_path / "bench.jsonl"
    assert main(["bench", str(puzzles), "--configs", "minisat22:cnf-extended", "--shard", "1/2", "--out", str(out),
                 "--time-limit", "5"]) == 2  # a bad puzzle is a usage error for bench, as without the runner
    head = "\n".join(str(puzzles.read_text()).splitlines()[:30]) + "\n"
    good = tmp_path / "good.txt"
    good.write_text(head)
    assert main(["bench", str(good), "--configs", "minisat22:cnf-extended", "--shard", "1/2", "--out", str(out),
                 "--time-limit", "5"]) == 0
    first = len(list(read_records(out)))
    assert main(["bench", str(good), "--configs", "minisat22:cnf-extended", "--out", str(out), "--resume",
                 "--time-limit", "5"]) == 0
    table = capsys.readouterr().out
    assert "| minisat22:cnf-extended |   30 |" in table and 0 < first < 30
    assert len({r["id"] for r in read_records(out)}) == 30


def test_benchmark_script_runs_at_a_tiny_size():
    out = subprocess.run([sys.executable, "benchmarks/batch.py", "--check", "6", "--generate", "4", "--jobs", "1",
                          "--no-dask"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "| check " in out.stdout and "| generate 9x9 " in out.stdout and "local" in out.stdout
