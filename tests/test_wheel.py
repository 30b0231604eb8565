"""The package as users get it: a wheel built from this tree installs alone into a fresh
virtual environment and runs the bundled example and the README's Python example; the
version comes from the package metadata; the cibuildwheel configuration holds together.

The wheel test (marked slow; ``make test`` runs it) builds from a copy of the tree in a
temporary directory, because the build writes ``build/`` and ``*.egg-info`` next to the
sources, and runs every command from a directory outside the repository. pip fetches the
build requirements and the dependencies from its index (or its cache): when the index
cannot be reached the test skips and says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import gridsat
from gridsat.cli import main

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
README = ROOT / "README.md"
#: what a wheel is built from (the sources, the metadata, the long description)
TREE = ["pyproject.toml", "setup.py", "README.md", "src"]
#: against a hang only: a step that takes longer is killed with its children (the whole
#: test, about 1.5 minutes on two busy cores with pip's cache warm, has three steps' worth)
STEP_TIMEOUT_S = 600
#: what pip prints when it cannot reach an index (the test then skips)
NETWORK = re.compile(r"NewConnectionError|Failed to establish a new connection|NameResolutionError|Failed to resolve"
                     r"|Temporary failure in name resolution|Name or service not known|Network is unreachable"
                     r"|Connection refused|Max retries exceeded|ConnectTimeout|Read timed out|ProxyError"
                     r"|Could not fetch URL")
#: the environment variables that would let the fresh environment see this tree or another one
LEAKS = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV", "__PYVENV_LAUNCHER__")
#: runs a page of ``>>>`` examples with the options tests/test_docs_examples.py gives them
DOCTEST = ("import doctest, sys\n"
           "r = doctest.testfile(sys.argv[1], module_relative=False,\n"
           "                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)\n"
           "sys.exit(1 if r.failed or not r.attempted else 0)\n")


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib", reason="tomllib comes with Python 3.11")
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def _run(cmd: list, *, cwd: Path, env: dict, timeout: float = STEP_TIMEOUT_S) -> subprocess.CompletedProcess:
    """Run ``cmd`` in a process group of its own; the group is killed when it outlasts
    ``timeout`` and when ``cmd`` is done, so no build or pip child outlives the step."""
    cmd = [str(c) for c in cmd]
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"{' '.join(cmd)} still ran after {timeout} s (killed):\n{out[-2000:]}\n{err[-2000:]}")
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def _ok(r: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert r.returncode == 0, f"{' '.join(r.args)} exited {r.returncode}:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


def _pip(args: list, *, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    """``python -m pip ARGS``; skips the test when pip could not reach its index."""
    r = _run([sys.executable, "-m", "pip", *args], cwd=cwd, env=env)
    if r.returncode != 0:
        lines = [x.strip() for x in (r.stdout + r.stderr).splitlines() if NETWORK.search(x)]
        if lines:
            pytest.skip(f"pip cannot reach the package index: {lines[-1][:240]}")
    return _ok(r)


def _environment(venv: Path | None = None) -> dict[str, str]:
    """The test's environment without what would leak this tree in (``PYTHONPATH``, the
    user's site-packages), with ``venv``'s ``bin`` first on ``PATH``; pip gives up soon
    on an index it cannot reach."""
    env = {k: v for k, v in os.environ.items() if k not in LEAKS}
    env.update(PYTHONNOUSERSITE="1", PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_RETRIES="1", PIP_DEFAULT_TIMEOUT="60")  # (pip's own build environment reads these too)
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env["VIRTUAL_ENV"] = str(venv)
    return env


def _can_compile() -> bool:
    """Whether setup.py's C extensions can be built here (a compiler and the Python headers)."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None and Path(sysconfig.get_paths()["include"], "Python.h").exists()


def _extensions() -> list[str]:
    """The C extension modules setup.py declares (``gridsat._native``, ...)."""
    return re.findall(r'Extension\(\s*"([\w.]+)"', (ROOT / "setup.py").read_text(encoding="utf-8"))


