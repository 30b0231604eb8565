"""The rook-board parts of the ``search`` kernel: the hole pairing move and the kick's retries.

Operation counts and fixed seeds only: no clock.
"""

import pytest

from gridsat.encoders import get_encoding
from gridsat.kinds.hidato import backend_search as sb

from test_search_backend import _sparse

needs_kernel = pytest.mark.skipif(sb.load() is None, reason="gridsat._pathsearch is not built")


def _holes(model, pos):
    return [(model.rows[c], model.cols[c]) for c, v in enumerate(pos) if v is None]


def _pair_distance(holes):
    """Mean Manhattan distance from each hole to the nearest hole of the other colour."""
    out = []
    for r, c in holes:
        d = [abs(r - r2) + abs(c - c2) for r2, c2 in holes if (r + c + r2 + c2) % 2]
        if d:
            out.append(min(d))
    return sum(out) / len(out) if out else 0.0


def _check_rook_path(model, pos, stats):
    on = sorted((v, c) for c, v in enumerate(pos) if v is not None)
    assert [v for v, _ in on] == list(range(1, len(on) + 1))
    cells = [(model.rows[c], model.cols[c]) for _, c in on]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))
    given = sorted((v, pos[c]) for c, v in zip(model.anchor_cells, model.anchor_values))
    steps = [0] + [x for _, x in given] + [len(on) + 1]
    want = [0] + [v for v, _ in given] + [model.n + 1]
    assert stats["cost"] == sum(abs((steps[i + 1] - steps[i]) - (want[i + 1] - want[i])) for i in range(len(want) - 1))


@needs_kernel
def test_pairing_keeps_the_state_a_rook_path():
    """With every hole move a pairing move, the state stays one rook path through the givens in
    order, its cost the sum of the errors; pairing moves are made and kept."""
    model = get_encoding("hidato-path", "hidato").build(_sparse(20, 20, "rook", 0.1, 1))
    core = sb.load()
    st = sb.searcher(model, seed=2, pair_every=1)
    for _ in range(20):
        if core.run(st, 100_000):
            break
        _check_rook_path(model, core.current(st), core.stats(st))
    stats = core.stats(st)
    assert stats["pairs_kept"] > 0 and stats["pairs"] >= stats["pairs_kept"]


@needs_kernel
def test_pairing_is_rook_only_and_an_option():
    enc = get_encoding("hidato-path", "hidato")
    core = sb.load()
    king = enc.build(_sparse(16, 16, "king", 0.1, 1))
    st = sb.searcher(king, seed=0, pair_every=1)
    core.run(st, 500_000)
    assert core.stats(st)["pairs"] == 0
    rook = enc.build(_sparse(20, 20, "rook", 0.1, 1))
    st = sb.searcher(rook, seed=2, pair_every=0)
    core.run(st, 500_000)
    assert core.stats(st)["pairs"] == 0


@needs_kernel
def test_pairing_brings_holes_of_both_colours_together():
    """Sampled along the same runs (same seeds, same work), the holes lie nearer a hole of the
    other colour with the pairing move than without it (about 0.62 of the distance; 0.71 when
    the re-route need not use the second hole)."""
    model = get_encoding("hidato-path", "hidato").build(_sparse(20, 20, "rook", 0.1, 1))
    core = sb.load()
    mean = {}
    for pe in (0, 1):
        ds = []
        for seed in range(3):
            st = sb.searcher(model, seed=seed, pair_every=pe)
            for _ in range(15):
                if core.run(st, 100_000):
                    break
                holes = _holes(model, core.current(st))
                if len(holes) >= 2:
                    ds.append(_pair_distance(holes))
        mean[pe] = sum(ds) / len(ds)
    assert mean[1] < 0.66 * mean[0]


@needs_kernel
def test_a_rook_kick_tries_other_orders():
    """A kick routes its gaps afresh through the cells no other gap uses; on rook boards the
    first routing order often walls a gap in. With three retries nearly every kick goes
    through; without (the default), about half of them fail."""
    model = get_encoding("hidato-path", "hidato").build(_sparse(20, 20, "rook", 0.1, 1))
    core = sb.load()
    done = {}
    for retries in (0, 3):
        st = sb.searcher(model, seed=0, kick_every=20_000, kick_after=0, kick_retries=retries, pair_every=0)
        core.run(st, 2_000_000)
        s = core.stats(st)
        assert s["kick_tries"] > 10
        done[retries] = s["kicks"] / s["kick_tries"]
    assert done[3] > done[0] + 0.2


@needs_kernel
def test_rook_boards_pair_holes_and_retry_kicks_by_default():
    """By default the search pairs holes and retries walled-in kicks on rook boards (measured
    sooner there, docs/benchmarks/hidato.md), and does neither on king boards; an explicit
    setting wins."""
    enc = get_encoding("hidato-path", "hidato")
    core = sb.load()
    rook = enc.build(_sparse(20, 20, "rook", 0.1, 1))
    king = enc.build(_sparse(16, 16, "king", 0.1, 1))
    assert sb._defaults(rook, {})["kick_retries"] == sb.KICK_RETRIES > 0
    assert "kick_retries" not in sb._defaults(king, {}) and "pair_every" not in sb._defaults(king, {})
    assert sb._defaults(rook, {"pair_every": 0})["pair_every"] == 0
    st = sb.searcher(rook, seed=2)
    core.run(st, 500_000)
    assert core.stats(st)["pairs"] > 0
