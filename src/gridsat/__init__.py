"""gridsat: solve, count, check and generate number-placement grid puzzles with SAT and CP solvers.

>>> import gridsat
>>> p = gridsat.Sudoku.classic([0] * 16)
>>> gridsat.count(p).count
288

``import gridsat`` loads nothing but this file: each name below is imported on first use
(PEP 562), and each backend, encoding, generator and renderer loads when it is first used,
so a command line pays only for what it runs. ``gridsat.__version__`` reads the installed
package's metadata on first use.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)


def _api():
    from . import api
    return api


def _backends():
    from . import backends
    return backends


def _encoders():
    from . import encoders
    return encoders


def _errors():
    from . import errors
    return errors


def _kinds():
    from . import kinds
    return kinds


def _portfolio():
    from . import portfolio
    return portfolio


def _result():
    from . import result
    return result


#: public name -> a function that imports the module defining it (called on first use); the
#: puzzle classes (``gridsat.Sudoku``, ...) come from the kind records (:func:`_public_names`)
_LAZY = {
    "check": _api, "check_many": _api, "count": _api, "default_choice": _api, "solve": _api, "solve_many": _api,
    "true_candidates": _api, "redundant": _api, "explain_ambiguity": _api,
    "get_backend": _backends, "list_backends": _backends,
    "get_encoding": _encoders, "list_encodings": _encoders,
    "GridsatError": _errors, "ParseError": _errors, "PuzzleError": _errors, "UnsupportedError": _errors,
    "get_kind": _kinds, "kind_of": _kinds, "list_kinds": _kinds,
    "race": _portfolio,
    "Result": _result,
}

if TYPE_CHECKING:  # what static tools see: the names as if imported here (a puzzle class: via __getattr__)
    from pathlib import Path

    from .api import check, check_many, count, default_choice, solve, solve_many
    from .api import explain_ambiguity, redundant, true_candidates
    from .backends import get_backend, list_backends
    from .encoders import get_encoding, list_encodings
    from .errors import GridsatError, ParseError, PuzzleError, UnsupportedError
    from .kinds import get_kind, kind_of, list_kinds
    from .portfolio import race
    from .result import Result

# ``gridsat.verify`` is the function; its module is ``gridsat.verifier``
from .verifier import verify  # noqa: E402


def __getattr__(name: str):
    """A public name, a puzzle class or a submodule, imported on first use (then kept as an attribute)."""
    if name == "__version__":
        globals()[name] = value = _version()
        return value
    if name == "__all__":  # (not kept: a kind registered later adds its puzzle class)
        return _public_names()
    home = _LAZY.get(name)
    if home is not None:
        value = getattr(home(), name)
    elif name[:1].isupper() and (value := _kinds().kind_class(name)) is not None:
        pass  # a kind's puzzle class: its package was discovered and imported
    else:
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *_public_names(), "__version__"})


def _public_names() -> list[str]:
    """``gridsat.__all__``: every kind's puzzle class (in listing order, every kind package
    imported), then :data:`_PUBLIC`."""
    return [*(kind.puzzle_class.__name__ for kind in _kinds().KINDS.values()), *_PUBLIC]


def _version() -> str:
    """This copy's version: the installed distribution's metadata when it installed this copy,
    else the ``pyproject.toml`` of the source tree it runs from (a checkout on ``PYTHONPATH``).
    """
    from importlib import metadata
    from pathlib import Path

    here = Path(__file__).resolve().parent
    try:
        dist = metadata.distribution("gridsat")
    except metadata.PackageNotFoundError:
        dist = None
    if dist is not None and _installed_here(dist, here):
        return dist.version
    return _source_version(here.parents[1] / "pyproject.toml") or "0+unknown"


def _installed_here(dist, here: Path) -> bool:
    """Whether ``dist`` (an installed distribution named gridsat) is this copy of the package:
    installed from a wheel into the directory it runs from, or an editable install of its tree.
    """
    import json
    from pathlib import Path
    from urllib.parse import unquote, urlsplit

    if Path(str(dist.locate_file("gridsat/__init__.py"))).resolve() == here / "__init__.py":
        return True
    try:
        origin = json.loads(dist.read_text("direct_url.json") or "{}")
    except ValueError:
        return False
    url = urlsplit(origin.get("url", ""))
    if not (origin.get("dir_info", {}).get("editable") and url.scheme == "file"):
        return False
    path = unquote(url.path)  # (file:///C:/x on Windows: /C:/x)
    root = Path(path[1:] if path[2:3] == ":" else path)
    return root.resolve() in here.parents


def _source_version(pyproject: Path) -> str | None:
    """The ``version`` of the ``[project]`` table of a gridsat ``pyproject.toml`` (``None``: none)."""
    import re

    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        return None
    table = re.search(r"^\[project\][ \t]*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if table is None or not re.search(r'^name\s*=\s*"gridsat"\s*$', table[1], re.M):
        return None
    version = re.search(r'^version\s*=\s*"([^"]+)"\s*$', table[1], re.M)
    return version[1] if version else None


def generate(kind: str | None = None, **options):
    """One puzzle with exactly one solution (``sudoku``, ``jigsaw``, ``hidato``, ``numbrix``;
    default: the first generator listed, ``sudoku``).

    See :func:`gridsat.generators.generate`; returns a :class:`gridsat.generators.Generated`.
    The generators load on first use.
    """
    from .generators import generate as _generate  # generators sit above the front door

    return _generate(kind, **options)


#: the public names but the kinds' puzzle classes, which ``__all__`` (read from the kind records
#: on first use, see :func:`_public_names`) puts first
_PUBLIC = [
    "Result", "solve", "count", "check", "solve_many", "check_many", "verify", "race", "generate",
    "list_backends", "get_backend", "list_encodings", "get_encoding", "default_choice",
    "get_kind", "kind_of", "list_kinds",
    "GridsatError", "ParseError", "PuzzleError", "UnsupportedError",
    "true_candidates", "redundant", "explain_ambiguity",
]
