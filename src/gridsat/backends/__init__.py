"""Solver backends behind one interface, found by name through a registry."""

from .base import BACKENDS, Backend, Outcome, close_all, get_backend, list_backends, register_backend
from . import cpsat_backend, lns_backend, pysat_backend  # noqa: F401  (registration)
try: from . import minizinc_backend  # noqa: F401,E701  (optional: needs the minizinc package)
except ImportError: pass  # noqa: E701

__all__ = ["BACKENDS", "Backend", "Outcome", "close_all", "get_backend", "list_backends", "register_backend"]
