"""``gridsat bench``: run puzzle files across encodings x backends and compare.

Prints a summary table (one line per configuration) to standard output; writes every run
as CSV or JSON Lines, a cactus plot and a configuration-vs-configuration scatter plot on
request. Exit codes: 0 every run finished (timeouts and skipped configurations are data,
not failures); 1 some run raised an error (e.g. a wrong solution); 2 usage or parse error;
130 interrupted (what was measured so far is still written).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import GridsatError, ParseError
from .jobs import add_runner_args, wants_runner
from .argtypes import nonnegative_float
from .inputs import iter_entries
from .helptext import Later, examples_epilog
from .options import add_input_args, add_list_flags
from .outputs import checked_output, fail
from .exitcodes import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE

__all__ = ["register", "run"]


_DESCRIPTION = """\
Run every puzzle of FILEs under every configuration (backend:encoding) with a time limit,
and print a summary table per configuration: runs, solved (answered within the limit),
unique, timeouts, errors, skipped (configuration does not apply to the puzzle), mean,
median and total seconds per run, and PAR-2 (mean time, unsolved runs counted at twice the
limit). Every run starts with cold solver caches, so build time is included.

configurations (comma separated):
  minisat22:cnf-extended   a backend and an encoding (see 'gridsat backends', 'gridsat encodings')
  cpsat                    a backend with its default encoding for the puzzle kind
  cnf-minimal              an encoding on a default backend of its target
  default                  the kind's default backend and encoding
  method:NAME              --job count only: gridsat.count(..., method=NAME)
