"""The progress page's charts as plain matplotlib drawing: review results in, a Figure out.

No widgets and no store: each ``draw_*`` takes the results of :mod:`trainer.progress.review`
(or the cards' due times) and draws onto a given ``Figure`` (a new one if None), so tests and
the benchmark draw them without a screen. Each returns None, leaving the figure untouched,
when there is nothing to draw: the page then shows a friendly message instead of empty axes.

Drawing is kept cheap for the page's 300 ms budget: axes are built once per kind of chart and
reused (:mod:`trainer.ui.plotting.frames`); titles live in the page's Qt headings (``*_title``
functions), and the heatmap's fifty fixed labels are glyph outlines drawn as one collection
(:mod:`strategy_charts.label_paths`), as text is what matplotlib draws most slowly. The data
(the heatmap's grid, the due load) come from :mod:`trainer.progress`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from math import inf, nan

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap, Normalize, PowerNorm
from matplotlib.dates import HOURLY, AutoDateLocator, num2date
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, MaxNLocator

from strategy_charts.chart_layout import UP_ORDER, Row
from strategy_charts.label_paths import add_labels
from trainer.progress.heat_grid import HeatGrid, row_labels
from trainer.progress.review import DayStats, ResponseDay, Retention, SessionStats

from ..plotting.frames import FRAME, draw_message, frame, refit, set_margins, style_axes
from ..plotting.look import LIGHT, Look
from .headline import UNIT, CostLine

ACCURACY = "#2e7d32"
LOSS = "#c62828"
NEUTRAL = "#1565c0"
MUTED = "#9e9e9e"
LABEL_SIZE = 7.5


def _new(figure: Figure | None, size: tuple[float, float]) -> Figure:
    return figure if figure is not None else Figure(figsize=size, dpi=100)


def _day(text: str) -> date:
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


def _date_axis(ax: Axes, ticks: int) -> None:
    """Date ticks on the x axis: at most ``ticks``, whole days at the finest (minticks=2 keeps
    the locator from falling back to hours over a few days)."""
    locator = AutoDateLocator(minticks=2, maxticks=ticks)
    locator.intervald[HOURLY] = [24]
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(DayFormatter())


def _gaps_broken(x: Sequence[date], y: Sequence[float]) -> tuple[list, list]:
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


def _days_shown(ax: Axes, x: Sequence[date]) -> None:
    """Show the days of ``x`` with half a day either side, and at least three days, so one or
    two days of practice still get a readable axis (and day ticks, not hours or years)."""
    first, last = min(x), max(x)
    extra = max(0, 2 - (last - first).days) / 2
    ax.set_xlim(first - timedelta(days=0.6 + extra), last + timedelta(days=0.6 + extra))


def _top(values: Sequence[float], pad: float = 1.08) -> float:
    """An upper y limit leaving a little room above the highest value."""
    return max([*values, 0.0]) * pad or 1.0


# ----- accuracy and cost over time ------------------------------------------------------------

#: One colour per rule set on the cost chart (the first is the accuracy line's).
SERIES = ("#1565c0", "#6a1b9a", "#ef6c00", "#00838f")


def _axes(figure: Figure, look: Look, ylabel: str, bottom: float,
          locator: MaxNLocator | None = None) -> Axes:
    """One axes filling the figure but for fixed margins, in ``look``, with its y label."""
    ax = figure.subplots()
    ax.set_ylabel(ylabel, fontsize=8)
    ax.yaxis.set_major_locator(locator or MaxNLocator(4))
    style_axes(ax, look)
    set_margins(figure, left=0.6, top=0.1, bottom=bottom)
    return ax


def _over_time_axes(target: Figure, look: Look, per: str) -> list[Axes]:
    """Accuracy above the cost of the player's play, sharing an x axis of days (dates) or
    sessions (numbers). Accuracy runs 0-100%."""
    def build(figure: Figure) -> list[Axes]:
        top, bottom = figure.subplots(2, 1, sharex=True)
        top.set_ylabel("accuracy %", fontsize=8)
        bottom.set_ylabel("cost /100 rounds", fontsize=8)
        top.set_ylim(0, 100)
        top.set_yticks([0, 25, 50, 75, 100])
        bottom.yaxis.set_major_locator(MaxNLocator(4))
        for ax in (top, bottom):
            style_axes(ax, look)
        if per == "day":
            _date_axis(bottom, 7)
        else:
            bottom.set_xlabel("session", fontsize=8)
            bottom.xaxis.set_major_locator(MaxNLocator(8, integer=True))
        set_margins(figure, left=0.75, top=0.12, bottom=0.5 if per == "day" else 0.42)
        return [top, bottom]
    return frame(target, ("over_time", per), look, build)


def draw_over_time(stats: Sequence[DayStats] | Sequence[SessionStats], per: str = "day",
                   figure: Figure | None = None, look: Look = LIGHT,
                   costs: Sequence[CostLine] | None = ()) -> Figure | None:
    """Accuracy (%, 0-100) above what the player's play costs (main bets per 100 rounds, at
    the end of each day or session, beside classic basic strategy's), per day or session.

    ``per`` is "day" (``stats`` from ``review.by_day``) or "session" (``review.by_session``);
    ``costs`` come from :func:`~trainer.ui.progress.headline.cost_lines` (None: still being
    worked out). The accuracy line is broken over days without practice; the cost holds its
    value until the next answer, so it is drawn as steps.
    """
    if not stats:
        return None
    figure = _new(figure, (9, 4))
    top, bottom = _over_time_axes(figure, look, per)
    if per == "day":
        x: list = [_day(s.day) for s in stats]  # type: ignore[union-attr]
    else:
        x = list(range(1, len(stats) + 1))
    accuracy = [100 * s.accuracy for s in stats]
    marker = "o" if len(stats) <= 60 else None
    line_x, line_y = _gaps_broken(x, accuracy) if per == "day" else (x, accuracy)
    top.plot(line_x, line_y, color=ACCURACY, marker=marker, markersize=3, linewidth=1.4,
             clip_on=False)
    top.set_ylim(0, 100)
    everything = list(x)
    if costs is None:
        bottom.text(0.5, 0.5, "Working out what your play costs…", transform=bottom.transAxes,
                    ha="center", va="center", fontsize=8, color=look.muted)
        bottom.set_ylim(0, 1)
    else:
        high = 0.0
        for colour, line in zip(SERIES, costs, strict=False):
            label = line.name if len(costs) > 1 else "your play"
            bottom.plot(line.x, line.y, color=colour, drawstyle="steps-post", linewidth=1.4,
                        marker="o" if len(line.x) <= 60 else None, markersize=3, label=label,
                        clip_on=False)
            bottom.axhline(line.classic, color=colour, linestyle="--", linewidth=0.9,
                           label=f"classic basic strategy ({line.classic:.2f})"
                           if len(costs) == 1 else None)
            everything.extend(line.x)
            high = max(high, line.classic, *line.y)
        bottom.set_ylim(0, _top([high], 1.15))
        if costs:
            bottom.legend(fontsize=7, frameon=False, loc="lower left", ncols=3,
                          labelcolor=look.text)
    if per == "day":
        _days_shown(bottom, everything)
    else:
        bottom.set_xlim(0.4, len(stats) + 0.6)
    return figure


def over_time_title(stats: Sequence[DayStats] | Sequence[SessionStats], per: str) -> str:
    """The heading of :func:`draw_over_time`."""
    decisions = sum(s.decisions for s in stats)
    if not decisions:
        return f"Accuracy and what your play costs, per {per}"
    right = sum(s.right for s in stats)
    return (f"Accuracy per {per} ({len(stats):,} {per}s, {100 * right / decisions:.1f}% right "
            f"overall), and what your play costs in {UNIT} at the end of each {per} (perfect "
            "play: 0)")


# ----- errors on the strategy chart's grid ---------------------------------------------------

_GAP = len(UP_ORDER) + 1     # the EV panel's first column


def _heatmap_axes(target: Figure, look: Look, rows: tuple[Row, ...]) -> list[Axes]:
    """One axes holding both grids (the error rate at columns 0-9, the cost at 11-20), their
    separators and their fixed labels, all kept between draws."""
    def build(figure: Figure) -> list[Axes]:
        count, cols = len(rows), len(UP_ORDER)
        ax = figure.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ups = ["A" if up == 1 else str(up) for up in UP_ORDER]
        labels = [(x0 + col + 0.5, -0.35, up) for x0 in (0, _GAP) for col, up in enumerate(ups)]
        labels += [(-0.2, y + 0.5, text) for y, text in enumerate(row_labels(rows))]
        add_labels(ax, labels[:2 * cols], size=LABEL_SIZE, va="baseline",
                   color=look.text).set_gid(FRAME)
        add_labels(ax, labels[2 * cols:], size=LABEL_SIZE, ha="right",
                   color=look.text).set_gid(FRAME)
        for x0 in (0, _GAP):
            ax.vlines(np.arange(x0, x0 + cols + 1), 0, count, colors=look.separator,
                      linewidth=0.8, zorder=3).set_gid(FRAME)
        ax.hlines(np.arange(count + 1), 0, _GAP + cols, colors=look.separator, linewidth=0.8,
                  zorder=3).set_gid(FRAME)
        ax.set_xlim(-3.2, _GAP + cols + 0.1)
        ax.set_ylim(count + 0.1, -2.3)
        return [ax]
    return frame(target, ("heatmap", rows), look, build)


def draw_heatmap(grid: HeatGrid, figure: Figure | None = None,
                 look: Look = LIGHT) -> Figure | None:
    """Error rate and what each cell's play costs (main bets per 100 rounds) side by side, each
    on the chart's grid."""
    if not grid.tries.any():
        return None
    rows, cols = len(grid.rows), len(UP_ORDER)
    figure = _new(figure, (8, 0.2 * rows + 1.2))
    (ax,) = _heatmap_axes(figure, look, grid.rows)
    high = max(float(np.nanmax(grid.cost_per_100)), 1e-9)
    # the cost on a square-root scale: one costly habit would leave every other cell white
    panels = ((0, grid.error_rate * 100, "Reds", Normalize(0, 100.0), "error rate (dark: 100%)"),
              (_GAP, grid.cost_per_100, "Purples", PowerNorm(0.5, 0, high),
               f"cost /100 rounds (dark: {high:.3f})"))
    for x0, data, name, norm, label in panels:
        cmap = ListedColormap(_colours(name), bad=look.untried)
        ax.imshow(np.ma.masked_invalid(data), cmap=cmap, norm=norm, aspect="auto",
                  interpolation="nearest", extent=(x0, x0 + cols, rows, 0))
        ax.text(x0 + cols / 2, -1.2, label, ha="center", va="bottom", fontsize=8,
                color=look.text)
    ax.set_xlim(-3.2, _GAP + cols + 0.1)
    ax.set_ylim(rows + 0.1, -2.3)
    return figure


