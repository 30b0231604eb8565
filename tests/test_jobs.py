"""The batch runner (gridsat.jobs): every id answered when a worker dies, a hanging task
killed and reported, records as they finish, order kept on request, shards, resume."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

pytest.importorskip("loky")

from gridsat.jobs import Store, Task, parse_shard, read_records, run, shard_of  # noqa: E402
from gridsat.jobs.executors import LocalPool  # noqa: E402
from gridsat.errors import ParseError  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    """Two workers started once for the tests that kill none (a test that kills a worker starts its own)."""
    shared = LocalPool(2)
    yield shared
    shared.close()


# -- task functions the workers import from this module --------------------------------------
def square(x: int) -> dict:
    time.sleep(0.002)
    return {"y": x * x, "pid": os.getpid()}


def die_on_seven(x: int) -> dict:
    if x == 7:
        os.kill(os.getpid(), signal.SIGKILL)
    return {"y": x}


def die_once(arg: tuple) -> dict:
    x, flag = arg
    if x == 7 and not os.path.exists(flag):
        open(flag, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return {"y": x}


def hang_on_three(x: int) -> dict:
    if x == 3:
        time.sleep(120)
    return {"y": x}


def fail_on_five(x: int) -> dict:
    if x == 5:
        raise ValueError("five is bad")
    return {"y": x}


class Many:
    """A task function that answers a chunk at once (``many``), as the native core's checks do;
    ``die``/``hang`` make the worker die or hang whenever that payload is in what it runs."""

    def __init__(self, die: int | None = None, hang: int | None = None) -> None:
        self.die, self.hang = die, hang

    def _trouble(self, x: int) -> None:
        if x == self.die:
            os.kill(os.getpid(), signal.SIGKILL)
        if x == self.hang:
            time.sleep(120)

    def __call__(self, x: int) -> dict:
        self._trouble(x)
        if x == 5:
            raise ValueError("five is bad")
        return {"y": x, "at_once": False}

    def many(self, xs: list) -> list:
        for x in xs:
            self._trouble(x)  # (dies or hangs as a chunk)
        return [ValueError("five is bad") if x == 5 else {"y": x, "at_once": True} for x in xs]


def tasks(n: int, payload=lambda i: i):
    return (Task(f"t{i}", payload(i)) for i in range(n))


# -- crashes and time limits -------------------------------------------------------------------
@pytest.mark.slow
def test_kill_9_of_a_worker_mid_batch_every_id_is_answered():
    got, killed = {}, None
    for rec in run(tasks(500), square, jobs=2, chunk_size=4):
        got[rec["id"]] = rec
        if killed is None and len(got) == 150:
            killed = rec["pid"]
            os.kill(killed, signal.SIGKILL)
    assert killed is not None
    assert set(got) == {f"t{i}" for i in range(500)}
    assert all(got[f"t{i}"].get("y") == i * i for i in range(500)), [r for r in got.values() if "error" in r]


def test_a_task_that_kills_its_worker_twice_is_an_error_line_and_the_rest_answered():
    got = {r["id"]: r for r in run(tasks(20), die_on_seven, jobs=2)}
    assert set(got) == {f"t{i}" for i in range(20)}
    assert got["t7"]["status"] == "error" and "worker died twice" in got["t7"]["error"]
    assert all(got[f"t{i}"]["y"] == i for i in range(20) if i != 7)


def test_a_worker_that_dies_once_is_retried_on_a_fresh_worker(tmp_path):
    flag = str(tmp_path / "flag")
    got = {r["id"]: r for r in run(tasks(30, lambda i: (i, flag)), die_once, jobs=2)}
    assert os.path.exists(flag)
    assert {k: v["y"] for k, v in got.items()} == {f"t{i}": i for i in range(30)}


@pytest.fixture(scope="module")
def dask_client():
    """A Dask LocalCluster of two single-threaded worker processes (under nannies, which
    replace a worker that dies), set up as the runner sets up its own."""
    distributed = pytest.importorskip("distributed")
    import logging

    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # a killed worker is logged at length
    import dask
    from gridsat.jobs.executors import ALLOWED_FAILURES

    with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.mark.slow
def test_dask_a_worker_that_dies_once_is_replaced_and_every_id_answered(tmp_path, dask_client):
    flag = str(tmp_path / "flag")
    got = {r["id"]: r for r in run(tasks(30, lambda i: (i, flag)), die_once, executor=dask_client)}
    assert os.path.exists(flag)
    assert {k: v.get("y") for k, v in got.items()} == {f"t{i}": i for i in range(30)}


class KilledWorker(Exception):
    """Stands for Dask's error of a task whose workers kept dying (the runner knows it by name)."""


