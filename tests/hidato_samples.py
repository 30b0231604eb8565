"""Loader for the sample files in tests/data/hidato (``puzzle NAME ...`` / ``solution NAME`` blocks)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data" / "hidato"


def blocks(filename: str) -> dict[str, dict[str, str]]:
    """``{name: {"puzzle": text, "solution": text}}`` from a sample file; rows kept verbatim."""
    out: dict[str, dict[str, str]] = {}
    cur = None
    for line in (DATA / filename).read_text().splitlines():
        s = line.strip()
        if s.startswith("#"):
            continue
        if s.startswith(("puzzle ", "solution ")):
            what, name = s.split()[:2]
            cur = out.setdefault(name, {}).setdefault(what, [])
            continue
        if not s:
            cur = None
            continue
        if cur is not None:
            cur.append(line)
    return {n: {k: "\n".join(v) + "\n" for k, v in d.items()} for n, d in out.items()}
