"""The lines of a one-line file are sent to the workers unread (:class:`LineItem`): each is read
there exactly as the one-process reader reads it, errors and their locations included."""

from __future__ import annotations

import pickle
import re

import pytest

from gridsat.errors import GridsatError
from gridsat.formats import read_file
from gridsat.jobs.items import LineItem, PuzzleItem, Reading, Task, Unreadable, compact, expand, line_tasks
from gridsat.jobs.tasks import PuzzleJob

GOOD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: files of each one-line format, with names, comments, blank lines, CRLF and bad lines
FILES = {
    "classic.txt": "\n".join([
        "# a comment",
        GOOD,
        "",
        GOOD.replace("4", "0", 1) + " named one",
        "12x",                              # too short: the hint names the puzzle before
        GOOD,
        GOOD[:-1] + "Z",                    # a bad symbol at column 81
        "0" * 16,
        "1234567890123456",                 # a 4x4 line with a bad digit
        GOOD + "\r",
        "....",
        GOOD,
        "; another comment",
        GOOD,
        "// slashes",
        "0" * 16,
    ]) + "\n",
    "jigsaw.txt": "\n".join([
        ".....62...5.........3.......2...4...|ABBBCCAADBBCAADBDCEADDDCEEFFFCEEEFFF",
        "# comment",
        ".........32.....1......3..2.4.5.....|AABBBBAABCBDEAACCDEEFCDDEEFCCDEFFFFD",
        ".........32.....1......3..2.4.5.....|AABBBB",
        "x........32.....1......3..2.4.5.....|AABBBBAABCBDEAACCDEEFCDDEEFCCDEFFFFD",
    ]) + "\n",
    "hidato.txt": "\n".join([
        "0,0,0,0,0/0,0,0,22,0/0,12,0,24,25/13,0,0,5,1/15,0,0,0,0",
        "0,0,0,0,0/1,0,18,17,0/0,2,0,14,0/0,3,9,25,0/0,0,0,0,0",
        "0,0,0,0,0/1,0,18,17,0/0,2,0,14,0/0,3,9,25",
        "0,0,0/0,99,0/0,0,0",
    ]) + "\n",
}