def _readme_python() -> str:
    """The README's first ``python`` block."""
    found = re.search(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    assert found, "README.md has no ```python block"
    return found[1]


def _timeless(text: str) -> str:
    return re.sub(r"\b\d+(\.\d+)? ?s\b", "T s", text)


@pytest.mark.slow
@pytest.mark.timeout(3 * STEP_TIMEOUT_S)  # (the suite's 300 s would cut a first, uncached install short)
@pytest.mark.skipif(os.name != "posix" or not hasattr(os, "killpg"), reason="POSIX layout of a virtual environment")
def test_the_wheel_installs_alone_and_runs_the_examples(tmp_path):
    version = _pyproject()["project"]["version"]
    tree = tmp_path / "tree"
    for name in TREE:  # (a copy: the build writes build/ and src/*.egg-info beside the sources)
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, tree / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info"))
        else:
            tree.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    env = _environment()
    _pip(["wheel", "--no-deps", "--wheel-dir", tmp_path / "dist", tree], cwd=tmp_path, env=env)
    [wheel] = (tmp_path / "dist").glob("gridsat-*.whl")
    assert wheel.name.startswith(f"gridsat-{version}-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert any(n.startswith("gridsat/examples/") for n in names), "the wheel has no bundled examples"
    built = [e for e in _extensions() if any(re.fullmatch(e.replace(".", "/") + r"\.[^/]*(so|pyd)", n) for n in names)]
    if _can_compile():  # the build ran setup.py's build_ext: the C cores are in the wheel
        assert built == _extensions(), f"C extensions missing from {wheel.name}: {sorted(set(_extensions()) - set(built))}"

    venv = tmp_path / "venv"
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path, env=env))
    python = venv / "bin" / "python"
    _pip(["--python", python, "install", "--no-compile", wheel], cwd=tmp_path, env=env)

    here = tmp_path / "run"  # outside the repository: nothing can be imported from the tree
    here.mkdir()
    venv_env = _environment(venv)
    where = _ok(_run([python, "-c", "import gridsat; print(gridsat.__file__)"], cwd=here, env=venv_env))
    assert Path(where.stdout.strip()).resolve().is_relative_to(venv.resolve()), where.stdout
    for name in built:
        _ok(_run([python, "-c", f"import {name}"], cwd=here, env=venv_env))

    shown = _ok(_run([venv / "bin" / "gridsat", "--version"], cwd=here, env=venv_env))
    assert shown.stdout == f"gridsat {version}\n"

    example = ["check", "--example", "sudoku-9x9"]
    checked = _ok(_run([venv / "bin" / "gridsat", *example], cwd=here, env=venv_env))
    source = _ok(_run([sys.executable, "-m", "gridsat.cli", *example], cwd=here,
                      env={**env, "PYTHONPATH": str(Path(gridsat.__file__).resolve().parents[1])}))
    assert checked.stdout.startswith("unique: 9x9 sudoku") and "verified" in checked.stdout.splitlines()[0]
    assert _timeless(checked.stdout) == _timeless(source.stdout)  # the wheel answers as the tree does

    (here / "readme.txt").write_text(_readme_python(), encoding="utf-8")
    _ok(_run([python, "-c", DOCTEST, here / "readme.txt"], cwd=here, env=venv_env))

    if built == _extensions():  # what cibuildwheel runs in each wheel it builds, run in this one
        command = _pyproject()["tool"]["cibuildwheel"]["test-command"]
        _ok(_run(["sh", "-c", command], cwd=here, env=venv_env))
    shutil.rmtree(tmp_path / "venv")  # (hundreds of MB; pytest removes the rest)


# -- the version ------------------------------------------------------------------------

def test_the_version_is_the_projects(capsys):
    version = _pyproject()["project"]["version"]
    assert gridsat.__version__ == version
    for argv in (["--version"], ["--version", "--list-formats"]):  # (the short path, argparse's)
        assert main(argv) == 0
        assert capsys.readouterr().out == f"gridsat {version}\n"


