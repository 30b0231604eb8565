"""Write the large frontier boards of the Hidato benchmark (case c): 40x40 and 50x50.

For each size (40, 50), adjacency (king: Hidato, rook: Numbrix), density (0%, 10%, 20%
givens) and seed (1, 2, 3): a random Hamiltonian path of the full board
(:func:`gridsat.kinds.hidato.puzzle.random_path`, backbite moves, seeded), then that share of
its numbers drawn at random (seeded) as givens, 1 and N included; at 0% nothing is given,
not even 1 and N. Every board has a solution (the path); none is checked for uniqueness.

One file per size and adjacency, nine boards each::

    python benchmarks/make_hidato_frontier.py      # rewrites benchmarks/data/hidato_c{40,50}_{king,rook}.txt
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gridsat import Hidato
from gridsat.kinds.hidato.format import write_grid
from gridsat.kinds.hidato.puzzle import random_path

DATA = Path(__file__).parent / "data"
SIZES = (40, 50)
ADJACENCIES = ("king", "rook")
DENSITIES = (0.0, 0.1, 0.2)
SEEDS = (1, 2, 3)


def file_name(n: int, adjacency: str) -> str:
    """The data file of one size and adjacency."""
    return f"hidato_c{n}_{adjacency}.txt"


def board(n: int, adjacency: str, density: float, seed: int) -> Hidato:
    """One frontier board (see the module docstring)."""
    s = 1000 * n + 100 * int(100 * density) + seed + (0 if adjacency == "king" else 50)
    path = random_path(n, n, adjacency, seed=s)
    rng = random.Random(s)
    cells = n * n
    want = int(round(density * cells))
    ks = set(rng.sample(range(2, cells), want - 2)) | {1, cells} if want >= 2 else set()
    return Hidato(n, n, givens={path[k - 1]: k for k in ks}, adjacency=adjacency,
                  name=f"{adjacency}{n}x{n}_d{int(100 * density)}_s{seed}")


def main(out: Path = DATA) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for n in SIZES:
        for adj in ADJACENCIES:
            with open(out / file_name(n, adj), "w") as f:
                for d in DENSITIES:
                    for s in SEEDS:
                        f.write(write_grid(board(n, adj, d, s), None, "native") + "\n")
            print(out / file_name(n, adj))
    return 0


if __name__ == "__main__":
    sys.exit(main())
