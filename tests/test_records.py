"""Record classes (:mod:`gridsat.kinds.records`) behave as the dataclasses they stand for: the
kind record, the format record and the entries, compared with the same fields made by
:func:`dataclasses.dataclass` itself."""

from __future__ import annotations

import dataclasses

import pytest

from gridsat.formats import FORMATS, read_text
from gridsat.formats.base import Entry, Format, JsonKind, JSON_KINDS
from gridsat.kinds import KINDS, Choice, Generator, Kind
from gridsat.kinds.records import record


def _twin(cls: type) -> type:
    """``cls``'s fields as a class made by :func:`dataclasses.dataclass`."""
    specs = []
    for f in dataclasses.fields(cls):
        extra = {}
        if f.default is not dataclasses.MISSING:
            extra["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            extra["default_factory"] = f.default_factory
        specs.append((f.name, f.type, dataclasses.field(**extra)))
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=cls.__dataclass_params__.frozen)


def _values(obj) -> dict:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def _samples() -> list:
    kinds = list(KINDS.values())
    out = kinds + [c for k in kinds for c in k.choices] + [g for k in kinds for g in k.generators.values()]
    out += list(FORMATS.values()) + list(JSON_KINDS.values())
    return out + read_text("1..4\n..1.\n.1..\n4..1\n") + [Entry(None)]


def test_records_are_dataclasses_as_declared():
    for cls, frozen in ((Kind, True), (Choice, True), (Generator, True), (Format, True), (JsonKind, True),
                        (Entry, False)):
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen is frozen


def test_records_read_as_their_dataclass_twins():
    """The same repr, equality and hash (or the same error) as the generated methods give."""
    twins: dict[type, type] = {}
    for obj in _samples():
        twin = twins.setdefault(type(obj), _twin(type(obj)))
        same = twin(**_values(obj))
        assert repr(obj) == repr(same)
        copy = type(obj)(**_values(obj))
        assert (copy == obj) is True and (copy != obj) is False and obj.__eq__(same) is NotImplemented
        try:
            want = hash(same)
        except TypeError as e:
            with pytest.raises(TypeError, match=str(e).split(":")[0]):
                hash(obj)
        else:
            assert hash(obj) == want


def test_a_record_takes_the_arguments_its_dataclass_takes():
    @record(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: list = dataclasses.field(default_factory=list)

    assert Point(1) == Point(x=1, y=0, tags=[]) and Point(1, 2).y == 2 and Point(1).tags is not Point(1).tags
    assert dataclasses.replace(Point(1), y=5) == Point(1, 5) and dataclasses.asdict(Point(1, 2)) == {
        "x": 1, "y": 2, "tags": []}
    for bad in (lambda: Point(), lambda: Point(1, 2, [], 4), lambda: Point(1, x=2), lambda: Point(1, z=3)):
        with pytest.raises(TypeError):
            bad()
    with pytest.raises(dataclasses.FrozenInstanceError):
        Point(1).x = 2
    assert Point(1) != (1, 0, [])


#: a fresh process: the registry loaded, then a dataclass without a docstring defined and
#: ``inspect`` imported (printed: whether ``inspect`` was loaded before, the class's
#: docstring, whether the real module's ``signature`` is what ``dataclasses`` calls)
LATER = ("import sys, gridsat.kinds, dataclasses\n"
         "before = 'inspect' in sys.modules\n"
         "@dataclasses.dataclass\n"
         "class P:\n"
         "    a: int\n"
         "    b: str = 'x'\n"
         "import inspect\n"
         "print(before, repr(P.__doc__), dataclasses.inspect.signature is inspect.signature)\n")


def test_the_registry_loads_dataclasses_without_inspect():
    """Importing the registry does not load ``inspect`` (``dataclasses`` gets it on first use,
    for a class without a docstring, which then reads as it would have)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", LATER], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "False \"P(a: int, b: str = 'x')\" True", out.stdout + out.stderr


def _refusal(action) -> str:
    """The error type and message ``action()`` raises, or ``"ok"``."""
    try:
        action()
    except Exception as e:  # noqa: BLE001 (compared with the twin's)
        return f"{type(e).__name__}: {e}"
    return "ok"


def test_a_frozen_record_refuses_what_a_frozen_dataclass_refuses():
    """Assigning or deleting a field (or any attribute of the class itself) raises the same
    error as the generated methods; a plain subclass may add attributes but not change fields;
    a frozen record may subclass a frozen record."""
    @record(frozen=True)
    class Pair:
        a: int
        b: int = 2

    @dataclasses.dataclass(frozen=True)
    class Twin:
        a: int
        b: int = 2

    class Sub(Pair):
        pass

    class TwinSub(Twin):
        pass

    for cls, twin in ((Pair, Twin), (Sub, TwinSub)):
        for act in (lambda o: setattr(o, "a", 5), lambda o: delattr(o, "b"), lambda o: setattr(o, "c", 1),
                    lambda o: delattr(o, "c")):
            assert _refusal(lambda: act(cls(1))) == _refusal(lambda: act(twin(1))).replace(twin.__name__, cls.__name__)
    assert Pair.__dataclass_params__.frozen and Pair.__setattr__.__module__ == record.__module__

    @record(frozen=True)
    class Triple(Pair):
        c: int = 3

    assert Triple(1) == Triple(1, 2, 3) and _refusal(lambda: setattr(Triple(1), "c", 4)).startswith("FrozenInstance")
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        @record(frozen=True)
        class Own:
            a: int

            def __setattr__(self, name, value):
                pass
