"""Exceptions shared by every part of gridsat."""

from __future__ import annotations

__all__ = ["GridsatError", "PuzzleError", "ParseError", "UnsupportedError", "LogicBugError"]


class GridsatError(Exception):
    """Base class of every error gridsat raises on purpose."""


class PuzzleError(GridsatError, ValueError):
    """A puzzle that cannot exist: bad size, bad region map, value out of range."""


class UnsupportedError(GridsatError):
    """A backend or encoding asked to do something it does not declare."""


class LogicBugError(GridsatError):
    """A logical solver produced something the verifier's rules refuse: a bug, never an answer."""

    def __init__(self, what: str) -> None:
        super().__init__(f"internal error (a bug in the logical solver, please report it): {what}")


class ParseError(GridsatError, ValueError):
    """Unreadable input, located as ``file:line:col: message`` (line and column 1-based)."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None, col: int | None = None):
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        super().__init__(self.located())

    def where(self) -> str:
        """``file:line:col`` as far as they are known (``<input>`` for no file)."""
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return where

    def located(self) -> str:
        """The message prefixed with ``file:line:col:`` as far as they are known."""
        return f"{self.where()}: {self.message}"

    def error_line(self) -> str:
        """The one line a batch prints for it: ``file:line:col: error: message``."""
        return f"{self.where()}: error: {self.message}"

    def at(self, file: str | None = None, line_offset: int = 0) -> "ParseError":
        """A copy placed in ``file`` with its line shifted by ``line_offset``."""
        return ParseError(
            self.message,
            file if file is not None else self.file,
            (self.line + line_offset) if self.line is not None else (line_offset + 1 if line_offset else None),
            self.col,
        )