class _FakeDask:
    """A stand-in Dask client: chunks run in threads; a chunk holding task 7 always fails with
    KilledWorker, and task 5 alone fails once with it too, as an innocent task does that
    shared its worker with task 7."""

    def __init__(self) -> None:
        import concurrent.futures as cf

        self.pool = cf.ThreadPoolExecutor(2)
        self.sent: list[list[str]] = []

    def scheduler_info(self) -> dict:
        return {"workers": {"a": {"nthreads": 1}, "b": {"nthreads": 1}}}

    def get_executor(self, pure: bool = False):
        return self

    def submit(self, run_chunk, fn, items, markers, encode=False):
        ids = [tid for tid, _ in items]
        self.sent.append(ids)
        if "t7" in ids or (ids == ["t5"] and self.sent.count(["t5"]) == 1):
            def lost():
                raise KilledWorker(f"Attempted to run task {ids} on 2 different workers")
            return self.pool.submit(lost)
        return self.pool.submit(run_chunk, fn, items, markers, encode)

    def close(self) -> None:
        self.pool.shutdown()


def test_dask_killed_worker_isolates_the_culprit_and_retries_an_innocent_task_alone():
    pytest.importorskip("distributed")
    client = _FakeDask()
    got = {r["id"]: r for r in run(tasks(12), square, executor=client, chunk_size=4)}
    client.close()
    assert got["t7"]["status"] == "error" and got["t7"]["error"].startswith("KilledWorker"), got["t7"]
    assert {k: v.get("y") for k, v in got.items() if k != "t7"} == {f"t{i}": i * i for i in range(12) if i != 7}
    # t7 was tried in its chunk, as a single, then alone; t5 was answered on its second try
    assert client.sent.count(["t7"]) == 2 and client.sent.count(["t5"]) == 2


def test_a_hanging_task_is_killed_at_twice_its_limit_and_reported():
    got = {r["id"]: r for r in run(tasks(12), hang_on_three, jobs=2, time_limit=0.5)}
    assert got["t3"]["status"] == "error" and "twice its time limit of 0.5 s" in got["t3"]["error"]
    assert all(got[f"t{i}"]["y"] == i for i in range(12) if i != 3)


def test_a_chunk_answered_at_once_gives_each_task_its_record(pool):
    got = {r["id"]: r for r in run(tasks(40), Many(), executor=pool, chunk_size=8)}
    assert got["t5"] == {"id": "t5", "status": "error", "error": "ValueError: five is bad"}
    assert {k: (v["y"], v["at_once"]) for k, v in got.items() if k != "t5"} == \
        {f"t{i}": (i, True) for i in range(40) if i != 5}


def test_a_task_that_kills_its_chunk_answered_at_once_is_found_alone():
    """Every task of the chunk was running: each runs again alone, and the culprit, dying
    twice, is the one error."""
    got = {r["id"]: r for r in run(tasks(24), Many(die=7), jobs=2, chunk_size=6)}
    assert set(got) == {f"t{i}" for i in range(24)}
    assert got["t7"]["status"] == "error" and "worker died twice" in got["t7"]["error"]
    assert all(got[f"t{i}"]["y"] == i for i in range(24) if i not in (5, 7))
    assert not got["t6"]["at_once"] and got["t12"]["at_once"]  # (t6 shared t7's chunk: it ran alone)


