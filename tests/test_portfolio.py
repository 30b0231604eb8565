"""``gridsat.race``: several backend/encoding pairs in parallel processes, first decisive answer wins."""

import json
from pathlib import Path

import pytest

import gridsat
from gridsat import Hidato, Sudoku
from gridsat.cli import main
from gridsat.errors import GridsatError, UnsupportedError
from gridsat.formats import read_text
from gridsat.portfolio import parse_configs

FRONTIER = Path(__file__).parent / "data" / "hidato" / "frontier_king20_d10.txt"
CORNER3 = Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9})  # A272445: 30 paths


@pytest.mark.parametrize("configs", [None, "glucose4:cnf-pos,cpsat:cpsat-bool", "minisat22,cpsat:cpsat-circuit"],
                         ids=["defaults", "explicit", "bare-backend"])
def test_race_counts_like_one_solver(configs):
    r = gridsat.race(CORNER3, "count", configs)
    assert r.count == 30 and r.complete and r.verified
    assert f"{r.backend}/{r.encoding}" in r.stats["race"] or r.backend in r.stats["race"]
    assert len(r.stats["race"]) == 2


def test_race_check_statuses():
    assert gridsat.race(Hidato(3, 3, givens={(0, 0): 1, (2, 2): 2}), "check").status == "impossible"
    assert gridsat.race(CORNER3, "check").status == "ambiguous"
    r = gridsat.race(Sudoku.classic([0] * 16), "count")
    assert r.count == 288
    assert set(r.stats["race"]) == {"/".join(gridsat.default_choice(Sudoku.empty(4)).pair), "cpsat/cpsat-int"}


def test_race_survives_a_failing_configuration():
    r = gridsat.race(CORNER3, "count", [("glucose4", "cpsat-bool"), ("minisat22", "cnf-pos")])
    assert r.count == 30 and r.backend == "minisat22"
    # its error is reported when it came first; under load the winner may be read before it
    assert r.stats["race"]["glucose4/cpsat-bool"].startswith(("error", "stopped", "not read"))
    with pytest.raises(GridsatError, match="every configuration failed"):
        gridsat.race(CORNER3, "count", [("glucose4", "cpsat-bool")])


def test_race_with_a_bare_backend_takes_its_own_encoding():
    r = gridsat.race(CORNER3, "solve", "lns,cpsat:cpsat-bool", time_limit=20)
    assert r.status == "solved" and r.verified
    assert set(r.stats["race"]) == {"lns", "cpsat/cpsat-bool"}
    assert not any(v.startswith("error") for v in r.stats["race"].values()), r.stats["race"]


def test_race_time_limit_reports_unknown():
    (entry,) = read_text(FRONTIER.read_text(), format="hidato")
    r = gridsat.race(entry.puzzle, "solve", time_limit=1.0)
    assert r.status in ("unknown", "solved")
    assert r.total_time < 1.0 + 3.0, r.total_time
    assert len(r.stats["race"]) == 2


def test_parse_configs():
    assert parse_configs("glucose4:cnf-pos, cpsat") == [("glucose4", "cnf-pos"), ("cpsat", "default")]
    with pytest.raises(UnsupportedError):
        parse_configs(" , ")
    with pytest.raises(UnsupportedError):
        gridsat.race(CORNER3, "rate")


def test_cli_race(capsys, tmp_path):
    path = tmp_path / "corner.txt"
    path.write_text("1 . .\n. . .\n. . 9\n")
    code = main(["count", str(path), "--race", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["count"] == 30 and "race" in out["stats"]
    code = main(["check", "--example", "sudoku-4x4", "--race", "minisat22:cnf-extended,cpsat:cpsat-int"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("unique") and "race: " in out
    code = main(["check", "--example", "sudoku-4x4", "--race", "--backend", "cpsat"])
    err = capsys.readouterr().err
    assert code != 0 and "--race" in err


def test_the_race_report_says_what_a_child_that_finished_after_the_winner_sent():
    """A loser that ended before it could be stopped is reported by what it sent (its answer
    after the winner's, or its error), not left as unknown."""
    import multiprocessing

    from gridsat.portfolio import _late

    res = gridsat.check(Sudoku.empty(4), backend="minisat22")
    recv, send = multiprocessing.Pipe(duplex=False)
    send.send(("ok", res))
    assert _late(recv) == f"ambiguous {res.total_time:.2f} s (after the winner)"
    send.send(("error", "TooLarge: no room"))
    assert _late(recv) == "error: TooLarge: no room"
    assert _late(recv) == "not read (another answered first)"  # nothing more was sent
    send.close()
    assert _late(recv) == "not read (another answered first)"  # closed: EOF
    assert _late(None) == "not read (another answered first)"
