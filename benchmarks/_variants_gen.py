#!/usr/bin/env python3
"""The variant Sudoku collection of ``benchmarks/variants.py``: generated, then made hard.

Each puzzle starts from a random solved grid and clues read off it (cages with their sums,
thermometers along rising paths, arrows whose shafts add up to their circle, little killer
diagonals, renban lines, every X/V or Kropki mark with the negative rule, sandwich sums,
pencil marks). Givens are then added, each where two solutions differ, until the puzzle is
unique; then every given and every clue that can go while it stays unique is removed, in
random order. What is left is minimal: no given and no clue can be dropped.

    .venv/bin/python benchmarks/_variants_gen.py [--seed 1] [--only NAME]

writes ``benchmarks/data/variants/NAME.json`` (f-puzzles JSON, ``title`` the name).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, Callable

import lzstring

import gridsat
from gridsat import Sudoku
from gridsat.formats import read_text
from gridsat.kinds.sudoku.generate_fill import random_grid

OUT = Path(__file__).resolve().parent / "data" / "variants"
KING = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
ROOK = [(-1, 0), (1, 0), (0, -1), (0, 1)]
LZ = lzstring.LZString()
#: seconds a uniqueness check may take while the puzzle is made (a slower one counts as not unique)
LIMIT = 5.0
#: the share of cells given at the start (removed again where they are not needed)
START = 0.3


def name(n: int, c: int) -> str:
    return f"R{c // n + 1}C{c % n + 1}"


def link(obj: dict) -> str:
    """The f-puzzles link of a JSON object."""
    return "https://www.f-puzzles.com/?load=" + LZ.compressToBase64(json.dumps(obj, separators=(",", ":")))


def puzzle_of(obj: dict) -> Sudoku:
    e = read_text(link(obj))[0]
    if e.error is not None:
        raise e.error
    return e.puzzle


def steps(n: int, c: int, moves) -> list[int]:
    r, k = divmod(c, n)
    return [(r + dr) * n + k + dk for dr, dk in moves if 0 <= r + dr < n and 0 <= k + dk < n]


def grow(n: int, rng: random.Random, start: int, length: int, moves, ok: Callable[[list[int], int], bool]) -> list[int]:
    """A path from ``start`` of at most ``length`` cells, each step accepted by ``ok``."""
    path = [start]
    while len(path) < length:
        nxt = [d for d in steps(n, path[-1], moves) if d not in path and ok(path, d)]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return path


# ------------------------------------------------------------------ clue makers (obj, grid, rng)
def killer(obj: dict, g, rng, cover: float = 1.0, key: str = "killercage") -> None:
    n = obj["size"]
    free = set(range(n * n))
    cages = []
    for c in rng.sample(range(n * n), n * n):
        if c not in free or rng.random() > cover:
            continue
        size = rng.choice([2, 3, 3, 4, 4, 5])
        cage = [c]
        while len(cage) < size:
            nxt = [d for x in cage for d in steps(n, x, ROOK) if d in free and d not in cage
                   and g[d] not in {g[y] for y in cage}]
            if not nxt:
                break
            cage.append(rng.choice(nxt))
        if len(cage) < 2:
            continue
        free -= set(cage)
        cages.append({"cells": [name(n, x) for x in sorted(cage)], "value": str(sum(g[x] for x in cage))})
    obj[key] = cages


def thermo(obj: dict, g, rng, count: int = 12) -> None:
    n = obj["size"]
    out = []
    for _ in range(count):
        start = rng.choice([c for c in range(n * n) if g[c] <= n // 2])
        path = grow(n, rng, start, rng.randint(3, 7), KING, lambda p, d: g[p[-1]] < g[d] <= g[p[-1]] + 3)
        if len(path) >= 3:
            out.append({"lines": [[name(n, x) for x in path]]})
    obj["thermometer"] = out


def arrow(obj: dict, g, rng, count: int = 14) -> None:
    n = obj["size"]
    out = []
    for _ in range(count * 20):
        if len(out) >= count:
            break
        circle = rng.choice([c for c in range(n * n) if g[c] >= 4])
        path = grow(n, rng, circle, rng.randint(3, 4), KING,
                    lambda p, d: sum(g[x] for x in p[1:]) + g[d] <= g[circle])
        if len(path) >= 3 and sum(g[x] for x in path[1:]) == g[circle]:
            out.append({"cells": [name(n, circle)], "lines": [[name(n, x) for x in path]]})
    obj["arrow"] = out


def diagonals(n: int) -> list[tuple[str, str, list[int]]]:
    """Every little killer clue position: (outside cell, direction, cells)."""
    out = []
    dirs = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
    for r in range(-1, n + 1):
        for k in range(-1, n + 1):
            if 0 <= r < n and 0 <= k < n:
                continue
            for d, (dr, dk) in dirs.items():
                cells, rr, kk = [], r + dr, k + dk
                while 0 <= rr < n and 0 <= kk < n:
                    cells.append(rr * n + kk)
                    rr, kk = rr + dr, kk + dk
                if len(cells) >= 2:
                    out.append((f"R{r + 1}C{k + 1}", d, cells))
    return out


def little_killer(obj: dict, g, rng, count: int = 14) -> None:
    n = obj["size"]
    seen, out = set(), []
    for cell, d, cells in rng.sample(diagonals(n), len(diagonals(n))):
        if frozenset(cells) in seen or len(out) >= count:
            continue
        seen.add(frozenset(cells))
        out.append({"cell": cell, "direction": d, "value": str(sum(g[x] for x in cells))})
    obj["littlekillersum"] = out


def renban(obj: dict, g, rng, count: int = 12) -> None:
    n = obj["size"]

    def ok(p, d):
        vals = [g[x] for x in p] + [g[d]]
        return len(set(vals)) == len(vals) and max(vals) - min(vals) < len(vals) + 1

    out = []
    for _ in range(count * 10):
        if len(out) >= count:
            break
        path = grow(n, rng, rng.randrange(n * n), rng.randint(3, 5), KING, ok)
        vals = [g[x] for x in path]
        if len(path) >= 3 and max(vals) - min(vals) == len(vals) - 1:
            out.append({"lines": [[name(n, x) for x in path]]})
    obj["renban"] = out


def pairs(n: int):
    for c in range(n * n):
        for d in steps(n, c, [(0, 1), (1, 0)]):
            yield c, d


def xv(obj: dict, g, rng) -> None:
    n = obj["size"]
    obj["xv"] = [{"cells": [name(n, a), name(n, b)], "value": "X" if g[a] + g[b] == 10 else "V"}
                 for a, b in pairs(n) if g[a] + g[b] in (5, 10)]
    obj["negative"] = ["xv"]


def kropki(obj: dict, g, rng) -> None:
    n = obj["size"]
    white, black = [], []
    for a, b in pairs(n):
        lo, hi = sorted((g[a], g[b]))
        item = {"cells": [name(n, a), name(n, b)]}
        if hi == 2 * lo and (hi - lo != 1 or rng.random() < 0.5):
            black.append(item)
        elif hi - lo == 1:
            white.append(item)
    obj["difference"], obj["ratio"] = white, black
    obj["nonconsecutive"] = True
    obj["negative"] = ["ratio"]


def sandwich(obj: dict, g, rng) -> None:
    n = obj["size"]
    out = []
    for i in range(n):
        for line, cell in (([i * n + k for k in range(n)], f"R{i + 1}C0"), ([k * n + i for k in range(n)], f"R0C{i + 1}")):
            vals = [g[x] for x in line]
            a, b = sorted((vals.index(1), vals.index(n)))
            out.append({"cell": cell, "value": str(sum(vals[a + 1:b]))})
    obj["sandwichsum"] = out


def pencil(obj: dict, g, rng) -> None:
    n = obj["size"]
    for c in range(n * n):
        if rng.random() < 0.7:
            marks = sorted({g[c], *rng.sample(range(1, n + 1), 2)})
            obj["grid"][c // n][c % n]["givenPencilMarks"] = marks


# ------------------------------------------------------------------ making it unique and minimal
def _items(obj: dict) -> list[tuple[str, int]]:
    """Every removable clue: (key, index)."""
    return [(k, i) for k, v in obj.items() if isinstance(v, list) and k not in ("grid", "negative")
            for i in range(len(v))]


def unique(obj: dict, g, limit: float | None = None) -> tuple[bool, list]:
    """Whether ``obj`` has one solution, ``g`` (a removed negative mark may keep it unique
    with another answer), proved within ``limit`` seconds (default :data:`LIMIT`); and the
    solutions found."""
    res = gridsat.check(puzzle_of(obj), time_limit=limit or LIMIT)
    return res.status == "unique" and tuple(res.solution) == tuple(g), res.solutions


def make_hard(obj: dict, g, rng, keep_clues: bool = False, limit: float | None = None) -> dict:
    n = obj["size"]
    grid = obj["grid"]
    for c in rng.sample(range(n * n), int(n * n * START)):
        grid[c // n][c % n] = {"value": g[c], "given": True}
    while True:
        ok, sols = unique(obj, g)
        if ok:
            break
        open_cells = [c for c in range(n * n) if not grid[c // n][c % n].get("given")]
        diff = [c for c in open_cells if len(sols) == 2 and sols[0][c] != sols[1][c]]
        c = rng.choice(diff or open_cells)  # (no two solutions within the limit: any open cell)
        grid[c // n][c % n] = {"value": g[c], "given": True}
    givens = [c for c in range(n * n) if grid[c // n][c % n].get("given")]
    for c in rng.sample(givens, len(givens)):
        cell = grid[c // n][c % n]
        grid[c // n][c % n] = {}
        if not unique(obj, g, limit)[0]:
            grid[c // n][c % n] = cell
    if not keep_clues:
        for key in sorted({k for k, _ in _items(obj)}):
            order = list(obj[key])
            rng.shuffle(order)
            kept = list(obj[key])
            for item in order:
                trial = [x for x in kept if x is not item]
                if unique({**obj, key: trial}, g)[0]:
                    kept = trial
            obj[key] = kept
    return obj


SPECS: dict[str, tuple[int, list[Callable], dict]] = {
    "killer-9a": (9, [killer], {}),
    "killer-9b": (9, [lambda o, g, r: killer(o, g, r, cover=0.6)], {}),
    "killer-9c": (9, [killer], {}),
    "thermo-9a": (9, [thermo], {}),
    "thermo-9b": (9, [lambda o, g, r: thermo(o, g, r, 8)], {}),
    "littlekiller-9a": (9, [little_killer], {}),
    "littlekiller-9b": (9, [little_killer, lambda o, g, r: killer(o, g, r, cover=0.3)], {}),
    "arrow-9a": (9, [arrow], {}),
    "arrow-9b": (9, [arrow], {}),
    "renban-9a": (9, [renban], {}),
    "renban-9b": (9, [renban], {}),
    "xv-9a": (9, [xv], {}),
    "xv-9b": (9, [xv], {}),
    "kropki-9a": (9, [kropki], {}),
    "kropki-9b": (9, [kropki], {}),
    "sandwich-9a": (9, [sandwich], {}),
    "sandwich-9b": (9, [sandwich], {}),
    "pencil-9a": (9, [pencil], {"keep": True}),
    "pencil-9b": (9, [pencil], {"keep": True}),
    "mixed-9a": (9, [thermo, arrow, lambda o, g, r: killer(o, g, r, cover=0.4)], {}),
    "mixed-9b": (9, [little_killer, renban, xv], {}),
    "killer-6a": (6, [killer], {}),
    "thermo-6a": (6, [thermo], {}),
    "arrow-6a": (6, [arrow], {}),
    "killer-16a": (16, [killer], {"keep": True, "limit": 1.0}),
    "thermo-16a": (16, [lambda o, g, r: thermo(o, g, r, 30)], {"keep": True}),
}


def make(title: str, seed: int) -> dict:
    n, makers, opts = SPECS[title]
    rng = random.Random(f"{title}:{seed}")
    g = random_grid(Sudoku(n, None), rng)
    obj: dict[str, Any] = {"size": n, "title": title, "grid": [[{} for _ in range(n)] for _ in range(n)]}
    for m in makers:
        m(obj, g, rng)
    obj = make_hard(obj, g, rng, keep_clues=opts.get("keep", False), limit=opts.get("limit"))
    obj = {k: v for k, v in obj.items() if v != []}
    obj["solution"] = list(g)  # (read back by the benchmark as the known answer, not by f-puzzles)
    return obj


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for title in args.only or SPECS:
        obj = make(title, args.seed)
        (OUT / f"{title}.json").write_text(json.dumps(obj, separators=(",", ":")) + "\n")
        givens = sum(1 for row in obj["grid"] for c in row if c.get("given"))
        clues = {k: len(v) for k, v in obj.items() if isinstance(v, list) and k not in ("grid", "solution")}
        print(title, "givens", givens, clues, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
