"""Ripple Effect text formats: janko.at's text and JSON.

``ripple-janko`` is janko.at's text: a ``rows cols`` line, the givens row by row (a digit, or
``-`` for an empty cell; ``.`` and ``0`` are read as empty too), then the region map row by row
(one label per cell, any word without ``-`` or ``.``; janko.at numbers them ``1, 2, ...``)::

    # ripple
    3 3
    - - 2
    - - -
    1 - -
    1 1 2
    1 2 2
    3 3 2

A file may hold many puzzles, separated by blank lines; ``#`` starts a comment line, and a
comment right before a puzzle names it. A block of ``rows cols`` and the digits of every cell,
after a comment line that says ``solution``, is the published solution of the puzzle before it
(checked by the verifier). Suguru puzzles are written the same way, so the text is taken
for a Ripple Effect only with ``--kind ripple`` or when a comment before the first puzzle says
``ripple`` or ``hakyuu`` (the writer puts ``# ripple`` first).

JSON: ``{"kind": "ripple", "rows": [[0, 0, 2], ...], "regions": [[1, 1, 2], ...]}`` (``rows``:
the givens, ``0`` empty; rows may also be strings of the janko.at cells), with an optional
``"name"`` and ``"solution"`` (rows of digits); ``"kind": "hakyuu"`` is read alike.

Every bad input is one located error: a ragged row, a token that is not a digit, a cell in no
region (a hole in the map), a region split in two, a region of more than 36 cells, a given
above its region's size.
"""

from __future__ import annotations

from ...formats.base import Format, register_format, register_json_kind
from ...formats.regionboard import RegionBoardText, size_first
from .puzzle import Ripple

__all__ = ["read_janko", "write_janko", "sniff_janko", "from_json", "to_json"]

#: the readers and writers every board of regions holding 1..k shares, for this kind
TEXT = RegionBoardText(Ripple, "hakyuu")
read_janko, write_janko, sniff_janko = TEXT.read_janko, TEXT.write_janko, TEXT.sniff_janko
from_json, to_json = TEXT.from_json, TEXT.to_json

register_format(Format("ripple-janko", "ripple", read_janko, write_janko, sniff_janko, many=True,
                       description="janko.at Ripple text: 'rows cols', givens ('-' empty), region labels",
                       priority=4, kind_sniff=size_first, certain=True))
register_json_kind("ripple", from_json, to_json, aliases=("hakyuu",))