@pytest.mark.slow
def test_a_chunk_answered_at_once_that_hangs_is_killed_at_twice_its_tasks_limits():
    got = {r["id"]: r for r in run(tasks(8), Many(hang=3), jobs=2, chunk_size=4, time_limit=0.5)}
    assert got["t3"]["status"] == "error" and "twice its time limit of 0.5 s" in got["t3"]["error"]
    assert all(got[f"t{i}"]["y"] == i for i in range(8) if i not in (3, 5))


def test_the_json_lines_of_out_and_echo_are_the_records(pool, tmp_path):
    """The workers make the JSON lines; the output file and the echo stream get them as they
    come, and a record that is not JSON is answered by an error record saying so."""
    import io

    echo = io.StringIO()
    out = tmp_path / "o.jsonl"
    got = list(run(tasks(30), not_json_on_four, executor=pool, out=out, echo=echo))
    lines = [json.loads(line) for line in echo.getvalue().splitlines()]
    assert sorted(lines, key=lambda r: r["id"]) == sorted(got, key=lambda r: r["id"]) == \
        sorted(read_records(out), key=lambda r: r["id"])
    bad = [r for r in got if r["id"] == "t4"][0]
    assert bad["status"] == "error" and bad["error"].startswith("the record is not JSON: ")
    assert len(got) == 30 and all(r["y"] == int(r["id"][1:]) for r in got if r["id"] != "t4")


def not_json_on_four(x: int) -> dict:
    return {"y": x if x != 4 else {1, 2}}


def test_an_exception_fails_its_task_alone(pool):
    got = {r["id"]: r for r in run(tasks(10), fail_on_five, executor=pool)}
    assert got["t5"] == {"id": "t5", "status": "error", "error": "ValueError: five is bad"}
    assert len(got) == 10


# -- order, shards, resume ---------------------------------------------------------------------
def test_ordered_records_come_in_task_order(pool):
    got = [r["id"] for r in run(tasks(60), square, executor=pool, ordered=True)]
    assert got == [f"t{i}" for i in range(60)]


def test_shards_are_disjoint_and_their_union_is_the_whole(pool):
    ids = [f"file.txt:{i}" for i in range(1, 1000)]
    parts = [{i for i in ids if shard_of(i, 3) == k} for k in (1, 2, 3)]
    assert set().union(*parts) == set(ids) and sum(map(len, parts)) == len(ids)
    assert min(map(len, parts)) > 250  # roughly even
    got = [{r["id"] for r in run(tasks(30), square, executor=pool, shard=f"{k}/3")} for k in (1, 2, 3)]
    assert set().union(*got) == {f"t{i}" for i in range(30)} and sum(map(len, got)) == 30


@pytest.mark.parametrize("text", ["0/3", "4/3", "1", "a/b", "1/0", "-1/2"])
def test_bad_shards_are_refused(text):
    with pytest.raises(ParseError, match="--shard"):
        parse_shard(text)


def test_more_workers_than_the_bound_is_refused_before_anything_starts():
    with pytest.raises(ParseError, match="at most 256 worker processes"):
        run(tasks(3), square, jobs=10 ** 14)


def test_resume_skips_the_ids_in_the_file_and_a_cut_last_line(tmp_path, pool):
    out = tmp_path / "out.jsonl"
    first = list(run(tasks(10), square, executor=pool, out=out))
    assert len(list(read_records(out))) == 10
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:6]) + lines[6][:7])  # six whole records and a cut one
    again = list(run(tasks(10), square, executor=pool, out=out, resume=True))
    assert len(again) == 4
    recs = list(read_records(out))
    assert sorted(r["id"] for r in recs) == sorted(r["id"] for r in first)
    assert {r["id"]: r["y"] for r in recs} == {r["id"]: r["y"] for r in first}
    assert out.read_text().count("\n") == 10


