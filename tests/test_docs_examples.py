"""Every code example in README.md and docs/**/*.md runs, so the documentation cannot rot.

* ``python`` blocks run through Sybil, in order, in one namespace per page: plain code is
  executed (its ``assert`` lines are the checks), and ``>>>`` sessions are doctests
  (``ELLIPSIS`` and ``NORMALIZE_WHITESPACE`` on).
* ``console`` blocks are shell transcripts: every ``$ command`` line (continued by a
  trailing backslash) runs in one bash process per block, in a sandbox directory that
  mirrors the repository (``tests``, ``benchmarks``, ``models``, ``docs/examples``, ...
  are symlinks, so relative paths work and written files stay out of the repository), with
  the virtual environment's ``bin`` on ``PATH`` and standard error merged into standard
  output. The output must match the lines after the command: ``...`` matches anything
  (a line of its own: any number of lines), and a time such as ``0.004 s`` or ``0.004s``
  matches any time. ``echo $?`` sees the previous command's exit code.
* ``<!-- skip: next -->`` (Sybil's directive) before a block skips it; the page says why
  (a benchmark that takes minutes, a program that may not be installed).

``gridsat`` in a console block is a shim that hands the command line to a fork server
(``tests/docs_cli_server.py``), which imported ``gridsat.cli`` once: starting the real
command costs about a second of imports, and the pages have dozens of examples.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
import time
import unittest
from pathlib import Path

import pytest

sybil = pytest.importorskip("sybil")
from sybil import Sybil  # noqa: E402
from sybil.example import SybilFailure  # noqa: E402
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import docs_cli_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GENERATED = ("_build", "reference/generated", "tutorials/notebooks")
PAGES = [ROOT / "README.md"] + sorted(
    p for p in DOCS.rglob("*.md") if not any(p.relative_to(DOCS).as_posix().startswith(g) for g in GENERATED)
)
#: pages whose examples are known not to run yet, with the reason (they still run: xfail)
KNOWN_BROKEN: dict[str, str] = {}
MIRRORED = ["tests", "benchmarks", "models", "notebooks", "src", "README.md", "pyproject.toml"]
BLOCK_TIMEOUT_S = 120
SEPARATOR = "@@gridsat-docs-example@@"


# -- console blocks ---------------------------------------------------------------------

def parse_transcript(text: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` pairs of a console block."""
    pairs: list[list] = []
    continued = False
    for line in text.splitlines():
        if continued:
            pairs[-1][0] += "\n" + line
            continued = line.endswith("\\")
        elif line.startswith("$ "):
            pairs.append([line[2:], []])
            continued = line.endswith("\\")
        elif pairs:
            pairs[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"console block starts with output, not a '$ ' command: {line!r}")
    return [(cmd, "\n".join(out)) for cmd, out in pairs]


# "..." is a wildcard only as a word of its own (so the dots of a puzzle line such as
# "..3.21..9...." stay literal): at a line start or after a space, bracket, comma, colon or
# bar, and before a line end, space, closing bracket, comma, bar or slash.
_TOKENS = re.compile(r"(\n[ \t]*\.\.\.(?=\n|$)"
                     r"|(?<![^\s\[{(,:|])\.\.\.(?![^\s\]}),|/])"
                     r"|\d+\.\d+ ?s\b)")
_ANY_TIME = r"\d+(?:\.\d+)?(?:e-?\d+)? ?s\b"


def output_pattern(expected: str) -> re.Pattern:
    """A regex for an expected output: ``...`` wildcards, loose times, no trailing spaces."""
    expected = "\n".join(line.rstrip() for line in expected.strip("\n").splitlines())
    parts = []
    for i, token in enumerate(_TOKENS.split(expected)):
        if i % 2 == 0:
            parts.append(re.escape(token))
        elif token.startswith("\n"):  # a line of its own: any number of lines
            parts.append(r"(?:\n[\s\S]*?)?")
        elif token == "...":
            parts.append(r"[\s\S]*?")
        else:
            parts.append(_ANY_TIME)
    return re.compile("".join(parts))


def output_matches(expected: str, actual: str) -> bool:
    actual = "\n".join(line.rstrip() for line in actual.strip("\n").splitlines())
    return output_pattern(expected).fullmatch(actual) is not None


