"""The argparse types of the options: numbers in range, worker counts, text format names.

Every subcommand takes its numeric options through these (:func:`positive_int`,
:func:`nonnegative_int`, :func:`positive_float`, :func:`fraction`, ...): a value out of
range is a usage error (exit 2) that names the option.
"""

from __future__ import annotations

import argparse
import math

from ..errors import ParseError
from ..limits.caps import MAX_WORKERS

__all__ = ["positive_int", "nonnegative_int", "worker_count", "positive_worker_count", "positive_float",
           "nonnegative_float", "fraction", "output_format"]


def _number(text: "str | int | float", cast, what: str):
    try:
        value = cast(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
    return value


def positive_int(text: "str | int") -> int:
    """An argparse type: an integer of at least 1."""
    value = _number(text, int, "an integer of at least 1")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def nonnegative_int(text: "str | int") -> int:
    """An argparse type: an integer of at least 0."""
    value = _number(text, int, "an integer of at least 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {value}")
    return value


def worker_count(text: "str | int") -> int:
    """An argparse type: a number of worker processes, 0 (one per core) to :data:`MAX_WORKERS`."""
    value = nonnegative_int(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_WORKERS} worker processes, got {value}")
    return value


def positive_worker_count(text: "str | int") -> int:
    """An argparse type: a number of worker processes, 1 to :data:`MAX_WORKERS`."""
    value = worker_count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: "str | float") -> float:
    """An argparse type: a finite number above 0 (seconds, sizes)."""
    value = _number(text, float, "a number above 0")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def nonnegative_float(text: "str | float") -> float:
    """An argparse type: a finite number of at least 0."""
    value = _number(text, float, "a number of at least 0")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {text}")
    return value


def fraction(text: "str | float") -> float:
    """An argparse type: a number from 0 to 1 (a density, a share of cells)."""
    value = _number(text, float, "a number from 0 to 1")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, got {text}")
    return value


def output_format(text: str) -> str:
    """An argparse type: the name of a registered text format (see ``gridsat formats``)."""
    from ..formats import get_format

    try:
        return get_format(text).name
    except ParseError as e:
        raise argparse.ArgumentTypeError(e.message) from None