def test_import_gridsat_does_not_read_the_metadata():
    code = ("import json, sys\n"
            "seen = ['importlib.metadata' in sys.modules]\n"
            "import gridsat\n"
            "from gridsat.cli import build_parser\n"
            "build_parser()\n"
            "seen.append('importlib.metadata' in sys.modules)\n"
            "gridsat.__version__\n"
            "seen.append('importlib.metadata' in sys.modules)\n"
            "print(json.dumps(seen))\n")
    env = {**os.environ, "PYTHONPATH": str(Path(gridsat.__file__).resolve().parents[1])}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    before, after_import, after_version = json.loads(r.stdout)
    if before:
        pytest.skip("the interpreter loads importlib.metadata at start-up here")
    assert (after_import, after_version) == (False, True)


class _Installed:
    """A stand-in for an installed distribution named gridsat."""

    def __init__(self, version: str, site: Path, direct_url: dict | None = None) -> None:
        self.version, self.site, self.direct_url = version, site, direct_url

    def locate_file(self, path: str) -> Path:
        return self.site / path

    def read_text(self, name: str) -> str | None:
        return json.dumps(self.direct_url) if name == "direct_url.json" and self.direct_url else None


def test_the_version_is_this_copys(monkeypatch, tmp_path):
    """The metadata counts only when it describes this copy: a distribution installed where
    this copy runs, or an editable install of its tree; else the tree's pyproject.toml."""
    ours = _pyproject()["project"]["version"]
    package = Path(gridsat.__file__).resolve().parent
    tree = package.parents[1]

    def installed(dist):
        def distribution(name):
            assert name == "gridsat"
            if dist is None:
                raise metadata.PackageNotFoundError(name)
            return dist
        monkeypatch.setattr(metadata, "distribution", distribution)
        return gridsat._version()

    assert installed(_Installed("9.9", package.parent)) == "9.9"  # a wheel installed here
    assert installed(_Installed("9.9", tmp_path)) == ours  # another copy's
    editable = {"url": tree.as_uri(), "dir_info": {"editable": True}}
    assert installed(_Installed("9.9", tmp_path, editable)) == "9.9"  # this tree, editable
    other = {"url": tmp_path.as_uri(), "dir_info": {"editable": True}}
    assert installed(_Installed("9.9", tmp_path, other)) == ours  # another tree, editable
    assert installed(None) == ours  # a checkout on PYTHONPATH, nothing installed
    copy = tmp_path / "copy" / "gridsat" / "__init__.py"
    monkeypatch.setattr(gridsat, "__file__", str(copy))
    assert installed(None) == "0+unknown"  # neither metadata nor a source tree
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "1.0"\n', encoding="utf-8")
    assert installed(None) == "0+unknown"  # a tree, but not gridsat's


# -- cibuildwheel and the README ---------------------------------------------------------

def test_the_cibuildwheel_configuration_builds_and_tests_every_wheel():
    project = _pyproject()
    config = project["tool"]["cibuildwheel"]
    oldest = tuple(int(x) for x in re.fullmatch(r">=(\d+)\.(\d+)", project["project"]["requires-python"]).groups())
    versions = sorted((int(m[1]), int(m[2])) for m in re.finditer(r"\bcp(\d)(\d+)-\*", config["build"]))
    assert versions and versions[0] == oldest, "the wheels start at the oldest Python the project supports"
    assert versions == [(3, v) for v in range(oldest[1], versions[-1][1] + 1)], "no CPython version left out"
    assert {"pp*", "*-musllinux_*"} <= set(config["skip"].split())
    assert config["linux"]["archs"] and config["macos"]["archs"]
    command = config["test-command"]
    assert "gridsat check --example sudoku-9x9" in command
    assert _extensions() and all(name in command for name in _extensions()), "the test imports every C core"


def test_the_readme_gives_three_ways_in():
    block = re.search(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    commands = [line.split("#")[0].strip() for line in block[1].splitlines()]
    assert commands == ["make demo", "make test", "pip install ."]
