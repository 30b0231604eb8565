"""A package's public names loaded from its submodules on first use (PEP 562).

A package that re-exports names from submodules it should not load at import (the pools of
:mod:`gridsat.jobs`, the child runner of :mod:`gridsat.limits`, the engine's core) gives
:func:`lazy_names` a table of where each name lives, and keeps the names under
``TYPE_CHECKING`` and in ``__all__`` for static tools. This module imports nothing itself.
"""

__all__ = ["lazy_names"]


def lazy_names(package: str, namespace: dict, home: "dict[str, str]"):
    """The ``__getattr__`` and ``__dir__`` of a package whose names load on first use.

    Parameters
    ----------
    package : str
        The package's ``__name__``.
    namespace : dict
        The package's ``globals()``: a name, once loaded, is kept there.
    home : dict
        Public name -> the submodule (relative to the package) that defines it.

    Returns
    -------
    (callable, callable)
        ``__getattr__`` (raises AttributeError for a name not in ``home``) and ``__dir__``.
    """

    def __getattr__(name: str):
        sub = home.get(name)
        if sub is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(f"{package}.{sub}"), name)
        namespace[name] = value
        return value

    def __dir__() -> "list[str]":
        return sorted({*namespace, *home})

    return __getattr__, __dir__