def test_resume_needs_out_and_out_must_be_writable(tmp_path):
    with pytest.raises(ParseError, match="--resume needs --out"):
        run(tasks(1), square, resume=True)
    with pytest.raises(ParseError, match="no such folder"):
        run(tasks(1), square, out=tmp_path / "nope" / "x.jsonl")
    with pytest.raises(ParseError, match="--executor"):
        run(tasks(1), square, executor="spark")


def test_store_writes_whole_lines(tmp_path):
    s = Store(tmp_path / "s.jsonl")
    s.write({"id": "a", "v": 1})
    s.write({"id": "b"}, lines='{"id": "b", "made": "by a worker"}\n')
    assert not s.done  # (the ids written are not kept: memory stays bounded over a long run)
    s.close()
    assert list(read_records(tmp_path / "s.jsonl")) == [{"id": "a", "v": 1}, {"id": "b", "made": "by a worker"}]
    again = Store(tmp_path / "s.jsonl", resume=True)
    again.close()
    assert again.done == {"a", "b"}


def test_progress_reports_done_and_total(pool):
    seen = []
    list(run(tasks(20), square, executor=pool, total=20, progress=seen.append))
    assert seen[-1].done == 20 and seen[-1].total == 20 and seen[-1].errors == 0


class _CountingClient:
    """A Dask-client stand-in with two workers that runs chunks in threads and keeps their sizes."""

    def __init__(self) -> None:
        import concurrent.futures as cf

        self.pool = cf.ThreadPoolExecutor(2)
        self.sizes: list[int] = []

    def scheduler_info(self) -> dict:
        return {"workers": {"a": {"nthreads": 1}, "b": {"nthreads": 1}}}

    def get_executor(self, pure: bool = False):
        return self

    def submit(self, run_chunk, fn, items, markers, encode=False):
        self.sizes.append(len(items))
        return self.pool.submit(run_chunk, fn, items, markers, encode)


