"""``gridsat generate``: unique puzzles from every kind's generators (Sudoku, jigsaw, Hidato,
Numbrix), and the kinds' own subcommands (the Sudoku kind's layouts and improve search).

Puzzles stream to stdout as they are made, one line each (or ``--json`` lines with seed,
givens, score and time), flushed per puzzle, so an interrupted run keeps what it wrote.
A progress bar goes to stderr only when stderr is a terminal. ``-t SECONDS`` limits each
puzzle: a seed whose puzzle is not made in time is reported ``unknown`` (on stderr, or as a
``--json`` line) and the next seed starts; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import GridsatError, ParseError
from ..kinds import KINDS, get_kind, kind_of
from ..kinds.base import kind_named
from .helptext import examples_epilog
from .jobs import add_runner_args, wants_runner
from .argtypes import fraction, nonnegative_int, output_format, positive_float, positive_int, worker_count
from .outputs import fail
from .exitcodes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

__all__ = ["register", "run", "backend_option", "load_one", "plain_sigint", "check_backend"]


#: the example lines that name no kind (the kinds add their own: generators and subcommands)
EXAMPLES: list[str] = []

#: options the generators' own modules add, and the range each must be in (checked after parsing)
_RANGES = {"rows": positive_int, "cols": positive_int, "size": positive_int, "density": fraction,
           "givens": nonnegative_int, "attempts": positive_int, "polish": nonnegative_int}


def backend_option(g) -> None:
    """Add ``--backend`` (the python-sat solver of the uniqueness proofs) to the group or parser ``g``."""
    g.add_argument("-b", "--backend", metavar="NAME",
                   help="python-sat solver for the uniqueness proofs, e.g. glucose4, cadical153 "
                        "(default: the generator's)")
    g.add_argument("--solver", dest="backend", help=argparse.SUPPRESS)  # the old name


def _common(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("batch")
    g.add_argument("--seed", type=int, help="base seed: puzzle i uses seed+i (default: random, printed with --json)")
    g.add_argument("--count", "-n", type=nonnegative_int, default=1,
                   help="how many puzzles (default 1; 0 = until interrupted)")
    g.add_argument("--jobs", "-j", type=worker_count, default=1,
                   help="worker processes (0 = one per core); output order is kept")
    g.add_argument("--json", action="store_true", help="JSON lines: kind, seed, givens, score, time, puzzle, ...")
    g.add_argument("--board", action="store_true", help="print each puzzle as a board instead of one line")
    g.add_argument("-O", "--output-format", type=output_format, metavar="FMT",
                   help="write each puzzle in this text format (see 'gridsat formats')")
    backend_option(g)
    g.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    g.add_argument("-t", "--time-limit", type=positive_float, metavar="SECONDS",
                   help="per puzzle: a seed whose puzzle is not made in time is reported 'unknown' "
                        "(exit code 1) and the next seed starts")
    add_runner_args(p, jobs=False, progress=False)


def _named(words: list[str] | None):
    """The one kind whose generator the first of ``words`` names when a kind of that name
    holds a generator of that name (found by importing that kind's package alone), else ``None``."""
    name = words[0] if words else None
    if not name or name.startswith("-"):
        return None
    kind = kind_named(name)
    return kind if kind is not None and name in kind.generators else None


def register(subparsers, words: list[str] | None = None) -> argparse.ArgumentParser:
    """Add the ``generate`` subcommand to ``subparsers``.

    With ``words`` (the command line after ``generate``) naming a generator that carries its
    kind's name, only that generator registers: the other kind packages are not loaded.
    """
    raw = argparse.RawDescriptionHelpFormatter
    p = subparsers.add_parser("generate", help="generate puzzles with exactly one solution",
                              description="Generate puzzles with exactly one solution (proved by the SAT oracle, "
                                          "re-checked by the front door).",
                              epilog=examples_epilog("generate", EXAMPLES), formatter_class=raw)
    sub = p.add_subparsers(dest="gen_kind", metavar="KIND")
    p.set_defaults(func=lambda a: (p.print_help(sys.stderr), EXIT_USAGE)[1])
    only = _named(words)
    if only is not None:
        _add_generator(sub, only, words[0])
        return p
    for kind in KINDS.values():
        for name in kind.generators:
            _add_generator(sub, kind, name)
    for kind in KINDS.values():  # (after every kind's generators: the kinds' own subcommands)
        if kind.cli_generate is not None:
            kind.cli_generate(sub)
    return p


def _add_generator(sub, kind, name: str) -> None:
    """The subcommand of ``kind``'s generator ``name``."""
    gen = kind.generators[name]
    q = sub.add_parser(name, help=gen.help, description=gen.help, formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog=examples_epilog("generate", only=f"generate {name} "))
    gen.cli_options(q, name)
    _common(q)
    q.set_defaults(func=run, gen_kind=name, generator=gen, puzzle_kind=kind.name)


def _emit(args, g) -> None:
    from ..generators.lines import puzzle_line

    if getattr(args, "output_format", None):
        from .outputs import write_puzzle

        sys.stdout.write(write_puzzle(g.puzzle, args.output_format))
        sys.stdout.flush()
        return
    count = g.info.get("solutions")
    if count is not None and count != 1 and not args.json:
        more = "" if g.info.get("count_complete", True) else " at least"
        print(f"gridsat: this puzzle has{more} {count} solutions", file=sys.stderr, flush=True)
    if args.json:
        import json

        line = json.dumps(g.to_dict())
    elif args.board:
        line = kind_of(g.puzzle).board_file(g.puzzle) + "\n"
    else:
        line = puzzle_line(g.puzzle)
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _lines_only(args) -> bool:
    """Whether each puzzle prints as its line alone (no ``--json``, ``--board`` or ``--output-format``)."""
    return not (args.json or args.board or getattr(args, "output_format", None))


def _progress(args, total):
    if args.no_progress or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None
    return tqdm(total=total or None, file=sys.stderr, unit="puzzle", leave=False)


def load_one(path: str, kind: str | None = None, box=None):
    """The first puzzle of file ``path`` (or of the text ``path`` itself when no such file exists).

    Raises the puzzle's error (a located :class:`~gridsat.errors.ParseError`), or
    :class:`~gridsat.errors.GridsatError` when there is no puzzle.
    """
    from ..formats import read_file, read_text
    import os

    entries = read_file(path, kind=kind, box=box) if os.path.exists(path) else read_text(path, "<arg>", kind=kind, box=box)
    for e in entries:
        if e.error is not None:
            raise e.error
        return e.puzzle
    raise GridsatError("no puzzle found")


def plain_sigint() -> None:
    """Let Ctrl-C raise KeyboardInterrupt between solver calls.

    python-sat swaps in its own SIGINT handler during each ``solve`` in the main thread and
    longjmps out of the solver on a signal, which can lose the interrupt; the generators' calls
    take milliseconds, so Python's own handling is both safe and prompt.
    """
    mod = sys.modules.get("pysat.solvers")
    if mod is not None:
        _plain(mod)
    elif not any(isinstance(f, _PlainWhenLoaded) for f in sys.meta_path):
        # (not loaded yet: patched when first imported, so a run that needs no SAT call, such
        # as plain Sudoku made whole on the C core, does not load python-sat at all)
        sys.meta_path.insert(0, _PlainWhenLoaded())


def _plain(solvers) -> None:
    try:
        solvers.MainThread.check = staticmethod(lambda: False)
    except Exception:  # pragma: no cover
        pass


class _PlainWhenLoaded:
    """An import hook that applies :func:`plain_sigint` to ``pysat.solvers`` once it is loaded."""

    def find_spec(self, name, path=None, target=None):
        if name != "pysat.solvers":
            return None
        sys.meta_path.remove(self)
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec  # pragma: no cover
        run = spec.loader.exec_module

        def exec_module(module) -> None:
            run(module)
            _plain(module)

        spec.loader.exec_module = exec_module
        return spec


def run(args) -> int:
    """Run ``gridsat generate``; returns the exit code."""
    from ..generators import line_blocks, new_seed, stream

    plain_sigint()
    try:
        _check_ranges(args)
        check_backend(args)
        _check_output_format(args)
        if getattr(args, "partial", None):
            from ..formats.common import parse_box

            kind = get_kind(args.puzzle_kind)  # (a generator that takes --from: its kind completes the grid)
            p = load_one(args.partial, kind.name, parse_box(getattr(args, "box", None)))
            return _from_partial(args, kind, p)
        opts = args.generator.cli_values(args, args.gen_kind)
        if args.backend:
            opts["solver"] = args.backend
        seed = args.seed if args.seed is not None else new_seed()
        count = None if args.count == 0 else args.count
        if wants_runner(args, jobs_default=1):
            from .generate_jobs import run_generate_jobs

            return run_generate_jobs(args, opts, seed, count)
        bar = _progress(args, count)
        limit = getattr(args, "time_limit", None)
        if bar is None and limit is None and args.jobs == 1 and _lines_only(args):
            text = line_blocks(args.gen_kind, count, seed=seed, **opts)
            if text is not None:  # (the generator makes the lines themselves: no object a puzzle)
                for block in text:
                    sys.stdout.write(block)
                    sys.stdout.flush()
                return EXIT_OK
        code = EXIT_OK
        try:
            made = (stream(args.gen_kind, count, seed=seed, jobs=args.jobs, **opts) if limit is None
                    else _clocked_stream(args, opts, seed, count, limit))
            for g in made:
                if g is None:  # a seed past the time limit (reported)
                    code = EXIT_FAILED
                    continue
                _emit(args, g)
                if bar is not None:
                    bar.update(1)
                    bar.set_postfix(givens=g.givens)
        finally:
            if bar is not None:
                bar.close()
        return code
    except ParseError as e:
        return fail(e)
    except (GridsatError, OSError) as e:
        print(f"gridsat: {e}", file=sys.stderr, flush=True)
        return EXIT_USAGE if not isinstance(e, GridsatError) or "bug" not in str(e) else EXIT_FAILED


def _from_partial(args, kind, puzzle) -> int:
    """``--from FILE``: the kind completes the draft to a unique puzzle (``--unique``: keeping every
    given; a draft without a solution is answered ``impossible``, exit 1), within ``-t``."""
    from ..errors import PuzzleError
    from ..limits.clocks import TimeLimitReached, alarm

    limit = getattr(args, "time_limit", None)
    keep = {"keep": True} if getattr(args, "unique", False) else {}
    try:
        with alarm(limit, f"time limit of {limit} s reached"):
            g = kind.from_partial(puzzle, seed=args.seed, **keep)
    except TimeLimitReached as e:
        print(f"unknown: {e}", flush=True)
        return EXIT_FAILED
    except PuzzleError as e:
        if not keep:
            raise
        print(f"impossible: {e}", flush=True)
        return EXIT_FAILED
    _emit(args, g)
    return EXIT_OK


def _clocked_stream(args, opts: dict, seed: int, count: int | None, limit: float):
    """The puzzles of seeds ``seed, seed + 1, ...`` made one at a time, each within ``limit``
    seconds (:func:`gridsat.limits.alarm`); ``None`` in place of a seed past it, reported."""
    import itertools

    from ..generators import stream
    from ..limits.clocks import TimeLimitReached, alarm

    reason = f"time limit of {limit} s reached"
    for s in itertools.count(seed) if count is None else range(seed, seed + count):
        try:
            with alarm(limit, reason):
                g = next(iter(stream(args.gen_kind, 1, seed=s, jobs=1, **opts)))
        except TimeLimitReached:
            if args.json:
                import json

                print(json.dumps({"seed": s, "status": "unknown", "reason": reason}), flush=True)
            else:
                print(f"gridsat: seed {s}: unknown: {reason}", file=sys.stderr, flush=True)
            g = None
        yield g


def _check_ranges(args) -> None:
    """Numeric options the generators' modules add must be in range (a usage error otherwise)."""
    for dest, check in _RANGES.items():
        value = getattr(args, dest, None)
        if value is not None:
            try:
                check(value)
            except argparse.ArgumentTypeError as e:
                raise ParseError(f"argument --{dest}: {e}") from None


def check_backend(args) -> None:
    """``--backend`` must name a python-sat solver (the generators' uniqueness proofs use one)."""
    if not args.backend:
        return
    from ..backends.catalogue import PYSAT_SOLVERS

    if args.backend not in PYSAT_SOLVERS:
        raise ParseError(f"generate proves uniqueness with a python-sat solver, not {args.backend!r}; "
                         f"known: {', '.join(PYSAT_SOLVERS)}")


def _check_output_format(args) -> None:
    """``--output-format`` must hold the generator's kind of puzzle."""
    name = getattr(args, "output_format", None)
    if not name:
        return
    from ..formats import get_format

    if name and get_format(name).kind not in (args.puzzle_kind, "*"):
        raise ParseError(f"format {name} holds {get_format(name).kind} puzzles, not {args.puzzle_kind}")
    if name and args.json:
        raise ParseError("--json and --output-format do not combine; use --output-format json")
