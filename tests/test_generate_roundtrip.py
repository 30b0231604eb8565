"""``gridsat generate ... | gridsat check``: every generated line and JSON object reads back.

Also round trips of the one-line formats (``jigsaw-line``, ``hidato-line``, ``numbrix-line``)
and of the generator's JSON objects through the ``json`` reader.
"""

import io
import json
import subprocess
import sys

import pytest

from gridsat import Sudoku
from gridsat.cli import main
from gridsat.formats import detect_format, read_text, write
from gridsat.generators import generate
from gridsat.generators.lines import puzzle_line
from gridsat.kinds.hidato.puzzle import Hidato

KINDS = {
    "sudoku": ["sudoku", "--size", "4"],
    "sudoku9": ["sudoku"],
    "jigsaw": ["jigsaw", "--size", "6"],
    "hidato": ["hidato", "--rows", "5"],
    "numbrix": ["numbrix", "--rows", "5"],
    "hidato-ring": ["hidato", "--shape", "ring", "--rows", "6"],
    "skyscrapers": ["skyscrapers"],
    "samurai": ["samurai"],
}


def _generate(capsys, argv):
    code = main(["generate", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _check(capsys, monkeypatch, text, *extra):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["check", *extra])
    return code, capsys.readouterr()


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("kind", list(KINDS), ids=list(KINDS))
def test_generate_pipe_check(capsys, monkeypatch, kind, as_json):
    argv = KINDS[kind] + ["--seed", "3", "--count", "3"] + (["--json"] if as_json else [])
    out = _generate(capsys, argv)
    assert len(out.splitlines()) == 3
    code, (cout, cerr) = _check(capsys, monkeypatch, out)
    assert code == 0, cout + cerr
    lines = cout.splitlines()
    assert [ln.split()[1] for ln in lines] == ["unique"] * 3, cout
    assert [ln.split(":")[1] for ln in lines] == ["1", "2", "3"]
    if as_json:
        assert all(ln.endswith(f"# seed {3 + i}") for i, ln in enumerate(lines))


@pytest.mark.parametrize("kind", list(KINDS), ids=list(KINDS))
def test_generate_board_pipe_check(capsys, monkeypatch, kind):
    out = _generate(capsys, KINDS[kind] + ["--seed", "2", "--board"])
    code, (cout, cerr) = _check(capsys, monkeypatch, out, "-q", "--json")
    res = json.loads(cout)
    assert code == 0 and res["status"] == "unique", cout + cerr
    g = generate(KINDS[kind][0], seed=2, **_opts(KINDS[kind][1:]))
    assert res["solution"] == list(g.solution)  # the same puzzle, not another reading of the board


def _opts(argv):
    out = {}
    for k, v in zip(argv[::2], argv[1::2]):
        out[k.lstrip("-")] = int(v) if v.isdigit() else v
    return out


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "hidato", "numbrix", "hidato-ring"])
def test_stream_of_five_reads_as_five(capsys, kind, as_json, tmp_path):
    argv = KINDS[kind] + ["--seed", "1", "--count", "5"] + (["--json"] if as_json else [])
    out = _generate(capsys, argv)
    entries = read_text(out)  # whole-text detection (a file, not streamed stdin)
    assert len(entries) == 5 and all(e.ok for e in entries), [e.error for e in entries]
    f = tmp_path / "p.txt"
    f.write_text(out)
    code = main(["check", str(f)])
    cout, _ = capsys.readouterr()
    assert code == 0 and cout.count(" unique ") == 5
    kinds = {e.puzzle.kind for e in entries}
    assert kinds == {"hidato" if "hidato" in kind or kind == "numbrix" else "sudoku"}
    if kind == "numbrix":
        assert all(e.puzzle.is_numbrix for e in entries)
    if kind == "jigsaw":
        assert all(e.puzzle.is_jigsaw for e in entries)


@pytest.mark.parametrize("kind,opts", [
    ("sudoku", {"size": 6}), ("jigsaw", {"size": 6}), ("hidato", {"rows": 5}),
    ("numbrix", {"rows": 4, "cols": 5}), ("hidato", {"rows": 6, "shape": "ring"}),
], ids=["sudoku", "jigsaw", "hidato", "numbrix", "ring"])
def test_generated_puzzle_is_what_was_made(kind, opts):
    g = generate(kind, seed=7, **opts)
    text = puzzle_line(g.puzzle)
    p = read_text(text)[0].puzzle
    assert p == g.puzzle
    assert getattr(p, "regions", None) == getattr(g.puzzle, "regions", None)
    obj = json.dumps(g.to_dict())
    e = read_text(obj)[0]
    assert e.ok and e.puzzle == g.puzzle and e.name == "seed 7" and e.format == "json"


