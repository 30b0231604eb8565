"""Pictures of boards: SVG built as text, PNG and PDF through cairosvg (optional extra ``render``).

>>> from gridsat import Sudoku
>>> from gridsat.rendering import render_svg
>>> render_svg(Sudoku.empty(4)).startswith("<svg")
True
"""

from .html import ResultsTable, results_html
from .output import FORMATS, save, save_pdf_pages, to_bytes
from .svg import STYLE, Layout, border_segments, layout, render_svg

__all__ = ["render_svg", "save", "save_pdf_pages", "to_bytes", "results_html", "ResultsTable", "layout", "border_segments", "Layout", "STYLE", "FORMATS"]
