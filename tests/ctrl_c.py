"""Shared check for tests: does Ctrl-C still raise ``KeyboardInterrupt`` after a solve?"""

import subprocess
import sys


def ctrl_c_after(solve: str) -> tuple[int, list[str], str]:
    """Run ``solve`` (an expression whose value is printed) in a fresh interpreter, then send it SIGINT.

    The child starts with Python's own SIGINT handler, as a shell starts it, whatever the test
    runner's disposition. Returns ``(exit code, printed words, stderr)``; a healthy run prints
    the value and ``KeyboardInterrupt``.
    """
    code = ("import os, signal, time, gridsat\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            f"print({solve}, flush=True)\n"
            "try:\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            "    time.sleep(2)\n"
            "    print('no interrupt')\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout.split(), r.stderr
