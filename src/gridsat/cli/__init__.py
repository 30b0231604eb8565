"""The ``gridsat`` command line.

Every submodule imported below that defines ``register(subparsers)`` becomes a subcommand
(``register`` adds its parser and sets ``func`` to its ``run(args) -> int``). To add a
command, write ``cli/<name>.py`` and add one import line here.

Exit codes: 0 every puzzle answered as asked (``solve``: solved; ``check``: unique;
``count``: counted); 1 some puzzle was not (impossible, ambiguous for ``check``, time limit
hit, or a bad puzzle in a batch) while the others were still processed; 2 usage error or
nothing could be read (the message ``file:line:col: ...`` goes to stderr); 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from types import ModuleType

from . import common
from . import solve, count, check  # noqa: F401
from . import examples, backends, encodings, formats  # noqa: F401
from . import hint  # noqa: F401
from . import generate  # noqa: F401
from . import render, export, convert  # noqa: F401
from . import bench  # noqa: F401
from . import serve  # noqa: F401

__all__ = ["main", "build_parser", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE", "EXIT_INTERRUPTED"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def _commands() -> list[ModuleType]:
    pkg = sys.modules[__name__]
    return [m for m in vars(pkg).values()
            if isinstance(m, ModuleType) and m.__name__.startswith(__name__ + ".") and hasattr(m, "register")]


def build_parser() -> argparse.ArgumentParser:
    """The ``gridsat`` argument parser with every registered subcommand."""
    from .. import __version__

    p = argparse.ArgumentParser(
        prog="gridsat",
        description="Solve, count and check number-placement puzzles (Sudoku, jigsaw, Hidato) with SAT/CP solvers.",
        epilog="examples:\n"
               "  gridsat solve --example sudoku-9x9\n"
               "  gridsat count --solutions --example hidato-6x5\n"
               "  gridsat check puzzles.txt --json\n"
               "  gridsat convert --to vector puzzle.txt\n"
               "  gridsat help count\n\n"
               "exit codes: 0 ok; 1 some puzzle impossible/not unique/timed out/bad in a batch;\n"
               "2 usage or input error; 130 interrupted. Run 'gridsat help COMMAND' (or\n"
               "'gridsat COMMAND -h') for a command's options and examples.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"gridsat {__version__}")
    common.add_list_flags(p)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _commands():
        mod.register(sub)
    h = sub.add_parser("help", help="show the help of a command ('gridsat help count' = 'gridsat count -h')",
                       description="Show the help of COMMAND, or the list of commands.")
    h.add_argument("topic", nargs="*", metavar="COMMAND", help="a command, e.g. count or 'generate hidato'")
    h.set_defaults(func=lambda a: _help(p, a.topic))
    return p


def _help(parser: argparse.ArgumentParser, topic: list[str]) -> int:
    """``gridsat help [COMMAND ...]``: what ``gridsat COMMAND ... -h`` prints (an unknown command: exit 2)."""
    if not topic:
        parser.print_help()
        return EXIT_OK
    return main([*topic, "-h"])


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    parser = build_parser()
    try:
        try:
            args, extra = parser.parse_known_args(argv)
            # positionals after options (`solve a.txt --json b.txt`) land in extra: they are files too
            if extra and hasattr(args, "files") and not any(x.startswith("-") and x != "-" for x in extra):
                args.files = list(args.files) + extra
            elif extra:
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as e:  # argparse: --help (0) or usage error (2)
            return int(e.code or 0) if not isinstance(e.code, str) else EXIT_USAGE
        listed = _run_list_flags(args)
        if listed is not None:
            return listed
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        return args.func(args)
    except KeyboardInterrupt:
        return _interrupted()
    except MemoryError:  # outside a job (a job's own is one error line already)
        print("gridsat: error: out of memory (see --max-memory)", file=sys.stderr, flush=True)
        return EXIT_FAILED
    except BrokenPipeError:
        # the reader went away (e.g. `gridsat solve big.txt | head`): stop quietly
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except Exception:
            pass
        return EXIT_FAILED
    except Exception as exc:
        # python-sat turns Ctrl-C inside a native solve() into its own error type, and a library
        # being imported may wrap it in an ImportError
        if not _from_interrupt(exc):
            raise
        return _interrupted()


def _from_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C in disguise: python-sat's error for it, or an error raised
    while handling a KeyboardInterrupt."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt) or "keyboard interrupt" in str(exc).lower():
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def _run_list_flags(args) -> int | None:
    """Run the listing a ``--list-*`` flag asks for (its subcommand's ``run``), or return None."""
    for flag, mod in (("list_backends", backends), ("list_encodings", encodings),
                      ("list_examples", examples), ("list_formats", formats)):
        if getattr(args, flag, False):
            return mod.run(args)
    return None


def _interrupted() -> int:
    try:
        sys.stdout.flush()
    except Exception:
        pass
    print("gridsat: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
