"""The ``suguru-puzzlink`` format: puzz.link / pzprjs Suguru URLs ``p?suguru/<cols>/<rows>/<body>``.

The body is pzprjs's border code then its number code. Borders: first the ``(cols-1) * rows``
edges between side-by-side cells, row by row, then the ``cols * (rows-1)`` edges between cells
one above the other, row by row, five edges a character in base 32 (``0-9a-v``, the highest bit
first; ``1`` is a wall). Regions are the pieces the walls cut. Numbers, cell by cell: a hex digit
``0-f`` is a given below 16, ``-`` and two hex digits one below 256, a letter ``g`` to ``z``
skips 1 to 20 empty cells. ``p?tectonic/`` is read alike. A ``.`` (an unknown number) and empty
(off-board) cells after the numbers are refused. The URL holds no answer: a solution is not
written.
"""

from __future__ import annotations

from ...formats.base import Format, register_format
from ...formats.puzzlink import decode_borders, encode_borders
from .format import TEXT

__all__ = ["read_puzzlink", "write_puzzlink", "sniff_puzzlink", "decode_borders", "encode_borders"]

read_puzzlink, write_puzzlink, sniff_puzzlink = TEXT.read_puzzlink, TEXT.write_puzzlink, TEXT.sniff_puzzlink

register_format(Format("suguru-puzzlink", "suguru", read_puzzlink, write_puzzlink, sniff_puzzlink, many=True,
                       description="puzz.link / pzprjs URLs p?suguru/<cols>/<rows>/<body>",
                       priority=8, link="puzz.link p?suguru"))