"""


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``bench`` subcommand to ``subparsers``.

    Parameters
    ----------
    subparsers
        What :meth:`argparse.ArgumentParser.add_subparsers` returned.

    Returns
    -------
    argparse.ArgumentParser
        The new subparser; its ``func`` default is :func:`run`.
    """
    p = subparsers.add_parser(
        "bench", help="compare encodings and backends on puzzle files (table, CSV/JSONL, plots)",
        description=Later(lambda: f"{_DESCRIPTION}\n{examples_epilog('bench')}\n"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_input_args(p)
    g = p.add_argument_group("bench")
    g.add_argument("-c", "--configs", default="default", metavar="LIST",
                   help="comma-separated configurations (default: 'default')")
    g.add_argument("--job", choices=("solve", "check", "count"), default="check",
                   help="what each run does (default: check)")
    g.add_argument("-t", "--time-limit", type=nonnegative_float, default=10.0, metavar="SECONDS",
                   help="per run (default 10; 0 = none); building is not limited")
    g.add_argument("-l", "--limit", type=int, metavar="N", help="--job count: stop at N solutions")
    g.add_argument("--warm", action="store_true",
                   help="keep solver caches between runs (batch throughput; build paid once per shape)")
    g.add_argument("--no-warmup", action="store_true", help="no untimed first run per configuration")
    g.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    add_runner_args(p, progress=False)
    o = p.add_argument_group("output")
    o.add_argument("-o", "--output", metavar="FILE", help="every run as CSV (.csv) or JSON Lines (.jsonl) by suffix")
    o.add_argument("--csv", metavar="FILE", help="every run as CSV")
    o.add_argument("--jsonl", metavar="FILE", help="every run as JSON Lines")
    o.add_argument("--plot", metavar="FILE", help="cactus plot (instances solved against time), .png or .svg")
    o.add_argument("--scatter", metavar="A,B", help="two configurations to compare per instance")
    o.add_argument("--scatter-plot", metavar="FILE",
                   help="scatter plot of --scatter A against B (.png or .svg); with exactly two configurations "
                        "--scatter may be left out")
    add_list_flags(p)
    p.set_defaults(func=run)
    return p


def _outputs(args: argparse.Namespace) -> list[tuple[str, Path]]:
    out = []
    if args.csv:
        out.append(("csv", Path(args.csv)))
    if args.jsonl:
        out.append(("jsonl", Path(args.jsonl)))
    if args.output:
        suf = Path(args.output).suffix.lower()
        kind = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl"}.get(suf)
        if kind is None:
            raise ParseError(f"-o {args.output}: use a .csv or .jsonl file name")
        out.append((kind, Path(args.output)))
    for _, path in out:
        checked_output(str(path))  # before the runs, not after them
    return out


def _split(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def run(args: argparse.Namespace) -> int:
    """Run ``gridsat bench``: print the summary table, write the requested files and plots.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed by the parser of :func:`register`.

    Returns
    -------
    int
        The exit code: :data:`EXIT_OK`, :data:`EXIT_FAILED` (some run raised an error),
        :data:`EXIT_USAGE` or :data:`EXIT_INTERRUPTED`.
    """
    # imported when the command runs, not at every 'gridsat' start-up (they load the formats,
    # counting and tqdm); matplotlib itself loads only when a plot is drawn
    from ..experiments import (Instance, cactus_plot, iter_bench, parse_config, rows_to_csv, rows_to_jsonl,
                               scatter_plot, summary)
    from ..experiments.plots import check_path, require_matplotlib
    from ..formats import get_format
    from ..formats.common import parse_box

    try:
        configs = _split(args.configs)
        cfgs = [parse_config(c) for c in configs]
        if not cfgs:
            raise ParseError("--configs: give at least one configuration")
        if args.time_limit is not None and args.time_limit < 0:
            raise ParseError("--time-limit must be positive (0: no limit)")
        time_limit = args.time_limit or None
        if args.limit is not None and args.limit < 1:
            raise ParseError("--limit must be at least 1")
        outputs = _outputs(args)
        scatter = None
        if args.scatter:
            scatter = _split(args.scatter)
            if len(scatter) != 2:
                raise ParseError("--scatter takes two configurations: A,B")
        elif args.scatter_plot and len(configs) == 2:
            scatter = configs
        if args.scatter_plot and scatter is None:
            raise ParseError("--scatter-plot needs --scatter A,B (two of the --configs)")
        if scatter is not None:
            for c in scatter:
                if c not in configs:
                    raise ParseError(f"--scatter: {c!r} is not one of --configs")
            if not args.scatter_plot:
                raise ParseError("--scatter needs --scatter-plot FILE")
        if args.plot or args.scatter_plot:
            require_matplotlib()
            for p in (args.plot, args.scatter_plot):
                if p:
                    check_path(p)
        if args.box is not None:
            parse_box(args.box)
        if args.format is not None:
            get_format(args.format)
        entries = list(iter_entries(args))
    except GridsatError as e:
        return fail(e)
    bad = [e for e in entries if not e.ok]
    if bad:
        for e in bad:
            err = e.error
            print(ParseError(err.message, err.file or e.file, err.line if err.line is not None else e.line,
                             err.col).located(), file=sys.stderr)
        return EXIT_USAGE
    if not entries:
        return fail(ParseError("empty input: no puzzle found"))
    instances = [Instance(e.puzzle, e.file, e.line) for e in entries]
    progress = not args.no_progress and sys.stderr.isatty()
    rows: list[dict] = []
    interrupted = False
    try:
        if wants_runner(args):
            from .bench_jobs import bench_rows

            code, rows = bench_rows(args, instances, cfgs, time_limit)
            if code in (EXIT_USAGE, EXIT_INTERRUPTED, EXIT_TERMINATED):
                return code
        it = () if wants_runner(args) else iter_bench(instances, cfgs, job=args.job, time_limit=time_limit, limit=args.limit,
                        progress=progress, cold=not args.warm, warmup=not args.no_warmup)
        for row in it:
            rows.append(row)
    except KeyboardInterrupt:
        interrupted = True
    except GridsatError as e:
        return fail(e)
    if interrupted:
        print(f"gridsat: interrupted after {len(rows)} runs; writing what was measured", file=sys.stderr)
    if not rows:
        return EXIT_INTERRUPTED if interrupted else EXIT_USAGE
    print(summary(rows), flush=True)
    try:
        for kind, path in outputs:
            (rows_to_csv if kind == "csv" else rows_to_jsonl)(rows, path)
            print(f"wrote {len(rows)} runs to {path}", file=sys.stderr)
        if args.plot:
            cactus_plot(rows, args.plot)
            print(f"wrote cactus plot {args.plot}", file=sys.stderr)
        if args.scatter_plot:
            scatter_plot(rows, scatter[0], scatter[1], args.scatter_plot)
            print(f"wrote scatter plot {args.scatter_plot}", file=sys.stderr)
    except OSError as e:
        return fail(f"cannot write: {e}")
    except GridsatError as e:
        return fail(e)
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_FAILED if any(r["status"] == "error" for r in rows) else EXIT_OK
