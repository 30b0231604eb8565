"""The batch runner's options on the commands: interrupted then resumed equals uninterrupted,
shards 1/3 + 2/3 + 3/3 equal the unsharded run, Dask gives the local runner's results, and
bad options are one error line with exit 2."""

from __future__ import annotations

import contextlib
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
def pool():
    """Two workers started once for the module's commands that kill no worker (see ``shared``)."""
    from gridsat.jobs.executors import LocalPool

    shared = LocalPool(2)
    yield shared
    shared.close()


@contextlib.contextmanager
def _on(pool):
    """Commands run with ``--executor local`` (the default) use ``pool`` instead of starting their own."""
    import gridsat.jobs.runner as runner
    from gridsat.jobs.executors import make_pool

    def make(executor="local", **kw):
        return (pool, False) if executor == "local" else make_pool(executor, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(runner, "make_pool", make)
        yield pool


@pytest.fixture
def shared(pool):
    """The module's pool for this test's local runs (for tests that kill no worker)."""
    with _on(pool):
        yield pool


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory, pool) -> Path:
    """40 generated 9x9 puzzles and one bad line (line 21)."""
    path = tmp_path_factory.mktemp("jobs") / "p.txt"
    with _on(pool):
        code = main(["generate", "sudoku", "-n", "40", "--seed", "5", "--jobs", "2", "--out", str(path) + ".jsonl"])
    assert code == 0
    lines = [r["puzzle"] for r in sorted(read_records(str(path) + ".jsonl"), key=lambda r: r["seed"])]
    path.write_text("\n".join(lines[:20] + ["12x"] + lines[20:]) + "\n")
    return path


def test_shards_together_equal_the_unsharded_run(puzzles, capsys, shared):
    assert main(["check", str(puzzles), "--jobs", "2", "--json"]) == 1  # (the bad line)
    whole = answers(json_lines(capsys.readouterr().out))
    assert len(whole) == 41 and whole[f"{puzzles}:21"]["status"] == "error"
    assert "21:1: error:" in whole[f"{puzzles}:21"]["error"]
    parts = {}
    for k in (1, 2, 3):
        main(["check", str(puzzles), "--shard", f"{k}/3", "--json"])
        got = answers(json_lines(capsys.readouterr().out))
        assert not set(got) & set(parts)
        parts.update(got)
    assert parts == whole


def test_text_lines_match_the_plain_batch(puzzles, capsys, shared):
    main(["check", str(puzzles)])
    plain = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    main(["check", str(puzzles), "--jobs", "2"])
    ran = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    assert ran == plain


def test_a_file_is_sent_unread_and_answered_as_the_plain_batch(puzzles, capsys, shared, monkeypatch, tmp_path):
    """A one-line file goes to the workers line by line, read as the runner takes them, and
    each line is read as the one-process batch reads it: alone, in the one-line format that
    owns it (a jigsaw and a Hidato line among classic ones), errors and their hints the same."""
    import gridsat.jobs.items as items

    sent = []
    real = items.LineItem.__init__

    def spy(self, *a, **kw):
        sent.append(a[1] if len(a) > 1 else kw["line"])
        real(self, *a, **kw)
    monkeypatch.setattr(items.LineItem, "__init__", spy)
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(puzzles.read_text() + ".....62...5.........3.......2...4...|ABBBCCAADBBCAADBDCEADDDCEEFFFCEEEFFF\n"
                     "0,0,0,0,0/0,0,0,22,0/0,12,0,24,25/13,0,0,5,1/15,0,0,0,0\n0,0,0/0,99999999999999999999,0/0,0,0\n")
    assert main(["check", str(mixed)]) == 1
    plain = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    assert main(["check", str(mixed), "--jobs", "2"]) == 1
    ran = sorted(line.rsplit(" ", 1)[0] for line in capsys.readouterr().out.splitlines())
    assert ran == plain and sent[:44] == list(range(1, 45))
    assert f"{mixed}:42: unique" in " ".join(ran) and f"{mixed}:43: unique" in " ".join(ran)