def test_the_last_chunks_shrink_so_the_workers_finish_together():
    client = _CountingClient()
    got = [r["id"] for r in run(tasks(1500), fail_on_five, executor=client)]
    client.pool.shutdown()
    assert sorted(got) == sorted(f"t{i}" for i in range(1500)) and sum(client.sizes) == 1500
    assert max(client.sizes) == 256
    # the tail: each chunk after the largest is at most a quarter of what was left for it
    last = len(client.sizes) - 1 - client.sizes[::-1].index(256)
    left = 1500 - sum(client.sizes[: last + 1])
    assert left > 0
    for size in client.sizes[last + 1:]:
        assert size <= max(4, -(-left // 4)), client.sizes
        left -= size


def test_puzzle_chunks_pickle_compactly_and_come_back_equal():
    import pickle

    from gridsat import Hidato
    from gridsat.jobs.executors import pack
    from gridsat.jobs.items import PuzzleItem, expand
    from gridsat.kinds.sudoku.puzzle import Sudoku

    classic = Sudoku.classic([0] * 80 + [9], name="last")
    jig = Sudoku.jigsaw([1] + [0] * 24, [r // 5 if r % 5 else (r // 5 + 1) % 5 for r in range(25)])
    big = Sudoku.classic([16] + [0] * 255, box=(4, 4))
    six = Sudoku.classic([0] * 36, box=(3, 2))
    hidato = Hidato.from_grid([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    items = [(f"f:{i}", PuzzleItem("f", i, p.name if hasattr(p, "name") else None, "line", p))
             for i, p in enumerate([classic, jig, big, six, hidato])] + [("other", {"x": 1})]
    back = expand(pickle.loads(pack(items)))
    assert back == items
    for (_, a), (_, b) in zip(back[:4], items[:4]):
        assert (a.puzzle.regions, a.puzzle.box, a.puzzle.name) == (b.puzzle.regions, b.puzzle.box, b.puzzle.name)
    assert back[1][1].puzzle.is_jigsaw and back[3][1].puzzle.box == (3, 2)
    assert len(pickle.dumps(classic)) < 200 < len(pickle.dumps(classic.__dict__))
    # a payload the standard pickler cannot take is left to the pool's own pickler
    odd = [("f", lambda: 1)]
    assert pack(odd) is odd


def _echo(x):
    if x == "bad":
        raise ValueError("no")
    return {"x": x, "solution": [1, 2, 3]}


def test_a_chunks_results_come_back_pickled_by_the_standard_pickler_and_equal(monkeypatch):
    """A worker pickles its chunk's results itself (the pool's pickler costs it twice as much);
    the runner gets them back equal, errors included, and results only the pool's pickler
    can send are left to it."""
    import sys

    from gridsat.jobs.executors import run_chunk, run_packed, unpack

    items = [("a", 1), ("b", "bad"), ("c", None)]
    packed = run_packed(_echo, items)
    assert isinstance(packed, bytes)
    plain = run_chunk(_echo, items)
    assert unpack(packed)[0] == plain[0] and unpack(packed)[2] == plain[2] == 1
    assert plain[0][0] == {"id": "a", "x": 1, "solution": [1, 2, 3]}
    assert plain[0][1] == {"id": "b", "status": "error", "error": "ValueError: no"}
    assert unpack(plain) is plain
    monkeypatch.setattr(_Mine, "__module__", "__main__")
    monkeypatch.setattr(sys.modules["__main__"], "_Mine", _Mine, raising=False)
    odd = run_packed(_Mine, [("a", 3)])
    assert isinstance(odd, tuple) and odd[0][0]["result"].x == 3


class _Mine:
    """Stands for a class defined in a notebook or a script (``__main__``)."""

    def __init__(self, x: int) -> None:
        self.x = x


def test_a_payload_of_a_class_from_main_is_left_to_the_pools_pickler(monkeypatch):
    """The standard pickler would send such an object by reference, which a worker cannot
    import; the pool's pickler sends it by value."""
    import sys

    from gridsat.jobs.executors import pack

    monkeypatch.setattr(_Mine, "__module__", "__main__")
    monkeypatch.setattr(sys.modules["__main__"], "_Mine", _Mine, raising=False)
    items = [("a", _Mine(3))]
    assert pack(items) is items
    assert isinstance(pack([("a", 3)]), bytes)


def test_a_script_sends_payloads_of_its_own_classes(tmp_path):
    """A script's (or a notebook's) own payload class reaches the workers: run as __main__."""
    import subprocess
    import sys

    script = tmp_path / "mine.py"
    script.write_text(
        "from gridsat.jobs import Task, run\n\n\n"
        "class Mine:\n    def __init__(self, x):\n        self.x = x\n\n\n"
        "def double(p):\n    return {'y': p.x * 2}\n\n\n"
        "if __name__ == '__main__':\n"
        "    recs = run([Task(f't{i}', Mine(i)) for i in range(6)], double, jobs=2)\n"
        "    print(sorted((r['id'], r.get('y'), r.get('error')) for r in recs))\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([(f"t{i}", 2 * i, None) for i in range(6)])


def test_a_worker_sets_cp_sat_to_one_thread_without_loading_it():
    """worker_init leaves OR-tools unloaded (half a second a worker) and CP-SAT's shared
    instance takes one thread when a task first makes it, or at once when it exists."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from gridsat.jobs.executors import worker_init\n"
            "worker_init()\n"
            "assert 'ortools' not in sys.modules, 'worker_init loaded OR-tools'\n"
            "from gridsat.backends import get_backend\n"
            "print(get_backend('cpsat').workers)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"
    from gridsat.backends.base import _SETTINGS, configure_backend, get_backend

    before = dict(_SETTINGS.get("native", {}))
    native = get_backend("native")
    try:
        configure_backend("native", probe_marker=7)
        assert native.probe_marker == 7
    finally:
        del native.probe_marker
        _SETTINGS["native"] = before