def heatmap_title(grid: HeatGrid, preset: str) -> str:
    """The heading of :func:`draw_heatmap`."""
    note = (f"; {grid.unplaced:,} decisions are not on the chart (insurance, rare totals)"
            if grid.unplaced else "")
    return (f"Your errors on the {preset} strategy chart (dealer's up card across; every "
            f"context and stake of a hand in its cell; grey: not tried yet; the cost in main "
            f"bets per 100 rounds, on a square-root scale{note})")


def _colours(name: str) -> list:
    from matplotlib import colormaps
    return list(colormaps[name](np.linspace(0.08, 1.0, 64)))


# ----- retention, response time, due load ----------------------------------------------------

_RETENTION_BARS = ("after a gap", "in session", "next session", "first time")


def _retention_axes(target: Figure, look: Look) -> list[Axes]:
    """Four named bars on a 0-100% scale (with room above for their labels)."""
    def build(figure: Figure) -> list[Axes]:
        ax = _axes(figure, look, "accuracy %", bottom=0.3)
        ax.set_xticks(range(len(_RETENTION_BARS)))
        ax.set_xticklabels(_RETENTION_BARS, fontsize=7.5)
        ax.set_xlim(-0.6, len(_RETENTION_BARS) - 0.4)
        ax.set_ylim(0, 115)
        ax.set_yticks([0, 50, 100])
        return [ax]
    return frame(target, "retention", look, build)


