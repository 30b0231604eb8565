"""Refactoring keeps behaviour: ratings, steps and generated puzzles match the golden records.

The records in ``tests/data/golden/`` were written by ``python tests/golden.py``; rewrite them
only for a deliberate change of behaviour, and say so in the commit.
"""

import json

import pytest

import golden

RATINGS = json.loads((golden.GOLDEN / "ratings.json").read_text())
GENERATED = json.loads((golden.GOLDEN / "generated.json").read_text())


def test_golden_records_cover_the_sample():
    assert len(RATINGS) == len(golden.calibration()) >= 150
    assert len(GENERATED) == 3 * len(golden.GENERATE_CASES)


@pytest.mark.parametrize("start", range(0, len(RATINGS), 50))
def test_ratings_and_steps_unchanged(start):
    for want in RATINGS[start:start + 50]:
        assert golden.rating_record(want["puzzle"]) == want


@pytest.mark.parametrize("want", GENERATED, ids=lambda r: f"{r['kind']}-{r['seed']}-{len(json.dumps(r['options']))}")
def test_generated_puzzles_unchanged(want):
    assert golden.generated_record(want["kind"], want["options"], want["seed"]) == want