def run_console(example) -> str | None:
    """Sybil evaluator for a ``console`` block: ``None`` when every output matches."""
    env = example.namespace["__console__"]
    pairs = parse_transcript(example.parsed)
    script = ["exec 2>&1"]
    for cmd, _ in pairs:
        script += [cmd, f"__rc=$?; printf '\\n%s\\n' '{SEPARATOR}'; (exit $__rc)"]
    try:
        proc = subprocess.run(["bash", "-c", "\n".join(script)], cwd=env["cwd"], env=env["env"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, timeout=BLOCK_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"console block did not finish in {BLOCK_TIMEOUT_S} s"
    outputs = proc.stdout.decode(errors="replace").split(f"\n{SEPARATOR}\n")
    problems = []
    for (cmd, expected), actual in zip(pairs, outputs):
        if not output_matches(expected, actual):
            problems.append(f"$ {cmd}\n--- expected\n{expected}\n--- got\n{actual.strip(chr(10))}\n")
    return "\n".join(problems) or None


# -- the sandbox and the fork server -----------------------------------------------------

@pytest.fixture(scope="module")
def console_env(tmp_path_factory):
    """A directory mirroring the repository, and an environment whose ``gridsat`` is fast."""
    box = tmp_path_factory.mktemp("docs-examples")
    cwd = box / "repo"
    cwd.mkdir()
    for name in MIRRORED:
        if (ROOT / name).exists():
            (cwd / name).symlink_to(ROOT / name)
    # docs/ is a real directory with only its sample files linked, so that an example
    # writing under docs/ cannot overwrite a page or a picture of the repository
    (cwd / "docs").mkdir()
    (cwd / "docs" / "examples").symlink_to(DOCS / "examples")
    bindir = box / "bin"
    bindir.mkdir()
    venv_bin = Path(sys.executable).parent
    real = shutil.which("gridsat", path=str(venv_bin)) or str(venv_bin / "gridsat")
    sock = str(box / "gridsat.sock")
    docs_cli_server.write_shim(str(bindir / "gridsat"), sock, real)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(bindir), str(venv_bin), env.get("PATH", "")])
    env.pop("COLUMNS", None)
    server = subprocess.Popen([sys.executable, docs_cli_server.__file__, sock], cwd=str(cwd), env=env,
                              stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not os.path.exists(sock) and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield {"cwd": str(cwd), "env": env}
    finally:
        server.kill()
        server.wait()


# -- the test ---------------------------------------------------------------------------

def _optional(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def _setup(namespace: dict) -> None:
    """Names the pages' skip conditions use."""
    namespace["HAVE_MINIZINC"] = shutil.which("minizinc") is not None and _optional("minizinc")
    namespace["HAVE_COUNTERS"] = all(map(_optional, ("d4solver", "pyganak", "pyapproxmc")))
    namespace["HAVE_CAIRO"] = _optional("cairosvg")
    namespace["HAVE_MATPLOTLIB"] = _optional("matplotlib")
    try:
        from gridsat import get_backend

        namespace["HAVE_NATIVE"] = get_backend("native").unavailable() is None
    except Exception:  # noqa: BLE001 - no native backend at all
        namespace["HAVE_NATIVE"] = False


SYBIL = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE),
        CodeBlockParser("console", run_console),
        SkipParser(),
    ],
)


def test_pages_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/index.md", "docs/getting-started.md", "docs/howto/cli.md"} <= names


def test_transcript_matching():
    assert parse_transcript("$ a \\\n  b\nout\n$ c\n") == [("a \\\n  b", "out"), ("c", "")]
    assert output_matches("solved [x, 0.004 s, verified]", "solved [x, 12.5 s, verified]")
    assert output_matches("a\n...\nb", "a\nb") and output_matches("a\n...\nb", "a\n1\n2\nb")
    assert output_matches(" 1. x\n  ...\n 9. y", " 1. x\n 2. z\n 9. y")
    assert output_matches('{"time": ...}', '{"time": {"build": 0.1}}')
    assert output_matches("[1, ...], {...}", "[1, 2, 3], {'a': 1}")
    assert not output_matches("..3.21..9", "123321129")  # a puzzle's dots are literal
    assert not output_matches("unique", "ambiguous")
    assert not output_matches("a\nb", "a\nb\nc")


def _param(page: Path):
    name = page.relative_to(ROOT).as_posix()
    marks = [pytest.mark.xfail(reason=KNOWN_BROKEN[name], strict=False)] if name in KNOWN_BROKEN else []
    return pytest.param(page, id=name, marks=marks)


@pytest.mark.parametrize("page", [_param(p) for p in PAGES])
def test_examples(page, console_env, monkeypatch):
    monkeypatch.chdir(console_env["cwd"])
    document = SYBIL.parse(page)
    document.namespace["__console__"] = console_env
    _setup(document.namespace)
    ran, skipped, failures = 0, [], []
    for example in document:
        try:
            example.evaluate()
        except unittest.SkipTest as e:  # <!-- skip: next "reason" --> or a skip condition
            skipped.append(f"line {example.line}: {e}")
            continue
        except SybilFailure as e:  # report every failing example of the page, not the first
            failures.append(f"{page.name} line {example.line}:\n{e.result}")
        except Exception as e:  # noqa: BLE001 - an exception in a plain python block
            failures.append(f"{page.name} line {example.line}: {type(e).__name__}: {e}")
        ran += 1
    assert not failures, "\n\n".join(failures)
    if ran == 0:
        pytest.skip("no code example ran on this page" + (f" ({'; '.join(skipped)})" if skipped else ""))
