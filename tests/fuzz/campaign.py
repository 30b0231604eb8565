"""The long fuzzing campaign behind ``make fuzz``: ``python -m tests.fuzz.campaign --inputs 100000``.

Every input goes through the reader API (:func:`gridsat.formats.read_text` and the stream
reader); one in ``--cli-every`` also through ``gridsat check -t 2 FILE`` in this process, and
``--processes`` of them through a real ``gridsat`` process. Inputs are mutated seeds (most),
random bytes and wrong-typed JSON objects, drawn from one seeded :class:`random.Random`, so a
run is repeatable. The report gives inputs tried, tracebacks, hangs over 5 s and wrong
accepts, and for each distinct failure a minimal input (operations dropped and characters cut
while the failure stays).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import OrderedDict

from .corpus import seeds
from .mutations import apply_ops, random_ops, random_text_bytes, random_wrong_json
from .oracle import INHERENT, KNOWN, Finding, check_cli, check_process, check_reader

__all__ = ["main", "draw", "shrink"]


def draw(rng: random.Random, pool) -> tuple[str, str | None, str]:
    """One input: ``(text, kind it was made from or None, how it was made)``."""
    r = rng.random()
    if r < 0.05:
        return random_text_bytes(rng), None, "random bytes"
    if r < 0.12:
        return random_wrong_json(rng), None, "wrong-typed JSON"
    seed = rng.choice(pool)
    ops = random_ops(rng)
    return apply_ops(seed.text, ops), seed.kind, f"{seed.format} {ops!r}"


def _fails(text: str, kind, key: str, via: str) -> bool:
    found = check_reader(text, kind) if via in ("reader", "stream", "verify") else check_cli(text)
    return any(f.key == key for f in found)


def shrink(text: str, kind, finding: Finding, budget: int = 300) -> str:
    """A shorter text that fails the same way: drop lines, then chunks, then single characters."""
    tries = 0
    for unit in ("lines", 64, 8, 1):
        i = 0
        while tries < budget:
            if unit == "lines":
                parts = text.split("\n")
                if i >= len(parts) or len(parts) < 2:
                    break
                cand = "\n".join(parts[:i] + parts[i + 1:])
            else:
                if i >= len(text):
                    break
                cand = text[:i] + text[i + unit:]
            tries += 1
            if cand != text and _fails(cand, kind, finding.key, finding.where):
                text = cand
            else:
                i += 1 if unit == "lines" else unit
    return text


def main(argv: list[str] | None = None) -> int:
    """Run the campaign; exit 1 when anything was found."""
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.campaign", description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="inputs to try (default 100000)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--cli-every", type=int, default=50, help="every Nth input also through the CLI in-process")
    ap.add_argument("--processes", type=int, default=20, help="inputs also run as a real gridsat process")
    ap.add_argument("--no-shrink", action="store_true", help="report failures without minimising them")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    pool = seeds()
    counts = {"traceback": 0, "hang": 0, "wrong accept": 0, "bad exit": 0, "unlocated error": 0}
    inherent = 0
    first: "OrderedDict[str, tuple[Finding, str, str | None, str]]" = OrderedDict()
    proc_at = set(rng.sample(range(args.inputs), min(args.processes, args.inputs)))
    cli_runs = proc_runs = 0
    start = time.time()
    for n in range(args.inputs):
        text, kind, how = draw(rng, pool)
        found = check_reader(text, kind)
        if args.cli_every and n % args.cli_every == 0:
            found += check_cli(text)
            cli_runs += 1
        if n in proc_at:
            found += check_process(text.encode("utf-8", "surrogatepass"))
            proc_runs += 1
        for f in found:
            counts[f.what] += 1
            inherent += f.key in INHERENT
            if f.key not in first:
                first[f.key] = (f, text, kind, how)
                print(f"[{n}] {f.what} in {f.where}: {f.detail}", file=sys.stderr, flush=True)
        if n and n % 5000 == 0:
            print(f"... {n} inputs, {time.time() - start:.0f} s, {sum(counts.values())} failures",
                  file=sys.stderr, flush=True)
    took = time.time() - start
    print(f"inputs: {args.inputs} (seed {args.seed}; {cli_runs} through the CLI in-process, {proc_runs} as real "
          f"processes) in {took:.0f} s")
    print(f"tracebacks: {counts['traceback']}, hangs over 5 s: {counts['hang']}, "
          f"wrong accepts: {counts['wrong accept']} ({inherent} of them another kind's text, inherent), "
          f"bad exits: {counts['bad exit']}, "
          f"unlocated errors: {counts['unlocated error']}")
    known = [k for k in first if k in KNOWN or k.partition(" via ")[0] in KNOWN]
    if known:
        print(f"of which known and reported: {', '.join(known)}")
    seen = [k for k in first if k in INHERENT]
    if seen:
        print(f"inherent, another kind's text word for word: {', '.join(seen)}")
    for key, (f, text, kind, how) in first.items():
        if key in INHERENT:
            continue
        small = text if args.no_shrink else shrink(text, kind, f)
        print(f"\n{f.what} in {f.where} [{key}]\n  {f.detail}\n  made from: {how[:200]}\n"
              f"  minimal input ({len(small)} chars): {small[:300]!r}")
    return 1 if sum(counts.values()) > inherent else 0


if __name__ == "__main__":
    sys.exit(main())
