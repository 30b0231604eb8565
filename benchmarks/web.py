"""The workbench's ``/api/check`` round trip for a 9x9 Sudoku, against a real server.

Starts ``gridsat serve`` on a free port of 127.0.0.1, sends ``--requests`` checks of the
Clojure kit's puzzle one after another (one kept-alive HTTP connection, after a warm-up),
and prints the median and p99 of the round trip beside the in-process ``gridsat.check``
time of the same puzzle (same count of runs).

Usage::

    python benchmarks/web.py [--requests 1000] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time

KIT = ("[0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 0 0 0 0 0 "
       "0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5]")


def quantiles(times: list[float]) -> tuple[float, float]:
    """Median and 99th percentile, in milliseconds."""
    ts = sorted(times)
    return statistics.median(ts) * 1e3, ts[min(len(ts) - 1, int(round(0.99 * (len(ts) - 1))))] * 1e3


def in_process(n: int) -> list[float]:
    """``gridsat.check`` on the parsed puzzle, ``n`` times."""
    import gridsat
    from gridsat.formats import read_text

    p = read_text(KIT)[0].puzzle
    for _ in range(20):
        gridsat.check(p)
    out = []
    for _ in range(n):
        t = time.perf_counter()
        assert gridsat.check(p).status == "unique"
        out.append(time.perf_counter() - t)
    return out


def round_trips(url: str, n: int) -> list[float]:
    """``POST /api/check`` of the puzzle text, ``n`` times on one connection."""
    import socket

    import httpx

    out = []
    # TCP_NODELAY: the client writes the headers and the body apart; without it Nagle's
    # algorithm meets the server's delayed ACK and every request waits about 40 ms
    transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
    with httpx.Client(base_url=url, trust_env=False, timeout=30, transport=transport) as client:
        for _ in range(50):
            client.post("/api/check", json={"puzzle": KIT})
        for _ in range(n):
            t = time.perf_counter()
            r = client.post("/api/check", json={"puzzle": KIT})
            out.append(time.perf_counter() - t)
            assert r.status_code == 200 and r.json()["status"] == "unique"
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--markdown", help="also write the table to this file")
    args = ap.parse_args(argv)
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = re.search(r"http://[^\s/]+/", line).group(0)
        web = round_trips(url, args.requests)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    local = in_process(args.requests)
    rows = [("in-process gridsat.check (parsed puzzle)", *quantiles(local)),
            ("POST /api/check round trip (text in, JSON out)", *quantiles(web))]
    table = ["| 9x9 Sudoku, the kit's puzzle | median (ms) | p99 (ms) |", "|---|---:|---:|"]
    table += [f"| {name} | {med:.2f} | {p99:.2f} |" for name, med, p99 in rows]
    text = "\n".join(table) + f"\n\n{args.requests} runs each, on 127.0.0.1.\n"
    print(text, end="")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
