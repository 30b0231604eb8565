"""Make bundled examples anew: ``python -m gridsat.examples._generate [NAME ...]``.

Each kind names the examples it can make (its record's ``make_examples``: example name ->
``make() -> text``); with no NAME, every one of them is made. Each is written to this folder
as ``NAME.txt``, replacing the file there.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from gridsat.kinds import KINDS


def makers() -> dict:
    """Every kind's example makers by example name."""
    return {name: make for kind in KINDS.values() for name, make in kind.make_examples.items()}


def main(names: list[str]) -> int:
    """Write the examples ``names`` (none: all); 2 for a name no kind makes."""
    here = Path(__file__).parent
    known = makers()
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"no kind makes {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    for name in names or list(known):
        t0 = time.perf_counter()
        text = known[name]()
        (here / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name}: {text.splitlines()[0].lstrip('# ')} ({time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