def test_generated_json_keeps_non_default_box():
    g = generate("sudoku", size=6, box=(3, 2), seed=1)
    d = g.to_dict()
    assert d["box"] == [3, 2]
    p = read_text(json.dumps(d))[0].puzzle
    assert p.box == (3, 2) and p == g.puzzle


def test_generated_json_regions_must_agree():
    g = generate("jigsaw", size=6, seed=2)
    d = g.to_dict()
    d["regions"] = [(r + 1) % 6 for r in d["regions"]]  # relabelled: same partition, fine
    assert read_text(json.dumps(d))[0].ok
    d["regions"] = list(range(6)) * 6  # columns: another partition
    e = read_text(json.dumps(d))[0]
    assert not e.ok and "does not match" in e.error.message and e.error.line == 1


def test_existing_json_still_reads():
    p = Sudoku(4, [1, 0, 0, 0] + [0] * 12)
    obj = json.loads(write(p, "json"))
    assert obj["givens"][0] == [1, 0, 0, 0]
    assert read_text(json.dumps(obj))[0].puzzle == p
    h = Hidato.from_grid([[1, 0, None], [0, 0, 5]], "rook")
    e = read_text(write(h, "json"))[0]
    assert e.ok and e.puzzle == h


# ---------------------------------------------------------------------- format round trips
JIGSAW_6 = ".56............3.....1..........2..6|AABBBBAAABBCDAEEECDDECCCDDEEFCDFFFFF"


def test_jigsaw_line_detected_and_round_trips():
    assert detect_format(JIGSAW_6 + "\n").name == "jigsaw-line"
    e = read_text(JIGSAW_6)[0]
    assert e.ok and e.format == "jigsaw-line" and e.puzzle.is_jigsaw and e.puzzle.num_givens == 6
    assert write(e.puzzle, "jigsaw-line") == JIGSAW_6 + "\n"
    g = generate("jigsaw", size=6, seed=3)
    named = Sudoku(6, g.puzzle.givens, regions=g.puzzle.regions, name="my puzzle #1")
    text = write(named, "jigsaw-line", solution=g.solution)
    back = read_text(text)[0]
    assert back.ok and back.puzzle == named and back.solution == tuple(g.solution)
    assert back.name == "my puzzle #1"


def test_jigsaw_line_classic_and_large():
    p = Sudoku(4, [1, 0, 0, 0] + [0] * 12, name="x")
    back = read_text(write(p, "jigsaw-line"), format="jigsaw-line")[0]
    assert back.puzzle == p and back.puzzle.box == (2, 2) and back.name == "x"
    big = Sudoku(36, [0] * (36 * 36 - 1) + [36])  # 36x36: comma-separated numbers
    text = write(big, "jigsaw-line")
    assert text.count(",") == 36 * 36 - 1
    assert read_text(text, format="jigsaw-line")[0].puzzle == big
    assert detect_format(text).name == "jigsaw-line" and read_text(text)[0].puzzle == big


@pytest.mark.parametrize("text,col,msg", [
    ("....|AAB", 6, "region map has 3 labels"),
    (".1!.............|AABBAABBCCDDCCDD", 3, "bad character '!'"),
    (".17.............|AABBAABBCCDDCCDD", 3, "outside 1..4"),
    ("................|AAAAAABBCCDDCCDD", 18, ""),
], ids=["short-regions", "bad-char", "value", "bad-regions"])
def test_jigsaw_line_errors_located(text, col, msg):
    e = read_text("# comment\n" + text + "\n", "f.txt")[0]
    assert not e.ok and e.error.file == "f.txt" and e.error.line == 2 and e.error.col == col
    assert msg in e.error.message


HIDATO_RING = "#,0,28,1,0,#/0,0,0,16,0,0/0,25,#,#,0,3/24,0,#,#,0,4/0,21,8,0,0,0/#,0,0,7,0,#"


