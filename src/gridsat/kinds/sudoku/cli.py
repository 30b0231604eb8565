"""The Sudoku kind's command line: the options of ``gridsat generate sudoku`` and ``gridsat
generate jigsaw`` (its generators), its own ``generate`` subcommands (``layouts``, ``improve``)
and its ``count --layouts`` option, whose runs are :mod:`~gridsat.kinds.sudoku.cli_layouts` and :mod:`~gridsat.kinds.sudoku.cli_improve`
(loaded when one runs)."""

from __future__ import annotations

import argparse

from ...errors import ParseError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Callable

__all__ = ["add_classic_options", "add_jigsaw_options", "values", "add_generate_commands", "add_count_options",
           "run_count"]

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
    p.add_argument("--unique", action="store_true",
                   help="with --from: keep every given of the draft (with its constraints) and only add givens "
                        "until it is unique; a draft without a solution is refused")
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
                                        "rated by the logical solver; grids are retried up to --attempts")
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
        o["box"] = None
        if args.box is not None:
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


# ---------------------------------------------------------------------- the kind's own subcommands
def add_generate_commands(sub) -> None:
    """Add ``gridsat generate layouts`` (jigsaw region layouts) and ``gridsat generate improve``
    (the search for a harder Sudoku) to the ``generate`` subcommands ``sub``."""
    from ...cli.argtypes import nonnegative_int, positive_float, positive_int, positive_worker_count
    from ...cli.generate import backend_option
    from ...cli.jobs import add_runner_args

    raw = argparse.RawDescriptionHelpFormatter
    q = sub.add_parser("layouts", help="jigsaw region layouts: --all enumerates every one (n <= 5), else random",
                       description="Print jigsaw region layouts (letter grids separated by blank lines).",
                       epilog="examples:\n  gridsat generate layouts --size 5 --all --count-only\n"
                              "  gridsat generate layouts --size 9 -n 3 --seed 1", formatter_class=raw)
    q.add_argument("--size", type=positive_int, default=9)
    q.add_argument("--all", action="store_true", help="every layout (117 for 4, 4006 for 5)")
    q.add_argument("--count-only", action="store_true", help="with --all: print only how many")
    q.add_argument("--seed", type=int)
    q.add_argument("--count", "-n", type=nonnegative_int, default=1)
    q.set_defaults(func=_run_layouts, gen_kind="layouts")
    q = sub.add_parser("improve", help="search for a harder Sudoku in a time budget (hill climbing over givens)",
                       description="Hill-climb / anneal over the set of givens for the highest score in --time seconds.",
                       epilog="examples:\n  gridsat generate improve --time 5\n"
                              "  gridsat generate improve --from puzzle.txt --time 30 --json\n"
                              "  gridsat generate improve --steps 50 --seed 1 --jobs 2", formatter_class=raw)
    q.add_argument("--size", type=positive_int, default=9)
    q.add_argument("--box", help="box shape RxC")
    q.add_argument("--from", dest="partial", metavar="FILE", help="start from this puzzle or full grid")
    q.add_argument("--time", type=positive_float, default=10.0, help="time budget in seconds (default 10)")
    q.add_argument("--steps", type=positive_int, metavar="N",
                   help="N moves per worker instead of --time: the result is then a function of --seed")
    q.add_argument("--jobs", "-j", type=positive_worker_count, default=1,
                   help="independent workers, seeds seed, seed+1, ... (best of all is reported); each is a "
                        "batch-runner task: one that dies is run again once, then reported")
    q.add_argument("--seed", type=int)
    q.add_argument("--score", default="auto", choices=["auto", "effort", "rating"],
                   help="effort: fresh-solver conflicts+decisions; rating: gridsat.logic SE rating; auto: rating if available")
    q.add_argument("--json", action="store_true")
    backend_option(q)
    add_runner_args(q, jobs=False)
    q.set_defaults(func=_run_improve, gen_kind="improve")


def _run_layouts(args: argparse.Namespace) -> int:
    from .cli_layouts import run_layouts

    return run_layouts(args)


def _run_improve(args: argparse.Namespace) -> int:
    from .cli_improve import run_improve

    return run_improve(args)


def add_count_options(p: argparse.ArgumentParser) -> Callable:
    """Add ``--layouts N`` to ``gridsat count``; returns :func:`run_count`."""
    p.add_argument_group("jigsaw layouts").add_argument(
        "--layouts", metavar="N",
        help="count the filled grids of every jigsaw region layout of order N (1 to 5; 117 layouts for 4, "
             "4,006 for 5), one runner task per layout (id layout:I), then the total (OEIS A172478); "
             "reads no puzzles")
    return run_count


def run_count(args: argparse.Namespace, method) -> "int | None":
    """Run ``gridsat count --layouts N`` (:func:`~gridsat.kinds.sudoku.cli_layouts.run_layout_counts`): its exit code,
    or ``None`` without ``--layouts`` (the command counts its puzzles)."""
    if getattr(args, "layouts", None) is None:
        return None
    from .cli_layouts import run_layout_counts

    return run_layout_counts(args, method)
