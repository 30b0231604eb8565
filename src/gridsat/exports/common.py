"""Shared helpers of the exporters."""

from __future__ import annotations

__all__ = ["puzzle_comment"]


def puzzle_comment(puzzle) -> str:
    """One line naming the puzzle for a comment in an exported file: kind, size and name."""
    name = getattr(puzzle, "name", None)
    return f"{puzzle!r}" + (f" name={name}" if name else "")