def test_hidato_line_detected_and_round_trips():
    for text, fmt in ((HIDATO_RING, "hidato-line"), ("numbrix 1,0,0,0/0,0,0,0/0,16,0,0/0,7,0,0", "hidato-line")):
        assert detect_format(text + "\n").name == fmt
        e = read_text(text)[0]
        assert e.ok and write(e.puzzle, "hidato-line") == text + "\n"
    e = read_text(HIDATO_RING)[0]
    assert e.puzzle.num_cells == 28 and not e.puzzle.is_numbrix and e.puzzle.grid()[0][0] is None
    assert read_text("numbrix 1,0,0,0/0,0,0,0/0,16,0,0/0,7,0,0")[0].puzzle.is_numbrix
    # a ring line starting with '#' is a puzzle, a '# words' line a comment
    assert len(read_text("# two rings\n" + HIDATO_RING + "\n" + HIDATO_RING + "\n")) == 2


@pytest.mark.parametrize("adj", ["king", "rook"])
@pytest.mark.parametrize("fmt", ["hidato-line", "numbrix-line"])
def test_hidato_line_write_read_with_solution(fmt, adj):
    g = generate("hidato" if adj == "king" else "numbrix", rows=6, shape="ring" if adj == "king" else None, seed=4)
    p = Hidato.from_grid(g.puzzle.grid(), adj, name="ring # 2")
    text = write(p, fmt, solution=g.solution)
    e = read_text(text, format=fmt)[0]
    assert e.ok, e.error
    assert e.puzzle == p and e.puzzle.adjacency == adj and e.solution == tuple(g.solution) and e.name == "ring # 2"


def test_numbrix_kind_reads_plain_line_as_rook():
    text = "1,0,0/0,0,0/0,0,9\n"
    assert not read_text(text)[0].puzzle.is_numbrix
    assert read_text(text, kind="numbrix")[0].puzzle.is_numbrix
    assert read_text(text, format="numbrix-line")[0].puzzle.is_numbrix


@pytest.mark.parametrize("text,col,msg", [
    ("19,0,x5/0,1,2", 6, "bad character 'x'"),
    ("1,0,0/0,0", 1, "different lengths"),
    ("numbrix 19,0,5/0,1,3", 9, "outside"),
    ("1,,0/0,0,3", 3, "nothing between the commas"),
], ids=["bad-char", "ragged", "range", "empty"])
def test_hidato_line_errors_located(text, col, msg):
    e = read_text("\n" + text + "\n", "h.txt")[0]
    assert not e.ok and (e.error.file, e.error.line, e.error.col) == ("h.txt", 2, col), e.error
    assert msg in e.error.message


@pytest.mark.slow
def test_subprocess_pipe():
    exe = [sys.executable, "-m", "gridsat.cli"]
    gen = subprocess.run(exe + ["generate", "jigsaw", "--seed", "3", "--count", "2"], capture_output=True,
                         text=True, check=True, timeout=120)
    chk = subprocess.run(exe + ["check"], input=gen.stdout, capture_output=True, text=True, timeout=120)
    assert chk.returncode == 0 and chk.stdout.count(" unique ") == 2, chk.stdout + chk.stderr


def test_mixed_classic_and_jigsaw_lines(capsys, monkeypatch):
    text = _generate(capsys, ["sudoku", "--size", "4", "--seed", "1"]) + _generate(capsys, ["jigsaw", "--size", "6", "--seed", "1"])
    code, (out, _) = _check(capsys, monkeypatch, text)  # 'line' from the first line, then the jigsaw line's own
    assert code == 0 and out.count(" unique ") == 2
    code, (out, err) = _check(capsys, monkeypatch, text, "--format", "line")  # forced: the jigsaw line fails alone
    assert code != 0 and out.count(" unique ") == 1 and "--format jigsaw-line" in out + err
    code, (out, _) = _check(capsys, monkeypatch, text, "--format", "jigsaw-line")
    assert code == 0 and out.count(" unique ") == 2


def test_generated_numbrix_json_under_kind_hidato(capsys, monkeypatch):
    text = _generate(capsys, ["numbrix", "--rows", "4", "--seed", "1", "--json"])
    code, (out, _) = _check(capsys, monkeypatch, text, "-k", "hidato", "-q")
    assert code == 0 and out.startswith("unique: Numbrix")
