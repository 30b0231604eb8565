"""Jigsaw region layouts: exhaustive enumeration (OEIS A172477) and random layouts from the same search."""

import pytest

from gridsat.errors import PuzzleError
from gridsat.generators import layouts as L


@pytest.mark.parametrize("n,expected", [(1, 1), (2, 2), (3, 10), (4, 117), (5, 4006)])
def test_enumeration_counts(n, expected):
    seen = set()
    for lab in L.enumerate_layouts(n):
        assert L.is_valid_layout(n, lab)
        seen.add(lab)
    assert len(seen) == expected  # all distinct, none missing


def test_enumeration_contains_classic_boxes():
    boxes = tuple((r // 2) * 2 + c // 2 for r in range(4) for c in range(4))
    assert boxes in set(L.enumerate_layouts(4))


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_random_layouts_valid_and_seeded(n):
    a = [L.random_layout(n, s) for s in range(5)]
    assert all(L.is_valid_layout(n, lab) for lab in a)
    assert a == [L.random_layout(n, s) for s in range(5)]
    assert len(set(a)) > 1


def test_random_layouts_are_enumerated_layouts():
    everything = set(L.enumerate_layouts(5))
    got = {L.random_layout(5, s) for s in range(200)}
    assert got <= everything
    assert len(got) > 100  # spread over the space, not one favourite


def test_text_roundtrip_and_rejects():
    lab = L.random_layout(7, 3)
    assert L.layout_from_text(L.layout_to_text(7, lab)) == lab
    with pytest.raises(PuzzleError):
        L.layout_from_text("AAB\nABB\nBCC")  # C has 2 cells, A 3, B 4
    with pytest.raises(PuzzleError):
        L.layout_from_text("ABA\nBAB\nCCC")  # disconnected regions
    assert not L.is_valid_layout(2, (0, 1, 1, 0))
