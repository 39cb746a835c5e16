"""The long-history bench runs as its docstring says (a small history: the figures exist and
are times, not their size): a bench nobody runs breaks unseen, as this one did when the
commands moved."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from tests.bench.conftest import BENCH

PROBES = ("stats", "drill", "queue", "page-totals", "page-due")


@pytest.mark.slow
@pytest.mark.timeout(900)    # the bench itself may take up to 600 s
def test_the_history_bench_times_every_probe_before_and_after_a_drill() -> None:
    done = subprocess.run([sys.executable, str(BENCH / "history.py"), "--decisions", "1500",
                           "--json"], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["history"]["decisions"] == 1500
    for probe in PROBES:
        for when in ("as built", "after one drill"):
            times = figures[f"{probe} ({when})"]
            assert all(math.isfinite(times[k]) and times[k] > 0 for k in ("cold", "warm"))
