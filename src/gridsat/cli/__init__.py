"""The ``gridsat`` command line.

Each command is registered by a submodule named in :data:`COMMANDS`: its
``register(subparsers)`` adds the command's parser and sets ``func`` to its
``run(args) -> int``. To add a command, write ``cli/<name>.py`` and add its name here. A
command line that starts with a command imports and registers that command's module only,
so start-up does not pay for the others. The parsers are :class:`~gridsat.cli.helptext.Parser`
objects: the help texts that name the kinds' puzzles, examples and formats come from the kind
records when a help is printed, so building a parser loads no kind package.

Exit codes: 0 every puzzle answered as asked (``solve``: solved; ``check``: unique;
``count``: counted); 1 some puzzle was not (impossible, ambiguous for ``check``, time limit
hit, or a bad puzzle in a batch) while the others were still processed; 2 usage error or
nothing could be read (the message ``file:line:col: ...`` goes to stderr); 130 interrupted
(all defined once, in :mod:`gridsat.cli.exitcodes`).

Run as the program (``main()`` without ``argv``), the process's address space is limited
before any work: ``--max-memory``, else ``$GRIDSAT_MAX_MEMORY``, else
:data:`gridsat.limits.DEFAULT_LIMIT` (see :func:`gridsat.limits.apply_default_limit`). The
program also starts with the garbage collector off and freezes what start-up made before
the job (see ``_started``), and asks NumPy's BLAS for one thread (see ``_one_blas_thread``);
a caller's collector and environment are left alone.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from types import ModuleType

from .exitcodes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    import argparse

__all__ = ["main", "build_parser", "COMMANDS", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE", "EXIT_INTERRUPTED",
           "EXIT_TERMINATED"]

#: every command, by the submodule that registers it, in the order ``gridsat -h`` lists them
COMMANDS = {"solve": "solve", "count": "count", "check": "check", "examples": "examples", "backends": "backends",
            "encodings": "encodings", "formats": "formats", "hint": "hint", "explain": "hint",
            "candidates": "hint", "rate": "hint", "redundant": "setter", "explain-ambiguity": "setter",
            "generate": "generate", "render": "render", "export": "export", "convert": "convert", "bench": "bench",
            "serve": "serve"}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def _commands(command: str | None = None) -> list[ModuleType]:
    """The modules that register ``command`` (``None``: every command)."""
    names = dict.fromkeys(COMMANDS.values()) if command is None else [COMMANDS[command]]
    return [_module(name) for name in names]


def build_parser(command: str | None = None, words: list[str] | None = None) -> argparse.ArgumentParser:
    """The ``gridsat`` argument parser with every subcommand, or only ``command``'s.

    Parameters
    ----------
    command : str, optional
        A name of :data:`COMMANDS`: only its module registers (what ``gridsat COMMAND ...``
        parses with); ``None``: every command and ``help``.
    words : list of str, optional
        With ``command``: the words after it, for a module whose ``register`` takes them
        (``register(subparsers, words=...)``) to register only what they name.
    """
    # (loaded here, not with the package: the program's start-up loads them with no collections)
    import argparse

    from . import options
    from .helptext import Later, Parser, examples_epilog, first_generator, kind_names

    p = Parser(
        prog="gridsat",
        description=Later(lambda: f"Solve, count and check number-placement puzzles ({kind_names()}) with "
                                  "SAT/CP solvers."),
        epilog=examples_epilog("", ["gridsat check puzzles.txt --json", "gridsat convert --to vector puzzle.txt",
                             "gridsat help count"],
                        "exit codes: 0 ok; 1 some puzzle impossible/not unique/timed out/bad in a batch;\n"
                        "2 usage or input error; 130 interrupted. Run 'gridsat help COMMAND' (or\n"
                        "'gridsat COMMAND -h') for a command's options and examples."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action=_version_action())
    options.add_list_flags(p)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _commands(command):
        if words is not None and "words" in mod.register.__code__.co_varnames:
            mod.register(sub, words=words)
        else:
            mod.register(sub)
    if command is not None:
        return p
    h = sub.add_parser("help", help="show the help of a command ('gridsat help count' = 'gridsat count -h')",
                       description="Show the help of COMMAND, or the list of commands.")
    h.add_argument("topic", nargs="*", metavar="COMMAND",
                   help=Later(lambda: f"a command, e.g. count or 'generate {first_generator()}'"))
    h.set_defaults(func=lambda a: _help(p, a.topic))
    return p


def _version_action() -> type:
    """The ``--version`` action class (made once, when a parser is first built)."""
    if not _VERSION:
        import argparse

        class _Version(argparse.Action):
            """``--version``: what argparse's ``version`` action prints, the version read only then
            (from the package metadata, which takes a tenth of a second to load).
            """

            def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
                super().__init__(option_strings, dest, default=argparse.SUPPRESS, nargs=0,
                                 help="show program's version number and exit")

            def __call__(self, parser, namespace, values, option_string=None) -> None:
                from .. import __version__

                print(f"gridsat {__version__}")
                parser.exit()

        _VERSION.append(_Version)
    return _VERSION[0]


_VERSION: list[type] = []


def _help(parser: argparse.ArgumentParser, topic: list[str]) -> int:
    """``gridsat help [COMMAND ...]``: what ``gridsat COMMAND ... -h`` prints (an unknown command: exit 2)."""
    if not topic:
        parser.print_help()
        return EXIT_OK
    return main([*topic, "-h"])


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    given = list(sys.argv[1:] if argv is None else argv)
    if given == ["--version"]:  # (what argparse prints, without loading every command's parser)
        from .. import __version__

        print(f"gridsat {__version__}")
        return EXIT_OK
    if argv is None:
        _one_blas_thread()
    collecting = argv is None and gc.isenabled()
    if collecting:  # (the program: no collections while the command's modules load; see _started)
        gc.disable()
    try:
        return _main(argv, given, collecting)
    finally:
        if collecting and not gc.isenabled():
            gc.enable()


#: the BLAS libraries' thread counts that the program sets to one unless already set
BLAS_THREAD_VARS = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def _one_blas_thread() -> None:
    """The program asks the BLAS library under NumPy for one thread, unless the environment
    already says how many (before NumPy is first imported; the race's children inherit it).

    gridsat makes no BLAS call: it uses NumPy for indexing and counting only. But NumPy's
    OpenBLAS starts a thread per core when NumPy is imported, and those threads spin for a
    while: on a 2-core machine, importing NumPy took 0.13 s of CPU instead of 0.06 s, and the
    thread spun another 0.04 s in the next second. Worker processes do the same
    (:func:`gridsat.jobs.executors.worker_init`). Only the program does this (``main()``
    without ``argv``), never a caller's process.
    """
    if "numpy" not in sys.modules:
        for var in BLAS_THREAD_VARS:
            os.environ.setdefault(var, "1")


def _started(collecting: bool) -> None:
    """The program's start-up is over: what it loaded (modules, classes, parsers, records,
    nearly all of it kept to the end) goes to the collector's permanent generation
    (:func:`gc.freeze`), and collections resume for the job.

    Start-up makes tens of thousands of objects and little garbage: collecting while the
    modules load, and then again over all of them at each full collection and at exit, is
    work that frees next to nothing. The job's own objects are collected as before. Only
    the program does this (``main()`` without ``argv``), never a caller's process.
    """
    if collecting:
        gc.freeze()
        gc.enable()


def _main(argv: list[str] | None, given: list[str], collecting: bool) -> int:
    _own_sigint()
    first = given[:1]
    command = first[0] if first and first[0] in COMMANDS else None
    parser = build_parser(command, given[1:] if command else None)
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
        if argv is None and getattr(args, "max_memory", None) is None:  # (the program, not a caller)
            error = _default_memory_limit()
            if error:
                return error
        listed = _run_list_flags(args)
        if listed is not None:
            return listed
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        _started(collecting)
        return args.func(args)
    except KeyboardInterrupt:
        return _interrupted()
    except MemoryError:  # outside a job (a job's own is one error line already)
        print("gridsat: error: out of memory (see --max-memory and GRIDSAT_MAX_MEMORY)", file=sys.stderr, flush=True)
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


def _own_sigint() -> None:
    """Stop on SIGINT whatever the disposition this process inherited.

    A shell starts a background job of a script (``cmd &``, ``trap '' INT``) with SIGINT
    ignored, and Python then leaves it ignored: ``kill -INT`` would do nothing, while
    CP-SAT, which installs its own handler for a solve, would still stop its search early.
    The command line takes Python's own handler (Ctrl-C raises ``KeyboardInterrupt``: exit
    130, nothing half-done is stored as an answer) unless it runs off the main thread.
    """
    import _signal as signal  # (signal's own functions, without the enums of the signal module)

    try:
        if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL, None):
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread (main() called by a host program)
        pass


def _default_memory_limit() -> int:
    """Bound the process's memory when ``--max-memory`` is not given: ``$GRIDSAT_MAX_MEMORY``,
    else the default (see :func:`gridsat.limits.apply_default_limit`); 0, or the exit code of
    a bad value."""
    from ..limits.caps import apply_default_limit

    try:
        apply_default_limit()
    except ValueError as exc:
        print(f"gridsat: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return 0


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
    for flag, mod in (("list_backends", "backends"), ("list_encodings", "encodings"),
                      ("list_examples", "examples"), ("list_formats", "formats")):
        if getattr(args, flag, False):
            return _module(mod).run(args)
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
