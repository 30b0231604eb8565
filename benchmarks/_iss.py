"""f-puzzles JSON to the constraint text of the Interactive Sudoku Solver (the peer of
``benchmarks/variants.py``), for the keys the collection uses.

The peer's text is ``.Type~arg~arg...`` items one after another: ``.~R1C1_5`` a given (or,
with several digits, pencil marks), ``.Cage~12~R1C1~R1C2``, ``.Thermo~R1C1~R1C2``,
``.Arrow~circle~shaft...``, ``.LittleKiller~sum~first cell``, ``.Renban~...``, ``.X~a~b``,
``.V~a~b``, ``.WhiteDot~a~b``, ``.BlackDot~a~b``, ``.Sandwich~sum~R3`` (or ``C3``) and the
switches ``.StrictXV`` and ``.StrictKropki`` (no other pair keeps an XV / a Kropki relation:
f-puzzles' ``negative: ["xv"]``, and ``nonconsecutive`` with ``negative: ["ratio"]``).
A key it has no counterpart for here raises :class:`Unsupported`.
"""

from __future__ import annotations

__all__ = ["Unsupported", "to_iss"]


class Unsupported(ValueError):
    """The puzzle uses a key (or a form of one) this translation does not carry."""


def _cell(text: str) -> tuple[int, int]:
    r, c = text.upper()[1:].split("C")
    return int(r) - 1, int(c) - 1


_DIGITS = "0123456789abcdefg"


def _name(r: int, c: int) -> str:
    """The peer's cell name: row and column one digit each, in base 17 (``R10C3`` is ``RaC3``)."""
    return f"R{_DIGITS[r + 1]}C{_DIGITS[c + 1]}"


def _cells(names) -> list[str]:
    return [_name(*_cell(x)) for x in names]


def _item(kind: str, *args) -> str:
    return "." + "~".join([kind, *map(str, args)])


def _peer_diagonals(n: int) -> dict[frozenset, str]:
    """The peer's little killer ids: its first cell, per set of cells (its own order of sides,
    the first of two clues over the same cells kept)."""
    out: dict[frozenset, str] = {}

    def add(r: int, c: int, dr: int, dc: int) -> None:
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append((r, c))
            r, c = r + dr, c + dc
        if len(cells) > 1:
            out.setdefault(frozenset(cells), _name(*cells[0]))

    for r in range(n - 1):
        add(r, 0, 1, 1)
    for r in range(1, n - 1):
        add(r, n - 1, -1, -1)
    for c in range(1, n):
        add(0, c, 1, -1)
    for c in range(1, n - 1):
        add(n - 1, c, -1, 1)
    return out


_DIRS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def to_iss(obj: dict) -> str:
    """The peer's constraint text of an f-puzzles JSON object.

    Parameters
    ----------
    obj : dict
        The f-puzzles JSON (``size``, ``grid`` and constraint keys).

    Returns
    -------
    str

    Raises
    ------
    Unsupported
        A key or a form the translation does not carry.
    """
    n = obj["size"]
    out = [] if n == 9 else [_item("Shape", f"{n}x{n}")]
    for r, row in enumerate(obj["grid"]):
        for c, cell in enumerate(row):
            if cell.get("region") is not None:
                raise Unsupported("region")
            if cell.get("given"):
                out.append(f".~{_name(r, c)}_{cell['value']}")
            elif cell.get("givenPencilMarks"):
                out.append(f".~{_name(r, c)}_" + "_".join(map(str, cell["givenPencilMarks"])))
    negative = set(obj.get("negative", []))
    for key, items in obj.items():
        if key in ("size", "grid", "title", "solution", "negative", "nonconsecutive"):
            continue
        for it in items:
            if key in ("killercage", "cage"):
                if it.get("value") in (None, ""):
                    out.append(_item("AllDifferent", *_cells(it["cells"])))
                else:
                    out.append(_item("Cage", it["value"], *_cells(it["cells"])))
            elif key == "thermometer":
                out += [_item("Thermo", *_cells(line)) for line in it["lines"]]
            elif key == "renban":
                out += [_item("Renban", *_cells(line)) for line in it["lines"]]
            elif key == "arrow":
                if len(it["cells"]) != 1:
                    raise Unsupported("pill arrow")
                circle = it["cells"][0]
                out += [_item("Arrow", *_cells([circle] + [x for x in line if x != circle])) for line in it["lines"]]
            elif key == "littlekillersum":
                r, c = _cell(it["cell"])
                dr, dc = _DIRS[it["direction"]]
                cells = []
                r, c = r + dr, c + dc
                while 0 <= r < n and 0 <= c < n:
                    cells.append((r, c))
                    r, c = r + dr, c + dc
                first = _peer_diagonals(n).get(frozenset(cells))
                if first is None:
                    raise Unsupported(f"little killer {it}")
                out.append(_item("LittleKiller", it["value"], first))
            elif key == "sandwichsum":
                r, c = _cell(it["cell"])
                if r == -1 and 0 <= c < n:
                    out.append(_item("Sandwich", it["value"], f"C{_DIGITS[c + 1]}"))
                elif c == -1 and 0 <= r < n:
                    out.append(_item("Sandwich", it["value"], f"R{_DIGITS[r + 1]}"))
                else:
                    raise Unsupported("sandwich clue below or right of the grid")
            elif key == "xv":
                out.append(_item({"X": "X", "V": "V"}[it["value"].upper()], *_cells(it["cells"])))
            elif key == "difference":
                if str(it.get("value", "1")) not in ("", "1"):
                    raise Unsupported("difference other than 1")
                out.append(_item("WhiteDot", *_cells(it["cells"])))
            elif key == "ratio":
                if str(it.get("value", "2")) not in ("", "2"):
                    raise Unsupported("ratio other than 2")
                out.append(_item("BlackDot", *_cells(it["cells"])))
            else:
                raise Unsupported(key)
    if "xv" in negative:
        out.append(".StrictXV")
    kropki = (obj.get("nonconsecutive"), "ratio" in negative)
    if kropki == (True, True):
        out.append(".StrictKropki")
    elif any(kropki):
        raise Unsupported("nonconsecutive without negative ratio, or the reverse")
    if negative - {"xv", "ratio"}:
        raise Unsupported(f"negative {sorted(negative)}")
    return "".join(out)
