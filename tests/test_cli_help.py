"""The command line's help texts take what names a kind from the kind records (their
``help_names``, ``help_examples`` and ``help_words``), and only when a help is printed:
building a command's parser loads no kind package. The bundled examples are made anew by
the kinds (``make_examples``)."""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys

import pytest

from gridsat.cli import main
from gridsat.cli.helptext import Later, Parser
from gridsat.kinds import KINDS, get_kind, register_kind, unregister_kind


def help_of(argv: list[str], capsys) -> str:
    """What ``gridsat ARGV -h`` prints."""
    code = main([*argv, "-h"])
    out, _ = capsys.readouterr()
    assert code == 0
    return out


def flat(text: str) -> str:
    """``text`` with its white space runs as one space (argparse wraps option helps)."""
    return " ".join(text.split())


def test_every_kind_example_line_is_in_its_command_help(capsys):
    seen = 0
    for kind in KINDS.values():
        for command, lines in kind.help_examples.items():
            out = help_of([command] if command else [], capsys)
            for line in lines:
                assert f"\n  {line}\n" in out, (kind.name, command, line)
                seen += 1
    assert seen >= 20


def test_a_generator_help_shows_the_example_lines_that_name_it(capsys):
    for kind in KINDS.values():
        for name in kind.generators:
            out = help_of(["generate", name], capsys)
            mine = [line for line in kind.help_examples.get("generate", ()) if f"generate {name} " in line + " "]
            assert mine and all(f"\n  {line}\n" in out for line in mine), name
            others = [line for k in KINDS.values() for line in k.help_examples.get("generate", ())
                      if line not in mine]
            assert not any(line in out for line in others), name


@pytest.fixture
def toy_kind():
    """A kind with its own help texts, registered for the test (a copy of the Sudoku record
    with no generators, formats, encodings or backends of its own)."""
    class Toy:
        kind = "toyhelp"

    kind = dataclasses.replace(
        get_kind("sudoku"), name="toyhelp", puzzle_class=Toy, aliases=(), generators={}, encodings={}, backends={},
        load_formats=lambda: None, order=1, help_names=("Toy",),
        help_examples={"": ("gridsat check toy.txt",), "solve": ("gridsat solve --kind toyhelp toy.txt",)},
        help_words={"box": "toy squares", "rate": "the toy scale", "path": "Toy", "formats": "toy-line"},
        make_examples={}, cli_generate=None, cli_count=None, bulk_encoding="", bulk_puzzle=None)
    register_kind(kind)
    try:
        yield kind
    finally:
        unregister_kind("toyhelp")


def test_a_kind_registered_brings_its_words_to_the_helps(capsys, toy_kind):
    top = help_of([], capsys)
    # (the toy comes right after Hidato, the kinds after it follow: the lists are not closed here)
    assert "(Sudoku, jigsaw, Hidato, Toy" in top and "\n  gridsat check toy.txt\n" in top
    solve = help_of(["solve"], capsys)
    assert "\n  gridsat solve --kind toyhelp toy.txt\n" in solve
    words = flat(solve)
    assert "box shape of classic puzzles and toy squares," in words
    assert "puzzle kind (sudoku, hidato, toyhelp, " in words
    assert "line, grid, vector, nonomino, hidato, hidato-haskell, toy-line, " in words
    assert "for Hidato; default,cpsat:cpsat-int for Toy" in words
    assert "Rate difficulty on the Sudoku Explainer scale or the toy scale" in flat(help_of(["rate"], capsys))
    assert "Hidato and Toy: draw the path" in flat(help_of(["render"], capsys))


def test_without_a_kind_word_a_help_says_it_generically(capsys, monkeypatch):
    from gridsat.cli import helptext

    wordless = [dataclasses.replace(kind, help_words={}) for kind in KINDS.values()]
    monkeypatch.setattr(helptext, "_kinds", lambda: wordless)
    words = flat(help_of(["render"], capsys))
    assert "box shape of puzzles with boxes," in words and "--path, --no-path draw the path" in words
    assert "solved values in blue. PNG" in words


LOADED = ("sorted(m for m in sys.modules if m.startswith('gridsat.kinds.') and m.count('.') == 2 "
          "and m != 'gridsat.kinds.base')")


def test_building_a_command_parser_loads_no_kind_package():
    """Every command but ``generate`` and ``count`` (whose subcommands and options include the
    kinds' own; their runs read puzzles through the kinds anyway) builds its parser and reads
    its options without a kind package; printing the helps loads them."""
    code = (f"import sys\nfrom gridsat.cli import COMMANDS, build_parser\n"
            f"parsers = {{c: build_parser(c) for c in COMMANDS if c not in ('generate', 'count')}}\n"
            f"parsers['check'].parse_args(['check', '--example', 'sudoku-4x4', '--race', '--json'])\n"
            f"print({LOADED})\n"
            f"texts = [p.format_help() for p in parsers.values()]\n"
            f"print({LOADED})\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.splitlines()
    assert before == "[]"
    assert after == str(sorted(f"gridsat.kinds.{name}" for name in KINDS))


def test_a_parser_makes_later_texts_when_they_are_read():
    """Description, epilog, option and subcommand helps given as ``Later`` are made when the
    help or the usage is asked for (sphinx-argparse asks for the usage, then reads them)."""
    made = []

    def later(text):
        return Later(lambda: made.append(text) or text)

    p = Parser(prog="demo", description=later("the description"), epilog=later("the epilog"),
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--opt", help=later("the option"))
    sub = p.add_subparsers(dest="command")
    q = sub.add_parser("run", help=later("the command"), description=later("run's description"))
    q.add_argument("--fast", help=later("run's option"))
    assert p.parse_args(["run", "--fast", "1"]).fast == "1" and made == []
    out = p.format_help()
    assert all(t in out for t in ("the description", "the epilog", "the option", "the command"))
    assert isinstance(q, Parser)
    q.format_usage()
    assert [a.help for a in q._actions][-1] == "run's option" and q.description == "run's description"
    assert len(made) == 6  # each made once


def test_the_message_for_an_unread_link_names_every_link_a_format_reads(capsys):
    from gridsat.formats import FORMATS

    links = [f.link for f in FORMATS.values() if f.link]
    code = main(["solve", "https://example.com/not-a-puzzle"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("<link>:1:1: not a puzzle link gridsat reads (")
    assert len(links) >= 3 and all(link in err for link in links)


def test_the_kinds_make_bundled_examples(tmp_path, monkeypatch):
    """Every example a kind makes anew is a bundled one; the 4x4 one comes out unique and
    described as the bundled file is; an example no kind makes is refused."""
    import gridsat
    from gridsat.examples import _generate, example_text, list_examples
    from gridsat.formats import read_text

    makers = _generate.makers()
    assert {"sudoku-4x4", "sudoku-25x25"} <= set(makers) <= {name for name, _ in list_examples()}
    text = makers["sudoku-4x4"]()
    first, bundled = text.splitlines()[0], example_text("sudoku-4x4").splitlines()[0]
    assert first.split(",")[:2] == bundled.split(",")[:2] and first.endswith("(made by gridsat.examples._generate, seed 4)")
    assert gridsat.check(read_text(text)[0].puzzle).status == "unique"
    assert _generate.main(["no-such-example"]) == 2