def test_a_bad_byte_is_its_lines_error_as_in_the_plain_batch(puzzles, capsys, shared, tmp_path):
    """The lines before and after it are answered and the bad line is the located error
    (exit 1), with the runner as in the one-process batch."""
    path = tmp_path / "bad.txt"
    lines = puzzles.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:3]) + b"12 caf\xe9\n" + lines[0])
    assert main(["check", str(path)]) == 1
    plain = capsys.readouterr()
    assert main(["check", str(path), "--jobs", "2"]) == 1
    ran = capsys.readouterr()
    assert sorted(line.rsplit(" ", 1)[0] for line in ran.out.splitlines()) == \
        sorted(line.rsplit(" ", 1)[0] for line in plain.out.splitlines())
    assert ran.err == plain.err
    assert f"{path}:4:7: error: not UTF-8 text" in ran.out and f"{path}:5: " in ran.out


@pytest.mark.parametrize("text", ["", "zzz\n", "zzz\n12x\n"])
@pytest.mark.parametrize("command", ["check", "rate"])
def test_nothing_read_exits_2_as_the_plain_batch_does(tmp_path, capsys, shared, text, command):
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    plain = main([command, str(bad)])
    plain_err = "".join(capsys.readouterr())
    assert main([command, str(bad), "--jobs", "2"]) == plain == 2
    err = "".join(capsys.readouterr())
    assert f"{bad}:1:1:" in err and "Traceback" not in err
    if text.count("\n") < 2:  # nothing or a single entry: the same one line as the plain batch
        assert err == plain_err


def _gridsat(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gridsat.cli", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_stopped_then_resumed_equals_an_uninterrupted_run(tmp_path, sig, code, pool):
    argv = ["generate", "sudoku", "--size", "6", "-n", "250", "--seed", "11", "--jobs", "2", "--json"]
    whole = tmp_path / "whole.jsonl"
    with _on(pool):  # the uninterrupted run, here (the stopped one is a process of its own)
        assert main([*argv, "--out", str(whole)]) == 0
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


def test_dask_local_cluster_gives_the_local_results(puzzles, capsys, pool):
    distributed = pytest.importorskip("distributed")
    from gridsat.jobs import Task, run
    from gridsat.jobs.items import PuzzleItem
    from gridsat.jobs.tasks import PuzzleJob
    from gridsat.formats import read_file

    items = [Task(f"{e.file}:{e.line}", PuzzleItem(e.file, e.line, e.name, e.format, e.puzzle))
             for e in read_file(str(puzzles)) if e.ok][:20]
    local = answers(run(items, PuzzleJob("check"), executor=pool))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = answers(run(items, PuzzleJob("check"), executor=client))
        assert client.status == "running"  # the caller's client is left open
    assert remote == local and len(local) == 20


def test_dask_executor_on_the_command_line(puzzles, capsys, shared):
    pytest.importorskip("distributed")
    from gridsat.jobs import shard_of

    code = 1 if shard_of(f"{puzzles}:21", 6) == 1 else 0  # (the bad line)
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


@pytest.mark.parametrize("argv", [["check", "--example", "sudoku-4x4", "--jobs", "99999999999999"],
                                  ["generate", "sudoku", "--jobs", "257"],
                                  ["generate", "improve", "--jobs", "1000"]], ids=lambda a: " ".join(a[:2]))
def test_more_workers_than_the_bound_is_a_usage_error(capsys, argv):
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "at most 256 worker processes" in err and "Traceback" not in err


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


def test_generate_through_the_runner_prints_what_one_process_prints(capsys, shared):
    main(["generate", "sudoku", "--size", "4", "-n", "12", "--seed", "3"])
    one = capsys.readouterr().out
    main(["generate", "sudoku", "--size", "4", "-n", "12", "--seed", "3", "--jobs", "2"])
    assert capsys.readouterr().out == one


def test_rate_and_bench_through_the_runner(puzzles, capsys, tmp_path, shared):
    from gridsat.jobs import shard_of

    bad_here = shard_of(f"{puzzles}:21", 4) == 1  # (the bad line)
    assert main(["rate", str(puzzles), "--no-figures", "--jobs", "2", "--shard", "1/4"]) == (1 if bad_here else 0)
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith(f"{puzzles}:") for line in lines)
    out = tmp_path / "bench.jsonl"
    assert main(["bench", str(puzzles), "--configs", "minisat22:cnf-extended", "--shard", "1/2", "--out", str(out),
                 "--time-limit", "5"]) == 2  # a bad puzzle is a usage error for bench, as without the runner
    head = "\n".join(str(puzzles.read_text()).splitlines()[:20]) + "\n"
    good = tmp_path / "good.txt"
    good.write_text(head)
    assert main(["bench", str(good), "--configs", "minisat22:cnf-extended", "--shard", "1/2", "--out", str(out),
                 "--time-limit", "5"]) == 0
    first = len(list(read_records(out)))
    assert main(["bench", str(good), "--configs", "minisat22:cnf-extended", "--out", str(out), "--resume",
                 "--time-limit", "5"]) == 0
    table = capsys.readouterr().out
    assert "| minisat22:cnf-extended |   20 |" in table and 0 < first < 20
    assert len({r["id"] for r in read_records(out)}) == 20


