"""What the progress page's charts share: their colours, a new figure, the axes of days (tick
labels that name a month only where it changes, lines broken over days without practice) and
one plain axes with fixed margins."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from math import inf, nan

from matplotlib.axes import Axes
from matplotlib.dates import HOURLY, AutoDateLocator, date2num, num2date
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, MaxNLocator

from ..plotting.frames import set_margins, style_axes
from ..plotting.look import Look

ACCURACY = "#2e7d32"
LOSS = "#c62828"
NEUTRAL = "#1565c0"
MUTED = "#9e9e9e"
LABEL_SIZE = 7.5


def new_figure(figure: Figure | None, size: tuple[float, float]) -> Figure:
    """``figure``, or a new one of ``size`` inches where None."""
    return figure if figure is not None else Figure(figsize=size, dpi=100)


def day_of(text: str) -> date:
    """A review's day ("2026-11-29") as a date."""
    return date.fromisoformat(text)


class DayFormatter(Formatter):
    """Date tick labels that name the month where it is first shown or changes ("Oct 28",
    "30", "Nov 1") and the year where it changes on monthly ticks ("Dec 2026", "Jan 2027"),
    from the ticks inside the axis only (no offset text that could name a month the data never
    reach)."""

    def __call__(self, x: float, pos: int | None = None) -> str:
        return self.format_ticks([x])[0]

    def format_ticks(self, values: Sequence[float]) -> list[str]:
        shown = [num2date(v).date() for v in values]
        low, high = self.axis.get_view_interval() if self.axis is not None else (-inf, inf)
        inside = [d for d, v in zip(shown, values, strict=True) if low <= v <= high]
        monthly = len(inside) > 1 and all(d.day == 1 for d in inside)
        labels, last = [], None
        for day, value in zip(shown, values, strict=True):
            if not low <= value <= high:
                labels.append("")
                continue
            if monthly:
                new_year = last is None or day.year != last.year
                labels.append(f"{day:%b} {day.year}" if new_year else f"{day:%b}")
            else:
                new_month = last is None or (day.year, day.month) != (last.year, last.month)
                labels.append(f"{day:%b} {day.day}" if new_month else str(day.day))
            last = day
        return labels


def date_axis(ax: Axes, ticks: int) -> None:
    """Date ticks on the x axis: at most ``ticks``, whole days at the finest (minticks=2 keeps
    the locator from falling back to hours over a few days)."""
    locator = AutoDateLocator(minticks=2, maxticks=ticks)
    locator.intervald[HOURLY] = [24]
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(DayFormatter())


def gaps_broken(x: Sequence[date], y: Sequence[float]) -> tuple[list, list]:
    """``x`` and ``y`` with a gap (NaN) between days that are not next to each other, so a line
    is never drawn across days without practice."""
    xs: list = []
    ys: list[float] = []
    for i, (day, value) in enumerate(zip(x, y, strict=True)):
        if i and (day - x[i - 1]).days > 1:
            xs.append(x[i - 1] + timedelta(days=1))
            ys.append(nan)
        xs.append(day)
        ys.append(value)
    return xs, ys


def days_shown(ax: Axes, x: Sequence[date]) -> None:
    """Show the days of ``x`` with half a day either side, and at least three days, so one or
    two days of practice still get a readable axis (and day ticks, not hours or years)."""
    first, last = min(x), max(x)
    extra = max(0, 2 - (last - first).days) / 2
    ax.xaxis_date()        # a date axis, whose limits are matplotlib's day numbers
    ax.set_xlim(date2num(first - timedelta(days=0.6 + extra)),
                date2num(last + timedelta(days=0.6 + extra)))


def top_of(values: Sequence[float], pad: float = 1.08) -> float:
    """An upper y limit leaving a little room above the highest value."""
    return max([*values, 0.0]) * pad or 1.0


def plain_axes(figure: Figure, look: Look, ylabel: str, bottom: float,
               locator: MaxNLocator | None = None) -> Axes:
    """One axes filling the figure but for fixed margins, in ``look``, with its y label."""
    ax = figure.subplots()
    ax.set_ylabel(ylabel, fontsize=8)
    ax.yaxis.set_major_locator(locator or MaxNLocator(4))
    style_axes(ax, look)
    set_margins(figure, left=0.6, top=0.1, bottom=bottom)
    return ax


__all__ = ["ACCURACY", "LABEL_SIZE", "LOSS", "MUTED", "NEUTRAL", "DayFormatter", "date_axis",
           "day_of", "days_shown", "gaps_broken", "new_figure", "plain_axes", "top_of"]
