"""Shared helpers of the exporters."""

from __future__ import annotations

from ..encoders import Encoding, get_encoding, list_encodings
from ..errors import UnsupportedError


def pick_encoding(puzzle, encoding: "str | Encoding | None", target: str) -> Encoding:
    """The encoding to export: ``encoding`` if given (checked against ``target``), else the
    kind's default encoding when it has this target, else the first of this target that applies."""
    kind = puzzle.kind
    if encoding is not None:
        enc = get_encoding(encoding, kind)
        if enc.target != target:
            raise UnsupportedError(f"encoding {enc.name} is a {enc.target} encoding, not {target}")
        if not enc.applies(puzzle):
            raise UnsupportedError(f"encoding {enc.name} does not apply to {puzzle!r}")
        return enc
    from ..api import DEFAULTS

    default = DEFAULTS.get(kind)
    if default is not None:
        enc = get_encoding(default[1], kind)
        if enc.target == target and enc.applies(puzzle):
            return enc
    options = [e for e in list_encodings(kind, target) if e.applies(puzzle)]
    if not options:
        raise UnsupportedError(f"no {target} encoding for {kind}")
    return options[0]


def describe(puzzle) -> str:
    """One line naming the puzzle: kind, size and name."""
    name = getattr(puzzle, "name", None)
    return f"{puzzle!r}" + (f" name={name}" if name else "")