def test_benchmark_script_runs_at_a_tiny_size():
    out = subprocess.run([sys.executable, "benchmarks/batch.py", "--check", "6", "--generate", "4", "--jobs", "1",
                          "--no-dask", "--parsed"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "| check " in out.stdout and "| generate 9x9 " in out.stdout and "local" in out.stdout
    assert "| check, parsed " in out.stdout and "errors" not in out.stdout


# -- counting over jigsaw layouts --------------------------------------------------------------
def _layouts(capsys, *extra: str) -> tuple[int, list[dict], dict]:
    """``count --layouts 4 --json``: the exit code, the layout records and the closing total."""
    code = main(["count", "--layouts", "4", "--json", "--no-progress", *extra])
    rows = json_lines(capsys.readouterr().out)
    return code, [r for r in rows if "id" in r], rows[-1]


def test_count_layouts_of_order_4_sums_to_a172478(capsys, shared):
    code, recs, total = _layouts(capsys, "--jobs", "2")
    assert code == 0
    assert sorted(r["id"] for r in recs) == sorted(f"layout:{i}" for i in range(1, 118))
    assert sum(r["count"] for r in recs) == 13872 and all(r["complete"] for r in recs)
    assert total == {"n": 4, "total": 13872, "layouts": 117, "counted": 117, "incomplete": 0, "errors": 0,
                     "complete": True, "oeis_A172478": 13872}
    first = next(r for r in recs if r["id"] == "layout:1")
    assert first["index"] == 1 and first["layout"] == ["AAAB", "ACBB", "CCCB", "DDDD"] and first["count"] == 96
    assert first["backend"] and first["method"] == "enum" and first["time"] >= 0
    main(["count", "--layouts", "4", "--no-progress"])  # text: a line per layout, the total last
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 118 and lines[-1].startswith("total: 13,872 grids over the 117 layouts")
    assert any(line.startswith("layout:1: AAAB/ACBB/CCCB/DDDD 96 grids (enum ") for line in lines)


def test_count_layouts_shards_and_resume_give_the_whole_run(capsys, shared, tmp_path):
    _, whole, _ = _layouts(capsys)
    parts: dict = {}
    totals = 0
    for k in (1, 2, 3):
        code, recs, total = _layouts(capsys, "--shard", f"{k}/3")
        assert code == 0 and total["shard"] == f"{k}/3" and total["complete"]
        assert not {r["id"] for r in recs} & set(parts)
        parts.update(answers(recs))
        totals += total["total"]
    assert parts == answers(whole) and totals == 13872
    out = tmp_path / "layouts.jsonl"
    code, none, total = _layouts(capsys, "--out", str(out))
    assert code == 0 and none == [] and total["total"] == 13872
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:40] + lines[60:100]) + lines[100][:9])  # 40 lines gone, one cut
    assert len(list(read_records(out))) == 80
    code, again, total = _layouts(capsys, "--out", str(out), "--resume")
    assert code == 0 and total["total"] == 13872 and total["complete"] and again == []
    recs = list(read_records(out))
    assert len(recs) == 117 and answers(recs) == answers(whole)  # (117 lines: only the missing ones ran again)


