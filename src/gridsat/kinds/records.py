"""Record classes that cost little to define: a dataclass whose ``__init__``, ``__repr__``,
``__eq__`` and ``__hash__`` (and, frozen, ``__setattr__`` and ``__delattr__``) are written
once here, over its fields, instead of generated.

:func:`dataclasses.dataclass` writes those methods as source text and compiles it each time
the module that defines the class is imported, field by field: for the kind record's sixty
fields that is most of what importing the registry costs, paid by every command line. A
:func:`record` class is still a dataclass (:func:`dataclasses.fields`,
:func:`dataclasses.replace` and :func:`dataclasses.asdict` work; a frozen one refuses
assignment as a frozen dataclass does) and behaves as the generated methods would: the same
keyword and positional arguments, defaults and default factories, the same ``repr``, equality
with another instance of the same class field by field, and a frozen record's hash of its fields.

>>> from dataclasses import field
>>> @record(frozen=True)
... class Pair:
...     a: int
...     b: tuple = field(default_factory=tuple)
>>> Pair(1), Pair(1) == Pair(a=1, b=()), hash(Pair(1)) == hash((1, ()))
(Pair(a=1, b=()), True, True)
"""

from __future__ import annotations

import sys


class _Later:
    """A stand-in for a module, imported on the first attribute asked of it.

    :mod:`dataclasses` imports :mod:`inspect` (with :mod:`ast`, :mod:`dis`, :mod:`tokenize` and
    :mod:`linecache`: more than the rest of the registry costs to load) for one call, the
    signature it writes as the docstring of a class that has none. When neither is loaded
    yet, ``dataclasses`` is imported with this stand-in as its ``inspect``: the real module
    is imported (through the import system, under its lock) only if that call is made, and
    every other importer of ``inspect`` gets the real module as before.
    """

    #: what the import system reads of a module found in ``sys.modules`` (whether it is
    #: still initialising): no spec, so ``import inspect`` gives the stand-in as it is
    __spec__ = None

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__"):  # (a probe of the module's dunders does not import it)
            raise AttributeError(attr)
        import importlib

        if sys.modules.get(self._name) is self:  # (asked while the stand-in is still in place)
            del sys.modules[self._name]
        return getattr(importlib.import_module(self._name), attr)


def _dataclasses_without_inspect() -> None:
    """Import :mod:`dataclasses` with :class:`_Later` as its ``inspect`` (see there)."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    later = sys.modules["inspect"] = _Later("inspect")
    try:
        import dataclasses  # noqa: F401
    finally:
        if sys.modules.get("inspect") is later:
            del sys.modules["inspect"]


_dataclasses_without_inspect()

from dataclasses import MISSING, dataclass, field, fields  # noqa: E402

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any, Callable

__all__ = ["record", "field"]


def record(frozen: bool = False) -> Callable[[type], type]:
    """A class decorator: ``dataclass(frozen=frozen)`` with the methods written here (see the module)."""

    def wrap(cls: type) -> type:
        # (a frozen record without dataclass bases gets the frozen methods written here too)
        own_frozen = frozen and not any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])
        if own_frozen:
            for name in ("__setattr__", "__delattr__"):
                if name in cls.__dict__:
                    raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        cls = dataclass(frozen=frozen and not own_frozen, init=False, repr=False, eq=False)(cls)
        own = [f for f in fields(cls)]
        if own_frozen:
            cls.__dataclass_params__.frozen = True
            cls.__record_frozen__ = frozenset(f.name for f in own)
            cls.__setattr__ = _frozen_setattr
            cls.__delattr__ = _frozen_delattr
        cls.__record_init__ = tuple((f.name, f.default, f.default_factory) for f in own if f.init)
        cls.__record_repr__ = tuple(f.name for f in own if f.repr)
        cls.__record_compare__ = tuple(f.name for f in own if f.compare)
        cls.__record_hash__ = tuple(f.name for f in own if (f.compare if f.hash is None else f.hash))
        cls.__init__ = _init
        cls.__repr__ = _repr
        cls.__eq__ = _eq
        cls.__hash__ = _hash if frozen else None  # (a mutable dataclass with eq: unhashable)
        return cls

    return wrap


def _init(self, *args: Any, **kwargs: Any) -> None:
    spec = type(self).__record_init__
    name_of = f"{type(self).__qualname__}.__init__()"
    if len(args) > len(spec):
        raise TypeError(f"{name_of} takes {len(spec) + 1} positional arguments but {len(args) + 1} were given")
    put = object.__setattr__
    left = dict(kwargs)
    for i, (name, default, factory) in enumerate(spec):
        if i < len(args):
            if name in left:
                raise TypeError(f"{name_of} got multiple values for argument {name!r}")
            value = args[i]
        elif name in left:
            value = left.pop(name)
        elif default is not MISSING:
            value = default
        elif factory is not MISSING:
            value = factory()
        else:
            raise TypeError(f"{name_of} missing 1 required positional argument: {name!r}")
        put(self, name, value)
    if left:
        raise TypeError(f"{name_of} got an unexpected keyword argument {next(iter(left))!r}")
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


def _repr(self) -> str:
    body = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__record_repr__)
    return f"{type(self).__qualname__}({body})"


def _eq(self, other: Any) -> Any:
    if other.__class__ is self.__class__:
        names = type(self).__record_compare__
        return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)
    return NotImplemented


def _hash(self) -> int:
    return hash(tuple(getattr(self, n) for n in type(self).__record_hash__))


def _frozen_setattr(self, name: str, value: Any) -> None:
    cls = _record_class(type(self))
    if type(self) is cls or name in cls.__record_frozen__:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    super(cls, self).__setattr__(name, value)


def _frozen_delattr(self, name: str) -> None:
    cls = _record_class(type(self))
    if type(self) is cls or name in cls.__record_frozen__:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")
    super(cls, self).__delattr__(name)


def _record_class(cls: type) -> type:
    """The class in ``cls``'s MRO that :func:`record` made frozen (whose methods these are)."""
    return next(c for c in cls.__mro__ if c.__dict__.get("__setattr__") is _frozen_setattr)
