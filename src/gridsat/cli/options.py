"""The option groups the commands share: input, solver, output and the ``--list-*`` flags.

:func:`add_input_args` adds FILEs, ``--example``, ``--format``, ``--kind`` and ``--box``;
:func:`add_solver_args` the backend, encoding, race, time and memory limits and the output
options; :func:`add_list_flags` the listings.
"""

from __future__ import annotations

import argparse

from ..limits.caps import BASELINE, DEFAULT_BUDGET, DEFAULT_LIMIT, format_size
from .argtypes import output_format, positive_float, positive_int
from .helptext import Later, format_names, kind_list, kind_words, race_pairs

__all__ = ["add_input_args", "add_solver_args", "add_list_flags", "DEFAULT_COUNT_CAP"]

#: ``count`` with neither ``--limit`` nor ``--time-limit`` stops here (and says so)
DEFAULT_COUNT_CAP = 100_000


def add_list_flags(p: argparse.ArgumentParser) -> None:
    """Add the ``--list-*`` flags (backends, encodings, examples, formats) to a parser."""
    g = p.add_argument_group("listings")
    g.add_argument("--list-backends", action="store_true", help="list solver backends and exit")
    g.add_argument("--list-encodings", action="store_true", help="list encodings and exit")
    g.add_argument("--list-examples", action="store_true", help="list bundled examples and exit")
    g.add_argument("--list-formats", action="store_true", help="list input formats and exit")


def add_input_args(p: argparse.ArgumentParser) -> None:
    """Add the input options: files, ``--example``, ``--format``, ``--kind``, ``--box``."""
    g = p.add_argument_group("input")
    g.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files ('-' or none: standard input); many puzzles per file are fine")
    g.add_argument("-e", "--example", action="append", default=[], metavar="NAME",
                   help="a bundled example (see 'gridsat examples'); may repeat")
    g.add_argument("-f", "--format", metavar="NAME",
                   help=Later(lambda: f"input format (default: detected): {format_names()}"))
    g.add_argument("-k", "--kind", metavar="KIND",
                   help=Later(lambda: f"puzzle kind ({kind_list()}, ...) when detection needs help"))
    g.add_argument("--box", metavar="RxC",
                   help=Later(lambda: f"box shape of {kind_words('box', ' and ', 'puzzles with boxes')}, "
                                      "e.g. 2x6 for 12x12 (default: as square as possible, e.g. 3x4)"))


class _MaxMemory(argparse.Action):
    """``--max-memory SIZE``: parse the size (or ``unlimited``) and limit this process's address
    space to it."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from ..limits.caps import parse_limit, set_memory_limit

        try:
            size = parse_limit(values)
            set_memory_limit(size)
        except (ValueError, OSError) as exc:
            parser.error(f"--max-memory: {exc}")
        setattr(namespace, self.dest, "unlimited" if size is None else size)


def add_solver_args(p: argparse.ArgumentParser, *, limit: bool = False) -> None:
    """Add the solver options (backend, encoding, race, time limit, limit) and the output options."""
    g = p.add_argument_group("solver")
    g.add_argument("-b", "--backend", metavar="NAME", help="solver backend (see 'gridsat backends')")
    g.add_argument("--encoding", metavar="NAME", help="encoding (see 'gridsat encodings')")
    g.add_argument("--race", nargs="?", const="", metavar="B:E,...",
                   help=Later(lambda: "run several backend:encoding pairs at once, one process each; the first "
                                      f"answer wins (default pairs: {race_pairs()})"))
    g.add_argument("-t", "--time-limit", type=positive_float, metavar="SECONDS",
                   help="per puzzle; when it runs out the status is 'unknown'")
    g.add_argument("--max-memory", action=_MaxMemory, metavar="SIZE",
                   help="address-space limit of the process, e.g. 4G or 1500M, or 'unlimited' "
                        f"(default: $GRIDSAT_MAX_MEMORY, else {format_size(DEFAULT_LIMIT)}: "
                        f"{format_size(DEFAULT_BUDGET)} for the encoding, {format_size(BASELINE)} "
                        "for the program); encodings estimated to need more are refused before "
                        "they are built, and a job that outgrows it ends with 'ran out of memory'")
    if limit:
        g.add_argument("-l", "--limit", type=positive_int, metavar="N",
                       help=f"stop counting at N solutions (default: all, but at most {DEFAULT_COUNT_CAP:,} "
                            "unless --time-limit is given)")
    o = p.add_argument_group("output")
    o.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle per line (file, line, name, format, status, solution, "
                        "count, ...)")
    o.add_argument("-O", "--output-format", type=output_format, metavar="FMT",
                   help=Later(lambda: "write each puzzle with its solution in this text format on standard output "
                                      f"({format_names()}: see 'gridsat formats'); status lines go to "
                                      "standard error"))
    o.add_argument("--numbers", action="store_true", help="draw boards with numbers, not 1-9A-Z symbols")
    o.add_argument("-q", "--quiet", action="store_true", help="single puzzle: print the status line only")
    add_list_flags(p)