def _view(entry) -> tuple:
    if entry.ok:
        return entry.line, entry.puzzle, entry.name, entry.format
    return entry.line, entry.error.located()


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_line_reads_as_the_whole_file_reads_it(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(FILES[name].encode())
    whole = [_view(e) for e in read_file(str(path))]
    tasks = line_tasks(str(path))
    assert tasks is not None and all(type(t.payload) is LineItem for t in tasks)
    assert [t.id for t in tasks] == [f"{path}:{w[0]}" for w in whole]
    got = [_view(t.payload.entry()) for t in tasks]
    assert got == whole
    assert any(len(w) == 2 for w in whole) and any(len(w) == 4 for w in whole)  # good and bad lines both


def test_a_bad_line_reads_as_its_error_line_and_a_good_one_as_its_puzzle(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{GOOD}\n12x\n")
    good, bad = line_tasks(str(path))
    item = good.payload.read()
    assert type(item) is PuzzleItem and item.line == 1 and item.format == "line" and item.puzzle.num_givens == 17
    with pytest.raises(GridsatError) as e:
        bad.payload.read()
    assert str(e.value) == f"{path}:2:1: error: puzzle has 3 cells; expected 81 like the puzzle before"


def test_other_formats_and_unreadable_files_are_left_to_the_readers(tmp_path):
    grid = tmp_path / "grid.sdk"
    grid.write_text("\n".join(GOOD[i:i + 9] for i in range(0, 81, 9)) + "\n")
    assert line_tasks(str(grid)) is None
    assert line_tasks(str(tmp_path / "missing.txt")) is None
    latin = tmp_path / "latin1.txt"
    latin.write_bytes(GOOD.encode() + b" caf\xe9\n")
    assert line_tasks(str(latin)) is None
    assert line_tasks(str(tmp_path)) is None  # a folder
    line = tmp_path / "p.txt"
    line.write_text(GOOD + "\n")
    assert line_tasks(str(line), format="sdk") is None
    assert line_tasks(str(line), kind="hidato") is None
    assert len(line_tasks(str(line), format="line")) == 1


def test_line_items_travel_compactly_and_come_back_equal(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(FILES["classic.txt"])
    items = [(t.id, t.payload) for t in line_tasks(str(path))]
    items.append(("x:1", Unreadable("x:1:1: error: no")))
    back = expand(pickle.loads(pickle.dumps(compact(items))))
    assert back == items


def test_reading_runs_the_job_on_the_puzzle_read_and_raises_the_read_errors(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{GOOD}\n12x\n")
    good, bad = line_tasks(str(path))
    fn = Reading(PuzzleJob("check"))
    rec = fn(good.payload)
    assert rec["status"] == "unique" and rec["line"] == 1 and rec["format"] == "line"
    assert rec == {**PuzzleJob("check")(good.payload.read()), "time": rec["time"], "stats": rec["stats"]}
    with pytest.raises(GridsatError, match=r":2:1: error: puzzle has 3 cells"):
        fn(bad.payload)
    with pytest.raises(GridsatError, match="^x:1:1: error: no$"):
        fn(Unreadable("x:1:1: error: no"))
    assert Task("a", 1).payload == 1


def test_the_batch_command_sends_a_line_files_lines_unread(tmp_path, monkeypatch):
    """``check FILE --jobs N`` hands its runner LineItems (the sending process parses nothing)."""
    import gridsat.cli.jobs as runner
    from gridsat.cli import main

    path = tmp_path / "p.txt"
    path.write_text(f"{GOOD}\n{GOOD}\n12x\n")
    seen = []

    def fake(args, tasks, fn, **kw):
        seen.extend(tasks)
        return 0
    monkeypatch.setattr(runner, "run_tasks", fake)
    assert main(["check", str(path), "--jobs", "2"]) == 0
    assert [type(t.payload) for t in seen] == [LineItem] * 3
    assert [t.payload.before for t in seen] == [None, GOOD, GOOD]


def test_a_bad_line_after_a_bad_line_keeps_its_place_and_message(tmp_path):
    """Its hint may differ: the whole file's reader names the last puzzle it read, the worker
    only knows the line before."""
    path = tmp_path / "p.txt"
    path.write_text(f"{GOOD}\n12x\n....\n")
    whole = [e.error for e in read_file(str(path))][1:]
    got = [t.payload.entry().error for t in line_tasks(str(path))][1:]
    assert [(e.file, e.line, e.col) for e in got] == [(e.file, e.line, e.col) for e in whole]
    assert [e.message.split(";")[0] for e in got] == [e.message.split(";")[0] for e in whole]


@pytest.mark.parametrize("name", sorted(FILES))
@pytest.mark.parametrize("size", [1, 3, 100])
def test_a_chunks_lines_read_together_equal_each_line_read_alone(tmp_path, name, size):
    """What a worker does with a chunk (:meth:`Reading.prepare`): one read of the chunk's
    lines gives, line for line, the puzzle or the error line of the whole file's reader."""
    path = tmp_path / name
    path.write_bytes(FILES[name].encode())
    tasks = line_tasks(str(path))
    items = [(t.id, t.payload) for t in tasks] + [("x:1", Unreadable("x:1:1: error: no"))]
    fn = Reading(PuzzleJob("check"))
    got = []
    for k in range(0, len(items), size):
        got += fn.prepare(items[k:k + size])
    assert [tid for tid, _ in got] == [tid for tid, _ in items]
    for (_, p), (_, was) in zip(got[:-1], items[:-1]):
        e = was.entry()
        if e.ok:
            assert type(p) is PuzzleItem and p == was.read()
        else:
            assert type(p) is Unreadable and p.error == e.error.error_line()
    assert got[-1] == items[-1]
    whole = [e for e in read_file(str(path)) if not e.ok]
    if size == 100:  # one read of the whole file: every hint as the whole file's reader gives it
        assert [p.error for _, p in got[:-1] if type(p) is Unreadable] == [e.error.error_line() for e in whole]


def test_a_chunk_that_does_not_read_line_for_line_is_left_to_the_lines(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{GOOD}\n{GOOD}\n")
    items = [(t.id, t.payload) for t in line_tasks(str(path))]
    items[1][1].text = f"{GOOD}\n{GOOD}"  # (two puzzles where one line was sent)
    got = Reading(PuzzleJob("check")).prepare(items)
    assert got == items  # left as they were
    with pytest.raises(GridsatError, match=f"^{path}:2: error: not one puzzle on this line"):
        Reading(PuzzleJob("check"))(got[1][1])


def test_a_file_is_read_as_its_tasks_are_taken(tmp_path):
    """The format is told from the first puzzle line; the lines are read lazily, and each is
    read as the one-process reader reads it (alone, errors and hints included)."""
    from gridsat.formats.stream import LineReader, read_stream
    from gridsat.jobs.items import iter_line_tasks

    path = tmp_path / "big.txt"
    path.write_bytes(FILES["classic.txt"].encode() * 3)
    tasks = iter_line_tasks(str(path))
    assert tasks is not None and not isinstance(tasks, list)
    first = next(tasks)
    path.write_bytes(path.read_bytes() + f"{GOOD}\n".encode())  # (a line added now is read too)
    got = [first] + list(tasks)
    with open(path, "rb") as fh:
        streamed = [_view(e) for e in read_stream(LineReader(fh, str(path)), str(path))]
    assert [t.id for t in got] == [f"{path}:{w[0]}" for w in streamed]
    assert [_view(t.payload.entry()) for t in got] == streamed


def test_a_line_that_is_not_text_is_its_error_and_the_file_goes_on(tmp_path):
    """The lines before and after it are answered, whatever the file's size; a bad byte in
    the head (before the first puzzle line) leaves the file to the readers, which say the same."""
    from gridsat.jobs.items import iter_line_tasks

    path = tmp_path / "p.txt"
    path.write_bytes(f"{GOOD}\n{GOOD}\n".encode() + b"12 caf\xe9\n" + f"{GOOD}\n".encode())
    tasks = list(iter_line_tasks(str(path)))
    assert [type(t.payload) for t in tasks] == [LineItem, LineItem, Unreadable, LineItem]
    assert tasks[2].payload.error == f"{path}:3:7: error: not UTF-8 text (byte 0xe9): binary input?"
    assert [t.id for t in line_tasks(str(path))] == [t.id for t in tasks]
    path.write_bytes(f"{GOOD}\n".encode() + b"12\x00\n" + f"{GOOD}\n".encode())
    bad = list(iter_line_tasks(str(path)))
    assert bad[1].payload.error == f"{path}:2:3: error: binary input (a NUL byte), not puzzle text"
    assert type(bad[2].payload) is LineItem
    assert line_tasks(str(tmp_path / "nul.txt")) is None
    (tmp_path / "nul.txt").write_bytes(b"12\x00\n")
    assert line_tasks(str(tmp_path / "nul.txt")) is None  # (in the head: left to the readers)


@pytest.mark.parametrize("job", ["check", "solve"])
def test_a_chunk_of_puzzles_answered_at_once_equals_each_answered_alone(tmp_path, job):
    """``Reading.many`` over ``PuzzleJob.many``: the native core takes the chunk in one call;
    each record is the one-at-a-time record (timings apart), a line that does not read is its
    error, and ``WithText`` adds the same text."""
    from gridsat.cli.batch_jobs import BatchText
    from gridsat.jobs.tasks import WithText

    path = tmp_path / "p.txt"
    path.write_bytes(FILES["classic.txt"].encode())
    items = Reading(PuzzleJob(job)).prepare([(t.id, t.payload) for t in line_tasks(str(path))])
    for fn in (Reading(PuzzleJob(job)), Reading(WithText(PuzzleJob(job), BatchText(job, None, False, False)))):
        got = fn.many([p for _, p in items])
        assert len(got) == len(items)
        for (_, p), rec in zip(items, got):
            if type(p) is Unreadable:
                assert isinstance(rec, GridsatError) and str(rec) == p.error
                continue
            alone = fn(p)
            assert {k: v for k, v in rec.items() if k not in ("time", "stats", "text")} == \
                {k: v for k, v in alone.items() if k not in ("time", "stats", "text")}
            untimed = re.compile(r" \d+\.\d+s\b")  # (the timing is not the last word of a named puzzle's line)
            assert untimed.sub("", rec.get("text", "")) == untimed.sub("", alone.get("text", ""))
    assert Reading(PuzzleJob("count")).many([p for _, p in items]) is None  # (one at a time)
