"""The counting review's chart: accuracy and median answer time by day, one line per drill
(running count, true count, counts checked in a shoe), in the page's light or dark look."""

from __future__ import annotations

from datetime import date

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure

from ..plotting.frames import draw_message, forget, style_axes
from ..plotting.look import Look
from ..progress_service import CountDay


class CountTrend(FigureCanvasQTAgg):
    """Two panels side by side: share right (percent) and median time (seconds), per day."""

    def __init__(self) -> None:
        super().__init__(Figure(figsize=(7, 2.2), dpi=100))
        self.setMinimumHeight(170)
        self.setAccessibleName("Counting accuracy and speed by day")
        self.shown: tuple[list[CountDay], Look] | None = None

    def show_days(self, days: list[CountDay], look: Look) -> None:
        """Draw ``days`` (oldest first) in ``look``; a short message when there are none."""
        self.shown = (days, look)
        figure = self.figure
        if not days:
            draw_message(figure, "Your running and true counts show here, day by day.", look)
            self.draw_idle()
            return
        forget(figure)
        figure.set_facecolor(look.background)
        right, speed = figure.subplots(1, 2)
        dates = sorted({d.day for d in days})
        place = {day: i for i, day in enumerate(dates)}
        step = max(1, len(dates) // 6)
        for drill in sorted({d.drill for d in days}):
            mine = [d for d in days if d.drill == drill]
            x = [place[d.day] for d in mine]
            right.plot(x, [100 * d.accuracy for d in mine], marker="o", ms=3, label=drill)
            speed.plot(x, [d.median_ms / 1000 for d in mine], marker="o", ms=3, label=drill)
        for ax, title in ((right, "Right (%)"), (speed, "Median time (s)")):
            style_axes(ax, look)
            ax.set_title(title, fontsize=9, color=look.text, loc="left")
            ax.set_xticks(range(0, len(dates), step),
                          [date.fromisoformat(d).strftime("%b %d") for d in dates[::step]])
            ax.set_xlim(-0.5, len(dates) - 0.5)
            ax.tick_params(labelsize=8)
        right.set_ylim(-3, 103)
        speed.set_ylim(bottom=0)
        right.legend(fontsize=8, frameon=False, labelcolor=look.text)
        figure.subplots_adjust(left=0.07, right=0.98, top=0.85, bottom=0.18, wspace=0.18)
        self.draw_idle()

    def restyle(self, look: Look) -> None:
        """The days shown drawn again in ``look`` (the theme switched), if it is another."""
        if self.shown is not None and self.shown[1] != look:
            self.show_days(self.shown[0], look)


__all__ = ["CountTrend"]
