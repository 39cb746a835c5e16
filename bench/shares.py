"""What a decision button's share costs: the player's own latest decisions in one situation.

Builds a progress file of ``--decisions`` answers (100,000 by default) with bench/history.py's
writer in a temporary folder, then reads the share of the situations answered most and least
often (and one never answered) through the store, ``--repeat`` times each, and prints the
median time of one read in ms and in yardstick milli-units (bench/yardstick.py), with the
query plan SQLite chose.

Run: .venv/bin/python bench/shares.py [--decisions N] [--repeat N]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from history import build
from yardstick import yardstick

from trainer.progress.shares import _QUERY, LAST, own_shares
from trainer.progress.store import ProgressStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    unit = statistics.median(yardstick() for _ in range(3))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.sqlite3"
        built = build(path, args.decisions)
        print(f"yardstick {unit:.3f} s; built {built['decisions']:,} decisions "
              f"in {built['seconds']:.0f} s")
        with sqlite3.connect(path) as conn:
            counts = conn.execute(
                "SELECT situation_key, COUNT(*) FROM decisions WHERE preset = 'evolution' "
                "GROUP BY situation_key ORDER BY COUNT(*) DESC").fetchall()
            plan = conn.execute("EXPLAIN QUERY PLAN " + _QUERY,
                                ("evolution", counts[0][0], LAST)).fetchall()
        print("plan: " + "; ".join(str(row[-1]) for row in plan))
        keys = {"most answered": counts[0], "least answered": counts[-1],
                "never answered": ("evolution|first|real|hard5|2|vA", 0)}
        with ProgressStore.open(path) as store:
            for name, (key, answered) in keys.items():
                own_shares(store, key)                      # warm the page cache
                times = []
                for _ in range(args.repeat):
                    began = time.perf_counter()
                    own_shares(store, key)
                    times.append(time.perf_counter() - began)
                one = statistics.median(times)
                print(f"  {name:15s} ({answered:6,} answers) {one * 1000:7.3f} ms = "
                      f"{one / unit * 1000:.4f} milli-units")


if __name__ == "__main__":
    main()
