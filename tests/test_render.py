"""The SVG renderer, checked structurally: well-formed XML, cells, thick borders, values."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.errors import UnsupportedError
from gridsat.rendering import border_segments, layout, render_svg, save, to_bytes

DATA = Path(__file__).parent / "data"
NS = "{http://www.w3.org/2000/svg}"

CLASSIC9 = (
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
)


def _jigsaw9() -> tuple[Sudoku, tuple[int, ...]]:
    fields = dict(line.split(None, 1) for line in (DATA / "jigsaw9_render.txt").read_text().splitlines()
                  if line and not line.startswith("#"))
    p = Sudoku.jigsaw([int(ch) for ch in fields["givens"].strip()], [int(ch) for ch in fields["regions"].strip()])
    return p, tuple(int(ch) for ch in fields["solution"].strip())


def _elements(svg: str, tag: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return [e for e in root.iter(NS + tag) if cls in (e.get("class") or "").split()]


def _expected_borders(n: int, regions) -> int:
    """Thick unit edges: the board's outline plus every side between two regions (counted here independently)."""
    inner = sum(1 for r in range(n) for c in range(n - 1) if regions[r * n + c] != regions[r * n + c + 1])
    inner += sum(1 for r in range(n - 1) for c in range(n) if regions[r * n + c] != regions[(r + 1) * n + c])
    return 4 * n + inner


