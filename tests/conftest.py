"""Fixtures fed by the registries: a new kind, backend, encoding or constraint type is tested everywhere.

``kind``: every registered kind record; ``backend``: every registered backend name (skipped
with the reason where it cannot run here); ``encoding``: every registered encoding;
``constraint_type``: every registered constraint type; ``constraint_example``: every small
instance each type provides (:meth:`gridsat.constraints.Constraint.examples`). A test that
takes one of these fixtures is parametrised over the registry, so adding a backend, an
encoding or a constraint type needs no edit to the test files.
"""

from __future__ import annotations

import pytest

from gridsat.backends import get_backend, list_backends
from gridsat.constraints import get_constraint, list_constraints
from gridsat.encoders import list_encodings
from gridsat.kinds import KINDS

import constraint_toy  # noqa: F401  (the toy type of docs/dev/adding-constraint.md, registered like a built-in)


def _why_not(name: str) -> str | None:
    try:
        return get_backend(name).unavailable()
    except ImportError as exc:
        return str(exc)


def _backend_params() -> list:
    out = []
    for name in list_backends():
        why = _why_not(name)
        marks = [pytest.mark.skip(reason=f"backend {name} unavailable: {why}")] if why else []
        out.append(pytest.param(name, id=name, marks=marks))
    return out


def _encoding_params() -> list:
    out = []
    for enc in list_encodings():
        runnable = [b for b in list_backends(enc.target) if _why_not(b) is None]
        marks = [] if runnable else [pytest.mark.skip(reason=f"no {enc.target} backend can run here")]
        out.append(pytest.param(enc, id=f"{enc.kind}/{enc.name}", marks=marks))
    return out


def _wants(metafunc: pytest.Metafunc, name: str) -> bool:
    """Whether the test takes ``name`` and does not parametrise it itself."""
    if name not in metafunc.fixturenames or name in metafunc.definition._fixtureinfo.name2fixturedefs:
        return False
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        if name in names:
            return False
    return True


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise the ``kind``, ``backend``, ``encoding`` and ``constraint_*`` arguments over the registries."""
    if _wants(metafunc, "kind"):
        metafunc.parametrize("kind", [pytest.param(k, id=k.name) for k in KINDS.values()])
    if _wants(metafunc, "backend"):
        metafunc.parametrize("backend", _backend_params())
    if _wants(metafunc, "encoding"):
        metafunc.parametrize("encoding", _encoding_params())
    if _wants(metafunc, "constraint_type"):
        metafunc.parametrize("constraint_type", [pytest.param(get_constraint(t), id=t) for t in list_constraints()])
    if _wants(metafunc, "constraint_example"):
        metafunc.parametrize("constraint_example", [
            pytest.param(ex, id=f"{t}-{i}") for t in list_constraints() for i, ex in enumerate(get_constraint(t).examples())])
