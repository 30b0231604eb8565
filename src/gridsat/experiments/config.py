"""What a bench runs: the jobs and the configurations (the columns of the matrix).

A configuration names a backend and/or an encoding, or a counting method:
``minisat22:cnf-extended``, ``cpsat``, ``cnf-minimal``, ``default`` or ``method:NAME``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..backends import BACKENDS
from ..counting import METHODS
from ..encoders import list_encodings
from ..errors import UnsupportedError

__all__ = ["JOBS", "Config", "parse_config", "parse_configs"]

#: the jobs a bench runs (as :func:`gridsat.api.run`)
JOBS = ("solve", "check", "count")


@dataclass(frozen=True)
class Config:
    """One column of the matrix: ``backend:encoding``, ``backend``, ``encoding``, ``default`` or ``method:NAME``.

    Attributes
    ----------
    label : str
        The configuration as written; rows carry it in their ``config`` column.
    backend, encoding : str or None
        The names given (``None``: chosen for each puzzle by :func:`gridsat.api.resolve`).
    method : str or None
        A counting method of :func:`gridsat.count` (then backend and encoding are ``None``).
    """

    label: str
    backend: str | None = None
    encoding: str | None = None
    method: str | None = None


def parse_config(text: str) -> Config:
    """Read one configuration string; unknown backend or encoding names raise :class:`UnsupportedError`.

    ``minisat22:cnf-extended`` names both; ``cpsat`` a backend with its default encoding for
    the kind; ``cnf-minimal`` an encoding on a default backend of its target; ``default``
    the kind's default pair; ``method:NAME`` a counting method of :func:`gridsat.count`.

    Parameters
    ----------
    text : str
        The configuration; surrounding blanks are ignored.

    Returns
    -------
    Config
    """
    s = text.strip()
    if not s:
        raise UnsupportedError("empty configuration")
    head, sep, tail = s.partition(":")
    head, tail = head.strip(), tail.strip()
    encodings = {e.name for e in list_encodings()}
    if head == "method":
        if not tail:
            raise UnsupportedError(f"configuration {s!r}: give a method name, e.g. method:enum")
        return Config(s, method=tail)
    if s == "default":
        return Config(s)
    if not sep and head not in BACKENDS and head in encodings:
        return Config(s, encoding=head)
    if head not in BACKENDS:
        raise UnsupportedError(f"configuration {s!r}: no backend {head!r}; known: {', '.join(sorted(BACKENDS))}")
    if sep:
        if tail not in encodings:
            raise UnsupportedError(f"configuration {s!r}: no encoding {tail!r}; known: {', '.join(sorted(encodings))}")
        return Config(s, backend=head, encoding=tail)
    return Config(s, backend=head)


def parse_configs(configs: Sequence[str | Config], job: str) -> list[Config]:
    """The configurations of one bench, checked together for ``job``.

    Parameters
    ----------
    configs : sequence of str or Config
        Strings are read with :func:`parse_config`; :class:`Config` objects pass through.
    job : str
        One of :data:`JOBS`; ``method:NAME`` configurations need ``"count"``.

    Returns
    -------
    list of Config
        In the order given. An empty list, a label given twice, a method configuration
        with another job, or an unknown counting method raises :class:`UnsupportedError`.
    """
    cfgs = [c if isinstance(c, Config) else parse_config(c) for c in configs]
    if not cfgs:
        raise UnsupportedError("no configurations given")
    if len({c.label for c in cfgs}) != len(cfgs):
        raise UnsupportedError("a configuration is given twice")
    methods = [c.method for c in cfgs if c.method is not None]
    if methods and job != "count":
        raise UnsupportedError("method:NAME configurations need job 'count'")
    for name in methods:
        if name not in METHODS:
            raise UnsupportedError(f"no counting method {name!r}; known: {', '.join(sorted(METHODS))}")
    return cfgs