def draw_retention(retention: Retention, figure: Figure | None = None,
                   look: Look = LIGHT) -> Figure | None:
    """Accuracy on the first try after a gap of a day or more beside in-session accuracy (and
    between sessions, first meeting), each bar with its number of tries."""
    tallies = (retention.after_gap, retention.in_session, retention.between_sessions,
               retention.first)
    if not any(tally.tries for tally in tallies):
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _retention_axes(figure, look)
    colours = (NEUTRAL, ACCURACY, MUTED, MUTED)
    values = [100 * (tally.accuracy or 0.0) for tally in tallies]
    ax.bar(range(len(tallies)), values, color=colours, width=0.65)
    for i, (tally, value) in enumerate(zip(tallies, values, strict=True)):
        text = f"{value:.0f}% of {tally.tries:,}" if tally.tries else "none yet"
        ax.text(i, value + 2, text, ha="center", va="bottom", fontsize=7.5, color=look.text)
    return figure


def _response_axes(target: Figure, look: Look) -> list[Axes]:
    """Seconds against days."""
    def build(figure: Figure) -> list[Axes]:
        ax = _axes(figure, look, "seconds", bottom=0.45)
        _date_axis(ax, 5)
        return [ax]
    return frame(target, "response", look, build)


def draw_response_times(days: Sequence[ResponseDay], figure: Figure | None = None,
                        look: Look = LIGHT) -> Figure | None:
    """Mean and median response time per day, in seconds."""
    if not days:
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _response_axes(figure, look)
    x = [_day(d.day) for d in days]
    marker = "o" if len(days) <= 60 else None
    medians = [d.median_ms / 1000 for d in days]
    means = [d.mean_ms / 1000 for d in days]
    ax.plot(x, medians, color=NEUTRAL, marker=marker, markersize=3, linewidth=1.4,
            label="median")
    ax.plot(x, means, color=look.muted, linewidth=1.0, linestyle="--", label="mean")
    ax.set_ylim(0, _top(medians + means))
    _days_shown(ax, x)
    ax.legend(fontsize=7.5, frameon=False, loc="lower left", ncols=2, labelcolor=look.text)
    return figure


