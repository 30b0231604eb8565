"""The options of ``gridsat generate sudoku`` and ``gridsat generate jigsaw`` (the Sudoku kind's generators)."""

from __future__ import annotations

import argparse

from ...errors import ParseError

__all__ = ["add_classic_options", "add_jigsaw_options", "values"]

SYMMETRIES = ["none", "rot180", "rot90", "mirror", "diagonal"]


def _difficulty(text: str | None):
    if not text:
        return None
    if "-" in text.strip("-"):
        lo, hi = text.split("-", 1)
        return float(lo), float(hi)
    return text


def add_classic_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the options of the classic generator (``gridsat generate sudoku``)."""
    p.add_argument("--size", type=int, default=9, help="board size n (default 9)")
    p.add_argument("--box", help="box shape RxC, e.g. 2x3 (default: the squarest)")
    p.add_argument("--from", dest="partial", metavar="FILE", action=_FromFile,
                   help="make a unique puzzle consistent with this partial grid (drop clashing givens, add givens)")
    p.add_argument("--add-random", type=_count, metavar="K", action=_AddRandom,
                   help="with --from: add K random values that clash with no value in their row, column or box "
                        "(the Clojure kit's addrandom; the result may be unsolvable or ambiguous)")
    p.set_defaults(add_random=None, from_file=None)
    _shared(p)


def _count(text: str) -> int:
    from ...cli.argtypes import nonnegative_int

    return nonnegative_int(text)


class _FromFile(argparse.Action):
    """``--from FILE``: a partial grid to complete (``partial``), or with ``--add-random`` to add to."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        namespace.from_file = values
        namespace.partial = values if namespace.add_random is None else None


class _AddRandom(argparse.Action):
    """``--add-random K``: the puzzle of ``--from`` goes to the generator's add-random operation instead."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        namespace.add_random = values
        namespace.partial = None


def add_jigsaw_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the options of the jigsaw generator (``gridsat generate jigsaw``)."""
    p.add_argument("--size", type=int, default=9, help="board size n (default 9)")
    p.add_argument("--layout", help="region layout file (letter grid, one row per line); default: random per puzzle")
    _shared(p)


def _shared(p: argparse.ArgumentParser) -> None:
    p.add_argument("--symmetry", default="none", choices=SYMMETRIES, help="symmetry of the givens pattern")
    p.add_argument("--givens", type=int, help="target number of givens (stop removing there)")
    p.add_argument("--minimal", action="store_true",
                   help="no given can be removed (proved; with --symmetry grids are retried until it holds)")
    p.add_argument("--difficulty", help="grade (easy, medium, hard, expert, extreme) or SE range LO-HI, "
                                        "rated by gridsat.logic; grids are retried up to --attempts")
    p.add_argument("--polish", type=int, default=4,
                   help="local moves toward fewer givens after carving (default 4; 9x9: only at 25+ givens; 0 = fastest)")
    p.add_argument("--attempts", type=int, default=50, help="grids to try for --givens/--minimal/--difficulty targets")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line.

    With ``--add-random K`` they are the ``--from`` puzzle and ``K`` (:func:`~gridsat.kinds.sudoku.generate.generate_sudoku`'s
    ``start`` and ``add_random``); a missing or unreadable ``--from`` is a :class:`ParseError`.
    """
    if getattr(args, "add_random", None) is not None:
        return {"start": _load_start(args), "add_random": args.add_random}
    o = {"size": args.size, "symmetry": args.symmetry, "target": args.givens, "minimal": args.minimal,
         "attempts": args.attempts, "score": args.json, "difficulty": _difficulty(args.difficulty),
         "polish": args.polish}
    if hasattr(args, "box"):
        from ...formats.common import parse_box  # the readers load when a command reads or parses puzzles

        o["box"] = parse_box(args.box)
    elif args.layout:
        from ...generators.layouts import layout_from_text  # the generators load when a puzzle is made

        with open(args.layout, encoding="utf-8") as f:
            o["layout"] = layout_from_text(f.read())
    return o


def _load_start(args: argparse.Namespace):
    """The one puzzle of ``--from`` (a file, or the puzzle text itself)."""
    import os

    from ...formats.common import parse_box  # the readers load when a command reads puzzles
    from ...formats import read_file, read_text

    path = getattr(args, "from_file", None)
    if not path:
        raise ParseError("--add-random needs --from FILE (the grid to add values to)")
    box = parse_box(getattr(args, "box", None))
    entries = read_file(path, kind="sudoku", box=box) if os.path.exists(path) else \
        read_text(path, "<arg>", kind="sudoku", box=box)
    for e in entries:
        if e.error is not None:
            raise e.error if isinstance(e.error, ParseError) else ParseError(str(e.error), path)
        return e.puzzle
    raise ParseError("no puzzle found", path)