CASES = {
    "classic9": lambda: (Sudoku.classic([int(ch) for ch in CLASSIC9]), 72),
    "classic6-2x3": lambda: (Sudoku.empty(6), 24 + 12 + 6),
    "classic6-3x2": lambda: (Sudoku.empty(6, box=(3, 2)), 24 + 6 + 12),
    "classic4": lambda: (Sudoku.empty(4), 16 + 4 + 4),
    "jigsaw9": lambda: (_jigsaw9()[0], None),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
@pytest.mark.parametrize("with_solution", [False, True], ids=["givens", "solved"])
def test_sudoku_structure(case, with_solution):
    p, borders = CASES[case]()
    sol = gridsat.solve(p).solution if with_solution else None
    svg = render_svg(p, sol)
    n = p.n
    assert len(_elements(svg, "rect", "cell")) == n * n
    assert len(_elements(svg, "rect", "hole")) == 0
    lines = _elements(svg, "line", "border")
    expected = _expected_borders(n, p.regions)
    if borders is not None:
        assert expected == borders  # the independent count agrees with the hand count
    assert len(lines) == expected
    givens = _elements(svg, "text", "given")
    solved = _elements(svg, "text", "solved")
    assert len(givens) == p.num_givens
    assert all(e.get("font-weight") == "bold" for e in givens)
    assert len(solved) == (n * n - p.num_givens if with_solution else 0)
    if with_solution:
        assert {e.get("fill") for e in solved}.isdisjoint({e.get("fill") for e in givens})
        shown = sorted(int(e.text) for e in givens + solved)
        assert shown == sorted(sol)


def test_jigsaw_borders_follow_region_map():
    p, _ = _jigsaw9()
    segs = set(border_segments(layout(p)))
    n = p.n
    for r in range(n):
        for c in range(n - 1):
            differ = p.regions[r * n + c] != p.regions[r * n + c + 1]
            assert ((c + 1, r, c + 1, r + 1) in segs) == differ
    # jigsaw regions are shaded, touching regions in different colours
    svg = render_svg(p)
    fills = {}
    for e in _elements(svg, "rect", "cell"):
        cell = int(float(e.get("y")) // 40) * n + int(float(e.get("x")) // 40)
        fills[cell] = e.get("fill")
    for r in range(n):
        for c in range(n - 1):
            a, b = r * n + c, r * n + c + 1
            if p.regions[a] != p.regions[b]:
                assert fills[a] != fills[b]
            else:
                assert fills[a] == fills[b]


def test_classic_cells_are_white_and_positions_distinct():
    p = Sudoku.classic([int(ch) for ch in CLASSIC9])
    cells = _elements(render_svg(p), "rect", "cell")
    assert {e.get("fill") for e in cells} == {"#ffffff"}
    assert len({(e.get("x"), e.get("y")) for e in cells}) == 81


def test_title_is_escaped_and_page_a4():
    p = Sudoku.empty(4)
    svg = render_svg(p, title="a <b> & c", page="a4")
    root = ET.fromstring(svg)
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    titles = _elements(svg, "text", "title")
    assert [t.text for t in titles] == ["a <b> & c"]
    with pytest.raises(UnsupportedError, match="unknown page size"):
        render_svg(p, page="letter")


def test_repr_svg_on_puzzle_and_result():
    p = Sudoku.classic([int(ch) for ch in CLASSIC9])
    assert len(_elements(p._repr_svg_(), "text", "given")) == 30
    r = gridsat.solve(p)
    svg = r._repr_svg_()
    assert len(_elements(svg, "text", "solved")) == 51
    html = r._repr_html_()
    assert "<table>" in html and "solved" in html and "<svg" in html



def _kind_samples():
    from gridsat.kinds import KINDS

    return [(name, kind.samples()[0][0]) for name, kind in KINDS.items() if kind.samples]


@pytest.mark.parametrize("name,puzzle", _kind_samples(), ids=[n for n, _ in _kind_samples()])
def test_every_kind_shows_its_puzzle_and_its_result_as_a_board_in_a_notebook(name, puzzle):
    """Jupyter's rich display: the puzzle's own ``_repr_svg_``, the result's SVG and HTML."""
    assert hasattr(type(puzzle), "_repr_svg_"), f"{name}: its puzzle class has no _repr_svg_"
    svg = puzzle._repr_svg_()
    assert ET.fromstring(svg).tag == NS + "svg"
    r = gridsat.solve(puzzle)
    assert r.verified
    solved = r._repr_svg_()
    assert ET.fromstring(solved).tag == NS + "svg" and solved != svg
    assert "<svg" in r._repr_html_()


# ---------------------------------------------------------------- Hidato

ROSETTA = """\
_  33 35 _  _  .  .  .
_  _  24 22 _  .  .  .
_  _  _  21 _  _  .  .
_  26 _  13 40 11 .  .
27 _  _  _  9  _  1  .
.  .  _  _  18 _  _  .
.  .  .  .  _  7  _  _
.  .  .  .  .  .  5  _"""


def _rosetta():
    from gridsat.kinds.hidato.puzzle import Hidato

    grid = [[None if t == "." else 0 if t == "_" else int(t) for t in row.split()] for row in ROSETTA.splitlines()]
    return Hidato.from_grid(grid, name="rosetta")


def test_hidato_structure_holes_and_path():
    p = _rosetta()
    sol = gridsat.solve(p).solution
    svg = render_svg(p, sol)
    assert len(_elements(svg, "rect", "cell")) == 40
    assert len(_elements(svg, "rect", "hole")) == 64 - 40
    # the outline of the board: every cell side facing a hole or the outside
    cells = set(p.cells)
    outline = sum(1 for r, c in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (r + dr, c + dc) not in cells)
    assert len(_elements(svg, "line", "border")) == outline
    assert len(_elements(svg, "text", "given")) == p.num_givens
    assert len(_elements(svg, "text", "solved")) == 40 - p.num_givens
    (line,) = _elements(svg, "polyline", "path")
    pts = line.get("points").split()
    assert len(pts) == 40
    # consecutive points are one king move apart (cell size 40)
    xy = [tuple(float(v) / 40 for v in pt.split(",")) for pt in pts]
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(xy, xy[1:]))
    # the path starts at 1 and ends at N
    r1, c1 = p.cells[sol.index(1)]
    assert xy[0] == (c1 + 0.5, r1 + 0.5)


def test_hidato_without_solution_draws_partial_runs():
    p = _rosetta()
    svg = render_svg(p, path=True)
    runs = _elements(svg, "polyline", "path")
    # givens 21,22 / 35 no ... only runs of consecutive givens are joined
    given = set(p.givens.values())
    expected = sum(1 for v in given if v + 1 in given and v - 1 not in given)
    assert len(runs) == expected
    assert render_svg(p).count("polyline") == 0  # no path by default without a solution


def test_numbrix_kind_class():
    from gridsat.kinds.hidato.puzzle import Hidato

    p = Hidato.numbrix(3, 3, givens={(0, 0): 1})
    root = ET.fromstring(render_svg(p))
    assert root.get("class") == "gridsat numbrix"


# ---------------------------------------------------------------- files


def test_svg_file_needs_nothing(tmp_path):
    out = save(Sudoku.empty(4), tmp_path / "b.svg")
    ET.parse(out)


@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG"), ("pdf", b"%PDF")], ids=["png", "pdf"])
def test_png_and_pdf(tmp_path, fmt, magic):
    pytest.importorskip("cairosvg", reason="PNG/PDF output needs the 'render' extra (cairosvg)")
    p = Sudoku.classic([int(ch) for ch in CLASSIC9])
    out = save(p, tmp_path / f"b.{fmt}", gridsat.solve(p).solution)
    data = out.read_bytes()
    assert data.startswith(magic)
    if fmt == "pdf":
        # an A4 page: 595 x 842 points
        import re

        (box,) = re.findall(rb"/MediaBox \[ *0 0 ([\d.]+) ([\d.]+) *\]", data)
        assert (round(float(box[0])), round(float(box[1]))) == (595, 842)
    else:
        import struct

        w, h = struct.unpack(">II", data[16:24])
        assert w == h and w > 300


def test_a4_png_size():
    pytest.importorskip("cairosvg", reason="PNG output needs the 'render' extra (cairosvg)")
    import struct

    data = to_bytes(Sudoku.empty(4), fmt="png", page="a4", dpi=100)
    w, h = struct.unpack(">II", data[16:24])
    assert (round(w / 100 * 25.4), round(h / 100 * 25.4)) == (210, 297)


def test_unknown_format():
    with pytest.raises(UnsupportedError, match="unknown picture format"):
        to_bytes(Sudoku.empty(4), fmt="gif")


# ---------------------------------------------------------------- gridsat render


def test_cli_render_svg_to_stdout(capsys):
    from gridsat.cli import main

    assert main(["render", "-k", "sudoku", "--example", "sudoku-4x4"]) == 0
    svg = capsys.readouterr().out
    assert len(_elements(svg, "rect", "cell")) == 16
    assert _elements(svg, "text", "solved") == []


def test_cli_render_solved_files(tmp_path, capsys):
    from gridsat.cli import main

    src = tmp_path / "two.txt"
    src.write_text(CLASSIC9 + "\n" + CLASSIC9.replace("53", "00", 1) + "\n")
    out = tmp_path / "b.svg"
    assert main(["render", "-k", "sudoku", str(src), "--solve", "-o", str(out), "--title", "T {name}"]) == 0
    for i in (1, 2):
        svg = (tmp_path / f"b-{i}.svg").read_text()
        assert len(_elements(svg, "text", "given")) + len(_elements(svg, "text", "solved")) == 81
    assert "wrote" in capsys.readouterr().err


def test_cli_render_png_needs_output(capsys):
    from gridsat.cli import main

    assert main(["render", "-k", "sudoku", "--example", "sudoku-4x4", "--to", "png"]) == 2
    assert "needs -o FILE" in capsys.readouterr().err


def test_cli_render_pdf_is_a4(tmp_path):
    pytest.importorskip("cairosvg", reason="PDF output needs the 'render' extra (cairosvg)")
    import re

    from gridsat.cli import main

    out = tmp_path / "j.pdf"
    assert main(["render", "-k", "sudoku", "--example", "jigsaw-9x9", "--solve", "-o", str(out)]) == 0
    (box,) = re.findall(rb"/MediaBox \[ *0 0 ([\d.]+) ([\d.]+) *\]", out.read_bytes())
    assert (round(float(box[0])), round(float(box[1]))) == (595, 842)


def test_results_table_html():
    from gridsat.rendering import ResultsTable

    results = ResultsTable([gridsat.count(Sudoku.empty(4), limit=3), gridsat.solve(Sudoku.empty(4))], boards=True)
    html = results._repr_html_()
    root = ET.fromstring(html.replace("<svg xmlns=\"http://www.w3.org/2000/svg\"", "<svg"))
    rows = root.findall("./tbody/tr")
    assert len(rows) == 2
    assert [r.findall("td")[2].text for r in rows] == ["ambiguous", "solved"]
    assert html.count("<svg") == 2


def test_cli_render_hidato_file(tmp_path):
    from gridsat.cli import main

    src = tmp_path / "h.txt"
    src.write_text("\n".join(" ".join("#" if v is None else "." if v == 0 else str(v) for v in row)
                             for row in _rosetta().grid()) + "\n")
    out = tmp_path / "h.svg"
    assert main(["render", "-k", "hidato", str(src), "--solve", "-o", str(out)]) == 0
    svg = out.read_text()
    assert len(_elements(svg, "rect", "hole")) == 24
    assert len(_elements(svg, "polyline", "path")) == 1
    assert main(["render", "-k", "hidato", str(src), "--solve", "--no-path", "-o", str(out)]) == 0
    assert _elements(out.read_text(), "polyline", "path") == []


def test_cli_render_pdf_book_and_separate(tmp_path, capsys):
    pytest.importorskip("cairosvg", reason="PDF output needs the 'render' extra (cairosvg)")
    import re

    from gridsat.cli import main

    src = tmp_path / "two.txt"
    src.write_text(CLASSIC9 + "\n" + CLASSIC9.replace("53", "00", 1) + "\n")
    assert main(["render", "-k", "sudoku", str(src), "--solve", "-o", str(tmp_path / "book.pdf")]) == 0
    data = (tmp_path / "book.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 2
    assert "(2 pages)" in capsys.readouterr().err
    assert main(["render", "-k", "sudoku", str(src), "--separate", "-o", str(tmp_path / "s.pdf")]) == 0
    assert (tmp_path / "s-1.pdf").exists() and (tmp_path / "s-2.pdf").exists()


def test_save_passes_path_option(tmp_path):
    p = _rosetta()
    out = save(p, tmp_path / "h.svg", gridsat.solve(p).solution, path=False)
    assert _elements(out.read_text(), "polyline", "path") == []
