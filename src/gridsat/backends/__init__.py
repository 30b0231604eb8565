"""Solver backends behind one interface, found by name through a registry."""

from .base import BACKENDS, Backend, Outcome, get_backend, list_backends, register_backend
from . import cpsat_backend, pysat_backend  # noqa: F401  (registration)

__all__ = ["BACKENDS", "Backend", "Outcome", "get_backend", "list_backends", "register_backend"]
