"""Limits a job must honour (see :mod:`gridsat.limits.caps`)."""

from __future__ import annotations

from .caps import *  # noqa: F401,F403
from .caps import __all__  # noqa: F401
