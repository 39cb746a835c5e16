"""Strategy chart drawing speed: every chart of each preset drawn and rendered with Agg.

This is what switching preset or context costs on the charts page (the page draws the same
figure onto its Qt canvas). Every figure in ms and in yardstick units (seconds over the seconds
bench/yardstick.py's loop takes on this machine).

Run: .venv/bin/python bench/charts.py [--presets evolution,pot-of-gold,...] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from folders import keep_to_temporary_folders
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from yardstick import yardstick

from strategy_charts.render import draw_chart
from strategy_charts.tables import load_table
from trainer.rules import PRESETS


def main() -> None:
    keep_to_temporary_folders()      # a table built here never goes to the user's cache
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--runs", type=int, default=3, help="draws of each chart (median)")
    args = parser.parse_args()
    unit = yardstick()
    print(f"yardstick {unit:.3f} s")
    for name in args.presets.split(","):
        rules = PRESETS[name]
        charts = load_table(rules)["charts"]
        figure = Figure(figsize=(7.5, 9), dpi=110)
        FigureCanvasAgg(figure)
        times = {}
        for context, chart in charts.items():
            runs = []
            for _ in range(args.runs):
                started = time.perf_counter()
                draw_chart(chart, rules, context, figure=figure)
                figure.canvas.draw()
                runs.append(time.perf_counter() - started)
            times[context] = statistics.median(runs)
        mid, slowest = statistics.median(times.values()), max(times.values())
        print(f"{name}: {len(times)} charts, median {mid * 1000:.0f} ms = {mid / unit:.3f} "
              f"units, slowest {slowest * 1000:.0f} ms = {slowest / unit:.3f} units "
              f"({max(times, key=times.__getitem__)})")


if __name__ == "__main__":
    main()