@pytest.mark.parametrize("order", ["0", "6", "four", "-1"])
def test_count_layouts_of_a_bad_order_is_one_error_line(capsys, order):
    code = main(["count", "--layouts", order])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("gridsat: --layouts: expected an order from 1 to 5")
    assert len(err.strip().splitlines()) == 1, err


def test_count_layouts_refuses_puzzles_and_per_puzzle_options(capsys):
    for extra in (["--example", "sudoku-4x4"], ["--solutions"], ["--limit", "5"]):
        code = main(["count", "--layouts", "4", *extra])
        _, err = capsys.readouterr()
        assert code == 2 and "--layouts" in err and len(err.strip().splitlines()) == 1, err


# -- improve -----------------------------------------------------------------------------------
def improve_dies_on_seed_8(args: tuple) -> dict:
    """An improve worker whose process dies (every time) for seed 8."""
    from gridsat.kinds.sudoku.cli_improve import ImproveJob

    if args[4] == 8:
        os.kill(os.getpid(), signal.SIGKILL)
    return ImproveJob()(args)


def test_improve_runs_its_workers_as_runner_tasks_reproducibly(capsys, shared):
    from gridsat.kinds.sudoku.generate_improve import improve

    argv = ["generate", "improve", "--size", "4", "--steps", "8", "--seed", "7", "--jobs", "2", "--score", "effort",
            "--json"]
    got = []
    for _ in range(2):
        assert main(argv) == 0
        got.append(json.loads(capsys.readouterr().out))
    keys = ("puzzle", "givens", "score", "steps", "seed", "box")
    assert [{k: g[k] for k in keys} for g in got] == [{k: got[0][k] for k in keys}] * 2
    assert got[0]["steps"] == 16 and got[0]["seed"] == 7 and "failed" not in got[0]
    api = improve(size=4, steps=8, seed=7, jobs=2, score="effort")
    assert (api.puzzle.num_givens, api.score, api.steps) == (got[0]["givens"], got[0]["score"], 16)
    assert main(argv[:-1]) == 0  # the text output: the puzzle line, and the score on stderr
    out, err = capsys.readouterr()
    assert out.strip() == got[0]["puzzle"] and err.startswith("score effort ")


def test_improve_reports_a_worker_that_dies_and_keeps_the_others(capsys):
    import argparse

    from gridsat.kinds.sudoku.cli_improve import run_improve_jobs
    from gridsat.kinds.sudoku.generate_improve import worker_args

    args = argparse.Namespace(json=True, jobs=2, out=None, resume=False, shard=None, executor=None, scheduler=None,
                              no_progress=True)
    workers = worker_args(size=4, steps=5, seed=7, jobs=2, score="effort")
    code = run_improve_jobs(args, workers, job=improve_dies_on_seed_8)
    out, err = capsys.readouterr()
    assert code == 1 and "gridsat: improve worker seed:8 failed: worker died twice" in err
    res = json.loads(out)
    assert res["failed"][0]["id"] == "seed:8" and res["steps"] == 5 and res["givens"] > 0


def test_the_command_line_starts_without_the_runner():
    """A plain ``gridsat check`` does not import the runner, its pools or its task classes."""
    code = ("import sys, gridsat.cli; "
            "print(sorted(m for m in sys.modules if m.startswith(('gridsat.jobs', 'loky', 'distributed'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
