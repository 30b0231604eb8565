"""Every kind record, backend and encoding, through the registries (see conftest.py).

A new backend or encoding is run on every kind's sample puzzles here without editing this file.
"""

from __future__ import annotations

import pytest

import gridsat
from gridsat.backends import get_backend, list_backends
from gridsat.encoders import get_encoding
from gridsat.errors import UnsupportedError
from gridsat.kinds import Late, get_kind
from gridsat.selection import resolve


def test_kind_record_is_complete(kind):
    """Every reference resolves; every default names registered parts of one target."""
    for name, value in vars(kind).items():
        if isinstance(value, Late):
            assert callable(value.resolve()), name
    for gen in kind.generators.values():
        for ref in (gen.make, gen.cli_options, gen.cli_values):
            assert callable(ref.resolve())
        assert gen.help
    for alias in (kind.name,) + kind.aliases:
        assert get_kind(alias) is kind
    assert get_encoding(kind.export_encoding, kind.name).target == "cnf"
    assert get_encoding(kind.count_encoding, kind.name).target == "cpsat"
    for choice in kind.choices:
        assert get_backend(choice.backend).target == get_encoding(choice.encoding, kind.name).target
        assert choice.serves and choice.reason
    for b, e in kind.race:
        assert b == "default" or b in list_backends()
        assert e == "default" or get_encoding(e, kind.name)


def test_kind_samples_use_the_declared_defaults(kind):
    for puzzle, solutions in kind.samples():
        choice = kind.default(puzzle)
        assert choice in kind.choices
        res = gridsat.count(puzzle)
        assert (res.backend, res.encoding) == choice.pair
        assert (res.count, res.complete, res.verified) == (solutions, True, True)
        assert kind.variant(puzzle) and kind.describe(puzzle)
        assert kind.board(puzzle, res.solution) and kind.solution_line(puzzle, res.solution)


def _backend_for(encoding) -> str:
    names = [b for b in list_backends(encoding.target, available=True)]
    if not names:
        pytest.skip(f"no {encoding.target} backend can run here")
    counting = [b for b in names if "count" in get_backend(b).supports]
    return (counting or names)[0]


def test_encoding_counts_every_sample(encoding):
    backend = _backend_for(encoding)
    kind = get_kind(encoding.kind)
    ran = 0
    for puzzle, solutions in kind.samples():
        if not encoding.applies(puzzle):
            continue
        ran += 1
        limit = 60 if "time_limit" in get_backend(backend).supports else None
        if "count" in get_backend(backend).supports:
            res = gridsat.count(puzzle, backend=backend, encoding=encoding, time_limit=limit)
            assert (res.count, res.complete) == (solutions, True), puzzle
        else:
            res = gridsat.solve(puzzle, backend=backend, encoding=encoding, time_limit=20)
            assert res.status == "solved"
        assert res.verified
    assert ran, "the encoding applies to none of its kind's samples"


def test_backend_answers_every_sample(backend, kind):
    b = get_backend(backend)
    ran = 0
    for puzzle, solutions in kind.samples():
        try:
            resolve(puzzle, backend, None)
        except UnsupportedError:
            continue  # no encoding of this backend's target for this kind
        ran += 1
        limit = 60 if "time_limit" in b.supports else None
        if "count" in b.supports:
            res = gridsat.count(puzzle, backend=backend, time_limit=limit)
            assert (res.count, res.complete) == (solutions, True)
        else:
            res = gridsat.solve(puzzle, backend=backend, time_limit=20)
            assert res.status == "solved"
        assert res.verified and res.backend == backend
    if not ran:
        pytest.skip(f"backend {backend} has no encoding for {kind.name}")


def test_built_in_encodings_are_catalogued(encoding):
    """The catalogue names each built-in encoding's target and the function that loads it, so it
    loads on demand."""
    from gridsat.encoders import catalogue

    if encoding.build.__module__.startswith("gridsat."):
        target, load = catalogue()[(encoding.kind, encoding.name)]
        assert target == encoding.target and callable(load)


def test_defaults_fall_back_when_the_c_core_is_missing(monkeypatch):
    """Where a default backend cannot run, its fallback pair serves (here: the C core 'missing')."""
    from gridsat.kinds.sudoku import backend_native as native_backend
    from gridsat.selection import default_choice

    p = gridsat.Sudoku.empty(9)
    monkeypatch.setattr(native_backend.NativeBackend, "unavailable", lambda self: "not built (test)")
    assert default_choice(p).pair == ("minisat22", "cnf-extended")
    assert gridsat.count(gridsat.Sudoku.empty(4)).backend == "minisat22"
    assert default_choice(gridsat.Sudoku.empty(16)).pair == ("minicard", "cnf-reduced")