def _due_axes(target: Figure, look: Look) -> list[Axes]:
    """Whole numbers of cards against the coming days (labelled at each draw)."""
    def build(figure: Figure) -> list[Axes]:
        return [_axes(figure, look, "cards due", bottom=0.3, locator=MaxNLocator(4, integer=True))]
    return frame(target, "due", look, build)


def draw_due_load(load: Sequence[tuple[date, int]], total_cards: int = 0,
                  figure: Figure | None = None, look: Look = LIGHT) -> Figure | None:
    """Flashcards due per day for the coming days (today's bar includes overdue cards)."""
    if not load or total_cards == 0:
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _due_axes(figure, look)
    counts = [n for _, n in load]
    colours = [LOSS if i == 0 else NEUTRAL for i in range(len(load))]
    ax.bar(range(len(load)), counts, color=colours, width=0.7)
    labels = ["today"] + [str(d.day) for d, _ in load[1:]]
    ax.set_xticks(range(len(load)))
    ax.set_xticklabels(labels, fontsize=6.5)
    ax.set_xlim(-0.6, len(load) - 0.4)
    ax.set_ylim(0, max([*counts, 1]) * 1.1)
    return figure


def due_title(load: Sequence[tuple[date, int]], total_cards: int) -> str:
    """The heading of :func:`draw_due_load`."""
    if not load:
        return DUE_TITLE
    return (f"Flashcards due in the next {len(load)} days, by day of the month (today includes "
            f"overdue cards; {total_cards:,} cards in all)")


DUE_TITLE = "Flashcards due"
RETENTION_TITLE = ("Retention: accuracy on the first try after a gap of a day or more, beside "
                   "accuracy in the same session")
RESPONSE_TITLE = "Response time per day (seconds; timed-out answers left out)"


def prepare(figures: Mapping[str, Figure], look: Look, rows: tuple[Row, ...],
            per: str = "day") -> None:
    """Build the frames of the page's charts (keyed as the page names them) before their data
    arrive: the page does this while the store is read, so the first drawing only adds data."""
    _over_time_axes(figures["over_time"], look, per)
    _heatmap_axes(figures["heatmap"], look, rows)
    _retention_axes(figures["retention"], look)
    _response_axes(figures["response"], look)
    _due_axes(figures["due"], look)


__all__ = [
    "draw_due_load",
    "draw_heatmap",
    "draw_message",
    "draw_over_time",
    "draw_response_times",
    "draw_retention",
    "prepare",
    "refit",
]
