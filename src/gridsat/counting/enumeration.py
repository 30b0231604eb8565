"""Enumeration counting: ``enum`` (the backend's own enumeration) and ``cpsat`` (CP-SAT's).

Both find solutions one by one: CNF backends add a blocking clause over the primary literals
after each, CP-SAT enumerates with ``enumerate_all_solutions`` on one worker. They stop at
``limit``, and the first solutions come back verified. The time grows with the count.
"""

from __future__ import annotations

from ..backends import get_backend
from ..encoders import get_encoding
from ..engine import run
from ..errors import UnsupportedError
from ..kinds import kind_of
from ..selection import pick_encoding
from .base import CountMethod, register_method

__all__ = ["EnumMethod", "CpsatEnumMethod"]


class EnumMethod(CountMethod):
    """The default: the chosen (or default) backend enumerates, stopping at ``limit``."""

    name = "enum"
    description = "enumerate with the backend (blocking clauses on CNF backends); stops at --limit"
    enumerates = True

    def count(self, puzzle, limit=None, *, backend=None, encoding=None, time_limit=None):
        """Enumerate with ``backend`` (default: the kind's), stopping at ``limit``."""
        res = run(puzzle, "count", limit=limit, backend=backend, encoding=encoding, time_limit=time_limit)
        res.method = self.name
        return res


class CpsatEnumMethod(CountMethod):
    """CP-SAT enumeration with the kind's CP-SAT encoding (or ``encoding``)."""

    name = "cpsat"
    description = "enumerate with OR-tools CP-SAT (one worker); stops at --limit"
    enumerates = True

    def count(self, puzzle, limit=None, *, backend=None, encoding=None, time_limit=None):
        """Enumerate with CP-SAT on the kind's counting encoding (``count_encoding``) or ``encoding``."""
        if backend is not None and get_backend(backend).name != "cpsat":
            raise UnsupportedError(f"method cpsat enumerates with the cpsat backend, not {get_backend(backend).name}")
        if encoding is None:
            encoding = get_encoding(kind_of(puzzle).count_encoding, puzzle.kind)
            if not encoding.applies(puzzle):
                encoding = None
        enc = pick_encoding(puzzle, encoding, "cpsat")
        res = run(puzzle, "count", limit=limit, backend="cpsat", encoding=enc, time_limit=time_limit)
        res.method = self.name
        return res


register_method("enum", EnumMethod)
register_method("cpsat", CpsatEnumMethod)
