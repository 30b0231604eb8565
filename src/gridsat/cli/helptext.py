"""Help texts filled from the kinds when help is printed.

A command's help names what the kinds bring: their example command lines (each kind's
``help_examples``), the names of their puzzles (``help_names``), their words for a shared
option (``help_words``; see :class:`gridsat.kinds.base.Kind`). Reading the kinds imports
their packages, which an ordinary command line (``gridsat check FILE``) must not pay for; so
the command line's parsers are :class:`Parser` objects, and a description, epilog or help
given as a :class:`Later` becomes text only when it is read: when help or usage is printed,
or the documentation is built from the parser.

>>> p = Parser(prog="demo", epilog=Later(lambda: "made " + "late"))
>>> p.epilog
'made late'
"""

from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any, Callable, Sequence

__all__ = ["Later", "Parser", "examples_epilog", "sentence", "kind_list", "kind_names", "kind_words", "format_names",
           "race_pairs", "first_generator"]


class Later:
    """A help text made when it is first read.

    Parameters
    ----------
    make : callable
        ``make() -> str``.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()


def terminal_columns() -> int:
    """The terminal's width, read as :func:`shutil.get_terminal_size` reads it (``$COLUMNS``, else
    the width of standard output's terminal, else 80), which argparse's help formatter uses."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


def _text(value: Any) -> Any:
    """``value``, made into its text if it is a :class:`Later`."""
    return value.make() if isinstance(value, Later) else value


class Parser(argparse.ArgumentParser):
    """An argument parser whose description, epilog and helps (of its options and its
    subcommands) may be :class:`Later` texts, each made when first read. Its subparsers are
    Parsers too (``add_subparsers`` makes parsers of the parent's class)."""

    @property
    def description(self) -> "str | None":
        """The text above the options (made when first read)."""
        self._description = _text(self._description)
        return self._description

    @description.setter
    def description(self, value: "str | Later | None") -> None:
        """Set the description: a text, or a :class:`Later` one."""
        self._description = value

    @property
    def epilog(self) -> "str | None":
        """The text below the options (made when first read)."""
        self._epilog = _text(self._epilog)
        return self._epilog

    @epilog.setter
    def epilog(self, value: "str | Later | None") -> None:
        """Set the epilog: a text, or a :class:`Later` one."""
        self._epilog = value

    def _get_formatter(self) -> argparse.HelpFormatter:
        """argparse's formatter, as wide as argparse makes it (:func:`terminal_columns`) without
        importing :mod:`shutil` for it (argparse asks for one at every ``add_argument``)."""
        if isinstance(self.formatter_class, type) and issubclass(self.formatter_class, argparse.HelpFormatter):
            return self.formatter_class(prog=self.prog, width=terminal_columns() - 2)
        return super()._get_formatter()

    def format_usage(self) -> str:
        """The usage (the helps are made too: a reader of the parser asks for it first)."""
        self._fill()
        return super().format_usage()

    def format_help(self) -> str:
        """The help, every :class:`Later` text made first."""
        self._fill()
        return super().format_help()

    def _fill(self) -> None:
        for action in self._actions:
            action.help = _text(action.help)
            for choice in getattr(action, "_choices_actions", ()):  # the subcommands' helps
                choice.help = _text(choice.help)


def _kinds() -> list:
    from ..kinds import KINDS  # (the registry, read when a help is made)

    return list(KINDS.values())


def examples_epilog(command: str, generic: Sequence[str] = (), note: str = "", *, first: Sequence[str] = (),
                    only: str = "") -> Later:
    """An epilog: ``examples:``, the ``first`` lines, the kinds' example lines of ``command``
    and the ``generic`` ones, indented, then ``note`` after a blank line.

    Parameters
    ----------
    command : str
        The key of the kinds' ``help_examples`` (``""``: the program's own help).
    generic : sequence of str
        Example lines of the command that name no kind, after the kinds' own.
    note : str
        A paragraph after the examples.
    first : sequence of str
        Example lines that name no kind, before the kinds' own (the command alone).
    only : str
        Keep only the lines that hold it (with a space after the line's end, so
        ``"generate hidato "`` matches a line that ends in ``generate hidato``).
    """
    def make() -> str:
        lines = [*first, *(line for kind in _kinds() for line in kind.help_examples.get(command, ())), *generic]
        if only:
            lines = [line for line in lines if only in line + " "]
        text = "examples:\n" + "\n".join(f"  {line}" for line in lines)
        return f"{text}\n\n{note}" if note else text

    return Later(make)


def sentence(value: "str | Later") -> "str | Later":
    """A subcommand's help as its description: capitalised, with a full stop."""
    def make() -> str:
        text = _text(value)
        return text[0].upper() + text[1:] + "."

    return Later(make) if isinstance(value, Later) else make()


def kind_list() -> str:
    """The kinds' names, in listing order (``sudoku, hidato``)."""
    return ", ".join(kind.name for kind in _kinds())


def kind_names(sep: str = ", ") -> str:
    """What the help texts call every kind's puzzles (``Sudoku, jigsaw, Hidato``)."""
    return sep.join(name for kind in _kinds() for name in (kind.help_names or (kind.name,)))


def kind_words(topic: str, sep: str = ", ", default: str = "") -> str:
    """The kinds' ``help_words`` of ``topic`` joined by ``sep`` (``default`` when none has any)."""
    words = [kind.help_words[topic] for kind in _kinds() if kind.help_words.get(topic)]
    return sep.join(words) if words else default


def format_names() -> str:
    """Format names a help lists: the kinds' own (``help_words["formats"]``), then ``json``."""
    return ", ".join(filter(None, (kind_words("formats"), "json, ...")))


def race_pairs() -> str:
    """Every kind's race pairs (``default,cpsat:cpsat-int for Sudoku; ...``)."""
    def pair(backend: str, encoding: str) -> str:
        return backend if backend == encoding == "default" else f"{backend}:{encoding}"

    return "; ".join(f"{','.join(pair(*p) for p in kind.race)} for {(kind.help_names or (kind.name,))[0]}"
                     for kind in _kinds() if kind.race)


def first_generator() -> str:
    """The name of the first generator of the first kind that has one (``sudoku``)."""
    return next((name for kind in _kinds() for name in kind.generators), "KIND")
