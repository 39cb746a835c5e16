"""Strategy chart drawing speed: every chart of each preset drawn and rendered with Agg.

This is what switching preset or context costs on the charts page (the page draws the same
figure onto its Qt canvas). Run: .venv/bin/python bench/charts.py
"""

from __future__ import annotations

import statistics
import time

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from strategy_charts.render import draw_chart
from strategy_charts.tables import load_table
from trainer.rules import PRESETS


def main() -> None:
    for name, rules in PRESETS.items():
        charts = load_table(rules)["charts"]
        figure = Figure(figsize=(7.5, 9), dpi=110)
        FigureCanvasAgg(figure)
        times = {}
        for context, chart in charts.items():
            runs = []
            for _ in range(3):
                started = time.perf_counter()
                draw_chart(chart, rules, context, figure=figure)
                figure.canvas.draw()
                runs.append((time.perf_counter() - started) * 1000)
            times[context] = statistics.median(runs)
        print(f"{name}: {len(times)} charts, median {statistics.median(times.values()):.0f} ms, "
              f"slowest {max(times.values()):.0f} ms ({max(times, key=times.__getitem__)})")


if __name__ == "__main__":
    main()
