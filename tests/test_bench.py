"""``gridsat.experiments`` (run_bench, files, summary, plots) and the ``gridsat bench`` command."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gridsat
from gridsat import api
from gridsat.cli import main
from gridsat.errors import UnsupportedError
from gridsat.experiments import (COLUMNS, cactus_plot, read_rows, rows_to_csv, rows_to_jsonl, run_bench,
                                 scatter_plot, summarize, summary)
from gridsat.formats import read_text
from gridsat.result import Result

DATA = Path(__file__).parent / "data"
BATCH = DATA / "sudoku_batch.txt"  # three 9x9 puzzles and one bad line (line 6)
AMBIG4 = "1...........4..1"  # many solutions
CLASH4 = "11.............."
UNIQUE9 = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
TINY_HIDATO = "hidato tiny\n .  16  .  9\n .  .  . 10\n 1  .  4  .\n .  .  .  5\n"
CNF, CP = "minisat22:cnf-extended", "cpsat:cpsat-int"


def puzzle(text: str):
    return read_text(text)[0].puzzle


@pytest.fixture(scope="module")
def nine_rows():
    """One small bench run shared by several tests: 2 puzzles x 2 configs."""
    p9 = puzzle(UNIQUE9)
    return run_bench([p9, puzzle(AMBIG4)], [CNF, CP], job="check", time_limit=10)


# ------------------------------------------------------------------ rows
def test_rows_have_every_column_and_plain_scalars(nine_rows):
    assert len(nine_rows) == 4
    for r in nine_rows:
        assert tuple(r) == COLUMNS
        for k, v in r.items():
            assert v is None or type(v) in (int, float, str, bool), (k, v)


@pytest.mark.parametrize("config,backend,encoding,size_key", [
    (CNF, "minisat22", "cnf-extended", "clauses"),
    (CP, "cpsat", "cpsat-int", "constraints"),
], ids=["pysat", "cpsat"])
def test_rows_record_status_sizes_and_stats(nine_rows, config, backend, encoding, size_key):
    mine = [r for r in nine_rows if r["config"] == config]
    nine, four = mine
    assert (nine["backend"], nine["encoding"]) == (backend, encoding)
    assert nine["status"] == "unique" and nine["solved"] and nine["complete"] and nine["verified"]
    assert four["status"] == "ambiguous" and four["count"] == 2 and four["solved"] and four["verified"]
    assert (nine["size"], nine["givens"], nine["kind"], nine["variant"]) == ("9x9", 18, "sudoku", "classic")
    assert nine["variables"] > 0 and nine[size_key] > 0
    assert nine["conflicts"] is not None and nine["decisions"] is not None and nine["propagations"] is not None
    assert nine["build_time"] > 0 and nine["total_time"] >= nine["solve_time"] >= 0
    assert nine["error"] is None and nine["job"] == "check" and nine["time_limit"] == 10


def test_cold_runs_pay_the_build_every_time():
    p = puzzle(UNIQUE9)
    cold = run_bench([p, p, p], [CNF], time_limit=10)
    warm = run_bench([p, p, p], [CNF], time_limit=10, cold=False)
    assert all(r["build_time"] > 0 for r in cold)
    assert warm[1]["build_time"] == 0 and warm[2]["build_time"] == 0


@pytest.mark.parametrize("progress", [True, False], ids=["bar", "quiet"])
def test_progress_bar_on_stderr(capsys, progress):
    run_bench([puzzle(AMBIG4)] * 3, [CNF], time_limit=5, progress=progress, warmup=False)
    out, err = capsys.readouterr()
    assert out == ""
    assert ("/3 [" in err) == progress


def test_files_keep_file_and_line(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text(f"# two puzzles\n{UNIQUE9}\n\n{AMBIG4}\n")
    rows = run_bench([str(f)], ["default"], time_limit=10)
    assert [(r["file"], r["line"], r["status"]) for r in rows] == [(str(f), 2, "unique"), (str(f), 4, "ambiguous")]
    assert rows[0]["backend"] == api.resolve(puzzle(UNIQUE9), None, None)[0].name


def test_bad_file_raises_located_parse_error():
    with pytest.raises(gridsat.ParseError, match=r"sudoku_batch\.txt:6:\d+: "):
        run_bench([str(BATCH)], [CNF])


@pytest.mark.parametrize("config,reason", [
    ("cpsat:cpsat-int", "no encoding 'cpsat-int' for hidato"),
    ("glucose4:cnf-pos", None),
], ids=["sudoku-encoding-on-hidato", "hidato-encoding"])
def test_config_that_does_not_apply_gives_skipped_row(config, reason):
    hid = puzzle(TINY_HIDATO)
    rows = run_bench([hid, puzzle(UNIQUE9)], [config], time_limit=10)
    by_kind = {r["kind"]: r for r in rows}
    if reason:
        assert by_kind["hidato"]["status"] == "skipped" and reason in by_kind["hidato"]["error"]
        assert by_kind["sudoku"]["status"] == "unique"
    else:
        assert by_kind["hidato"]["status"] == "unique" and by_kind["hidato"]["verified"]
        assert by_kind["hidato"]["size"] == "4x4" and by_kind["hidato"]["variant"] == "hidato"
        sud = by_kind["sudoku"]
        assert sud["status"] == "skipped" and "no encoding 'cnf-pos' for sudoku" in sud["error"]


def test_backend_that_cannot_stop_keeps_a_time_limit_in_a_child():
    """Lingeling has no interrupt and no budgets: under a time limit it runs in a child process."""
    rows = run_bench([puzzle(AMBIG4)], ["lingeling"], time_limit=5)
    assert rows[0]["status"] == "ambiguous" and rows[0]["verified"]
    rows = run_bench([puzzle(AMBIG4)], ["lingeling"], time_limit=None)
    assert rows[0]["status"] == "ambiguous"


@pytest.mark.parametrize("job,status,count", [
    ("solve", "solved", 1),
    ("check", "ambiguous", 2),
    ("count", "ambiguous", 288),
], ids=["solve", "check", "count"])
def test_jobs(job, status, count):
    p = puzzle("." * 16)
    rows = run_bench([p], [CNF, CP], job=job, time_limit=10)
    for r in rows:
        assert (r["status"], r["count"], r["solved"], r["verified"]) == (status, count, True, True)


def test_count_limit_and_impossible():
    rows = run_bench([puzzle("." * 16), puzzle(CLASH4)], [CNF], job="count", limit=5, time_limit=10)
    assert (rows[0]["count"], rows[0]["complete"], rows[0]["solved"]) == (5, False, True)
    clash = rows[1]
    assert (clash["status"], clash["count"], clash["solved"], clash["verified"]) == ("impossible", 0, True, False)


def test_timeout_row():
    rows = run_bench([puzzle("." * 81)], [CNF], job="count", time_limit=0.3)
    r = rows[0]
    assert r["status"] == "timeout" and not r["solved"] and not r["complete"] and r["count"] > 0
    assert r["total_time"] < 5


@pytest.mark.parametrize("configs,message", [
    (["nosuchsolver"], "no backend 'nosuchsolver'"),
    (["minisat22:nope"], "no encoding 'nope'"),
    ([], "no configurations"),
    ([CNF, CNF], "given twice"),
], ids=["backend", "encoding", "empty", "duplicate"])
def test_bad_configs_raise(configs, message):
    with pytest.raises(UnsupportedError, match=message):
        run_bench([puzzle(AMBIG4)], configs)


# ------------------------------------------------------------------ counting methods
def test_method_config_needs_job_count():
    with pytest.raises(UnsupportedError, match="need job 'count'"):
        run_bench([puzzle(AMBIG4)], ["method:enum"], job="check")


def test_method_config_runs_count_with_method(monkeypatch):
    seen = []

    def fake_count(puzzle, limit=None, *, method="enum", backend=None, encoding=None, time_limit=None, keep=None):
        seen.append((method, limit, time_limit))
        if method == "ganak":
            raise UnsupportedError("counting method 'ganak' needs the package ganak")
        return Result(job="count", status="ambiguous", count=288, complete=True, backend="d4",
                      encoding="cnf-extended", stats={"decisions": 7})

    monkeypatch.setattr(api, "count", fake_count)
    rows = run_bench([puzzle("." * 16)], ["method:d4", "method:ganak", CNF], job="count", time_limit=3, warmup=False)
    d4, nope, cnf = rows
    assert (d4["method"], d4["backend"], d4["count"], d4["solved"], d4["decisions"]) == ("d4", "d4", 288, True, 7)
    assert nope["status"] == "skipped" and "needs the package" in nope["error"]
    assert cnf["method"] is None and cnf["count"] == 288
    assert seen == [("d4", None, 3), ("ganak", None, 3)]


def test_unknown_method_name_raises():
    with pytest.raises(UnsupportedError, match="no counting method 'nope'"):
        run_bench([puzzle(AMBIG4)], ["method:nope"], job="count")


@pytest.mark.parametrize("method", ["enum", "cpsat", "approx"], ids=["enum", "cpsat", "approx"])
def test_counting_methods_in_the_bench(method):
    rows = run_bench([puzzle("." * 16)], [f"method:{method}"], job="count", time_limit=30, warmup=False)
    r = rows[0]
    if r["status"] == "skipped":
        pytest.skip(r["error"])
    assert r["method"] == method and r["solved"] and r["count"] > 0
    if method == "approx":
        assert r["approximate"] and not r["complete"]
    else:
        assert r["count"] == 288 and r["complete"] and not r["approximate"]


def test_method_config_runs_the_real_count():
    rows = run_bench([puzzle("." * 16)], ["method:enum"], job="count", time_limit=30)
    assert rows[0]["count"] == 288 and rows[0]["complete"]


# ------------------------------------------------------------------ files and summary
@pytest.mark.parametrize("writer,suffix", [(rows_to_csv, ".csv"), (rows_to_jsonl, ".jsonl")], ids=["csv", "jsonl"])
def test_rows_round_trip(nine_rows, tmp_path, writer, suffix):
    path = writer(nine_rows, tmp_path / f"runs{suffix}")
    back = read_rows(path)
    assert len(back) == len(nine_rows)
    for a, b in zip(nine_rows, back):
        assert list(b) == list(COLUMNS)
        for k in COLUMNS:
            if isinstance(a[k], float):
                assert math.isclose(a[k], b[k], rel_tol=1e-9), k
            else:
                assert a[k] == b[k], (k, a[k], b[k])


def test_jsonl_is_one_object_per_line(nine_rows, tmp_path):
    lines = rows_to_jsonl(nine_rows, tmp_path / "r.jsonl").read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(s)["config"] in (CNF, CP) for s in lines)


def test_summary_mentions_every_config_and_counts(nine_rows):
    text = summary(nine_rows)
    assert CNF in text and CP in text and "PAR-2" in text
    assert len(text.splitlines()) == 2 + 2
    stats = {s["config"]: s for s in summarize(nine_rows)}
    assert stats[CNF]["runs"] == 2 and stats[CNF]["solved"] == 2 and stats[CNF]["unique"] == 1
    assert stats[CNF]["par2"] == pytest.approx(stats[CNF]["mean"])


def test_par2_counts_unsolved_at_twice_the_limit():
    rows = [dict(config="a", status="timeout", solved=False, total_time=1.0, time_limit=1.0),
            dict(config="a", status="unique", solved=True, total_time=0.5, time_limit=1.0),
            dict(config="a", status="skipped", solved=False, total_time=None, time_limit=1.0)]
    s = summarize(rows)[0]
    assert (s["runs"], s["solved"], s["timeouts"], s["skipped"]) == (2, 1, 1, 1)
    assert s["par2"] == pytest.approx((2.0 + 0.5) / 2) and s["total"] == pytest.approx(1.5)


def test_rows_load_into_pandas(nine_rows):
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(nine_rows)
    assert list(df.columns) == list(COLUMNS) and len(df) == 4


# ------------------------------------------------------------------ plots
def _check_image(path: Path) -> None:
    data = path.read_bytes()
    if path.suffix == ".png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    else:
        root = ET.fromstring(data)
        assert root.tag.endswith("svg") and len(list(root.iter())) > 20


@pytest.mark.parametrize("suffix", [".png", ".svg"], ids=["png", "svg"])
def test_cactus_plot_writes_image(nine_rows, tmp_path, suffix):
    pytest.importorskip("matplotlib")
    fig = cactus_plot(nine_rows, tmp_path / f"c{suffix}")
    _check_image(tmp_path / f"c{suffix}")
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and len(ax.get_lines()) >= 2


@pytest.mark.parametrize("suffix", [".png", ".svg"], ids=["png", "svg"])
def test_scatter_plot_writes_image(nine_rows, tmp_path, suffix):
    pytest.importorskip("matplotlib")
    fig = scatter_plot(nine_rows, CNF, CP, tmp_path / f"s{suffix}")
    _check_image(tmp_path / f"s{suffix}")
    ax = fig.axes[0]
    assert ax.get_xscale() == ax.get_yscale() == "log"


def test_figures_show_in_notebooks_without_pyplot(nine_rows):
    pytest.importorskip("matplotlib")
    png = cactus_plot(nine_rows)._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_into_given_axes(nine_rows):
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    fig = Figure()
    a, b = fig.subplots(1, 2)
    assert cactus_plot(nine_rows, ax=a) is fig and scatter_plot(nine_rows, CNF, CP, ax=b) is fig
    assert a.get_lines() and b.collections


def test_scatter_plot_draws_timeouts_at_the_limit():
    pytest.importorskip("matplotlib")
    rows = [dict(instance=0, config="a", status="timeout", solved=False, total_time=2.5, time_limit=2.0),
            dict(instance=0, config="b", status="unique", solved=True, total_time=0.01, time_limit=2.0)]
    fig = scatter_plot(rows, "a", "b")
    offsets = [c.get_offsets() for c in fig.axes[0].collections]
    assert any(len(o) and o[0][0] == 2.0 for o in offsets)


def test_plot_errors(nine_rows, tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(gridsat.GridsatError, match="no runs of configuration"):
        scatter_plot(nine_rows, CNF, "other")
    with pytest.raises(gridsat.GridsatError, match=r"\.png"):
        cactus_plot(nine_rows, tmp_path / "c.gif")


def test_missing_matplotlib_names_the_extra(monkeypatch, nine_rows):
    import builtins

    real = builtins.__import__

    def no_mpl(name, *a, **k):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError("No module named 'matplotlib'")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_mpl)
    with pytest.raises(ImportError, match=r"gridsat\[plot\]"):
        cactus_plot(nine_rows)


# ------------------------------------------------------------------ command line
def run_cli(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_table_csv_and_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    f = tmp_path / "p.txt"
    f.write_text(f"{UNIQUE9}\n{AMBIG4}\n")
    csv_path, png, svg = tmp_path / "r.csv", tmp_path / "c.png", tmp_path / "s.svg"
    code, out, err = run_cli(["bench", str(f), "--configs", f"{CNF},{CP}", "-t", "10", "-o", str(csv_path),
                              "--plot", str(png), "--scatter-plot", str(svg)], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("| config") and len(lines) == 4
    assert any(line.startswith(f"| {CNF}") for line in lines) and any(line.startswith(f"| {CP}") for line in lines)
    assert len(read_rows(csv_path)) == 4
    _check_image(png)
    _check_image(svg)
    assert "wrote 4 runs" in err and "run/s" not in err  # no progress bar off a terminal


def test_cli_jsonl_and_skipped(tmp_path, capsys):
    f = tmp_path / "h.txt"
    f.write_text(TINY_HIDATO)
    out_path = tmp_path / "r.jsonl"
    code, out, _ = run_cli(["bench", str(f), "--configs", "cpsat:cpsat-int,default", "--jsonl", str(out_path),
                            "--job", "solve"], capsys)
    assert code == 0
    rows = read_rows(out_path)
    assert [r["status"] for r in rows] == ["skipped", "solved"]
    assert "cpsat:cpsat-int" in out


def test_cli_bad_file_is_located_and_exits_2(capsys):
    code, out, err = run_cli(["bench", str(BATCH), "--configs", CNF], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{BATCH}:6:") and "Traceback" not in err


@pytest.mark.parametrize("argv,pattern", [
    (["--configs", "nosuch"], "no backend 'nosuch'"),
    (["--configs", CNF, "--scatter-plot", "s.svg"], "--scatter-plot needs --scatter"),
    (["--configs", f"{CNF},{CP}", "--scatter", f"{CNF},x", "--scatter-plot", "s.svg"], "is not one of --configs"),
    (["--configs", CNF, "-o", "r.txt"], ".csv or .jsonl"),
    (["--configs", CNF, "--plot", "c.gif"], ".png"),
    (["--configs", CNF, "--limit", "0"], "--limit must be at least 1"),
    (["--configs", "method:enum", "--job", "check"], "need job 'count'"),
], ids=["backend", "scatter-missing", "scatter-unknown", "output-suffix", "plot-suffix", "limit", "method-job"])
def test_cli_usage_errors_exit_2(capsys, argv, pattern):
    code, out, err = run_cli(["bench", "--example", "sudoku-4x4"] + argv, capsys)
    assert code == 2 and pattern in err and out == "" and "Traceback" not in err


def test_cli_missing_file_exits_2(tmp_path, capsys):
    code, out, err = run_cli(["bench", str(tmp_path / "nope.txt")], capsys)
    assert code == 2 and err.strip() == f"{tmp_path / 'nope.txt'}: no such file"


def test_ctrl_c_still_raises_after_a_cpsat_solve():
    """CP-SAT resets SIGINT to the default action after a solve; the backend puts Python's handler back."""
    from ctrl_c import ctrl_c_after

    code, words, err = ctrl_c_after("gridsat.solve(gridsat.Sudoku.classic([0] * 16), backend='cpsat').status")
    assert code == 0, err
    assert words == ["solved", "KeyboardInterrupt"]


def test_former_module_name_still_works():
    import gridsat.experiments as experiments

    assert experiments.bench.run_bench is run_bench and experiments.bench.summary is summary
    assert set(experiments.bench.__all__) >= set(experiments.__all__) - {"cactus_plot", "scatter_plot"}
