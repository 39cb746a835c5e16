"""The yardstick: a fixed pure-Python loop; engine figures are also given in its units.

Dividing a time by the seconds this loop takes on the same machine makes figures comparable
across machines (the project's engine targets are set in these units). The loop runs at module
level in a fresh interpreter, exactly as the shared yardstick script does (inside a function
the same loop runs about twice as fast). Run alone to print its seconds:
.venv/bin/python bench/yardstick.py
"""

from __future__ import annotations

import subprocess
import sys

LOOP = """
import time

t = time.perf_counter()
acc = 0
for i in range(3_000_000):
    acc += i * i % 7
print(f"{time.perf_counter() - t:.4f}")
"""


def yardstick() -> float:
    """Seconds the fixed loop takes in a fresh interpreter on this machine."""
    out = subprocess.run([sys.executable, "-c", LOOP], capture_output=True, text=True,
                         check=True)
    return float(out.stdout)


if __name__ == "__main__":
    print(f"{yardstick():.4f}")
