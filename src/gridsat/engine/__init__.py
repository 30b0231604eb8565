"""The engine under the front door: one job, one backend, every answer verified.

:mod:`.core` runs one job on one puzzle (:func:`run`) or on many (:func:`run_many`).
"""

from __future__ import annotations

from .core import CHILD_BYTES, CHUNK, VerificationError, check_limits, run, run_many

__all__ = ["run", "run_many", "VerificationError", "check_limits", "CHILD_BYTES", "CHUNK"]
